import type { ReactNode } from 'react';
import { CartProvider } from '../lib/cart/cart-provider';

// The query client is not here: each lazily loaded part brings the shared one with it (query-client.tsx).
export function AppProviders({ children }: { children: ReactNode }) {
  return <CartProvider>{children}</CartProvider>;
}
