import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentRow } from './checkout-store';
import { isUniqueViolation, type Orm, type Transaction } from './client';
import type { OutboxEntry } from './mail-outbox-store';
import { fixedStatement, rowOf } from './prepared';
import {
  checkCaptureMove,
  checkOperationMove,
  moveOperation,
  movePayment,
  type AuditLine,
} from './ledger-moves';
import { moneyOperations, payments } from './schema';

/**
 * The ledger of money operations (captures, voids, refunds) and their effect on payments. Every write is one
 * guarded statement or one transaction that locks the payment first, so that the money rules hold on any
 * number of servers; the database's checks and triggers back them (docs/payment-lifecycle.md, "Money rules").
 * Every change of a status is a move of `ledger-moves.ts`, checked against the core's transition tables and
 * written with its audit line.
 */

export type MoneyOperationRow = typeof moneyOperations.$inferSelect;

export type Reservation =
  | { ok: true; operation: MoneyOperationRow; payment: PaymentRow }
  | {
      ok: false;
      reason: 'not_found' | 'not_authorized' | 'busy' | 'over_limit' | 'not_captured' | 'returned';
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

/**
 * Adds a refund to a captured payment's refunded total in one guarded statement, so that concurrent refunds
 * on any number of servers can never give back more than was captured (a CHECK constraint backs it).
 * Undefined when the payment is not captured or the refund would exceed what is left.
 */
export async function addRefundedCents(
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
    // A debit the bank returned is the customer's money again: a refund would pay them twice (decision 036).
    // Read under the payment's lock, so a return recorded meanwhile is seen.
    const locked = await lockPayment(tx, input.paymentId);
    if (locked?.returnedAt) return { ok: false, reason: 'returned', payment: locked } as const;
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

export async function hasOperationInFlight(tx: Transaction, paymentId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: moneyOperations.id })
    .from(moneyOperations)
    .where(and(eq(moneyOperations.paymentId, paymentId), eq(moneyOperations.status, 'pending')))
    .limit(1);
  return rows.length > 0;
}

export async function lockPayment(tx: Transaction, paymentId: string): Promise<PaymentRow | undefined> {
  return (await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update').limit(1))[0];
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
  result: Omit<OperationDone, 'operationId'> & { audit?: AuditLineOf },
): Promise<MoneyOperationRow | undefined> {
  try {
    return (await completeOperations(orm, [{ operationId, ...result }]))[0];
  } catch (error) {
    // That gateway refund is already recorded for another operation: this one is not settled by it.
    if (isUniqueViolation(error) && result.gatewayRetref) return undefined;
    throw error;
  }
}

/**
 * What the gateway said of an operation it did: its message, and the amount and reference when it gave them;
 * and the customer's message about it, if one is due (a refund of an order with a contact email).
 */
export interface OperationDone {
  operationId: string;
  amountCents?: number;
  gatewayRetref?: string;
  message: string;
  mail?: OutboxEntry;
}

/** An audit line written with the operation it tells of; its amount is the one settled. */
export type AuditLineOf = Omit<AuditLine, 'amountCents'>;

/** The moves `settleOperationsDone` makes: an operation done, and the authorization it closes. */
const MOVES_OF_A_DONE_OPERATION = () => {
  checkOperationMove('pending', 'succeeded');
  for (const closed of ['captured', 'partially_captured', 'voided'] as const)
    checkCaptureMove('authorized', closed);
};

/**
 * Settles operations done at the gateway, any number, in one statement (and so in one transaction): the
 * payments are locked first, in id order, as every transaction that changes an operation and its payment
 * locks them (two of them never wait on each other); each operation still pending is marked succeeded, a
 * capture closes its authorization (captured in full, or in part when less than authorized was captured)
 * and a void voids it; the audit line and the customer's message (the outbox, decision 027) given with an
 * operation are written with it, the message once per operation however often it is settled. A batch of one
 * settles one capture, void or refund; Capture All settles its approved captures in batches.
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
  ), mailed as (
    insert into mail_outbox (kind, dedupe_key, order_id, recipient, subject, text_body, html_body, message_id)
    select mail.kind, mail.dedupe_key, mail.order_id, mail.recipient, mail.subject, mail.text_body,
      mail.html_body, mail.message_id
    from succeeded s
    join jsonb_to_recordset($11::jsonb) as mail(operation_id uuid, kind text, dedupe_key text, order_id text,
      recipient text, subject text, text_body text, html_body text, message_id text) on mail.operation_id = s.id
    on conflict (dedupe_key) do nothing
  )
  select * from succeeded`);

/**
 * Settles pending operations as done at the gateway (see settleOperationsDone), with their audit lines and
 * customer messages. Operations settled meanwhile (by reconciliation) are left out of the answer, and
 * unchanged.
 */
export async function completeOperations(
  orm: Orm,
  done: (OperationDone & { audit?: AuditLineOf })[],
): Promise<MoneyOperationRow[]> {
  if (done.length === 0) return [];
  MOVES_OF_A_DONE_OPERATION();
  const audited = done.filter((operation) => operation.audit);
  const mails = done.flatMap(({ operationId, mail }) =>
    mail
      ? [
          {
            operation_id: operationId,
            kind: mail.kind,
            dedupe_key: mail.dedupeKey,
            order_id: mail.orderId ?? null,
            recipient: mail.recipient,
            subject: mail.subject,
            text_body: mail.textBody,
            html_body: mail.htmlBody,
            message_id: mail.messageId,
          },
        ]
      : [],
  );
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
    JSON.stringify(mails),
  ]);
  return rows.map((row) => rowOf(moneyOperations, row));
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
  return (await reserveFullCaptures(orm, [paymentIds, actor])).map((row) => rowOf(moneyOperations, row));
}

