import {
  centsToDollars,
  DISPUTED_REFUND_WARNING,
  formatCents,
  REFUND_APPROVAL_MESSAGES,
  type RefundApproval,
  type RefundApprovalMethod,
} from '@store/core';
import { insertAuditEvent } from '../../db/audit-store';
import { findPayment } from '../../db/checkout-store';
import { refundableCentsOf } from '../../db/payment-money';
import {
  approvedRefundKey,
  decideRefundApproval,
  findRefundApproval,
  insertRefundApproval,
  listApprovedWithoutRefund,
  listRefundApprovals,
  markApprovedRefundRefused,
  type RefundApprovalRow,
} from '../../db/refund-approval-store';
import { AppError } from '../../errors';
import { cancelCharge, refundPayment } from './commands';
import { cancellationRefusal } from './refund-policy';
import type { OperationAnswer, OperationsDependencies } from './dependencies';
import { refusal } from './runner';

/**
 * Refunds above the approval limit (decision 058): the refund becomes a request; another manager or the
 * owner approves it, which sends the refund through the one path every refund takes (reserve → call →
 * confirm) with the request's own idempotency key, so it is sent once however many approve at once and on
 * however many servers; or declines it with the reason; or the requester withdraws it.
 */

function approvalOf(row: RefundApprovalRow): RefundApproval {
  return {
    id: row.id,
    orderId: row.orderId,
    paymentId: row.paymentId,
    amount: centsToDollars(row.amountCents),
    method: row.method,
    reason: row.reason,
    requestedBy: row.requestedBy,
    requestedAt: row.requestedAt.toISOString(),
    status: row.status,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
  };
}

/**
 * Records a refund above the limit as a request, after the same checks the refund itself makes (a captured
 * payment, enough still refundable, a dispute confirmed): a request that could never be sent is refused now.
 */
export async function askForRefund(
  deps: OperationsDependencies,
  request: {
    paymentId: string;
    /** For a refund; a cancelled charge is the whole capture. */
    amountCents?: number;
    method: RefundApprovalMethod;
    reason?: string;
    confirmDisputed?: boolean;
    actor: string;
  },
): Promise<{ approval: RefundApprovalRow; refundableCents: number }> {
  const payment = await findPayment(deps.orm, request.paymentId);
  if (!payment) throw refusal({ ok: false, reason: 'not_found' }, 'refund');
  let amountCents: number;
  if (request.method === 'cancel_charge') {
    const refused = cancellationRefusal(payment);
    if (refused) throw refused;
    amountCents = payment.capturedCents;
  } else {
    if (payment.disputedAt && !request.confirmDisputed)
      throw new AppError('conflict', DISPUTED_REFUND_WARNING);
    if (!['captured', 'partially_captured', 'settled'].includes(payment.captureStatus)) {
      throw refusal({ ok: false, reason: 'not_captured', payment }, 'refund');
    }
    if (payment.returnedAt) throw refusal({ ok: false, reason: 'returned', payment }, 'refund');
    amountCents = request.amountCents ?? 0;
    if (amountCents > refundableCentsOf(payment)) {
      throw refusal({ ok: false, reason: 'over_limit', payment }, 'refund');
    }
  }
  const row = await insertRefundApproval(deps.orm, {
    paymentId: payment.id,
    amountCents,
    method: request.method,
    reason: request.reason || null,
    requestedBy: request.actor,
  });
  if (!row) throw new AppError('conflict', REFUND_APPROVAL_MESSAGES.onePending);
  await insertAuditEvent(deps.orm, {
    actor: request.actor,
    action: 'refund_request',
    orderId: payment.orderId,
    amountCents,
    outcome: 'success',
    detail: `${request.method === 'cancel_charge' ? 'cancelled charge' : 'refund'} of ${formatCents(amountCents)} awaits approval${row.reason ? `: ${row.reason}` : ''}`,
  });
  return { approval: row, refundableCents: refundableCentsOf(payment) };
}

/**
 * Cancel charge: a charge of more than the limit is a request too, as a refund of it would be; undefined when
 * the charge is within the limit (or there is none), and the cancellation is sent at once.
 */
export async function askForCancellationAbove(
  deps: OperationsDependencies,
  limitCents: number | null,
  request: { paymentId: string; actor: string },
): Promise<{ approval: RefundApprovalRow; refundableCents: number } | undefined> {
  if (limitCents === null) return undefined;
  const payment = await findPayment(deps.orm, request.paymentId);
  if (!payment || payment.capturedCents <= limitCents) return undefined;
  return askForRefund(deps, { ...request, method: 'cancel_charge' });
}

export async function listApprovals(
  deps: Pick<OperationsDependencies, 'orm'>,
  options: { pendingOnly: boolean; paymentIds?: string[] },
): Promise<RefundApproval[]> {
  return (await listRefundApprovals(deps.orm, { ...options, limit: 200 })).map(approvalOf);
}

