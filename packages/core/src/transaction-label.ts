import type { AdminTransaction, DeclineAdvice, FailedAttemptOutcome } from './schemas/admin';

/**
 * The display status of a Transaction History row (product §4): Refund, Demo Refund, Refunded, Credited,
 * Partial Refund, Partially Captured, Captured (for captured or settled), Pending Capture; plus Voided and
 * Expired for authorizations that were released or lapsed, Scheduled Refund for a refund that waits for its
 * capture to settle, and for a capture voided before settlement (the customer was never charged) Cancelled
 * on the payment and Charge Cancelled on the row of the void, rather than Refunded and a refund. A partial
 * capture stays Partially Captured once it settles. A failed attempt (the Failed filter) reads how it ended:
 * Declined, Not Confirmed, Abandoned or Failed.
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
    | 'attempt'
    | 'disputedAmount'
    | 'returnedByBank'
  >,
): string {
  if (row.attempt) return FAILED_ATTEMPT_LABELS[row.attempt.outcome];
  if (row.refundType === 'refund') {
    if (row.refundState === 'scheduled') return 'Scheduled Refund';
    if (row.refundMethod === 'void') return 'Charge Cancelled';
    return row.isDemoRefund ? 'Demo Refund' : 'Refund';
  }
  if (row.creditType === 'credit') return 'Credited';
  // Money taken back by the bank or the card network says more than what the store did (decision 048).
  if (row.returnedByBank) return 'Returned by Bank';
  if (row.disputedAmount !== undefined) return 'Disputed';
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

/** The status label of a failed attempt row, by how it ended. */
export const FAILED_ATTEMPT_LABELS: Readonly<Record<FailedAttemptOutcome, string>> = {
  declined: 'Declined',
  not_confirmed: 'Not Confirmed',
  abandoned: 'Abandoned',
  failed: 'Failed',
  superseded: 'Second Payment Voided',
};

/** A decline's advice, short, as the Failed list and its CSV say it. */
export const DECLINE_ADVICE_LABELS: Readonly<Record<DeclineAdvice, string>> = {
  retry_later: 'Retry later',
  do_not_retry: 'Do not retry',
  fix_and_retry: 'Fix and retry',
};

/**
 * The last 4 a failed attempt is known by: its saved method's while the customer keeps it (the one its owner
 * knows), otherwise the one the gateway named in its answer; undefined when neither is known.
 */
export function attemptLast4(attempt: {
  savedLast4?: string | null;
  last4?: string | null;
}): string | undefined {
  return attempt.savedLast4 || attempt.last4 || undefined;
}

/**
 * How a failed attempt was to be paid, in words: the wallet, the saved card's brand, the bank, or a card
 * typed on the payment page; with the last 4 where known (the saved method's while it is kept, otherwise
 * the one the gateway named in its answer).
 */
export function attemptPaidWith(attempt: {
  wallet?: string;
  methodKind: 'card' | 'ach' | null;
  bankName: string | null;
  /** Whether a saved method paid, and what of it is still recorded (nothing once the customer removed it). */
  saved: boolean;
  savedCardBrand?: string | null;
  savedLast4?: string | null;
  /** The last 4 the gateway named for the attempt's card or account. */
  last4?: string | null;
}): string {
  const last4 = attemptLast4(attempt);
  const ending = last4 ? ` •••• ${last4}` : '';
  if (attempt.wallet) return `${attempt.wallet}${ending}`;
  if (attempt.methodKind === 'ach')
    return `Bank account${attempt.bankName ? ` · ${attempt.bankName}` : ''}${ending}`;
  if (attempt.saved) {
    return attempt.savedLast4
      ? `Saved card · ${attempt.savedCardBrand || 'Card'}${ending}`
      : `Saved card (since removed)${ending}`;
  }
  return `Card (payment page)${ending}`;
}
