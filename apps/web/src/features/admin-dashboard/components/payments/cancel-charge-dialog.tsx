import { dollarsToCents, formatCents, type AdminTransaction } from '@store/core';
import { useCancelCharge } from '../../api/payments/cancel-charge';
import { formatDateTime } from '../../utils/format-date';
import { ConfirmActionDialog } from '../confirm-action-dialog';
import type { Notice } from '../notices';
import { CardText } from '../payment-facts';

export interface CancelChargeDialogProps {
  /** A captured payment the gateway has not settled yet, with nothing refunded. */
  transaction: AdminTransaction;
  onClose: () => void;
  onOutcome: (notice: Omit<Notice, 'id'>) => void;
}

/**
 * Cancels a charge before tonight's settlement: the capture is voided, so the customer is never charged and
 * no refund shows on their statement. Once the payment has settled the server refuses it with the reason,
 * and the operator refunds instead.
 */
export function CancelChargeDialog({ transaction, onClose, onOutcome }: CancelChargeDialogProps) {
  const cancel = useCancelCharge();
  const amount = formatCents(dollarsToCents(transaction.captureAmount));
  return (
    <ConfirmActionDialog
      title="Cancel the charge"
      orderId={transaction.orderId}
      question={
        <>Cancel the {amount} charge before tonight&rsquo;s settlement? The customer is not charged at all.</>
      }
      facts={[
        {
          term: 'Paid with',
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
      keepLabel="Keep charge"
      confirmLabel="Cancel charge"
      busyLabel="Cancelling…"
      onConfirm={async () => {
        await cancel.mutateAsync({ paymentId: transaction.paymentId, orderId: transaction.orderId });
        onOutcome({
          tone: 'success',
          title: `Charge of ${amount} cancelled`,
          detail: `Order ${transaction.orderId} · voided before settlement; the customer is not charged`,
        });
        onClose();
      }}
      failure={{
        unconfirmed: 'The gateway did not confirm the cancellation.',
        refused: 'Failed to cancel the charge',
      }}
      onClose={onClose}
    />
  );
}
