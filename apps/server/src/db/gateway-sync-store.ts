import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { PaymentRow } from './checkout-store';
import { isUniqueViolation, type Orm } from './client';
import { addRefundedCents, closeAuthorization, hasOperationInFlight, lockPayment } from './ledger-store';
import { moneyOperations, payments } from './schema';

/**
 * What the store learns from the gateway about its payments: changes made at the gateway itself, refunds
 * made there, and settlement.
 */

/** What the gateway says became of an authorization this store still holds open. */
export type GatewayOutcome = { status: 'captured'; capturedCents: number } | { status: 'voided' | 'expired' };

/**
 * Applies to an authorization still open here what was done to it at the gateway itself (captured, voided
 * or expired there). Nothing changes while one of the store's own operations on it is in flight: that
 * operation's answer, or its reconciliation, says what happened. Returns the payment as it now is.
 */
export async function adoptGatewayOutcome(
  orm: Orm,
  paymentId: string,
  outcome: GatewayOutcome,
): Promise<PaymentRow | undefined> {
  return orm.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment || payment.captureStatus !== 'authorized') return undefined;
    if (await hasOperationInFlight(tx, paymentId)) return undefined;
    const now = new Date();
    const change: PgUpdateSetSource<typeof payments> =
      outcome.status === 'captured'
        ? {
            capturedCents: outcome.capturedCents,
            captureStatus:
              outcome.capturedCents < payment.authorizedCents ? 'partially_captured' : 'captured',
            capturedAt: now,
          }
        : { captureStatus: outcome.status };
    const rows = await closeAuthorization(tx, paymentId, { ...change, gatewayCheckedAt: now }).returning();
    return rows[0];
  });
}

/**
 * Records a refund made at the gateway itself as a confirmed refund of the payment, within what was
 * captured, once per gateway refund (its retref is unique). False when it is known already, would exceed
 * the captured amount, or one of the store's own operations on the payment is in flight.
 */
export async function recordGatewayRefund(
  orm: Orm,
  input: { paymentId: string; amountCents: number; gatewayRetref: string },
): Promise<boolean> {
  try {
    return await orm.transaction(async (tx) => {
      const payment = await lockPayment(tx, input.paymentId);
      if (!payment || (await hasOperationInFlight(tx, input.paymentId))) return false;
      if (!(await addRefundedCents(tx, input.paymentId, input.amountCents))) return false;
      await tx.insert(moneyOperations).values({
        paymentId: input.paymentId,
        kind: 'refund',
        amountCents: input.amountCents,
        status: 'succeeded',
        gatewayRetref: input.gatewayRetref,
        message: 'Refunded at the gateway',
        actor: 'gateway',
        completedAt: new Date(),
      });
      return true;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * Open authorizations to compare with the gateway's records, least recently compared first, skipping
 * those with an operation in flight.
 */
export async function listOpenPaymentsToCheck(orm: Orm, limit: number): Promise<PaymentRow[]> {
  return orm
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.captureStatus, 'authorized'),
        sql`not exists (select 1 from money_operations o where o.payment_id = ${payments.id} and o.status = 'pending')`,
      ),
    )
    .orderBy(sql`${payments.gatewayCheckedAt} asc nulls first`, asc(payments.authorizedAt))
    .limit(limit);
}

/**
 * Captured payments whose settlement the store has not seen yet, oldest capture first, each asked about at
 * most once per `recheckAfterMs` (a batch closes once a day: asking more often learns nothing).
 */
export async function listCapturedPaymentsToSettle(
  orm: Orm,
  options: { now: Date; recheckAfterMs: number; limit: number },
): Promise<PaymentRow[]> {
  const recheckBefore = new Date(options.now.getTime() - options.recheckAfterMs);
  return orm
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.captureStatus, ['captured', 'partially_captured']),
        // A cancelled charge (a whole refund sent as a void of the capture) has nothing left to settle.
        sql`not exists (select 1 from money_operations o where o.payment_id = ${payments.id} and o.kind = 'refund' and o.method = 'void' and o.status = 'succeeded')`,
        sql`(${payments.settlementCheckedAt} is null or ${payments.settlementCheckedAt} < ${recheckBefore})`,
        sql`not exists (select 1 from money_operations o where o.payment_id = ${payments.id} and o.status = 'pending')`,
      ),
    )
    .orderBy(asc(payments.capturedAt), asc(payments.id))
    .limit(options.limit);
}

export async function markSettlementChecked(orm: Orm, paymentId: string, now: Date): Promise<void> {
  await orm.update(payments).set({ settlementCheckedAt: now }).where(eq(payments.id, paymentId));
}

/** A captured payment the gateway has settled: its status becomes settled, with the date and the batch. */
export async function recordSettlement(
  orm: Orm,
  paymentId: string,
  settledAt: Date,
  batchId?: string,
): Promise<boolean> {
  const rows = await orm
    .update(payments)
    .set({
      captureStatus: 'settled',
      settledAt,
      settlementBatch: batchId ?? null,
      settlementCheckedAt: new Date(),
    })
    .where(
      and(eq(payments.id, paymentId), inArray(payments.captureStatus, ['captured', 'partially_captured'])),
    )
    .returning({ id: payments.id });
  return rows.length === 1;
}

export async function markGatewayChecked(orm: Orm, paymentId: string): Promise<void> {
  await orm.update(payments).set({ gatewayCheckedAt: new Date() }).where(eq(payments.id, paymentId));
}
