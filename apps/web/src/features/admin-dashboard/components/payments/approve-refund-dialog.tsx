import { dollarsToCents, formatCents, type RefundApproval } from '@store/core';
import { useDecideRefundApproval } from '../../api/payments/decide-refund-approval';
import { formatDateTime } from '../../utils/format-date';
import { cancelsCharge, decisionNotice } from '../../utils/payments/refund-approvals';
import { ConfirmActionDialog } from '../confirm-action-dialog';
import type { Notice } from '../notices';
import type { Fact } from '../payment-facts';

export interface RefundApprovalDialogProps {
  approval: RefundApproval;
  onClose: () => void;
  onOutcome: (notice: Omit<Notice, 'id'>) => void;
}

/** What a request is, in a decision's dialog: how much, who asked, when and why. */
export function requestFacts(approval: RefundApproval): Fact[] {
  return [
    {
      term: cancelsCharge(approval) ? 'Cancel charge' : 'Refund',
      value: formatCents(dollarsToCents(approval.amount)),
      emphasis: true,
    },
    { term: 'Asked for by', value: approval.requestedBy },
    { term: 'Asked', value: formatDateTime(approval.requestedAt) },
    { term: 'Reason', value: approval.reason ?? 'None given' },
  ];
}

/** Approving sends the refund (or cancels the charge) at once: asked once, in plain words. */
export function ApproveRefundDialog({ approval, onClose, onOutcome }: RefundApprovalDialogProps) {
  const decide = useDecideRefundApproval();
  const amount = formatCents(dollarsToCents(approval.amount));
  const cancels = cancelsCharge(approval);
  return (
    <ConfirmActionDialog
      title="Approve refund"
      orderId={approval.orderId}
      question={
        cancels ? (
          <>
            Cancel the {amount} charge now, as {approval.requestedBy} asked? The customer is not charged.
          </>
        ) : (
          <>
            Refund {amount} to the customer now, as {approval.requestedBy} asked?
          </>
        )
      }
      facts={requestFacts(approval)}
      factsLabel="Refund request"
      keepLabel="Not now"
      confirmLabel={cancels ? `Approve and cancel the ${amount} charge` : `Approve and refund ${amount}`}
      busyLabel={cancels ? 'Cancelling…' : 'Refunding…'}
      onConfirm={async () => {
        onOutcome(decisionNotice(await decide.mutateAsync({ approval, decision: 'approve' })));
        onClose();
      }}
      failure={{
        unconfirmed: 'The gateway did not confirm the refund.',
        refused: 'Failed to approve the refund',
      }}
      onClose={onClose}
    />
  );
}
