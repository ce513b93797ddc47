import { adminProductResponseSchema, type AdminProduct } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import type { ProductRequest } from '../../utils/products/product-form';
import { PRODUCTS_KEY } from './list-products';

interface ProductChangeRequest {
  id: string;
  product: ProductRequest;
  /** The stock the form showed: left as it was, it is not written; typed over a count that moved, refused. */
  stockWas: number | null;
}

/**
 * `PUT /api/admin/products/:id`: a product's fields, its stock, or whether it is on sale. 409 when the SKU
 * is another product's, or the stock moved while the form was open.
 */
async function changeProduct({ id, product, stockWas }: ProductChangeRequest): Promise<AdminProduct> {
  const body = await adminPost<unknown>(
    `/api/admin/products/${encodeURIComponent(id)}`,
    { ...product, stockWas },
    { method: 'PUT' },
  );
  const parsed = adminProductResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data.product;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to save the product', 'rejected', 200, message);
}

export function useChangeProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'change-product'],
    mutationFn: changeProduct,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
  });
}
