import { formatCents, type CaptureAllResponse, type CaptureAllResult, type Cents } from '@store/core';
import { useRef, useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { AlertCircleIcon, CheckCircleIcon, XCircleIcon } from '../../../../components/ui/icons';
import { Modal } from '../../../../components/ui/modal';
import { Spinner } from '../../../../components/ui/spinner';
import { useCaptureAll } from '../../api/payments/capture-all';
import { useAwaitingCaptureCount } from '../../api/payments/count-awaiting-capture';
import { captureFailureText, failureText, isUnconfirmed } from '../../utils/admin-errors';
import { plural } from '../../utils/rows';
import styles from '../dialog.module.css';

export interface CaptureAllDialogProps {
  /** Every payment awaiting capture (the server's total). */
  count: number;
  /** The payments loaded on screen, with their amounts in cents, to total them and to label the outcome. */
  shown: readonly { paymentId: string; amountCents: Cents }[];
  onClose: () => void;
}

/** The confirmation question (SPEC: "Capture N payments totalling $X?"), exact when not every row is loaded. */
export function captureAllQuestion(count: number, shownCount: number, shownTotalCents: Cents): string {
  if (shownCount >= count)
    return `Capture ${plural(count, 'payment')} totalling ${formatCents(shownTotalCents)}?`;
  return `Capture ${plural(count, 'payment')}? The ${shownCount} shown total ${formatCents(shownTotalCents)}.`;
}

type Phase =
  | { kind: 'confirm' }
  | { kind: 'running' }
  | { kind: 'done'; answer: CaptureAllResponse }
  | { kind: 'failed'; text: string; unconfirmed: boolean };

/** Capture All: confirm, then progress, then the outcome of every payment. */
export function CaptureAllDialog({ count, shown, onClose }: CaptureAllDialogProps) {
  const captureAll = useCaptureAll();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'confirm' });
  // The count when the operator confirmed: polling may change `count` while the call runs.
  const [confirmedCount, setConfirmedCount] = useState(count);
  const shownTotalCents = shown.reduce((total, payment) => total + payment.amountCents, 0);
  // The amounts as they were when the operator confirmed: captured rows leave the list right after.
  const [amounts, setAmounts] = useState(() => new Map<string, Cents>());

  const run = async () => {
    setConfirmedCount(count);
    setAmounts(new Map(shown.map((payment) => [payment.paymentId, payment.amountCents])));
    setPhase({ kind: 'running' });
    try {
      const answer = await captureAll.mutateAsync();
      setPhase({ kind: 'done', answer });
    } catch (caught) {
      const unconfirmed = isUnconfirmed(caught);
      setPhase({
        kind: 'failed',
        text: unconfirmed
          ? failureText(caught, 'The gateway did not confirm the captures.')
          : captureFailureText(caught),
        unconfirmed,
      });
    }
  };

  const running = phase.kind === 'running';
  // Progress from the shrinking list: the call itself answers only when every capture is done.
  const awaiting = useAwaitingCaptureCount(running).data;
  const captured =
    awaiting === undefined ? 0 : Math.min(confirmedCount, Math.max(0, confirmedCount - awaiting));
  const percent = confirmedCount > 0 ? Math.round((captured / confirmedCount) * 100) : 0;

  let footer;
  if (phase.kind === 'confirm') {
    footer = (
      <>
        <Button ref={cancelRef} variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void run()} disabled={count === 0}>
          Capture {plural(count, 'payment')}
        </Button>
      </>
    );
  } else if (phase.kind === 'running') {
    footer = (
      <Button disabled aria-busy="true">
        <Spinner />
        Capturing…
      </Button>
    );
  } else if (phase.kind === 'failed') {
    footer = (
      <>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        {!phase.unconfirmed && <Button onClick={() => void run()}>Try again</Button>}
      </>
    );
  } else {
    footer = <Button onClick={onClose}>Done</Button>;
  }

  return (
    <Modal
      title="Capture all payments"
      onClose={onClose}
      dismissible={!running}
      initialFocusRef={phase.kind === 'confirm' ? cancelRef : undefined}
      footer={footer}
      size={phase.kind === 'done' ? 'large' : 'medium'}
    >
      {phase.kind === 'confirm' && (
        <div className={styles.stack}>
          <p className={styles.question}>{captureAllQuestion(count, shown.length, shownTotalCents)}</p>
          <p className={styles.consequence}>
            <CheckCircleIcon size={18} />
            <span>
              Each payment is captured in full, on its own: one failure does not stop the others. You will see
              the outcome of every payment.
            </span>
          </p>
        </div>
      )}

      {phase.kind === 'running' && (
        <div className={styles.progress} role="status">
          <Spinner size="large" />
          <p className={styles.progressTitle}>Capturing {plural(confirmedCount, 'payment')}…</p>
          <p className={styles.progressText}>
            {captured} of {confirmedCount} captured so far. Keep this window open; nothing will be captured
            twice.
          </p>
          <span
            className={styles.bar}
            role="progressbar"
            aria-label="Capture All progress"
            aria-valuemin={0}
            aria-valuemax={confirmedCount}
            aria-valuenow={captured}
          >
            <span className={styles.barFill} style={{ width: `${percent}%` }} />
          </span>
        </div>
      )}

      {phase.kind === 'failed' && <Alert tone={phase.unconfirmed ? 'warning' : 'danger'}>{phase.text}</Alert>}

      {phase.kind === 'done' && <CaptureAllOutcome answer={phase.answer} amounts={amounts} />}
    </Modal>
  );
}

