import type { AdminTransaction } from './schemas/admin';

/**
 * The display status of a Transaction History row (product §4): Refund, Demo Refund, Refunded, Credited,
 * Partial Refund, Partially Captured, Captured (for captured or settled), Pending Capture; plus Voided and
 * Expired for authorizations that were released or lapsed, Scheduled Refund for a refund that waits for its
 * capture to settle, and for a capture voided before settlement (the customer was never charged) Cancelled
 * on the payment and Charge Cancelled on the row of the void, rather than Refunded and a refund. A partial
 * capture stays Partially Captured once it settles.
 */
export function transactionLabel(
  row: Pick<
    AdminTransaction,
    | 'refundType'
    | 'creditType'
    | 'isDemoRefund'
    | 'isRefunded'
    | 'isPartialRefund'
    | 'captureStatus'
    | 'refundState'
    | 'refundMethod'
    | 'chargeCancelled'
    | 'isPartialCapture'
  >,
): string {
  if (row.refundType === 'refund') {
    if (row.refundState === 'scheduled') return 'Scheduled Refund';
    if (row.refundMethod === 'void') return 'Charge Cancelled';
    return row.isDemoRefund ? 'Demo Refund' : 'Refund';
  }
  if (row.creditType === 'credit') return 'Credited';
  if (row.chargeCancelled) return 'Cancelled';
  if (row.isRefunded) return 'Refunded';
  if (row.isPartialRefund) return 'Partial Refund';
  switch (row.captureStatus) {
    case 'partially_captured':
      return 'Partially Captured';
    case 'captured':
      return 'Captured';
    case 'settled':
      return row.isPartialCapture ? 'Partially Captured' : 'Captured';
    case 'voided':
      return 'Voided';
    case 'expired':
      return 'Expired';
    default:
      return 'Pending Capture';
  }
}
