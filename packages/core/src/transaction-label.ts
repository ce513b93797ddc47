import type { AdminTransaction } from './schemas/admin';

/**
 * The display status of a Transaction History row (product §4): Refund, Demo Refund, Refunded, Credited,
 * Partial Refund, Partially Captured, Captured (for captured or settled), Pending Capture; plus Voided and
 * Expired for authorizations that were released or lapsed, and Scheduled Refund for a refund that waits for
 * its capture to settle.
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
  >,
): string {
  if (row.refundType === 'refund') {
    if (row.refundState === 'scheduled') return 'Scheduled Refund';
    return row.isDemoRefund ? 'Demo Refund' : 'Refund';
  }
  if (row.creditType === 'credit') return 'Credited';
  if (row.isRefunded) return 'Refunded';
  if (row.isPartialRefund) return 'Partial Refund';
  switch (row.captureStatus) {
    case 'partially_captured':
      return 'Partially Captured';
    case 'captured':
    case 'settled':
      return 'Captured';
    case 'voided':
      return 'Voided';
    case 'expired':
      return 'Expired';
    default:
      return 'Pending Capture';
  }
}
