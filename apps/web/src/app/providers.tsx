import type { ReactNode } from 'react';
import { CartProvider } from '../lib/cart/cart-provider';
import { CatalogProvider } from '../lib/catalog/catalog-provider';

// The query client is not here: each lazily loaded part brings the shared one with it (query-client.tsx).
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <CatalogProvider>
      <CartProvider>{children}</CartProvider>
    </CatalogProvider>
  );
}
