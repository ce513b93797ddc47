import { adminProductsResponseSchema, type AdminProduct } from '@store/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import { ADMIN_POLL_MS } from '../../utils/polling';

const LIST_PRODUCTS_PATH = '/api/admin/products';

/** `GET /api/admin/products`: every product, active or not, with its stock and the units open payments hold. */
async function listProducts(): Promise<AdminProduct[]> {
  const body = await adminPost<unknown>(LIST_PRODUCTS_PATH, undefined, { method: 'GET' });
  const parsed = adminProductsResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data.products;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to fetch products', 'rejected', 200, message);
}

/** The list every change to a product refreshes. */
export const PRODUCTS_KEY = ['admin', 'products'] as const;

/**
 * The catalog, kept fresh while the Products tab or an order's product picker is open: checkouts take
 * stock meanwhile, and a price may change under an order being prepared.
 */
export function useProducts() {
  return useQuery({
    queryKey: PRODUCTS_KEY,
    queryFn: listProducts,
    refetchInterval: ADMIN_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

/** Reads the catalog again at once: a form refused for a stale count learns the count it now stands at. */
export function useReadProductsNow(): () => Promise<AdminProduct[]> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.fetchQuery({ queryKey: PRODUCTS_KEY, queryFn: listProducts, staleTime: 0 }),
    [queryClient],
  );
}
