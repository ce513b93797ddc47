import type { RefundApproval } from '@store/core';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import type { useRefundApprovalDecisions } from '../../hooks/use-refund-approval-decisions';
import { requestTitle } from '../../utils/payments/refund-approvals';
import type { Notice } from '../notices';
import { ApproveRefundDialog } from './approve-refund-dialog';
import { DeclineRefundDialog } from './decline-refund-dialog';
import dialogStyles from '../dialog.module.css';
import table from '../data-table.module.css';
import styles from './refund-approvals.module.css';

type Decisions = ReturnType<typeof useRefundApprovalDecisions>;

/**
 * A request's actions for the signed-in person: Approve and Decline for another's request; Withdraw and
 * who decides it for their own; nothing for a decided request, or for a role without refunds (the role
 * note says why).
 */
export function RefundApprovalButtons({
  approval,
  decisions,
}: {
  approval: RefundApproval;
  decisions: Decisions;
}) {
  const busyText = decisions.busyTextOf(approval);
  if (busyText) {
    return (
      <span className={table.rowBusy} role="status">
        <Spinner />
        {busyText}
      </span>
    );
  }
  const actions = decisions.actionsFor(approval);
  const about = `${requestTitle(approval).toLowerCase()} for order ${approval.orderId}`;
  return (
    <>
      {actions.ownRequest && approval.status === 'pending' && (
        <span className={styles.waiting}>Awaiting another manager or the owner</span>
      )}
      {(actions.approve || actions.decline || actions.withdraw) && (
        <span className={table.buttons}>
          {actions.approve && (
            <Button
              size="small"
              onClick={() => decisions.openDialog({ kind: 'approve', approval })}
              aria-label={`Approve ${about}`}
            >
              Approve
            </Button>
          )}
          {actions.decline && (
            <Button
              size="small"
              variant="ghost"
              className={dialogStyles.dangerGhost}
              onClick={() => decisions.openDialog({ kind: 'decline', approval })}
              aria-label={`Decline ${about}`}
            >
              Decline
            </Button>
          )}
          {actions.withdraw && (
            <Button
              size="small"
              variant="secondary"
              onClick={() => void decisions.withdraw(approval)}
              aria-label={`Withdraw the request: ${about}`}
            >
              Withdraw
            </Button>
          )}
        </span>
      )}
    </>
  );
}

/** The dialog the person's choice opened, if any. */
export function RefundApprovalDialog({
  decisions,
  onOutcome,
}: {
  decisions: Decisions;
  onOutcome: (notice: Omit<Notice, 'id'>) => void;
}) {
  const { dialog, closeDialog } = decisions;
  if (!dialog) return null;
  return dialog.kind === 'approve' ? (
    <ApproveRefundDialog approval={dialog.approval} onClose={closeDialog} onOutcome={onOutcome} />
  ) : (
    <DeclineRefundDialog approval={dialog.approval} onClose={closeDialog} onOutcome={onOutcome} />
  );
}
