import { useRef, useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { failureText, isUnconfirmed } from '../utils/admin-errors';
import { OrderSubtitle } from './dialog-parts';
import { FactList, type Fact } from './payment-facts';
import styles from './dialog.module.css';

export interface ConfirmActionDialogProps {
  title: string;
  /** The order the action is about, named under the title; or `subtitle` for anything else. */
  orderId?: string;
  subtitle?: ReactNode;
  /** The question, in plain words: what happens to the customer's money. */
  question: ReactNode;
  facts: Fact[];
  /** What the facts are about, for screen readers: "Payment" unless said. */
  factsLabel?: string;
  keepLabel: string;
  confirmLabel: string;
  busyLabel: string;
  /** Runs the action; resolves once it is done (the caller reports it and closes), throws on failure. */
  onConfirm: () => Promise<void>;
  /** How a failure reads: the server's message, or these words when it has none. */
  failure: { unconfirmed: string; refused: string; prefix?: string };
  onClose: () => void;
}

/**
 * An irreversible action (on a payment, or a payment link) asked once: keep (focused first) or confirm. A
 * refusal stays on screen with the reason; an answer the gateway did not confirm locks the dialog, since
 * trying again is not the fix.
 */
export function ConfirmActionDialog(props: ConfirmActionDialogProps) {
  const keepRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ text: string; unconfirmed: boolean } | null>(null);
  const locked = failure?.unconfirmed === true;

  const confirm = async () => {
    if (busy || locked) return;
    setFailure(null);
    setBusy(true);
    try {
      await props.onConfirm();
    } catch (caught) {
      const unconfirmed = isUnconfirmed(caught);
      const text = failureText(caught, unconfirmed ? props.failure.unconfirmed : props.failure.refused);
      setFailure({
        text: unconfirmed || !props.failure.prefix ? text : `${props.failure.prefix}${text}`,
        unconfirmed,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={props.title}
      subtitle={props.orderId ? <OrderSubtitle orderId={props.orderId} /> : props.subtitle}
      onClose={props.onClose}
      dismissible={!busy}
      initialFocusRef={keepRef}
      footer={
        locked ? (
          <Button onClick={props.onClose}>Close</Button>
        ) : (
          <>
            <Button ref={keepRef} variant="secondary" onClick={props.onClose} disabled={busy}>
              {props.keepLabel}
            </Button>
            <Button className={styles.danger} onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
              {busy ? (
                <>
                  <Spinner />
                  {props.busyLabel}
                </>
              ) : (
                props.confirmLabel
              )}
            </Button>
          </>
        )
      }
    >
      <div className={styles.stack}>
        <p className={styles.question}>{props.question}</p>
        <FactList label={props.factsLabel ?? 'Payment'} facts={props.facts} />
        {failure && <Alert tone={failure.unconfirmed ? 'warning' : 'danger'}>{failure.text}</Alert>}
      </div>
    </Modal>
  );
}
