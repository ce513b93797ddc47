import { REFUND_APPROVAL_STATUSES, type RefundApproval, type RefundApprovalListResponse } from '@store/core';
import { describe, expect, it } from 'vitest';
import {
  approvalActionsFor,
  approvalLimitCents,
  approvalNeededText,
  awaitingRefundText,
  awaitingRequestOf,
  cancelsCharge,
  decisionNotice,
  needsApproval,
  REFUND_APPROVAL_TONES,
  requestTitle,
  splitApprovals,
  withDecidedRequest,
} from './refund-approvals';

function request(id: string, changes: Partial<RefundApproval> = {}): RefundApproval {
  // Asserted: a store whose requests name their way back (`method`) and one whose requests do not.
  return {
    id,
    orderId: `CC-${id.toUpperCase()}`,
    paymentId: `payment-${id}`,
    amount: 300,
    method: 'refund',
    reason: null,
    requestedBy: 'riley',
    requestedAt: '2026-03-01T12:00:00.000Z',
    status: 'pending',
    decidedBy: null,
    decidedAt: null,
    decisionReason: null,
    ...changes,
  } as RefundApproval;
}

/** A request that cancels the whole charge once approved (Cancel charge of more than the limit). */
const cancellation = (id: string, changes: Partial<RefundApproval> = {}) =>
  ({ ...request(id, { amount: 393.49, ...changes }), method: 'cancel_charge' }) as RefundApproval;

const declined = (id: string, requestedAt: string) =>
  request(id, {
    requestedAt,
    status: 'declined',
    decidedBy: 'morgan',
    decidedAt: '2026-03-02T09:00:00.000Z',
    decisionReason: 'Goods not returned',
  });

describe('the approval limit', () => {
  it('is read in cents, and absent when the store sends every refund at once', () => {
    expect(approvalLimitCents(250)).toBe(25_000);
    expect(approvalLimitCents(249.99)).toBe(24_999);
    expect(approvalLimitCents(null)).toBeNull();
    expect(approvalLimitCents(undefined)).toBeNull();
  });

  it('makes a refund a request strictly above it, as the store does', () => {
    expect(needsApproval(25_001, 25_000)).toBe(true);
    expect(needsApproval(25_000, 25_000)).toBe(false);
    expect(needsApproval(1, 25_000)).toBe(false);
    expect(needsApproval(1_000_000, null)).toBe(false);
  });

  it('is said before a refund above it is sent', () => {
    expect(approvalNeededText(25_000)).toBe(
      'Above $250.00: another manager or the owner approves it before it is sent.',
    );
  });
});

describe('a request awaiting approval', () => {
  it('is found for its payment only while it awaits', () => {
    const list = [request('a'), declined('b', '2026-03-01T10:00:00.000Z')];
    expect(awaitingRequestOf(list, 'payment-a')?.id).toBe('a');
    expect(awaitingRequestOf(list, 'payment-b')).toBeUndefined();
    expect(awaitingRequestOf(undefined, 'payment-a')).toBeUndefined();
    expect(awaitingRefundText(request('a', { amount: 300.5 }))).toBe('A refund of $300.50 awaits approval');
    expect(awaitingRefundText(cancellation('c'))).toBe('Cancelling the $393.49 charge awaits approval');
  });

  it('is named by what its approval does: a refund, or the whole charge cancelled', () => {
    expect(cancelsCharge(request('a'))).toBe(false);
    expect(cancelsCharge({ amount: 300 })).toBe(false);
    expect(cancelsCharge(cancellation('c'))).toBe(true);
    expect(requestTitle(request('a'))).toBe('Refund of $300.00');
    expect(requestTitle(cancellation('c'))).toBe('Cancel charge of $393.49');
  });
});

describe('approvalActionsFor', () => {
  const pending = request('a');

  it('lets someone with the right to refund approve or decline another’s request', () => {
    expect(approvalActionsFor(pending, { username: 'morgan', mayRefund: true })).toEqual({
      approve: true,
      decline: true,
      withdraw: false,
      ownRequest: false,
    });
  });

  it('lets the requester withdraw their own request, never approve it', () => {
    expect(approvalActionsFor(pending, { username: 'riley', mayRefund: true })).toEqual({
      approve: false,
      decline: false,
      withdraw: true,
      ownRequest: true,
    });
  });

  it('offers nothing to a role without refunds, nor before the session is read', () => {
    const none = { approve: false, decline: false, withdraw: false };
    expect(approvalActionsFor(pending, { username: 'casey', mayRefund: false })).toEqual({
      ...none,
      ownRequest: false,
    });
    expect(approvalActionsFor(pending, { username: 'riley', mayRefund: false })).toEqual({
      ...none,
      ownRequest: true,
    });
    expect(approvalActionsFor(pending, { username: undefined, mayRefund: false })).toEqual({
      ...none,
      ownRequest: false,
    });
  });

  it('offers nothing on a decided request', () => {
    for (const status of REFUND_APPROVAL_STATUSES.filter((each) => each !== 'pending')) {
      const actions = approvalActionsFor(request('a', { status }), { username: 'morgan', mayRefund: true });
      expect([actions.approve, actions.decline, actions.withdraw]).toEqual([false, false, false]);
    }
  });

  it('gives every status a colour', () => {
    expect(Object.keys(REFUND_APPROVAL_TONES).sort()).toEqual([...REFUND_APPROVAL_STATUSES].sort());
  });
});

