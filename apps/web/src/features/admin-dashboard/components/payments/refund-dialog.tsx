import {
  centsToDecimalString,
  dollarsToCents,
  formatCents,
  REFUND_APPROVAL_STATUS_LABELS,
  type AdminTransaction,
  type Cents,
  type RefundResponse,
} from '@store/core';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { CheckCircleIcon, ClockIcon } from '../../../../components/ui/icons';
import { Modal } from '../../../../components/ui/modal';
import { useAskRefundApproval } from '../../api/payments/ask-refund-approval';
import { useRefundApprovals } from '../../api/payments/list-refund-approvals';
import { useRefundPayment } from '../../api/payments/refund-payment';
import { useAmountInput } from '../../hooks/use-amount-input';
import { failureText, isDisputedRefundWarning, isUnconfirmed } from '../../utils/admin-errors';
import { formatDateTime } from '../../utils/format-date';
import {
  approvalLimitCents,
  approvalNeededText,
  awaitingRefundText,
  awaitingRequestOf,
  needsApproval,
} from '../../utils/payments/refund-approvals';
import { DEMO_REFUND_RESULT_MS, REFUND_RESULT_MS } from '../../utils/polling';
import { AmountField } from './amount-field';
import { ReasonField } from './reason-field';
import { AmountFormFooter, OrderSubtitle } from '../dialog-parts';
import { CardText, FactList } from '../payment-facts';
import styles from '../dialog.module.css';
import approvalStyles from './refund-approvals.module.css';

export interface RefundDialogProps {
  /** A snapshot of the payment row taken when the dialog opened. */
  transaction: AdminTransaction;
  onClose: () => void;
}

type Phase =
  | { kind: 'form' }
  /** The payment is disputed: the server's warning, and the amount the operator may confirm. */
  | { kind: 'disputed'; warning: string; amountCents: Cents }
  | { kind: 'done'; answer: RefundResponse; amountCents: Cents }
  | { kind: 'unconfirmed'; text: string };

/**
 * Gives money back: any amount from $0.01 to what is still refundable, prefilled with all of it. The outcome
 * stays on screen for 3 s (5 s in demo mode, with a note that no real money moved), then the dialog closes.
 * A payment the cardholder disputed is refunded only after a second, explicit confirmation (decision 036).
 * An amount above the approval limit (decision 058) is said to need a second person before it is sent, and
 * goes with a reason for the approver: the store refunds nothing yet and the outcome says it awaits
 * approval. While one request awaits, no second one is offered for the payment.
 */
