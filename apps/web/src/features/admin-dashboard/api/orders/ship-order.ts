import type { ShipOrderRequest } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../../utils/admin-post';
import { moneyActionKeys } from '../../utils/idempotency-keys';
import { ADMIN_LISTS_KEY } from '../../utils/pending-cache';
import { adminOrderApiPath } from './get-order';

export interface ShipOrderVariables extends ShipOrderRequest {
  orderId: string;
}

export interface ShipOrderAnswer {
  status: 'success';
  message: string;
  captured: boolean;
}

/**
 * Marks an order shipped; with capture on shipment, its payment is captured first. A money call: retried
 * with the same Idempotency-Key, so a retry never captures twice.
 */
async function shipOrder(variables: ShipOrderVariables, idempotencyKey: string): Promise<ShipOrderAnswer> {
  const { orderId, ...shipment } = variables;
  const body = await adminPost<unknown>(`${adminOrderApiPath(orderId)}/ship`, shipment, { idempotencyKey });
  return requireSuccess<ShipOrderAnswer>(body, 'Failed to mark the order as shipped');
}

const shipOrderMutationKey = ['admin', 'ship-order'] as const;

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shipOrderMutationKey,
    mutationFn: (variables: ShipOrderVariables) =>
      moneyActionKeys.run(`ship:${variables.orderId}`, (key) => shipOrder(variables, key)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_LISTS_KEY }),
  });
}
