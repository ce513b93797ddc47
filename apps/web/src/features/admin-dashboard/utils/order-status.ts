import type { OrderStatus } from '@store/core';
import type { BadgeTone } from '../components/status-badge';

/** The colour of each order status, wherever the console shows one (the order page, a customer's orders). */
export const ORDER_STATUS_TONES: Record<OrderStatus, BadgeTone> = {
  awaiting_payment: 'neutral',
  payment_failed: 'danger',
  not_paid: 'neutral',
  authorized: 'warning',
  paid: 'success',
  partially_paid: 'success',
  shipped: 'info',
  refund_scheduled: 'warning',
  partially_refunded: 'warning',
  refunded: 'neutral',
  cancelled: 'neutral',
  disputed: 'danger',
  payment_returned: 'danger',
};