describe('splitApprovals', () => {
  it('keeps the awaiting ones in the store’s order, then the most recent decided ones', () => {
    const list = [
      request('a'),
      request('b'),
      declined('c', '2026-03-01T11:00:00.000Z'),
      declined('d', '2026-03-01T10:00:00.000Z'),
      declined('e', '2026-03-01T09:00:00.000Z'),
    ];
    const split = splitApprovals(list, 2);
    expect(split.awaiting.map((row) => row.id)).toEqual(['a', 'b']);
    expect(split.decided.map((row) => row.id)).toEqual(['c', 'd']);
    expect(split.olderDecided).toBe(1);
    expect(splitApprovals([], 2)).toEqual({ awaiting: [], decided: [], olderDecided: 0 });
  });
});

describe('withDecidedRequest', () => {
  const list: RefundApprovalListResponse = {
    status: 'success',
    limit: 250,
    approvals: [
      request('a', { requestedAt: '2026-03-01T08:00:00.000Z' }),
      request('b', { requestedAt: '2026-03-01T12:00:00.000Z' }),
      declined('c', '2026-03-01T11:00:00.000Z'),
      declined('d', '2026-03-01T07:00:00.000Z'),
    ],
  };

  it('moves the request among the decided ones, by when it was asked for', () => {
    const approved = { ...list.approvals[0]!, status: 'approved' as const, decidedBy: 'morgan' };
    const next = withDecidedRequest(list, approved, false);
    expect(next.approvals.map((row) => [row.id, row.status])).toEqual([
      ['b', 'pending'],
      ['c', 'declined'],
      ['a', 'approved'],
      ['d', 'declined'],
    ]);
    expect(next.limit).toBe(250);
    // The answer the cache held is left as it was.
    expect(list.approvals[0]!.status).toBe('pending');
  });

  it('takes it off a list of awaiting requests', () => {
    const withdrawn = { ...list.approvals[1]!, status: 'cancelled' as const };
    const awaitingOnly = { ...list, approvals: list.approvals.slice(0, 2) };
    expect(withDecidedRequest(awaitingOnly, withdrawn, true).approvals.map((row) => row.id)).toEqual(['a']);
  });
});

describe('decisionNotice', () => {
  it('says an approved refund was sent, with the store’s words', () => {
    const approval = request('a', { status: 'approved', decidedBy: 'morgan' });
    expect(decisionNotice({ status: 'success', message: 'Refund processed', approval })).toEqual({
      tone: 'success',
      title: 'Refund of $300.00 approved',
      detail: 'Order CC-A: Refund processed',
    });
  });

  it('says an approved cancellation in its own words', () => {
    const approval = cancellation('c', { status: 'approved' });
    expect(decisionNotice({ status: 'success', message: 'Charge cancelled', approval }).title).toBe(
      'Cancel charge of $393.49 approved',
    );
    expect(
      decisionNotice({ status: 'success', message: 'x', approval: { ...approval, status: 'failed' } }).title,
    ).toBe('Approved, but the cancellation of $393.49 was refused');
  });

  it('says an approved refund the gateway refused, and why, as a failure', () => {
    const approval = request('a', { status: 'failed', decisionReason: 'Txn not settled' });
    expect(decisionNotice({ status: 'success', message: 'Refund declined', approval })).toEqual({
      tone: 'error',
      title: 'Approved, but the refund of $300.00 was refused',
      detail: 'Order CC-A: Txn not settled',
    });
  });

  it('says a decline or a withdrawal in the store’s words', () => {
    const approval = declined('a', '2026-03-01T08:00:00.000Z');
    expect(
      decisionNotice({ status: 'success', message: 'The refund of $300.00 was declined', approval }),
    ).toEqual({ tone: 'success', title: 'The refund of $300.00 was declined', detail: 'Order CC-A' });
  });
});
