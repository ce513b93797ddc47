import { and, asc, eq, sql } from 'drizzle-orm';
import type { Orm } from './client';
import type { MoneyOperationRow } from './ledger-store';
import { moneyOperations } from './schema';

/**
 * What the ledger of money operations holds, read: an operation by its key or id, those awaiting the gateway,
 * the refunds due after settlement, and the refunds done of a payment. Every change is in ledger-store.ts.
 */

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
