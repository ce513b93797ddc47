import { dollarsToCents, formatCents, type AdminPaymentLink } from '@store/core';
import { useCancelPaymentLink } from '../../api/orders/cancel-payment-link';
import { formatDateTime } from '../../utils/format-date';
import { ConfirmActionDialog } from '../confirm-action-dialog';

export interface CancelPaymentLinkDialogProps {
  /** A link awaiting payment. */
  link: AdminPaymentLink;
  onClose: () => void;
  /** The link was cancelled: the list says so. */
  onCancelled: (link: AdminPaymentLink) => void;
}

/**
 * Cancels a payment link nobody has paid: from then on its page says so and offers no payment. A link whose
 * payer is at the payment page is cancelled too: what they pay there afterwards is voided at once (decision
 * 047), which the dialog says. The store refuses once it is paid; the dialog shows why.
 */
export function CancelPaymentLinkDialog({ link, onClose, onCancelled }: CancelPaymentLinkDialogProps) {
  const cancel = useCancelPaymentLink();
  const amount = formatCents(dollarsToCents(link.total));
  return (
    <ConfirmActionDialog
      title="Cancel the payment link"
      subtitle={
        <>
          For <strong>{link.payerName}</strong> · {link.email}
        </>
      }
      question={
        link.status === 'paying' ? (
          <>
            Cancel the link to pay {amount}? Its payer is at the payment page now: if they pay after you
            cancel, the payment is voided at once and they are told they were not charged.
          </>
        ) : (
          <>Cancel the link to pay {amount}? It stops working at once, and nothing is charged.</>
        )
      }
      factsLabel="Payment link"
      facts={[
        { term: 'Sent to', value: link.email },
        { term: 'Created', value: `${formatDateTime(link.createdAt)} by ${link.createdBy}` },
        { term: 'Expires', value: formatDateTime(link.expiresAt) },
        { term: 'Total', value: amount, emphasis: true },
      ]}
      keepLabel="Keep link"
      confirmLabel="Cancel link"
      busyLabel="Cancelling…"
      onConfirm={async () => {
        onCancelled(await cancel.mutateAsync(link.id));
        onClose();
      }}
      failure={{
        unconfirmed: 'The store did not confirm the cancellation: look at the link again before retrying.',
        refused: 'Failed to cancel the payment link',
      }}
      onClose={onClose}
    />
  );
}
