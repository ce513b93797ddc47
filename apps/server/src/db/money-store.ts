import { and, asc, eq, getTableColumns, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Orm } from './client';
import { fixedStatement, readPrepared, snapshotText } from './prepared';
import { idempotencyKeys, moneyOperations, payments, type auditEvents } from './schema';
import type { PaymentRow } from './checkout-store';

export type MoneyOperationRow = typeof moneyOperations.$inferSelect;
export type OperationKind = MoneyOperationRow['kind'];

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } }).code ??
    (error as { cause?: { code?: unknown } }).cause?.code;
  return code === '23505';
}

export async function findPayment(orm: Orm, paymentId: string): Promise<PaymentRow | undefined> {
  const rows = await orm.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return rows[0];
}

export type Reservation =
  | { ok: true; operation: MoneyOperationRow; payment: PaymentRow }
  | {
      ok: false;
      reason: 'not_found' | 'not_authorized' | 'busy' | 'over_limit' | 'not_captured';
      payment?: PaymentRow;
    };

/**
 * Reserves the one capture or void an authorization may have: a pending row, written before the gateway
 * is called. The partial unique index makes a second one impossible, whatever the other servers do.
 */
export async function reserveCaptureOrVoid(
  orm: Orm,
  input: {
    paymentId: string;
    kind: 'capture' | 'void';
    amountCents?: number;
    actor: string;
    idempotencyKey?: string;
  },
): Promise<Reservation> {
  try {
    return await orm.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(payments)
        .where(eq(payments.id, input.paymentId))
        .for('update')
        .limit(1);
      const payment = rows[0];
      if (!payment) return { ok: false, reason: 'not_found' } as const;
      if (payment.captureStatus !== 'authorized')
        return { ok: false, reason: 'not_authorized', payment } as const;
      const amountCents = input.amountCents ?? payment.authorizedCents;
      if (amountCents > payment.authorizedCents) return { ok: false, reason: 'over_limit', payment } as const;
      const inserted = await tx
        .insert(moneyOperations)
        .values({
          paymentId: payment.id,
          kind: input.kind,
          amountCents,
          actor: input.actor,
          idempotencyKey: input.idempotencyKey,
        })
        .returning();
      return { ok: true, operation: inserted[0]!, payment } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'busy' };
    throw error;
  }
}

type Transaction = Parameters<Parameters<Orm['transaction']>[0]>[0];

/**
 * Adds a refund to a captured payment's refunded total in one guarded statement, so that concurrent refunds
 * on any number of servers can never give back more than was captured (a CHECK constraint backs it).
 * Undefined when the payment is not captured or the refund would exceed what is left.
 */
async function addRefundedCents(
  tx: Transaction,
  paymentId: string,
  amountCents: number,
): Promise<PaymentRow | undefined> {
  const updated = await tx
    .update(payments)
    .set({ refundedCents: sql`${payments.refundedCents} + ${amountCents}::int` })
    .where(
      and(
        eq(payments.id, paymentId),
        inArray(payments.captureStatus, ['captured', 'partially_captured', 'settled']),
        sql`${payments.refundedCents} + ${amountCents}::int <= ${payments.capturedCents}`,
      ),
    )
    .returning();
  return updated[0];
}

/** Notes how a reserved refund is about to be sent (before the call). */
export async function setRefundMethod(
  orm: Orm,
  operationId: string,
  method: 'refund' | 'void',
): Promise<void> {
  await orm.update(moneyOperations).set({ method }).where(eq(moneyOperations.id, operationId));
}

