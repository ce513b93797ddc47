import { adminProductResponseSchema, type AdminProduct } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import type { ProductRequest } from '../../utils/products/product-form';
import { PRODUCTS_KEY } from './list-products';

const ADD_PRODUCT_PATH = '/api/admin/products';

/**
 * `POST /api/admin/products`: a new product, on sale at once. Fails (ApiError) with the store's words: 400
 * for what was typed, 409 when another product has the SKU.
 */
async function addProduct(request: ProductRequest): Promise<AdminProduct> {
  const body = await adminPost<unknown>(ADD_PRODUCT_PATH, request);
  const parsed = adminProductResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data.product;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to add the product', 'rejected', 200, message);
}

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'add-product'],
    mutationFn: addProduct,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
  });
}