/**
 * Settles a pending operation as not done, with its audit line: a refund's reservation is given back; a
 * capture or void refused because the authorization lapsed expires it.
 */
export async function releaseOperation(
  orm: Orm,
  operationId: string,
  message: string,
  options: { expireAuthorization?: boolean; audit?: (released: MoneyOperationRow) => AuditLine } = {},
): Promise<MoneyOperationRow | undefined> {
  return orm.transaction(async (tx) => {
    await lockPaymentOf(tx, operationId);
    const operation = await moveOperation(tx, operationId, {
      from: 'pending',
      to: 'failed',
      set: { message, completedAt: new Date() },
      audit: options.audit,
    });
    if (!operation) return undefined;
    if (operation.kind === 'refund') {
      await tx
        .update(payments)
        .set({ refundedCents: sql`${payments.refundedCents} - ${operation.amountCents}::int` })
        .where(eq(payments.id, operation.paymentId));
    } else if (options.expireAuthorization) {
      await movePayment(tx, operation.paymentId, { from: ['authorized'], to: 'expired' });
    }
    return operation;
  });
}

/**
 * Keeps a reserved refund the gateway declined because its capture has not settled yet: its amount stays
 * reserved, and upkeep sends it once the capture settles.
 */
export async function scheduleRefund(
  orm: Orm,
  operationId: string,
  message: string,
  audit?: (scheduled: MoneyOperationRow) => AuditLine,
): Promise<MoneyOperationRow | undefined> {
  return orm.transaction(async (tx) => {
    await lockPaymentOf(tx, operationId);
    return moveOperation(tx, operationId, {
      from: 'pending',
      to: 'scheduled',
      set: { method: 'refund', message, sentAt: null },
      audit,
    });
  });
}

/**
 * Takes a scheduled refund to send it now: it becomes pending, awaited from now. Only one server can take
 * it; undefined when another did, or it is no longer scheduled.
 */
export async function claimScheduledRefund(
  orm: Orm,
  operationId: string,
): Promise<MoneyOperationRow | undefined> {
  return orm.transaction(async (tx) => {
    await lockPaymentOf(tx, operationId);
    return moveOperation(tx, operationId, { from: 'scheduled', to: 'pending', set: { sentAt: new Date() } });
  });
}