/** Reserves a refund: its amount is added to the refunded total before the gateway is called. */
export async function reserveRefund(
  orm: Orm,
  input: { paymentId: string; amountCents: number; actor: string; idempotencyKey?: string },
): Promise<Reservation> {
  return orm.transaction(async (tx) => {
    const payment = await addRefundedCents(tx, input.paymentId, input.amountCents);
    if (!payment) {
      const current = (await tx.select().from(payments).where(eq(payments.id, input.paymentId)).limit(1))[0];
      if (!current) return { ok: false, reason: 'not_found' } as const;
      const captured = ['captured', 'partially_captured', 'settled'].includes(current.captureStatus);
      return { ok: false, reason: captured ? 'over_limit' : 'not_captured', payment: current } as const;
    }
    const inserted = await tx
      .insert(moneyOperations)
      .values({
        paymentId: payment.id,
        kind: 'refund',
        amountCents: input.amountCents,
        actor: input.actor,
        idempotencyKey: input.idempotencyKey,
      })
      .returning();
    return { ok: true, operation: inserted[0]!, payment } as const;
  });
}

/** What the gateway says became of an authorization this store still holds open. */
export type GatewayOutcome = { status: 'captured'; capturedCents: number } | { status: 'voided' | 'expired' };

async function hasOperationInFlight(tx: Transaction, paymentId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: moneyOperations.id })
    .from(moneyOperations)
    .where(and(eq(moneyOperations.paymentId, paymentId), eq(moneyOperations.status, 'pending')))
    .limit(1);
  return rows.length > 0;
}

async function lockPayment(tx: Transaction, paymentId: string): Promise<PaymentRow | undefined> {
  return (await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update').limit(1))[0];
}

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

/** A captured payment the gateway has settled: its status becomes settled, with the date. */
export async function recordSettlement(orm: Orm, paymentId: string, settledAt: Date): Promise<boolean> {
  const rows = await orm
    .update(payments)
    .set({ captureStatus: 'settled', settledAt, settlementCheckedAt: new Date() })
    .where(
      and(eq(payments.id, paymentId), inArray(payments.captureStatus, ['captured', 'partially_captured'])),
    )
    .returning({ id: payments.id });
  return rows.length === 1;
}

export async function markGatewayChecked(orm: Orm, paymentId: string): Promise<void> {
  await orm.update(payments).set({ gatewayCheckedAt: new Date() }).where(eq(payments.id, paymentId));
}

/** Moves an authorization that is still open to where it ends: captured, voided or expired. */
function closeAuthorization(tx: Transaction, paymentId: string, change: PgUpdateSetSource<typeof payments>) {
  return tx
    .update(payments)
    .set(change)
    .where(and(eq(payments.id, paymentId), eq(payments.captureStatus, 'authorized')));
}

/**
 * Every transaction that changes an operation and its payment locks the payment row first, in the same
 * order as the reservations do, so that two of them can never wait on each other (deadlock).
 */
async function lockPaymentOf(
  tx: Parameters<Parameters<Orm['transaction']>[0]>[0],
  operationId: string,
): Promise<void> {
  const owner = await tx
    .select({ paymentId: moneyOperations.paymentId })
    .from(moneyOperations)
    .where(eq(moneyOperations.id, operationId))
    .limit(1);
  if (owner[0])
    await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.id, owner[0].paymentId))
      .for('update');
}

/**
 * Settles a pending operation as done at the gateway and applies it to the payment. Idempotent: a second
 * call for the same operation changes nothing.
 */
export async function completeOperation(
  orm: Orm,
  operationId: string,
  result: Omit<OperationDone, 'operationId'>,
): Promise<MoneyOperationRow | undefined> {
  try {
    return (await completeOperations(orm, [{ operationId, ...result }]))[0];
  } catch (error) {
    // That gateway refund is already recorded for another operation: this one is not settled by it.
    if (isUniqueViolation(error) && result.gatewayRetref) return undefined;
    throw error;
  }
}

/** What the gateway said of an operation it did: its message, and the amount and reference when it gave them. */
interface OperationDone {
  operationId: string;
  amountCents?: number;
  gatewayRetref?: string;
  message: string;
}

/** An audit line written with the operation it tells of; its amount is the one settled. */
type AuditLineOf = Omit<typeof auditEvents.$inferInsert, 'amountCents' | 'id' | 'at'>;

const operationColumns = Object.entries(getTableColumns(moneyOperations));

