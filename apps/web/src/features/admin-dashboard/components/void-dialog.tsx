import { formatCents, type AdminPayment } from '@store/core';
import { useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useVoidPayment } from '../api/void-payment';
import { failureText, isUnconfirmed } from '../utils/admin-errors';
import { formatDateTime } from '../utils/format-date';
import { dollarsToCents } from '../utils/money';
import type { Notice } from './notices';
import { OrderSubtitle } from './dialog-parts';
import { CardText, FactList } from './payment-facts';
import styles from './dialog.module.css';

export interface VoidDialogProps {
  payment: AdminPayment;
  onClose: () => void;
  onOutcome: (notice: Omit<Notice, 'id'>) => void;
}

/** Voiding releases the hold on the card; nothing is charged. Asked once, in plain words. */
export function VoidDialog({ payment, onClose, onOutcome }: VoidDialogProps) {
  const voidPayment = useVoidPayment();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [failure, setFailure] = useState<{ text: string; unconfirmed: boolean } | null>(null);
  const amount = formatCents(dollarsToCents(payment.amount));
  const busy = voidPayment.isPending;
  const locked = failure?.unconfirmed === true;

  const confirm = async () => {
    if (busy || locked) return;
    setFailure(null);
    try {
      await voidPayment.mutateAsync({ paymentId: payment.paymentId, orderId: payment.orderId });
      onOutcome({
        tone: 'success',
        title: `Voided ${amount}`,
        detail: `Order ${payment.orderId} · the hold was released; the customer is not charged`,
      });
      onClose();
    } catch (caught) {
      const unconfirmed = isUnconfirmed(caught);
      setFailure({
        text: unconfirmed
          ? failureText(caught, 'The gateway did not confirm the void.')
          : `Void failed: ${failureText(caught, 'Failed to void payment')}`,
        unconfirmed,
      });
    }
  };

  return (
    <Modal
      title="Void payment"
      subtitle={<OrderSubtitle orderId={payment.orderId} />}
      onClose={onClose}
      dismissible={!busy}
      initialFocusRef={cancelRef}
      footer={
        locked ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <>
            <Button ref={cancelRef} variant="secondary" onClick={onClose} disabled={busy}>
              Keep payment
            </Button>
            <Button className={styles.danger} onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
              {busy ? (
                <>
                  <Spinner />
                  Voiding…
                </>
              ) : (
                'Void payment'
              )}
            </Button>
          </>
        )
      }
    >
      <div className={styles.stack}>
        <p className={styles.question}>Release the hold on {amount}? The customer is not charged.</p>
        <FactList
          label="Payment"
          facts={[
            {
              term: 'Card',
              value: (
                <CardText
                  cardType={payment.cardType}
                  last4={payment.last4}
                  bankName={payment.bankName}
                  wallet={payment.wallet}
                />
              ),
            },
            { term: 'Authorized', value: formatDateTime(payment.transactionDate) },
          ]}
        />
        {failure && <Alert tone={failure.unconfirmed ? 'warning' : 'danger'}>{failure.text}</Alert>}
      </div>
    </Modal>
  );
}
