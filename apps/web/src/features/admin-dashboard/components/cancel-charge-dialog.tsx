import { formatCents, type AdminTransaction } from '@store/core';
import { useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useCancelCharge } from '../api/cancel-charge';
import { failureText, isUnconfirmed } from '../utils/admin-errors';
import { formatDateTime } from '../utils/format-date';
import { dollarsToCents } from '../utils/money';
import type { Notice } from './notices';
import { OrderSubtitle } from './dialog-parts';
import { CardText, FactList } from './payment-facts';
import styles from './dialog.module.css';

export interface CancelChargeDialogProps {
  /** A captured payment the gateway has not settled yet, with nothing refunded. */
  transaction: AdminTransaction;
  onClose: () => void;
  onOutcome: (notice: Omit<Notice, 'id'>) => void;
}

/**
 * Cancels a charge before tonight's settlement: the capture is voided, so the customer is never charged and
 * no refund shows on their statement. Asked once, in plain words; once the payment has settled the server
 * refuses it with the reason, and the operator refunds instead.
 */
export function CancelChargeDialog({ transaction, onClose, onOutcome }: CancelChargeDialogProps) {
  const cancel = useCancelCharge();
  const keepRef = useRef<HTMLButtonElement>(null);
  const [failure, setFailure] = useState<{ text: string; unconfirmed: boolean } | null>(null);
  const amount = formatCents(dollarsToCents(transaction.captureAmount));
  const busy = cancel.isPending;
  const locked = failure?.unconfirmed === true;

  const confirm = async () => {
    if (busy || locked) return;
    setFailure(null);
    try {
      await cancel.mutateAsync({ paymentId: transaction.paymentId, orderId: transaction.orderId });
      onOutcome({
        tone: 'success',
        title: `Charge of ${amount} cancelled`,
        detail: `Order ${transaction.orderId} · voided before settlement; the customer is not charged`,
      });
      onClose();
    } catch (caught) {
      const unconfirmed = isUnconfirmed(caught);
      setFailure({
        text: unconfirmed
          ? failureText(caught, 'The gateway did not confirm the cancellation.')
          : failureText(caught, 'Failed to cancel the charge'),
        unconfirmed,
      });
    }
  };

  return (
    <Modal
      title="Cancel the charge"
      subtitle={<OrderSubtitle orderId={transaction.orderId} />}
      onClose={onClose}
      dismissible={!busy}
      initialFocusRef={keepRef}
      footer={
        locked || failure ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <>
            <Button ref={keepRef} variant="secondary" onClick={onClose} disabled={busy}>
              Keep charge
            </Button>
            <Button className={styles.danger} onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
              {busy ? (
                <>
                  <Spinner />
                  Cancelling…
                </>
              ) : (
                'Cancel charge'
              )}
            </Button>
          </>
        )
      }
    >
      <div className={styles.stack}>
        <p className={styles.question}>
          Cancel the {amount} charge before tonight&rsquo;s settlement? The customer is not charged at all.
        </p>
        <FactList
          label="Payment"
          facts={[
            {
              term: 'Card',
              value: (
                <CardText
                  cardType={transaction.cardType}
                  last4={transaction.last4}
                  bankName={transaction.bankName}
                  wallet={transaction.wallet}
                />
              ),
            },
            { term: 'Paid', value: formatDateTime(transaction.transactionDate) },
            { term: 'Captured', value: amount, emphasis: true },
          ]}
        />
        {failure && <Alert tone={failure.unconfirmed ? 'warning' : 'danger'}>{failure.text}</Alert>}
      </div>
    </Modal>
  );
}
