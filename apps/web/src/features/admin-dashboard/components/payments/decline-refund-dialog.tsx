import { dollarsToCents, formatCents, REFUND_APPROVAL_MESSAGES } from '@store/core';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { Spinner } from '../../../../components/ui/spinner';
import { useDecideRefundApproval } from '../../api/payments/decide-refund-approval';
import { failureText } from '../../utils/admin-errors';
import { cancelsCharge, decisionNotice } from '../../utils/payments/refund-approvals';
import { OrderSubtitle } from '../dialog-parts';
import { FactList } from '../payment-facts';
import { requestFacts, type RefundApprovalDialogProps } from './approve-refund-dialog';
import { ReasonField } from './reason-field';
import styles from '../dialog.module.css';

/** Declining refunds nothing; the requester reads why, so the reason is asked for. */
export function DeclineRefundDialog({ approval, onClose, onOutcome }: RefundApprovalDialogProps) {
  const decide = useDecideRefundApproval();
  const formId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = decide.isPending;
  const amount = formatCents(dollarsToCents(approval.amount));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    if (!reason.trim()) {
      setProblem(REFUND_APPROVAL_MESSAGES.declineReasonRequired);
      reasonRef.current?.focus();
      return;
    }
    try {
      const answer = await decide.mutateAsync({ approval, decision: 'decline', reason });
      onOutcome(decisionNotice(answer));
      onClose();
    } catch (caught) {
      setFailure(failureText(caught, 'Failed to decline the refund'));
    }
  };

  return (
    <Modal
      title="Decline refund"
      subtitle={<OrderSubtitle orderId={approval.orderId} />}
      onClose={onClose}
      dismissible={!busy}
      initialFocusRef={reasonRef}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Keep request
          </Button>
          <Button type="submit" form={formId} className={styles.danger} disabled={busy} aria-busy={busy}>
            {busy ? (
              <>
                <Spinner />
                Declining…
              </>
            ) : (
              'Decline refund'
            )}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.stack} onSubmit={(event) => void submit(event)} noValidate>
        <p className={styles.question}>
          {cancelsCharge(approval)
            ? `Decline cancelling the ${amount} charge? The charge stays,`
            : `Decline the refund of ${amount}? Nothing is refunded,`}{' '}
          and {approval.requestedBy} reads your reason.
        </p>
        <FactList label="Refund request" facts={requestFacts(approval)} />
        <ReasonField
          label="Why is it declined?"
          value={reason}
          onChange={(value) => {
            setReason(value);
            if (value.trim()) setProblem(null);
          }}
          error={problem}
          disabled={busy}
          required
          inputRef={reasonRef}
        />
        {failure && <Alert>{failure}</Alert>}
      </form>
    </Modal>
  );
}