export function RefundDialog({ transaction, onClose }: RefundDialogProps) {
  const refund = useRefundPayment();
  const ask = useAskRefundApproval();
  // The limit, and the requests awaiting approval: the console keeps this list fresh for the tab's count.
  const approvals = useRefundApprovals('pending').data;
  const limitCents = approvalLimitCents(approvals?.limit);
  const awaiting = awaitingRequestOf(approvals?.approvals, transaction.paymentId);
  const [reason, setReason] = useState('');
  const formId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const refundableCents = dollarsToCents(transaction.refundableAmount);
  const { check, field, fill } = useAmountInput(centsToDecimalString(refundableCents), refundableCents);
  const [failure, setFailure] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const busy = refund.isPending || ask.isPending;
  const asking =
    phase.kind === 'disputed'
      ? needsApproval(phase.amountCents, limitCents)
      : check.ok && needsApproval(check.cents, limitCents);
  // One request awaiting approval per payment: a second is not offered until it is decided.
  const blocked = asking && awaiting !== undefined;
  // Warned, the keyboard waits on Cancel: refunding anyway takes a deliberate move to its button.
  const keepRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (phase.kind === 'disputed') keepRef.current?.focus();
  }, [phase.kind]);

  const send = async (amountCents: Cents, confirmDisputed: boolean) => {
    setFailure(null);
    const variables = {
      paymentId: transaction.paymentId,
      orderId: transaction.orderId,
      amountCents,
      ...(confirmDisputed ? { confirmDisputed: true } : {}),
    };
    try {
      const answer = needsApproval(amountCents, limitCents)
        ? await ask.mutateAsync({ ...variables, reason })
        : await refund.mutateAsync(variables);
      setPhase({ kind: 'done', answer, amountCents });
    } catch (caught) {
      if (isUnconfirmed(caught)) {
        setPhase({
          kind: 'unconfirmed',
          text: failureText(caught, 'The gateway did not confirm the refund.'),
        });
      } else if (!confirmDisputed && isDisputedRefundWarning(caught)) {
        setPhase({ kind: 'disputed', warning: failureText(caught, ''), amountCents });
      } else {
        setFailure(failureText(caught, 'Failed to process refund'));
      }
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check.ok || busy || blocked || phase.kind !== 'form') return;
    await send(check.cents, false);
  };

  const confirmDisputed = async () => {
    if (busy || phase.kind !== 'disputed') return;
    await send(phase.amountCents, true);
  };

  const card = (
    <CardText
      cardType={transaction.cardType}
      last4={transaction.last4}
      bankName={transaction.bankName}
      wallet={transaction.wallet}
    />
  );
  const capturedCents = dollarsToCents(transaction.captureAmount);
  const refundedCents = dollarsToCents(transaction.refundAmount);
  const originalCents = dollarsToCents(transaction.originalAmount);

  const footer =
    phase.kind === 'disputed' ? (
      <>
        <Button variant="secondary" onClick={onClose} disabled={busy} ref={keepRef}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void confirmDisputed()} disabled={busy} aria-busy={busy}>
          {busy ? (
            <>
              <Spinner />
              {asking ? 'Asking…' : 'Refunding…'}
            </>
          ) : asking ? (
            `Ask for approval of ${formatCents(phase.amountCents)} anyway`
          ) : (
            `Refund ${formatCents(phase.amountCents)} anyway`
          )}
        </Button>
      </>
    ) : phase.kind === 'form' ? (
      <AmountFormFooter
        formId={formId}
        verb={asking ? 'Ask for approval of' : 'Refund'}
        idleText={blocked ? 'Ask for approval' : 'Refund'}
        busyText={asking ? 'Asking…' : 'Refunding…'}
        cents={check.ok && !blocked ? check.cents : null}
        busy={busy}
        onCancel={onClose}
      />
    ) : (
      <Button onClick={onClose}>Close</Button>
    );

  return (
    <Modal
      title="Refund payment"
      subtitle={<OrderSubtitle orderId={transaction.orderId} />}
      onClose={onClose}
      dismissible={!busy}
      initialFocusRef={inputRef}
      footer={footer}
    >
      {(phase.kind === 'form' || phase.kind === 'disputed') && (
        <form id={formId} className={styles.stack} onSubmit={(event) => void onSubmit(event)} noValidate>
          {/* First in the dialog, where it is read before anything else once the refund was refused. */}
          {phase.kind === 'disputed' && (
            <Alert tone="warning">
              <strong>Disputed payment.</strong> {phase.warning}
            </Alert>
          )}
          {awaiting && (
            <p className={approvalStyles.awaitingNote} role="note">
              <ClockIcon size={18} />
              <span>
                {awaitingRefundText(awaiting)}, asked for by {awaiting.requestedBy}.
                {limitCents !== null &&
                  ` A second refund above ${formatCents(limitCents)} can be asked for once it is decided.`}
              </span>
            </p>
          )}
          <FactList
            label="Payment"
            facts={[
              { term: 'Paid with', value: card },
              { term: 'Paid', value: formatDateTime(transaction.transactionDate) },
              ...(transaction.isPartialCapture
                ? [{ term: 'Authorized', value: formatCents(originalCents) }]
                : []),
              { term: 'Captured', value: formatCents(capturedCents) },
              { term: 'Already refunded', value: formatCents(refundedCents) },
              ...(transaction.scheduledRefundAmount
                ? [
                    {
                      term: 'Scheduled',
                      value: `${formatCents(dollarsToCents(transaction.scheduledRefundAmount))}, after settlement`,
                    },
                  ]
                : []),
              { term: 'Refundable', value: formatCents(refundableCents), emphasis: true },
            ]}
          />
          <AmountField
            label="Refund amount"
            {...field}
            disabled={busy || phase.kind === 'disputed'}
            inputRef={inputRef}
          />
          {phase.kind === 'form' && check.ok && check.cents < refundableCents ? (
            <Button
              variant="secondary"
              size="small"
              className={styles.quick}
              onClick={() => fill(centsToDecimalString(refundableCents))}
              disabled={busy}
            >
              Use the full {formatCents(refundableCents)}
            </Button>
          ) : null}
          {/* Said as the amount crosses the limit, before anything is sent. */}
          <div className={approvalStyles.liveNote} aria-live="polite">
            {asking && !blocked && limitCents !== null && (
              <p className={styles.consequence}>
                <ClockIcon size={18} />
                <span>{approvalNeededText(limitCents)}</span>
              </p>
            )}
          </div>
          {asking && !blocked && (
            <ReasonField
              label="Reason (for the approver)"
              hint="Optional. The person who approves the refund reads it."
              value={reason}
              onChange={setReason}
              disabled={busy || phase.kind === 'disputed'}
            />
          )}
          {failure && <Alert>{failure}</Alert>}
        </form>
      )}

      {phase.kind === 'done' && (
        <RefundOutcome answer={phase.answer} amountCents={phase.amountCents} card={card} onClose={onClose} />
      )}

      {phase.kind === 'unconfirmed' && <Alert tone="warning">{phase.text}</Alert>}
    </Modal>
  );
}