/** An operation as the ORM reads it, from a row of a statement written as text (database column names). */
function operationFromRow(row: Record<string, unknown>): MoneyOperationRow {
  return Object.fromEntries(
    operationColumns.map(([key, column]) => {
      const value = row[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as MoneyOperationRow;
}

/**
 * Settles operations done at the gateway, any number, in one statement (and so in one transaction): the
 * payments are locked first, in id order, as every transaction that changes an operation and its payment
 * locks them (two of them never wait on each other); each operation still pending is marked succeeded, a
 * capture closes its authorization (captured in full, or in part when less than authorized was captured)
 * and a void voids it; the audit line given with an operation is written with it. A batch of one settles
 * one capture, void or refund; Capture All settles its approved captures in batches.
 */
const settleOperationsDone = fixedStatement<Record<string, unknown>>(`
  with done as (
    select * from unnest($1::uuid[], $2::text[], $3::int[], $4::text[])
      as done(id, message, amount_cents, gateway_retref)
  ), locked as materialized (
    select id, capture_status from payments
    where id in (select payment_id from money_operations where id = any($1::uuid[]))
    order by id
    for update
  ), succeeded as (
    update money_operations o
    set status = 'succeeded', message = done.message, completed_at = now(),
        amount_cents = coalesce(done.amount_cents, o.amount_cents),
        gateway_retref = coalesce(done.gateway_retref, o.gateway_retref)
    from done
    where o.id = done.id and o.status = 'pending' and o.payment_id in (select id from locked)
    returning o.*
  ), closing as (
    -- The authorizations these operations close, as locked: still open, and no one else can change them now.
    select s.payment_id, s.kind, s.amount_cents
    from succeeded s join locked on locked.id = s.payment_id
    where s.kind in ('capture', 'void') and locked.capture_status = 'authorized'
  ), closed as (
    update payments p
    set capture_status = case
          when closing.kind = 'void' then 'voided'
          when closing.amount_cents < p.authorized_cents then 'partially_captured'
          else 'captured' end,
        captured_cents = case when closing.kind = 'capture' then closing.amount_cents else p.captured_cents end,
        captured_at = case when closing.kind = 'capture' then now() else p.captured_at end
    from closing
    where p.id = closing.payment_id
  ), audited as (
    insert into audit_events (actor, action, order_id, amount_cents, outcome, detail)
    select line.actor, line.action, line.order_id, s.amount_cents, line.outcome, line.detail
    from succeeded s
    join unnest($5::uuid[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
      as line(operation_id, actor, action, order_id, outcome, detail) on line.operation_id = s.id
  )
  select * from succeeded`);

/**
 * Settles pending operations as done at the gateway (see settleOperationsDone), with their audit lines.
 * Operations settled meanwhile (by reconciliation) are left out of the answer, and unchanged.
 */
export async function completeOperations(
  orm: Orm,
  done: (OperationDone & { audit?: AuditLineOf })[],
): Promise<MoneyOperationRow[]> {
  if (done.length === 0) return [];
  const audited = done.filter((operation) => operation.audit);
  const rows = await settleOperationsDone(orm, [
    done.map((operation) => operation.operationId),
    done.map((operation) => operation.message),
    done.map((operation) => operation.amountCents ?? null),
    done.map((operation) => operation.gatewayRetref || null),
    audited.map((operation) => operation.operationId),
    audited.map((operation) => operation.audit!.actor),
    audited.map((operation) => operation.audit!.action),
    audited.map((operation) => operation.audit!.orderId ?? null),
    audited.map((operation) => operation.audit!.outcome),
    audited.map((operation) => operation.audit!.detail ?? ''),
  ]);
  return rows.map(operationFromRow);
}

/**
 * Reserves the full capture of each of these payments that is still authorized and has no capture or void
 * reserved, for many payments at once (Capture All), in one statement: the payments are locked in id order
 * (two such batches never wait on each other), those no longer authorized are left out, and the unique
 * index that allows one capture or void per payment skips any reserved meanwhile. Payments left out of the
 * answer were not reserved.
 */
const reserveFullCaptures = fixedStatement<Record<string, unknown>>(`
  insert into money_operations (payment_id, kind, amount_cents, actor)
  select id, 'capture', authorized_cents, $2 from payments
  where id = any($1::uuid[]) and capture_status = 'authorized'
  order by id
  for update
  on conflict do nothing
  returning *`);

export async function reserveCaptures(
  orm: Orm,
  paymentIds: string[],
  actor: string,
): Promise<MoneyOperationRow[]> {
  if (paymentIds.length === 0) return [];
  return (await reserveFullCaptures(orm, [paymentIds, actor])).map(operationFromRow);
}

/** Settles a pending operation as not done: a refund's reservation is given back. */
export async function releaseOperation(
  orm: Orm,
  operationId: string,
  message: string,
  options: { expireAuthorization?: boolean } = {},
): Promise<MoneyOperationRow | undefined> {
  return orm.transaction(async (tx) => {
    await lockPaymentOf(tx, operationId);
    const rows = await tx
      .update(moneyOperations)
      .set({ status: 'failed', message, completedAt: new Date() })
      .where(and(eq(moneyOperations.id, operationId), eq(moneyOperations.status, 'pending')))
      .returning();
    const operation = rows[0];
    if (!operation) return undefined;
    if (operation.kind === 'refund') {
      await tx
        .update(payments)
        .set({ refundedCents: sql`${payments.refundedCents} - ${operation.amountCents}::int` })
        .where(eq(payments.id, operation.paymentId));
    } else if (options.expireAuthorization) {
      await closeAuthorization(tx, operation.paymentId, { captureStatus: 'expired' });
    }
    return operation;
  });
}

export async function findOperationByKey(
  orm: Orm,
  idempotencyKey: string,
): Promise<MoneyOperationRow | undefined> {
  const rows = await orm
    .select()
    .from(moneyOperations)
    .where(eq(moneyOperations.idempotencyKey, idempotencyKey))
    .limit(1);
  return rows[0];
}

export async function findOperation(orm: Orm, operationId: string): Promise<MoneyOperationRow | undefined> {
  const rows = await orm.select().from(moneyOperations).where(eq(moneyOperations.id, operationId)).limit(1);
  return rows[0];
}

/** Since when an operation's answer is awaited: when it was sent, for a scheduled refund sent later. */
const awaitedSince = sql`coalesce(${moneyOperations.sentAt}, ${moneyOperations.createdAt})`;

/**
 * Operations still waiting for the gateway's word, sent at or before `olderThan`: those due, which
 * nextReconciliationDue leaves out (an operation due to the millisecond is in one or the other).
 */
export async function listPendingOperations(orm: Orm, olderThan: Date): Promise<MoneyOperationRow[]> {
  return orm
    .select()
    .from(moneyOperations)
    .where(
      and(
        eq(moneyOperations.status, 'pending'),
        sql`${awaitedSince} <= ${olderThan.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(awaitedSince));
}

/**
 * When the next operation still pending falls due for reconciliation, among those that were not due yet
 * at `now` (those that were, a pass has just tried); undefined when there is none. The time may be past.
 */
export async function nextReconciliationDue(
  orm: Orm,
  input: { now: Date; reconcileAfterMs: number },
): Promise<Date | undefined> {
  const dueBefore = new Date(input.now.getTime() - input.reconcileAfterMs);
  const rows = await orm
    .select({ oldest: sql<string | null>`min(${awaitedSince})` })
    .from(moneyOperations)
    .where(
      and(
        eq(moneyOperations.status, 'pending'),
        sql`${awaitedSince} > ${dueBefore.toISOString()}::timestamptz`,
      ),
    );
  const oldest = rows[0]?.oldest;
  return oldest ? new Date(new Date(oldest).getTime() + input.reconcileAfterMs) : undefined;
}

/**
 * Keeps a reserved refund the gateway declined because its capture has not settled yet: its amount stays
 * reserved, and upkeep sends it once the capture settles.
 */
export async function scheduleRefund(
  orm: Orm,
  operationId: string,
  message: string,
): Promise<MoneyOperationRow | undefined> {
  return orm.transaction(async (tx) => {
    await lockPaymentOf(tx, operationId);
    const rows = await tx
      .update(moneyOperations)
      .set({ status: 'scheduled', method: 'refund', message, sentAt: null })
      .where(
        and(
          eq(moneyOperations.id, operationId),
          eq(moneyOperations.kind, 'refund'),
          eq(moneyOperations.status, 'pending'),
        ),
      )
      .returning();
    return rows[0];
  });
}

/** Scheduled refunds whose capture the store has seen settle, asked for first sent first. */
export async function listScheduledRefundsDue(orm: Orm, limit: number): Promise<MoneyOperationRow[]> {
  return orm
    .select()
    .from(moneyOperations)
    .where(
      and(
        eq(moneyOperations.status, 'scheduled'),
        sql`exists (select 1 from payments p where p.id = ${moneyOperations.paymentId} and p.capture_status = 'settled')`,
      ),
    )
    .orderBy(asc(moneyOperations.createdAt), asc(moneyOperations.id))
    .limit(limit);
}

/**
 * Takes a scheduled refund to send it now: it becomes pending, awaited from now. Only one server can take
 * it; undefined when another did, or it is no longer scheduled.
 */
export async function claimScheduledRefund(
  orm: Orm,
  operationId: string,
): Promise<MoneyOperationRow | undefined> {
  const rows = await orm
    .update(moneyOperations)
    .set({ status: 'pending', sentAt: new Date() })
    .where(and(eq(moneyOperations.id, operationId), eq(moneyOperations.status, 'scheduled')))
    .returning();
  return rows[0];
}

/** Refunds recorded as done for a payment (to tell a known refund at the gateway from a lost one). */
export async function listSucceededRefunds(
  orm: Orm,
  paymentId: string,
): Promise<{ retrefs: Set<string>; totalCents: number }> {
  const rows = await orm
    .select({ retref: moneyOperations.gatewayRetref, amountCents: moneyOperations.amountCents })
    .from(moneyOperations)
    .where(
      and(
        eq(moneyOperations.paymentId, paymentId),
        eq(moneyOperations.kind, 'refund'),
        eq(moneyOperations.status, 'succeeded'),
      ),
    );
  return {
    retrefs: new Set(rows.flatMap((row) => (row.retref ? [row.retref] : []))),
    totalCents: rows.reduce((sum, row) => sum + row.amountCents, 0),
  };
}

/** Authorized payments, oldest first (they expire first), keyset-paginated on (authorized_at, id). */
export async function listAuthorizedPayments(
  orm: Orm,
  options: { limit: number; after?: { at: Date; id: string } },
): Promise<PaymentRow[]> {
  const after = options.after;
  return orm
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.captureStatus, 'authorized'),
        after
          ? or(
              gt(payments.authorizedAt, after.at),
              and(eq(payments.authorizedAt, after.at), gt(payments.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(payments.authorizedAt), asc(payments.id))
    .limit(options.limit);
}

/** A timestamp as JavaScript's toISOString writes it, made by the database (UTC, milliseconds). */
const isoText = (column: SQL) =>
  sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A Pending Payments row: what the console shows, with the times already as ISO text. */
export interface AwaitingCaptureRow {
  id: string;
  orderId: string;
  requestId: string | null;
  cardBrand: string;
  last4: string;
  bankName: string | null;
  authorizedCents: number;
  authorizedAt: string;
  /** When the authorization lapses at the gateway: `authorizedAt` plus the lifetime the caller gave. */
  expiresAt: string;
}

/**
 * One page of Pending Payments and how many await capture (counted up to `countCap`), in one statement:
 * only the columns shown, times as text (a page is 100 rows; parsing dates and mapping whole rows cost
 * more than the query itself), and one round trip instead of two.
 */
export async function listAwaitingCapture(
  orm: Orm,
  options: {
    limit: number;
    after?: { at: Date; id: string };
    countCap: number;
    /** How long an authorization lasts at the gateway: each row's expiry is written with the page. */
    lifetimeMs: number;
  },
): Promise<{ rows: AwaitingCaptureRow[]; total: number; snapshot: string }> {
  const after = options.after;
  const found = await readPrepared<Record<string, unknown>>(
    orm,
    sql`
    with page as (
      select id, order_id, request_id, card_brand, last4, bank_name, authorized_cents, authorized_at
      from payments where capture_status = 'authorized'
      ${after ? sql`and (authorized_at, id) > (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)` : sql``}
      order by authorized_at, id limit ${options.limit}
    ), awaiting as (
      select count(*)::int as total, ${snapshotText} as snapshot from (
        select 1 from payments where capture_status = 'authorized' limit ${options.countCap}
      ) counted
    )
    select page.id, page.order_id, page.request_id, page.card_brand, page.last4, page.bank_name,
           page.authorized_cents, ${isoText(sql`page.authorized_at`)} as authorized_at,
           ${isoText(sql`page.authorized_at + ${options.lifetimeMs}::int8 * interval '1 millisecond'`)} as expires_at,
           awaiting.total, awaiting.snapshot
    from awaiting left join page on true
    order by page.authorized_at, page.id`,
  );
  const total = Number(found[0]?.total ?? 0);
  const rows: AwaitingCaptureRow[] = [];
  for (const row of found) {
    if (row.id === null) continue;
    rows.push({
      id: row.id as string,
      orderId: row.order_id as string,
      requestId: row.request_id as string | null,
      cardBrand: row.card_brand as string,
      last4: row.last4 as string,
      bankName: row.bank_name as string | null,
      authorizedCents: Number(row.authorized_cents),
      authorizedAt: row.authorized_at as string,
      expiresAt: row.expires_at as string,
    });
  }
  return { rows, total, snapshot: String(found[0]!.snapshot) };
}

export interface HistoryRow {
  rowKind: 'payment' | 'refund';
  rowId: string;
  paymentId: string;
  orderId: string;
  requestId: string | null;
  cardBrand: string;
  last4: string;
  bankName: string | null;
  authorizedCents: number;
  capturedCents: number;
  /** Refunded or reserved for a refund still unconfirmed: what can no longer be refunded. */
  refundedCents: number;
  /** Refunds the gateway has confirmed. */
  confirmedRefundedCents: number;
  captureStatus: PaymentRow['captureStatus'];
  refundCents: number | null;
  /** The row's time, as ISO text (as are the other times). */
  at: string;
  paymentAt: string;
  /** When the gateway settled the payment's capture. */
  settledAt: string | null;
  /** For a refund row: sent as a refund, or (whole, before settlement) as a void of the capture. */
  refundMethod: 'refund' | 'void' | null;
  /** For a refund row: done, or waiting for the capture to settle. */
  refundState: 'succeeded' | 'scheduled' | null;
  /** For a payment row: refunds waiting for the capture to settle. */
  scheduledRefundCents: number;
  /** For a payment row: what was given back by voiding the capture before settlement (never charged). */
  cancelledCents: number;
}

export type HistoryFilter =
  | 'all'
  | 'pending'
  | 'captured'
  | 'partially_captured'
  | 'settled'
  | 'refunded'
  | 'partial_refund'
  | 'refund'
  | 'voided'
  | 'expired';

// Amounts of one row are compared as differences with 0: the planner estimates those from the statistics
// kept on them (migration 0010), and so reads the history index newest first instead of sorting the table.
const PAYMENT_FILTERS: Record<Exclude<HistoryFilter, 'all' | 'refund'>, SQL> = {
  pending: sql`p.capture_status = 'authorized'`,
  captured: sql`p.capture_status in ('captured', 'settled') and p.captured_cents - p.authorized_cents = 0 and p.refunded_cents = 0`,
  partially_captured: sql`p.capture_status in ('partially_captured', 'settled') and p.captured_cents - p.authorized_cents < 0 and p.refunded_cents = 0`,
  settled: sql`p.capture_status = 'settled'`,
  refunded: sql`p.captured_cents > 0 and p.refunded_cents - p.captured_cents = 0`,
  partial_refund: sql`p.refunded_cents > 0 and p.refunded_cents - p.captured_cents < 0`,
  voided: sql`p.capture_status = 'voided'`,
  expired: sql`p.capture_status = 'expired'`,
};

/**
 * Transaction History: every payment and every completed refund as rows of their own, newest first,
 * keyset-paginated on (time, id); optionally one order id prefix and one status.
 */
export async function listHistory(
  orm: Orm,
  options: {
    limit: number;
    before?: { at: Date; id: string };
    orderIdPrefix?: string;
    filter: HistoryFilter;
  },
): Promise<{ rows: HistoryRow[]; /** Read in (none when no row was found). */ snapshot?: string }> {
  const before = options.before;
  const beforeCondition = (atColumn: SQL, idColumn: SQL) =>
    before
      ? sql`and (${atColumn}, ${idColumn}) < (${before.at.toISOString()}::timestamptz, ${before.id}::uuid)`
      : sql``;
  const prefix = options.orderIdPrefix ? `${options.orderIdPrefix.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const prefixCondition = prefix ? sql`and p.order_id like ${prefix}` : sql``;

  const paymentRows =
    options.filter === 'refund'
      ? undefined
      : sql`select 'payment' as row_kind, p.id as row_id, p.created_at as at, null::int as refund_cents,
            null::text as refund_method, null::text as refund_state, p.id as payment_id from payments p
            where true ${options.filter === 'all' ? sql`` : sql`and ${PAYMENT_FILTERS[options.filter]}`}
            ${prefixCondition} ${beforeCondition(sql`p.created_at`, sql`p.id`)}
            order by p.created_at desc, p.id desc limit ${options.limit}`;
  // Refunds are read newest first from their own index; their payment is joined only to match a search.
  const refundRows =
    options.filter === 'all' || options.filter === 'refund'
      ? sql`select 'refund' as row_kind, o.id as row_id, o.created_at as at, o.amount_cents as refund_cents,
            o.method as refund_method, o.status as refund_state, o.payment_id
            from money_operations o ${prefix ? sql`join payments p on p.id = o.payment_id` : sql``}
            where o.kind = 'refund' and o.status in ('succeeded', 'scheduled')
            ${prefixCondition} ${beforeCondition(sql`o.created_at`, sql`o.id`)}
            order by o.created_at desc, o.id desc limit ${options.limit}`
      : undefined;
  const union = [paymentRows, refundRows].filter((part): part is SQL => part !== undefined);
  const combined = union.length === 2 ? sql`(${union[0]}) union all (${union[1]})` : sql`${union[0]}`;

  const found = await readPrepared<Record<string, unknown>>(
    orm,
    sql`
    select r.row_kind, r.row_id, ${isoText(sql`r.at`)} as at, r.refund_cents, r.refund_method, r.refund_state,
           p.id as payment_id, p.order_id, p.request_id, p.card_brand, p.bank_name, p.last4, p.authorized_cents,
           p.captured_cents, p.refunded_cents, p.capture_status, ${isoText(sql`p.created_at`)} as payment_at,
           ${isoText(sql`p.settled_at`)} as settled_at,
           (select coalesce(sum(o.amount_cents), 0) from money_operations o
             where o.payment_id = p.id and o.kind = 'refund' and o.status = 'succeeded') as confirmed_refunded_cents,
           (select coalesce(sum(o.amount_cents), 0) from money_operations o
             where o.payment_id = p.id and o.kind = 'refund' and o.status = 'scheduled') as scheduled_refund_cents,
           (select coalesce(sum(o.amount_cents), 0) from money_operations o
             where o.payment_id = p.id and o.kind = 'refund' and o.method = 'void' and o.status = 'succeeded')
             as cancelled_cents,
           ${snapshotText} as snapshot
    from (${combined}) r join payments p on p.id = r.payment_id
    order by r.at desc, r.row_id desc
    limit ${options.limit}`,
  );
  const rows = found.map((row) => ({
    rowKind: row.row_kind as HistoryRow['rowKind'],
    rowId: String(row.row_id),
    paymentId: String(row.payment_id),
    orderId: String(row.order_id),
    requestId: row.request_id === null ? null : String(row.request_id),
    cardBrand: String(row.card_brand),
    bankName: row.bank_name === null ? null : String(row.bank_name),
    last4: String(row.last4),
    authorizedCents: Number(row.authorized_cents),
    capturedCents: Number(row.captured_cents),
    refundedCents: Number(row.refunded_cents),
    confirmedRefundedCents: Number(row.confirmed_refunded_cents),
    captureStatus: row.capture_status as PaymentRow['captureStatus'],
    refundCents: row.refund_cents === null ? null : Number(row.refund_cents),
    at: row.at as string,
    paymentAt: row.payment_at as string,
    settledAt: (row.settled_at ?? null) as string | null,
    refundMethod: (row.refund_method ?? null) as HistoryRow['refundMethod'],
    refundState: (row.refund_state ?? null) as HistoryRow['refundState'],
    scheduledRefundCents: Number(row.scheduled_refund_cents),
    cancelledCents: Number(row.cancelled_cents),
  }));
  return { rows, snapshot: found[0] ? String(found[0].snapshot) : undefined };
}

export type IdempotencyClaim =
  | { state: 'claimed' }
  | { state: 'replay'; code: number; body: string }
  | { state: 'in_progress' }
  | { state: 'mismatch' };

/**
 * Claims an Idempotency-Key for one request. The first claim wins; a replay gets the stored answer; the
 * same key with another body is a mismatch; a claim left in progress longer than `staleAfterMs` (its server
 * died) may be taken over.
 */
export async function claimIdempotencyKey(
  orm: Orm,
  input: { scope: string; key: string; fingerprint: string; staleAfterMs: number },
): Promise<IdempotencyClaim> {
  const inserted = await orm
    .insert(idempotencyKeys)
    .values({ scope: input.scope, key: input.key, fingerprint: input.fingerprint, status: 'in_progress' })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { state: 'claimed' };
  const existing = (
    await orm
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, input.key)))
      .limit(1)
  )[0];
  if (!existing) return claimIdempotencyKey(orm, input);
  if (existing.fingerprint !== input.fingerprint) return { state: 'mismatch' };
  if (existing.status === 'done')
    return { state: 'replay', code: existing.responseCode ?? 200, body: existing.responseBody ?? '' };
  const staleBefore = new Date(Date.now() - input.staleAfterMs);
  if (existing.lockedAt < staleBefore) {
    const taken = await orm
      .update(idempotencyKeys)
      .set({ lockedAt: new Date() })
      .where(
        and(
          eq(idempotencyKeys.scope, input.scope),
          eq(idempotencyKeys.key, input.key),
          eq(idempotencyKeys.status, 'in_progress'),
          lt(idempotencyKeys.lockedAt, staleBefore),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (taken.length > 0) return { state: 'claimed' };
  }
  return { state: 'in_progress' };
}

export async function storeIdempotentAnswer(
  orm: Orm,
  input: { scope: string; key: string; code: number; body: string },
): Promise<void> {
  await orm
    .update(idempotencyKeys)
    .set({ status: 'done', responseCode: input.code, responseBody: input.body })
    .where(and(eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, input.key)));
}

export async function refreshIdempotencyClaim(
  orm: Orm,
  input: { scope: string; key: string },
): Promise<void> {
  await orm
    .update(idempotencyKeys)
    .set({ lockedAt: new Date() })
    .where(
      and(
        eq(idempotencyKeys.scope, input.scope),
        eq(idempotencyKeys.key, input.key),
        eq(idempotencyKeys.status, 'in_progress'),
      ),
    );
}

/** Stored answers are kept a day: long enough for any retry, not for ever. */
export async function deleteIdempotencyKeysBefore(orm: Orm, before: Date): Promise<void> {
  await orm.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
}

/** Forgets a claim whose request ended without a final answer, so that a retry runs again. */
export async function releaseIdempotencyKey(orm: Orm, input: { scope: string; key: string }): Promise<void> {
  await orm
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, input.scope),
        eq(idempotencyKeys.key, input.key),
        eq(idempotencyKeys.status, 'in_progress'),
      ),
    );
}
