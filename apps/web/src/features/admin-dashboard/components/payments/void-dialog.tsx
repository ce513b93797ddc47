import { dollarsToCents, formatCents } from '@store/core';
import { useVoidPayment } from '../../api/payments/void-payment';
import { formatDateTime } from '../../utils/format-date';
import type { AuthorizationTarget } from '../dialog-parts';
import { ConfirmActionDialog } from '../confirm-action-dialog';
import type { Notice } from '../notices';
import { CardText } from '../payment-facts';

export interface VoidDialogProps {
  payment: AuthorizationTarget;
  onClose: () => void;
  onOutcome: (notice: Omit<Notice, 'id'>) => void;
}

/** Voiding releases the hold on the card; nothing is charged. Asked once, in plain words. */
export function VoidDialog({ payment, onClose, onOutcome }: VoidDialogProps) {
  const voidPayment = useVoidPayment();
  const amount = formatCents(dollarsToCents(payment.amount));
  return (
    <ConfirmActionDialog
      title="Void payment"
      orderId={payment.orderId}
      question={<>Release the hold on {amount}? The customer is not charged.</>}
      facts={[
        {
          term: 'Paid with',
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
      keepLabel="Keep payment"
      confirmLabel="Void payment"
      busyLabel="Voiding…"
      onConfirm={async () => {
        await voidPayment.mutateAsync({ paymentId: payment.paymentId, orderId: payment.orderId });
        onOutcome({
          tone: 'success',
          title: `Voided ${amount}`,
          detail: `Order ${payment.orderId} · the hold was released; the customer is not charged`,
        });
        onClose();
      }}
      failure={{
        unconfirmed: 'The gateway did not confirm the void.',
        refused: 'Failed to void payment',
        prefix: 'Void failed: ',
      }}
      onClose={onClose}
    />
  );
}
