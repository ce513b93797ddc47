import {
  dollarsToCents,
  formatCents,
  type Cents,
  type RefundApproval,
  type RefundApprovalDecisionResponse,
  type RefundApprovalListResponse,
  type RefundApprovalStatus,
} from '@store/core';
import type { BadgeTone } from '../../components/status-badge';
import type { Notice } from '../../components/notices';

/**
 * Refunds above the approval limit (decision 058): a refund above it becomes a request that another manager
 * or the owner approves (the refund is then sent) or declines with the reason; its requester may withdraw it.
 */

/** The limit as the store answers it (dollars; null when every refund is sent at once), in cents. */
export function approvalLimitCents(limit: number | null | undefined): Cents | null {
  return limit === null || limit === undefined ? null : dollarsToCents(limit);
}

/** Whether the store makes a refund of `cents` a request: strictly above the limit, as the store decides. */
export function needsApproval(cents: Cents, limitCents: Cents | null): boolean {
  return limitCents !== null && cents > limitCents;
}

/** What the refund dialog says before a refund above the limit is sent. */
export function approvalNeededText(limitCents: Cents): string {
  return `Above ${formatCents(limitCents)}: another manager or the owner approves it before it is sent.`;
}

/** The payment's request awaiting approval (the store keeps at most one per payment). */
export function awaitingRequestOf(
  approvals: readonly RefundApproval[] | undefined,
  paymentId: string,
): RefundApproval | undefined {
  return approvals?.find((approval) => approval.paymentId === paymentId && approval.status === 'pending');
}

/**
 * Whether the request, once approved, cancels the whole charge before it settles (Cancel charge of more
 * than the limit) rather than refunding: a store whose requests name no way back only refunds.
 */
export function cancelsCharge(approval: Pick<RefundApproval, 'amount'>): boolean {
  return 'method' in approval && approval.method === 'cancel_charge';
}

function amountOf(approval: Pick<RefundApproval, 'amount'>): string {
  return formatCents(dollarsToCents(approval.amount));
}

/** What a request is for, in a few words: "Refund of $300.00", "Cancel charge of $393.49". */
export function requestTitle(approval: Pick<RefundApproval, 'amount'>): string {
  return `${cancelsCharge(approval) ? 'Cancel charge' : 'Refund'} of ${amountOf(approval)}`;
}

/** "A refund of $300.00 awaits approval": why no second request is offered for the payment. */
export function awaitingRefundText(approval: Pick<RefundApproval, 'amount'>): string {
  return cancelsCharge(approval)
    ? `Cancelling the ${amountOf(approval)} charge awaits approval`
    : `A refund of ${amountOf(approval)} awaits approval`;
}

export const REFUND_APPROVAL_TONES: Record<RefundApprovalStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  declined: 'neutral',
  cancelled: 'neutral',
  failed: 'danger',
};

/** What the signed-in person may do with a request, and whether it is their own. */
export interface ApprovalActions {
  approve: boolean;
  decline: boolean;
  withdraw: boolean;
  /** They asked for it: another manager or the owner decides it. */
  ownRequest: boolean;
}

/**
 * A request awaiting approval is approved or declined by someone with the right to refund who did not ask
 * for it; its requester (with that right still) may withdraw it instead. A decided request offers nothing.
 */
export function approvalActionsFor(
  approval: Pick<RefundApproval, 'status' | 'requestedBy'>,
  person: { username: string | undefined; mayRefund: boolean },
): ApprovalActions {
  const ownRequest = person.username !== undefined && approval.requestedBy === person.username;
  const open = approval.status === 'pending' && person.mayRefund;
  return {
    approve: open && !ownRequest,
    decline: open && !ownRequest,
    withdraw: open && ownRequest,
    ownRequest,
  };
}

/**
 * The list as the tab shows it: the requests awaiting approval (oldest first, as the store sends them),
 * then the most recent `recent` decided ones (newest first), and how many older decided ones are not shown.
 */
export function splitApprovals(
  approvals: readonly RefundApproval[],
  recent: number,
): { awaiting: RefundApproval[]; decided: RefundApproval[]; olderDecided: number } {
  const awaiting = approvals.filter((approval) => approval.status === 'pending');
  const decided = approvals.filter((approval) => approval.status !== 'pending');
  return {
    awaiting,
    decided: decided.slice(0, recent),
    olderDecided: Math.max(0, decided.length - recent),
  };
}

/**
 * A list answer with a request just decided put where the store will list it (out of the awaiting ones;
 * among the decided ones, by when it was asked for, newest first; gone from a list of awaiting ones only),
 * so that the row moves at once rather than at the next refresh.
 */
export function withDecidedRequest(
  list: RefundApprovalListResponse,
  decided: RefundApproval,
  awaitingOnly: boolean,
): RefundApprovalListResponse {
  const others = list.approvals.filter((approval) => approval.id !== decided.id);
  if (awaitingOnly) return { ...list, approvals: others };
  const awaiting = others.filter((approval) => approval.status === 'pending');
  const done = [...others.filter((approval) => approval.status !== 'pending'), decided].sort(
    (a, b) => Date.parse(b.requestedAt) - Date.parse(a.requestedAt),
  );
  return { ...list, approvals: [...awaiting, ...done] };
}

/** What the console says once a request was approved, declined or withdrawn. */
export function decisionNotice(answer: RefundApprovalDecisionResponse): Omit<Notice, 'id'> {
  const { approval } = answer;
  const order = `Order ${approval.orderId}`;
  switch (approval.status) {
    case 'approved':
      return {
        tone: 'success',
        title: `${requestTitle(approval)} approved`,
        detail: `${order}: ${answer.message}`,
      };
    case 'failed':
      return {
        tone: 'error',
        title: `Approved, but the ${cancelsCharge(approval) ? 'cancellation' : 'refund'} of ${amountOf(approval)} was refused`,
        detail: `${order}: ${approval.decisionReason ?? answer.message}`,
      };
    default:
      return { tone: 'success', title: answer.message, detail: order };
  }
}