function CaptureAllOutcome({ answer, amounts }: { answer: CaptureAllResponse; amounts: Map<string, Cents> }) {
  const total = answer.results.length;
  const allGood = answer.failureCount === 0;
  // Failures first: they are what the operator has to act on.
  const results = [...answer.results].sort((a, b) => Number(a.success) - Number(b.success));
  const capturedCents = answer.results
    .filter((result) => result.success)
    .reduce((sum, result) => sum + (amounts.get(result.paymentId) ?? 0), 0);
  const everyAmountKnown = answer.results.every((result) => !result.success || amounts.has(result.paymentId));

  return (
    <div className={styles.stack}>
      <div className={styles.outcome} role="status">
        <span className={`${styles.outcomeIcon} ${allGood ? '' : styles.outcomeIconWarn}`} aria-hidden="true">
          {allGood ? <CheckCircleIcon size={34} /> : <AlertCircleIcon size={34} />}
        </span>
        <p className={styles.outcomeTitle}>
          {total === 0 ? answer.message : `Captured ${answer.successCount} of ${total}`}
        </p>
        {total > 0 && (
          <p className={styles.outcomeText}>
            {answer.failureCount > 0 ? `${plural(answer.failureCount, 'payment')} failed. ` : ''}
            {everyAmountKnown && answer.successCount > 0 ? `${formatCents(capturedCents)} captured.` : ''}
          </p>
        )}
      </div>
      {total > 0 && (
        <ul className={styles.results} aria-label="Capture results">
          {results.map((result) => (
            <CaptureResultItem
              key={result.paymentId}
              result={result}
              amountCents={amounts.get(result.paymentId)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function CaptureResultItem({ result, amountCents }: { result: CaptureAllResult; amountCents?: Cents }) {
  return (
    <li className={`${styles.result} ${result.success ? styles.resultOk : styles.resultFailed}`}>
      {result.success ? <CheckCircleIcon size={18} /> : <XCircleIcon size={18} />}
      <span className={styles.resultOrder}>{result.orderId}</span>
      <span className={styles.resultAmount}>{amountCents === undefined ? '' : formatCents(amountCents)}</span>
      <span className={styles.resultMessage}>
        <span className="visually-hidden">{result.success ? 'Success: ' : 'Failure: '}</span>
        {result.success
          ? result.message || 'Payment captured'
          : `Capture failed: ${result.message || 'Failed to capture payment'}`}
      </span>
    </li>
  );
}
