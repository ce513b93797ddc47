import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentRow } from './checkout-store';
import { isUniqueViolation, queryRows, type Orm } from './client';
import { checkCaptureMove, movePayment, type AuditLine } from './ledger-moves';
import { addRefundedCents, hasOperationInFlight, lockPayment } from './ledger-store';
import { auditEvents, moneyOperations, payments } from './schema';

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
  audit: (adopted: PaymentRow) => AuditLine,
): Promise<PaymentRow | undefined> {
  return orm.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment || payment.captureStatus !== 'authorized') return undefined;
    if (await hasOperationInFlight(tx, paymentId)) return undefined;
    const now = new Date();
    const captured = outcome.status === 'captured';
    return movePayment(tx, paymentId, {
      from: ['authorized'],
      to: captured
        ? outcome.capturedCents < payment.authorizedCents
          ? 'partially_captured'
          : 'captured'
        : outcome.status,
      set: captured
        ? { capturedCents: outcome.capturedCents, capturedAt: now, gatewayCheckedAt: now }
        : { gatewayCheckedAt: now },
      audit,
    });
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
  audit: AuditLine,
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
      await tx.insert(auditEvents).values(audit);
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

/** Captures still awaiting settlement, as upkeep asks about them (a cancelled charge has nothing to settle). */
const AWAITING_SETTLEMENT = sql`p.capture_status in ('captured', 'partially_captured')
  and not exists (select 1 from money_operations o where o.payment_id = p.id and o.kind = 'refund' and o.method = 'void' and o.status = 'succeeded')
  and not exists (select 1 from money_operations o where o.payment_id = p.id and o.status = 'pending')`;

/** When the oldest capture still awaiting settlement was made; undefined when none awaits. */
export async function oldestCaptureAwaitingSettlement(orm: Orm): Promise<Date | undefined> {
  const [row] = await queryRows<{ captured_at: string | Date | null }>(
    orm,
    sql`select min(p.captured_at) as captured_at from payments p where ${AWAITING_SETTLEMENT}`,
  );
  const at = row?.captured_at;
  return at ? new Date(at) : undefined;
}

/**
 * Takes a day's check of one kind for this server (decisions 035, 036): true when nobody asked the gateway
 * about `day` (YYYY-MM-DD) since `recheckBefore`, and marks it asked at `now` in the same statement, so that of
 * several servers one asks the gateway and the others do not. A check stamped after `now` (a server whose
 * clock runs ahead, a clock set back) does not hold the day.
 */
export async function claimGatewayDay(
  orm: Orm,
  kind: 'settlement' | 'funding',
  day: string,
  now: Date,
  recheckBefore: Date,
): Promise<boolean> {
  const rows = await queryRows(
    orm,
    sql`insert into gateway_day_checks (kind, day, checked_at)
      values (${kind}, ${day}::date, ${now.toISOString()}::timestamptz)
      on conflict (kind, day) do update set checked_at = excluded.checked_at
      where gateway_day_checks.checked_at < ${recheckBefore.toISOString()}::timestamptz
        or gateway_day_checks.checked_at > excluded.checked_at
      returning day`,
  );
  return rows.length === 1;
}

/**
 * Captures the gateway settled in one batch, by their retrefs: each still awaiting settlement becomes
 * settled, with the batch and when. Answers how many changed.
 */
export async function recordBatchSettlement(
  orm: Orm,
  retrefs: string[],
  settledAt: Date,
  batchId: string,
): Promise<number> {
  // The move this statement makes, for each payment it settles.
  checkCaptureMove('captured', 'settled');
  checkCaptureMove('partially_captured', 'settled');
  let settled = 0;
  // A batch may hold thousands: a statement takes at most a thousand retrefs.
  for (let first = 0; first < retrefs.length; first += 1000) {
    const chunk = retrefs.slice(first, first + 1000).map((retref) => sql`${retref}`);
    const rows = await queryRows(
      orm,
      sql`update payments p set capture_status = 'settled', settled_at = ${settledAt.toISOString()}::timestamptz,
          settlement_batch = ${batchId}, settlement_checked_at = ${settledAt.toISOString()}::timestamptz
        where p.retref in (${sql.join(chunk, sql`, `)}) and ${AWAITING_SETTLEMENT}
        returning p.id`,
    );
    settled += rows.length;
  }
  return settled;
}

