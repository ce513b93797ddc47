import { useId, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ShieldCheckIcon } from '../../../../components/ui/icons';
import { KeyIcon } from '../../../../components/ui/key-icon';
import { Modal } from '../../../../components/ui/modal';
import { Spinner } from '../../../../components/ui/spinner';
import { passkeysSupported } from '../../../../lib/passkeys';
import { useAccountSecurity } from '../../api/account/get-account-security';
import { useStepUp } from '../../api/account/step-up';
import { usePasskeyStepUp } from '../../hooks/use-passkey-step-up';
import { passkeyOutcomeText, type PasskeyOutcomeText } from '../../utils/account/passkey-texts';
import { CodeStep } from './code-step';
import { PasskeyOutcome } from './passkey-outcome';
import styles from './account.module.css';
import dialog from '../dialog.module.css';

export interface StepUpDialogProps {
  /** Proved: the action that asked for it is sent again. */
  onConfirmed: () => void;
  /** Cancelled: the action fails with the store's words, in the dialog it was started from. */
  onCancel: () => void;
}

/**
 * "Confirm it is you" (decision 059), over the dialog the action came from, which stays as it is (what was
 * typed in it kept): the code from the authenticator app (or a recovery code), or one of the person's
 * passkeys where they have one and the browser can use it; then the same action goes on by itself. A
 * person whose only second factor is a passkey is offered the passkey alone.
 */
export function StepUpDialog({ onConfirmed, onCancel }: StepUpDialogProps) {
  const stepUp = useStepUp();
  const passkeyStepUp = usePasskeyStepUp();
  const security = useAccountSecurity().data?.security;
  const [canUsePasskeys] = useState(() => passkeysSupported());
  const [outcome, setOutcome] = useState<PasskeyOutcomeText | null>(null);
  const passkeyRef = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const busy = stepUp.isPending || passkeyStepUp.isPending;
  const offersPasskey = canUsePasskeys && (security?.passkeys.length ?? 0) > 0;
  // Unknown (not read yet) keeps the code: every person with a second factor had one before passkeys.
  const offersCode = !offersPasskey || security?.authenticator !== null;

  const confirmWithPasskey = async () => {
    if (busy) return;
    setOutcome(null);
    try {
      await passkeyStepUp.mutateAsync();
      onConfirmed();
    } catch (caught) {
      setOutcome(passkeyOutcomeText(caught, 'confirm'));
    }
  };

  const passkeyButton = (variant: 'primary' | 'secondary') => (
    <Button
      ref={variant === 'primary' ? passkeyRef : undefined}
      variant={variant}
      onClick={() => void confirmWithPasskey()}
      disabled={busy}
      aria-busy={passkeyStepUp.isPending}
    >
      {passkeyStepUp.isPending ? <Spinner /> : <KeyIcon size={18} />}
      {passkeyStepUp.isPending ? 'Waiting for the passkey…' : 'Use a passkey'}
    </Button>
  );

  const outcomeText = <PasskeyOutcome outcome={outcome} />;

  return (
    <Modal
      title="Confirm it is you"
      // Without the minutes: how long a confirmation lasts is the store's to say, not the console's.
      subtitle="Before moving money or changing how you sign in, the store asks again if you last confirmed a while ago."
      onClose={onCancel}
      dismissible={!busy}
      initialFocusRef={offersCode ? undefined : passkeyRef}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          {offersCode ? (
            <Button type="submit" form={formId} disabled={busy} aria-busy={stepUp.isPending}>
              {stepUp.isPending ? (
                <>
                  <Spinner />
                  Checking…
                </>
              ) : (
                <>
                  <ShieldCheckIcon size={18} />
                  Confirm
                </>
              )}
            </Button>
          ) : (
            passkeyButton('primary')
          )}
        </>
      }
    >
      {offersCode ? (
        <div className={dialog.stack}>
          <CodeStep
            formId={formId}
            busy={busy}
            fallback="Failed to confirm"
            send={async (code) => {
              setOutcome(null);
              await stepUp.mutateAsync(code);
              onConfirmed();
            }}
          >
            <p>
              {offersPasskey
                ? 'Type the code from your authenticator app, or use one of your passkeys: what you started goes on by itself once you confirm.'
                : 'Type the code from your authenticator app: what you started goes on by itself once you confirm.'}
            </p>
          </CodeStep>
          {offersPasskey && (
            <div className={styles.alternative}>
              <p className={styles.alternativeLabel}>Or, without a code:</p>
              {passkeyButton('secondary')}
            </div>
          )}
          {outcomeText}
        </div>
      ) : (
        <div className={dialog.stack}>
          <p>
            Use one of your passkeys: your browser asks for your fingerprint, face or screen lock. What you
            started goes on by itself once you confirm.
          </p>
          {outcomeText}
        </div>
      )}
    </Modal>
  );
}
