import { dollarsToCents, formatCents, type AdminTransaction } from '@store/core';

/**
 * The money lines of an order page's Payment card, from the payment's one set of figures (decision 048), with
 * the words the order's status uses: a charge cancelled before settlement is Cancelled (never charged), not
 * refunded; a refund only scheduled is not refunded yet; what a dispute or the bank took back is said apart.
 */
export function paymentMoneyFacts(
  transaction: Pick<
    AdminTransaction,
    | 'captureAmount'
    | 'refundAmount'
    | 'scheduledRefundAmount'
    | 'chargeCancelled'
    | 'disputedAmount'
    | 'returnedByBank'
    | 'refundableAmount'
  >,
): [term: string, value: string][] {
  const money = (dollars: number) => formatCents(dollarsToCents(dollars));
  const facts: [string, string][] = [];
  if (transaction.chargeCancelled) {
    facts.push(['Cancelled', `${money(transaction.refundAmount)}, never charged`]);
  } else {
    facts.push(['Refunded', money(transaction.refundAmount)]);
  }
  if (transaction.scheduledRefundAmount) {
    facts.push(['Refund scheduled', `${money(transaction.scheduledRefundAmount)}, sent after settlement`]);
  }
  if (transaction.disputedAmount !== undefined) {
    facts.push(['Charged back', `${money(transaction.disputedAmount)} taken back by a dispute`]);
  }
  if (transaction.returnedByBank) {
    facts.push(['Returned by the bank', money(transaction.captureAmount)]);
  }
  if (transaction.captureAmount > 0 && !transaction.chargeCancelled) {
    facts.push(['Refundable', money(transaction.refundableAmount)]);
  }
  return facts;
}
