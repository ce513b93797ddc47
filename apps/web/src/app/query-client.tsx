import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * The one query cache of the tab. It lives in its own chunk, loaded with the first part of the app that
 * fetches through TanStack Query (the cart, the result page, the account and admin pages): the storefront
 * itself fetches nothing that way, and TanStack's client is about 10 KB (gzip) a shopper need not wait for.
 */
const queryClient = new QueryClient({
  defaultOptions: {
    // Payment calls are never retried behind the shopper's back.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** Every lazily loaded part is wrapped in this provider, all with the same client, so they share a cache. */
export function WithQueryClient({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
