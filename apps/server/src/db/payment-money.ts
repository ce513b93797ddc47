import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PaymentMoney } from '@store/core';
import type { payments } from './schema';

/**
 * A payment's money, computed in one place (decision 048): what its refunds did, read from its money
 * operations by one subquery that every reader selects beside the payment's row (`paymentMoneyColumn`), and
 * turned with that row into the figures a person reads (`paymentMoneyOf`). A refund counts as refunded once
 * the gateway confirmed it; a whole refund sent as a void of the capture before it settled is a cancellation
 * (never charged), not a refund; a scheduled or unconfirmed one is neither yet.
 */

/** What the subquery answers, per refund state, in cents. */
export interface RefundSums {
  refunded: number;
  cancelled: number;
  scheduled: number;
  unconfirmed: number;
}

/** The subquery, for the payment whose id is `paymentId` (a column, or `p.id` in a raw statement). */
export function paymentMoneyColumn(paymentId: SQL | AnyColumn): SQL<RefundSums> {
  return sql<RefundSums>`(select json_build_object(
      'refunded', coalesce(sum(o.amount_cents) filter (where o.status = 'succeeded' and o.method is distinct from 'void'), 0),
      'cancelled', coalesce(sum(o.amount_cents) filter (where o.status = 'succeeded' and o.method = 'void'), 0),
      'scheduled', coalesce(sum(o.amount_cents) filter (where o.status = 'scheduled'), 0),
      'unconfirmed', coalesce(sum(o.amount_cents) filter (where o.status = 'pending'), 0))
    from money_operations o where o.payment_id = ${paymentId} and o.kind = 'refund')`;
}

/** The payment's own columns the figures need. */
export type PaymentMoneyFields = Pick<
  typeof payments.$inferSelect,
  'captureStatus' | 'authorizedCents' | 'capturedCents' | 'refundedCents' | 'disputeAmountCents'
> & { returnedAt: Date | string | null; disputedAt: Date | string | null };

/** The figures a person reads, from the payment's row and its refunds' sums (as text or parsed JSON). */
export function paymentMoneyOf(
  payment: PaymentMoneyFields,
  refunds: RefundSums | string | null,
): PaymentMoney {
  const sums: Partial<RefundSums> = typeof refunds === 'string' ? JSON.parse(refunds) : (refunds ?? {});
  const cents = (value: unknown) => Number(value ?? 0);
  const returned = payment.returnedAt !== null;
  return {
    captureStatus: payment.captureStatus,
    authorizedCents: payment.authorizedCents,
    capturedCents: payment.capturedCents,
    refundedCents: cents(sums.refunded),
    cancelledCents: cents(sums.cancelled),
    scheduledRefundCents: cents(sums.scheduled),
    unconfirmedRefundCents: cents(sums.unconfirmed),
    chargedBackCents: payment.disputeAmountCents ?? 0,
    returnedCents: returned ? payment.capturedCents : 0,
    // `refunded_cents` on the payment is everything a refund has reserved (done, scheduled, unconfirmed).
    refundableCents: returned ? 0 : payment.capturedCents - payment.refundedCents,
    disputed: payment.disputedAt !== null,
    returned,
  };
}
