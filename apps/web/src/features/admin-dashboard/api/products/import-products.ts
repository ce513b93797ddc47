import { productImportResponseSchema, type ProductImportResponse } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import { PRODUCTS_KEY } from './list-products';

/** Where the console downloads the catalog as a CSV file (the format the import reads). */
export const PRODUCTS_CSV_PATH = '/api/admin/products.csv';

interface ImportProductsRequest {
  /** The chosen file's bytes, in base64. */
  file: string;
  /** The preview's token: applies that preview, or nothing when the catalog moved since. */
  previewToken?: string;
}

/**
 * `POST /api/admin/products/import`: without a token, what the file would change, line by line; with the
 * preview's token, that change applied, all or nothing. Fails (ApiError) with the store's words.
 */
async function importProducts(request: ImportProductsRequest): Promise<ProductImportResponse> {
  const body = await adminPost<unknown>('/api/admin/products/import', request);
  const parsed = productImportResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to read the file', 'rejected', 200, message);
}

export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'import-products'],
    mutationFn: importProducts,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
  });
}