function RefundOutcome({
  answer,
  amountCents,
  card,
  onClose,
}: {
  answer: RefundResponse;
  amountCents: Cents;
  card: ReactNode;
  onClose: () => void;
}) {
  const closeAfterMs = answer.demoMode ? DEMO_REFUND_RESULT_MS : REFUND_RESULT_MS;
  const [secondsLeft, setSecondsLeft] = useState(Math.round(closeAfterMs / 1000));
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const close = setTimeout(() => closeRef.current(), closeAfterMs);
    const tick = setInterval(() => setSecondsLeft((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => {
      clearTimeout(close);
      clearInterval(tick);
    };
  }, [closeAfterMs]);

  const refundedCents =
    answer.refund?.amount !== undefined ? dollarsToCents(answer.refund.amount) : amountCents;
  if (answer.approval) {
    return (
      <div className={styles.outcome} role="status">
        <span className={`${styles.outcomeIcon} ${styles.outcomeIconWarn}`} aria-hidden="true">
          <ClockIcon size={34} />
        </span>
        <p className={styles.outcomeTitle}>{REFUND_APPROVAL_STATUS_LABELS.pending}</p>
        <p className={styles.outcomeText}>
          {answer.message.replace(/\.?$/, '.')} Nothing is refunded to {card} until then.
        </p>
        <p className={styles.countdown}>This window closes in {secondsLeft} s.</p>
      </div>
    );
  }
  const scheduled = answer.refund?.scheduled === true;
  return (
    <div className={styles.outcome} role="status">
      <span className={`${styles.outcomeIcon} ${scheduled ? styles.outcomeIconWarn : ''}`} aria-hidden="true">
        {scheduled ? <ClockIcon size={34} /> : <CheckCircleIcon size={34} />}
      </span>
      <p className={styles.outcomeTitle}>{answer.message || 'Refund processed'}</p>
      <p className={styles.outcomeText}>
        {scheduled ? (
          <>
            This payment has not settled yet, and the gateway refunds only settled payments.{' '}
            {formatCents(refundedCents)} goes back to {card} by itself once it settles.
          </>
        ) : (
          <>
            {formatCents(refundedCents)} refunded to {card}.
          </>
        )}
        {answer.refund?.refundableAmount !== undefined && (
          <> {formatCents(dollarsToCents(answer.refund.refundableAmount))} is still refundable.</>
        )}
      </p>
      {answer.demoMode && (
        <p className={styles.note}>
          <strong>Demo mode:</strong> this refund ran against the sandbox gateway, so no real money moved.
        </p>
      )}
      <p className={styles.countdown}>This window closes in {secondsLeft} s.</p>
    </div>
  );
}
