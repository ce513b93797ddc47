/** Refunds above the approval limit, as requests a second person decides (decision 058). */

import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { isUniqueViolation, queryRows, type Orm } from './client';
import { payments, refundApprovals } from './schema';

export type RefundApprovalRow = typeof refundApprovals.$inferSelect & { orderId: string };

const COLUMNS = {
  id: refundApprovals.id,
  paymentId: refundApprovals.paymentId,
  amountCents: refundApprovals.amountCents,
  method: refundApprovals.method,
  reason: refundApprovals.reason,
  requestedBy: refundApprovals.requestedBy,
  requestedAt: refundApprovals.requestedAt,
  status: refundApprovals.status,
  decidedBy: refundApprovals.decidedBy,
  decidedAt: refundApprovals.decidedAt,
  decisionReason: refundApprovals.decisionReason,
  orderId: sql<string>`coalesce(${payments.orderId}, '')`,
};

/** The idempotency key of the refund an approved request sends: one operation per request, ever. */
export function approvedRefundKey(approvalId: string): string {
  return `refund-approval:${approvalId}`;
}

/** A new request; undefined when the payment already has one awaiting approval. */
export async function insertRefundApproval(
  orm: Orm,
  input: {
    paymentId: string;
    amountCents: number;
    method: 'refund' | 'cancel_charge';
    reason: string | null;
    requestedBy: string;
  },
): Promise<RefundApprovalRow | undefined> {
  try {
    const [row] = await orm.insert(refundApprovals).values(input).returning({ id: refundApprovals.id });
    return row && findRefundApproval(orm, row.id);
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

export async function findRefundApproval(orm: Orm, id: string): Promise<RefundApprovalRow | undefined> {
  const rows = await orm
    .select(COLUMNS)
    .from(refundApprovals)
    .innerJoin(payments, eq(payments.id, refundApprovals.paymentId))
    .where(eq(refundApprovals.id, id));
  return rows[0];
}

/** Awaiting first, oldest first; then the decided ones, newest first (at most `limit`). */
export async function listRefundApprovals(
  orm: Orm,
  options: { pendingOnly: boolean; paymentIds?: string[]; limit: number },
): Promise<RefundApprovalRow[]> {
  return orm
    .select(COLUMNS)
    .from(refundApprovals)
    .innerJoin(payments, eq(payments.id, refundApprovals.paymentId))
    .where(
      and(
        options.pendingOnly ? eq(refundApprovals.status, 'pending') : undefined,
        options.paymentIds ? inArray(refundApprovals.paymentId, options.paymentIds) : undefined,
      ),
    )
    .orderBy(
      sql`${refundApprovals.status} = 'pending' desc`,
      sql`case when ${refundApprovals.status} = 'pending' then ${refundApprovals.requestedAt} end asc`,
      desc(refundApprovals.requestedAt),
      asc(refundApprovals.id),
    )
    .limit(options.limit);
}

/**
 * Decides a request still awaiting: approved or declined by someone other than the requester, or withdrawn
 * by the requester. One conditional UPDATE: of two people deciding at once, one does. Undefined when the
 * request is not awaiting, or the person may not make this decision.
 */
export async function decideRefundApproval(
  orm: Orm,
  id: string,
  decision: { status: 'approved' | 'declined' | 'cancelled'; by: string; reason: string | null; now: Date },
): Promise<boolean> {
  const rows = await orm
    .update(refundApprovals)
    .set({
      status: decision.status,
      decidedBy: decision.by,
      decidedAt: decision.now,
      decisionReason: decision.reason,
    })
    .where(
      and(
        eq(refundApprovals.id, id),
        eq(refundApprovals.status, 'pending'),
        decision.status === 'cancelled'
          ? eq(refundApprovals.requestedBy, decision.by)
          : ne(refundApprovals.requestedBy, decision.by),
      ),
    )
    .returning({ id: refundApprovals.id });
  return rows.length === 1;
}

/** An approved request whose refund the ledger or the gateway refused: it says why. */
export async function markApprovedRefundRefused(orm: Orm, id: string, reason: string): Promise<void> {
  await orm
    .update(refundApprovals)
    .set({ status: 'failed', decisionReason: reason })
    .where(and(eq(refundApprovals.id, id), eq(refundApprovals.status, 'approved')));
}

/** Approved before `before` and no refund operation recorded for them: a server stopped in between. */
export async function listApprovedWithoutRefund(orm: Orm, before: Date): Promise<RefundApprovalRow[]> {
  const ids = await queryRows<{ id: string }>(
    orm,
    sql`select r.id from refund_approvals r
      where r.status = 'approved' and r.decided_at < ${before.toISOString()}::timestamptz
        and not exists (select 1 from money_operations o where o.idempotency_key = 'refund-approval:' || r.id::text)
      order by r.decided_at limit 50`,
  );
  const rows = await Promise.all(ids.map((row) => findRefundApproval(orm, row.id)));
  return rows.filter((row) => row !== undefined);
}
