import { receiptResponseSchema, type Receipt } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, postJson } from '../../../lib/api-client';

/**
 * `GET /api/receipts/:token`: an order's receipt, by the link its confirmation carries. Throws ApiError:
 * `http` 404 for a link that names no receipt, `network` when the store did not answer.
 */
async function getReceipt(token: string): Promise<Receipt> {
  const body = await postJson<unknown>(`/api/receipts/${encodeURIComponent(token)}`, undefined, {
    method: 'GET',
  });
  const parsed = receiptResponseSchema.safeParse(body);
  if (!parsed.success) throw new ApiError('The server sent an unexpected response.', 'rejected', 200);
  return parsed.data.order;
}

export function useReceipt(token: string) {
  return useQuery({ queryKey: ['receipt', token], queryFn: () => getReceipt(token) });
}