/** Why a decision was not taken: the request is gone, decided already, or not this person's to take. */
async function decisionRefused(deps: OperationsDependencies, id: string, by: string, withdraw: boolean) {
  const row = await findRefundApproval(deps.orm, id);
  if (!row) return new AppError('not_found', REFUND_APPROVAL_MESSAGES.notFound);
  if (row.status !== 'pending') return new AppError('conflict', REFUND_APPROVAL_MESSAGES.alreadyDecided);
  return withdraw
    ? new AppError('forbidden', REFUND_APPROVAL_MESSAGES.onlyRequester)
    : new AppError('forbidden', REFUND_APPROVAL_MESSAGES.ownRequest);
}

/** Sends the refund of an approved request; a refusal is kept on the request and said. */
async function sendApprovedRefund(
  deps: OperationsDependencies,
  row: RefundApprovalRow,
  approver: string,
): Promise<OperationAnswer> {
  try {
    const request = {
      paymentId: row.paymentId,
      actor: row.requestedBy,
      auditNote: `approved by ${approver}: `,
      idempotencyKey: approvedRefundKey(row.id),
    };
    const answer =
      row.method === 'cancel_charge'
        ? await cancelCharge(deps, request)
        : // The requester confirmed a dispute when asking; nobody asks them again.
          await refundPayment(deps, { ...request, amountCents: row.amountCents, confirmDisputed: true });
    if (answer.operation.status === 'failed') {
      await markApprovedRefundRefused(deps.orm, row.id, answer.message);
    }
    return answer;
  } catch (error) {
    if (error instanceof AppError) await markApprovedRefundRefused(deps.orm, row.id, error.message);
    throw error;
  }
}

export async function approveRefund(
  deps: OperationsDependencies,
  id: string,
  approver: string,
  now = new Date(),
): Promise<{ message: string; approval: RefundApproval }> {
  if (!(await decideRefundApproval(deps.orm, id, { status: 'approved', by: approver, reason: null, now }))) {
    throw await decisionRefused(deps, id, approver, false);
  }
  const row = (await findRefundApproval(deps.orm, id))!;
  await insertAuditEvent(deps.orm, {
    actor: approver,
    action: 'refund_approve',
    orderId: row.orderId,
    amountCents: row.amountCents,
    outcome: 'success',
    detail: `refund asked for by ${row.requestedBy} approved`,
  });
  const answer = await sendApprovedRefund(deps, row, approver);
  return { message: answer.message, approval: approvalOf((await findRefundApproval(deps.orm, id))!) };
}

export async function declineRefund(
  deps: OperationsDependencies,
  id: string,
  decider: string,
  reason: string | undefined,
  now = new Date(),
): Promise<{ message: string; approval: RefundApproval }> {
  if (!reason) throw new AppError('invalid', REFUND_APPROVAL_MESSAGES.declineReasonRequired);
  if (!(await decideRefundApproval(deps.orm, id, { status: 'declined', by: decider, reason, now }))) {
    throw await decisionRefused(deps, id, decider, false);
  }
  const row = (await findRefundApproval(deps.orm, id))!;
  await insertAuditEvent(deps.orm, {
    actor: decider,
    action: 'refund_decline',
    orderId: row.orderId,
    amountCents: row.amountCents,
    outcome: 'success',
    detail: `refund asked for by ${row.requestedBy} declined: ${reason}`,
  });
  return { message: `The refund of ${formatCents(row.amountCents)} was declined`, approval: approvalOf(row) };
}

export async function withdrawRefund(
  deps: OperationsDependencies,
  id: string,
  requester: string,
  now = new Date(),
): Promise<{ message: string; approval: RefundApproval }> {
  if (
    !(await decideRefundApproval(deps.orm, id, { status: 'cancelled', by: requester, reason: null, now }))
  ) {
    throw await decisionRefused(deps, id, requester, true);
  }
  const row = (await findRefundApproval(deps.orm, id))!;
  await insertAuditEvent(deps.orm, {
    actor: requester,
    action: 'refund_withdraw',
    orderId: row.orderId,
    amountCents: row.amountCents,
    outcome: 'success',
    detail: 'refund request withdrawn',
  });
  return {
    message: `The refund request of ${formatCents(row.amountCents)} was withdrawn`,
    approval: approvalOf(row),
  };
}

/**
 * Upkeep: an approved request whose refund was never reserved (the server stopped between the approval and
 * the refund) is sent now, with its own key: if the refund was reserved after all, the same one is resumed.
 */
export async function sendApprovedRefundsLeftBehind(
  deps: OperationsDependencies,
  now = new Date(),
): Promise<number> {
  let sent = 0;
  for (const row of await listApprovedWithoutRefund(deps.orm, new Date(now.getTime() - 60_000))) {
    try {
      await sendApprovedRefund(deps, row, row.decidedBy ?? 'upkeep');
      sent += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return sent;
}
