import { adminProductResponseSchema, type AdminProduct } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import { PRODUCTS_KEY } from './list-products';

/** `PUT` (a new picture, its bytes in base64) or `DELETE` (none) `/api/admin/products/:id/image`. */
async function changePicture({ id, file }: { id: string; file: string | null }): Promise<AdminProduct> {
  const path = `/api/admin/products/${encodeURIComponent(id)}/image`;
  const body = await adminPost<unknown>(path, file === null ? {} : { file }, {
    method: file === null ? 'DELETE' : 'PUT',
  });
  const parsed = adminProductResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data.product;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to change the picture', 'rejected', 200, message);
}

export function useChangeProductPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'product-picture'],
    mutationFn: changePicture,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
  });
}
