import type { AdminLoginResponse } from '@store/core';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { ShieldCheckIcon } from '../../../components/ui/icons';
import { OneTimeCodeField } from '../../../components/ui/one-time-code-field';
import { Spinner } from '../../../components/ui/spinner';
import type { usePasskeySignIn } from '../hooks/use-passkey-sign-in';
import { useSecondFactorSignIn } from '../hooks/use-second-factor-sign-in';
import { PasskeySignIn } from './passkey-sign-in';
import styles from '../../../components/ui/console-entry.module.css';
import stepStyles from './second-factor-step.module.css';

export interface SecondFactorStepProps {
  /** Who the password was right for. */
  username: string;
  onSignedIn: (answer: AdminLoginResponse) => void;
  /** Back to the password: with the store's words when the waiting sign-in is gone, else none. */
  onStartAgain: (message: string | null) => void;
  /** A passkey instead of the code: it signs its owner in on its own. */
  passkey: ReturnType<typeof usePasskeySignIn>;
}

/**
 * The sign-in page's second step (decision 059): the password was right, and the code from the person's
 * authenticator app (or a recovery code) finishes signing in; or one of their passkeys, which signs them
 * in on its own. The keyboard starts in the code field.
 */
export function SecondFactorStep({ username, onSignedIn, onStartAgain, passkey }: SecondFactorStepProps) {
  const step = useSecondFactorSignIn({ onSignedIn, onStartAgain });
  const { inputRef } = step;
  useEffect(() => inputRef.current?.focus(), [inputRef]);

  return (
    <>
      <h1 className={styles.title}>Two-step sign-in</h1>
      <p className={styles.lead}>
        The password for <strong className={stepStyles.username}>{username}</strong> is right. To finish
        signing in, open your authenticator app, or use a passkey.
      </p>

      <form className={styles.form} onSubmit={(event) => void step.submit(event)} noValidate>
        <OneTimeCodeField
          kind={step.kind}
          onKindChange={step.changeKind}
          value={step.code}
          onChange={step.changeCode}
          problem={step.problem}
          disabled={step.busy}
          inputRef={inputRef}
        />
        <Button type="submit" size="large" block disabled={step.busy} aria-busy={step.busy}>
          {step.busy ? (
            <>
              <Spinner />
              Checking…
            </>
          ) : (
            <>
              <ShieldCheckIcon size={18} />
              Verify and sign in
            </>
          )}
        </Button>
        <Button variant="ghost" block onClick={() => onStartAgain(null)} disabled={step.busy}>
          Sign in with another account
        </Button>
      </form>
      <PasskeySignIn passkey={passkey} disabled={step.busy} label="Use a passkey instead" />
    </>
  );
}