/**
 * Takes up to `limit` captures made before `capturedBefore` that nobody asked about since `recheckBefore`,
 * oldest first, marking them asked at `now` in the same statement: of several servers, each payment is
 * asked about by one (rows another server holds are skipped).
 */
export async function claimCapturesToInquire(
  orm: Orm,
  options: { now: Date; recheckBefore: Date; capturedBefore: Date; limit: number },
): Promise<PaymentRow[]> {
  const claimed = await queryRows<{ id: string }>(
    orm,
    sql`update payments set settlement_checked_at = ${options.now.toISOString()}::timestamptz
      where id in (
        select p.id from payments p
        where ${AWAITING_SETTLEMENT}
          and p.captured_at < ${options.capturedBefore.toISOString()}::timestamptz
          and (p.settlement_checked_at is null or p.settlement_checked_at < ${options.recheckBefore.toISOString()}::timestamptz
            or p.settlement_checked_at > ${options.now.toISOString()}::timestamptz)
        order by p.captured_at, p.id
        limit ${options.limit}
        for update skip locked)
      returning id`,
  );
  const ids = claimed.map((row) => row.id);
  if (ids.length === 0) return [];
  return orm.select().from(payments).where(inArray(payments.id, ids)).orderBy(asc(payments.capturedAt));
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
  const settled = await orm.transaction((tx) =>
    movePayment(tx, paymentId, {
      from: ['captured', 'partially_captured'],
      to: 'settled',
      set: { settledAt, settlementBatch: batchId ?? null, settlementCheckedAt: new Date() },
    }),
  );
  return settled !== undefined;
}

export async function markGatewayChecked(orm: Orm, paymentId: string): Promise<void> {
  await orm.update(payments).set({ gatewayCheckedAt: new Date() }).where(eq(payments.id, paymentId));
}

/** What awaits a batch's close: the captures awaiting settlement and the refunds scheduled after it. */
export interface SettlementWaiting {
  paymentIds: string[];
  refundIds: string[];
}

export async function settlementWaiting(orm: Orm): Promise<SettlementWaiting> {
  const awaiting = await queryRows<{ id: string }>(
    orm,
    sql`select p.id from payments p where ${AWAITING_SETTLEMENT}`,
  );
  const scheduled = await orm
    .select({ id: moneyOperations.id })
    .from(moneyOperations)
    .where(eq(moneyOperations.status, 'scheduled'));
  return { paymentIds: awaiting.map((row) => row.id), refundIds: scheduled.map((row) => row.id) };
}

/**
 * What became of what awaited the close, whichever server did it: how many of those captures are settled,
 * how many of those refunds the gateway approved, and how many are still being sent.
 */
export async function settlementOutcome(
  orm: Orm,
  waiting: SettlementWaiting,
): Promise<{ settled: number; refundsSent: number; refundsInFlight: number }> {
  const settled = waiting.paymentIds.length
    ? await orm
        .select({ id: payments.id })
        .from(payments)
        .where(and(inArray(payments.id, waiting.paymentIds), eq(payments.captureStatus, 'settled')))
    : [];
  const refunds = waiting.refundIds.length
    ? await orm
        .select({ status: moneyOperations.status })
        .from(moneyOperations)
        .where(inArray(moneyOperations.id, waiting.refundIds))
    : [];
  return {
    settled: settled.length,
    refundsSent: refunds.filter((refund) => refund.status === 'succeeded').length,
    refundsInFlight: refunds.filter((refund) => refund.status === 'pending').length,
  };
}
