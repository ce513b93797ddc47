import type { RefundApproval } from '@store/core';
import { useMutationState } from '@tanstack/react-query';
import { useState } from 'react';
import {
  refundApprovalDecisionKey,
  useDecideRefundApproval,
  type RefundApprovalDecision,
  type RefundApprovalDecisionVariables,
} from '../api/payments/decide-refund-approval';
import { useMay, useStaffSession } from '../api/staff-session';
import type { Notice } from '../components/notices';
import { failureText } from '../utils/admin-errors';
import { approvalActionsFor, decisionNotice } from '../utils/payments/refund-approvals';

/** The dialog a decision opens: an approval is asked once, a decline asks why. */
export type RefundApprovalDialogState = { kind: 'approve' | 'decline'; approval: RefundApproval };

const BUSY_TEXTS: Record<RefundApprovalDecision, string> = {
  approve: 'Refunding…',
  decline: 'Declining…',
  withdraw: 'Withdrawing…',
};

/**
 * What the signed-in person may do with each request, the dialog their choice opens, the requests being
 * decided now (for their rows' busy line), and Withdraw, which asks nothing: the requester may ask again.
 * The Refund approvals tab and the order page share it.
 */
export function useRefundApprovalDecisions(push: (notice: Omit<Notice, 'id'>) => void) {
  const username = useStaffSession().data?.username;
  const may = useMay();
  const decide = useDecideRefundApproval();
  const [dialog, setDialog] = useState<RefundApprovalDialogState | null>(null);
  const deciding = useMutationState({
    filters: { mutationKey: refundApprovalDecisionKey, status: 'pending' },
    select: (mutation) => {
      const variables = mutation.state.variables as RefundApprovalDecisionVariables | undefined;
      return variables ? { id: variables.approval.id, decision: variables.decision } : undefined;
    },
  });

  const withdraw = async (approval: RefundApproval) => {
    try {
      push(decisionNotice(await decide.mutateAsync({ approval, decision: 'withdraw' })));
    } catch (caught) {
      push({
        tone: 'error',
        title: failureText(caught, 'Failed to withdraw the refund request'),
        detail: `Order ${approval.orderId}`,
      });
    }
  };

  return {
    actionsFor: (approval: RefundApproval) =>
      approvalActionsFor(approval, { username, mayRefund: may('refund') }),
    /** "Refunding…" while the request is being decided here; null otherwise. */
    busyTextOf: (approval: RefundApproval): string | null => {
      const running = deciding.find((entry) => entry?.id === approval.id);
      return running ? BUSY_TEXTS[running.decision] : null;
    },
    dialog,
    openDialog: setDialog,
    closeDialog: () => setDialog(null),
    withdraw,
  };
}
