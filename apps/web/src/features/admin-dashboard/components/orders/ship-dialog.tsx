import { dollarsToCents, formatCents, type AdminOrder } from '@store/core';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { Spinner } from '../../../../components/ui/spinner';
import { TextField } from '../../../../components/ui/text-field';
import { useShipOrder } from '../../api/orders/ship-order';
import { failureText, isUnconfirmed } from '../../utils/admin-errors';
import { OrderSubtitle } from '../dialog-parts';
import type { Notice } from '../notices';
import styles from '../dialog.module.css';

export interface ShipDialogProps {
  order: AdminOrder;
  /** Whether marking it shipped captures its payment now (capture on shipment, and it awaits capture). */
  capturesNow: boolean;
  onClose: () => void;
  onOutcome: (notice: Omit<Notice, 'id'>) => void;
}

/**
 * Mark as shipped: the carrier and tracking number (both optional) go to the customer in the shipping
 * email. With capture on shipment, the dialog says the payment is captured now; a refused capture keeps
 * the order unshipped and the reason on screen.
 */
export function ShipDialog({ order, capturesNow, onClose, onOutcome }: ShipDialogProps) {
  const ship = useShipOrder();
  const formId = useId();
  const errorId = useId();
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [failure, setFailure] = useState<{ text: string; unconfirmed: boolean } | null>(null);
  const busy = ship.isPending;
  const amount = order.transaction ? formatCents(dollarsToCents(order.transaction.amount)) : '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    try {
      const answer = await ship.mutateAsync({
        orderId: order.orderId,
        carrier: carrier.trim() || undefined,
        trackingNumber: trackingNumber.trim() || undefined,
      });
      onOutcome({ tone: 'success', title: answer.message, detail: `Order ${order.orderId}` });
      onClose();
    } catch (caught) {
      const unconfirmed = isUnconfirmed(caught);
      setFailure({ text: failureText(caught, 'Failed to mark the order as shipped'), unconfirmed });
    }
  };

  return (
    <Modal
      title="Mark as shipped"
      subtitle={<OrderSubtitle orderId={order.orderId} />}
      onClose={onClose}
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            disabled={busy || failure?.unconfirmed === true}
            aria-busy={busy}
          >
            {busy ? (
              <>
                <Spinner />
                {capturesNow ? 'Capturing…' : 'Saving…'}
              </>
            ) : capturesNow ? (
              `Capture ${amount} and ship`
            ) : (
              'Mark as shipped'
            )}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.stack} onSubmit={(event) => void submit(event)} noValidate>
        <p className={styles.question}>
          {capturesNow
            ? `The payment of ${amount} is captured now, then the order is marked shipped and the customer is emailed.`
            : 'The order is marked shipped and the customer is emailed.'}
        </p>
        <TextField
          label="Carrier (optional)"
          value={carrier}
          maxLength={60}
          autoComplete="off"
          onChange={(event) => setCarrier(event.target.value)}
          errorId={errorId}
        />
        <TextField
          label="Tracking number (optional)"
          value={trackingNumber}
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setTrackingNumber(event.target.value)}
          errorId={errorId}
        />
        {failure && (
          <Alert id={errorId} tone={failure.unconfirmed ? 'warning' : 'danger'}>
            {failure.text}
          </Alert>
        )}
      </form>
    </Modal>
  );
}
