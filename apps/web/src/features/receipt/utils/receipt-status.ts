import { ORDER_STATUS_LABELS, type OrderStatus } from '@store/core';

export type StatusTone = 'success' | 'neutral' | 'danger';

/** An order's status in the shopper's words, and the colour it is shown in. */
export function describeOrderStatus(status: OrderStatus): { label: string; tone: StatusTone } {
  const label = ORDER_STATUS_LABELS[status];
  switch (status) {
    case 'paid':
    case 'partially_paid':
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
