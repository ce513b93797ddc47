import { dollarsToCents, formatCents } from '@store/core';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { ClockIcon } from '../../../../components/ui/icons';
import { Modal } from '../../../../components/ui/modal';
import { useCapturePayment } from '../../api/payments/capture-payment';
import { useAmountInput } from '../../hooks/use-amount-input';
import { captureFailureText, failureText, isUnconfirmed } from '../../utils/admin-errors';
import { formatDateTime } from '../../utils/format-date';
import type { Notice } from '../notices';
import { AmountField } from './amount-field';
import { AmountFormFooter, OrderSubtitle, type AuthorizationTarget } from '../dialog-parts';
import { CardText, FactList } from '../payment-facts';
import styles from '../dialog.module.css';

export interface PartialCaptureDialogProps {
  /** A snapshot taken when the dialog opened: polling cannot change what the operator is looking at. */
  payment: AuthorizationTarget;
  onClose: () => void;
  onOutcome: (notice: Omit<Notice, 'id'>) => void;
}

/**
 * Captures less than was authorized. As at CardPointe the rest of the authorization is released, so the
 * dialog says exactly what will be charged and what will be let go before the operator confirms.
 */
export function PartialCaptureDialog({ payment, onClose, onOutcome }: PartialCaptureDialogProps) {
  const capture = useCapturePayment();
  const formId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<{ text: string; unconfirmed: boolean } | null>(null);

  const originalCents = dollarsToCents(payment.amount);
  const { check, field } = useAmountInput('', originalCents);
  const busy = capture.isPending;
  const locked = failure?.unconfirmed === true;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check.ok || busy || locked) return;
    setFailure(null);
    const amountCents = check.cents;
    try {
      await capture.mutateAsync({
        paymentId: payment.paymentId,
        orderId: payment.orderId,
        originalCents,
        amountCents,
      });
      const released = originalCents - amountCents;
      onOutcome({
        tone: 'success',
        title: `Captured ${formatCents(amountCents)} of ${formatCents(originalCents)}`,
        detail:
          released > 0
            ? `Order ${payment.orderId} · the remaining ${formatCents(released)} was released`
            : `Order ${payment.orderId}`,
      });
      onClose();
    } catch (caught) {
      setFailure(
        isUnconfirmed(caught)
          ? { text: failureText(caught, 'The gateway did not confirm the capture.'), unconfirmed: true }
          : { text: captureFailureText(caught), unconfirmed: false },
      );
    }
  };

  const released = check.ok ? originalCents - check.cents : null;

  return (
    <Modal
      title="Partial capture"
      subtitle={<OrderSubtitle orderId={payment.orderId} />}
      onClose={onClose}
      dismissible={!busy}
      initialFocusRef={inputRef}
      footer={
        locked ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <AmountFormFooter
            formId={formId}
            verb="Capture"
            busyText="Capturing…"
            cents={check.ok ? check.cents : null}
            busy={busy}
            onCancel={onClose}
          />
        )
      }
    >
      <form id={formId} className={styles.stack} onSubmit={(event) => void onSubmit(event)} noValidate>
        <FactList
          label="Authorization"
          facts={[
            { term: 'Original amount', value: formatCents(originalCents), emphasis: true },
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
        />
        <AmountField label="Amount to capture" {...field} disabled={busy || locked} inputRef={inputRef} />
        <p className={styles.consequence}>
          <ClockIcon size={18} />
          <span>
            {released === null
              ? 'A partial capture ends the authorization: whatever is not captured is released to the customer and cannot be captured later.'
              : released === 0
                ? `This captures the full ${formatCents(originalCents)}.`
                : `The customer is charged ${formatCents(originalCents - released)}. The remaining ${formatCents(released)} is released and cannot be captured later.`}
          </span>
        </p>
        {failure && <Alert tone={failure.unconfirmed ? 'warning' : 'danger'}>{failure.text}</Alert>}
      </form>
    </Modal>
  );
}
