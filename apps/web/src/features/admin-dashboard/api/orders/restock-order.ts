import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../../utils/admin-post';
import { ADMIN_LISTS_KEY } from '../../utils/pending-cache';
import { adminOrderApiPath } from './get-order';

interface RestockAnswer {
  status: 'success';
  message: string;
  units: number;
}

/** The goods of a captured order came back: its counted units go back to stock, once (decision 061). */
async function restockOrder(orderId: string): Promise<RestockAnswer> {
  const body = await adminPost<unknown>(`${adminOrderApiPath(orderId)}/restock`, {});
  return requireSuccess<RestockAnswer>(body, 'Failed to put the goods back in stock');
}

export function useRestockOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'restock-order'] as const,
    mutationFn: (orderId: string) => restockOrder(orderId),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_LISTS_KEY }),
  });
}
