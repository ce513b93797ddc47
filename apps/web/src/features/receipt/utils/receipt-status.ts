import { ORDER_STATUS_LABELS, type OrderStatus } from '@store/core';
import { ApiError } from '../../../lib/api-client';

export type StatusTone = 'success' | 'neutral' | 'danger';

/** An order's status in the shopper's words, and the colour it is shown in. */
export function describeOrderStatus(status: OrderStatus): { label: string; tone: StatusTone } {
  const label = ORDER_STATUS_LABELS[status];
  switch (status) {
    case 'paid':
    case 'shipped':
    case 'authorized':
      return { label, tone: 'success' };
    case 'payment_failed':
    case 'payment_returned':
    case 'cancelled':
      return { label, tone: 'danger' };
    default:
      return { label, tone: 'neutral' };
  }
}

/**
 * Why a receipt could not be shown: the link names no receipt (asking again will not change that), or the
 * store could not be asked just now (asking again may work).
 */
export function receiptFailureOf(error: unknown): 'not-found' | 'unavailable' {
  return error instanceof ApiError && error.kind === 'http' && error.status === 404
    ? 'not-found'
    : 'unavailable';
}
