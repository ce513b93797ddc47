import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { LockIcon } from '../../../components/ui/icons';
import { OneTimeCodeField } from '../../../components/ui/one-time-code-field';
import { Spinner } from '../../../components/ui/spinner';
import { saveAdminSession } from '../../../lib/admin-session';
import { useFocusAfterRender } from '../../../lib/use-focus-after-render';
import { useAdminLogin } from '../api/login';
import { usePasskeySignIn } from '../hooks/use-passkey-sign-in';
import { useSecondFactorSignIn } from '../hooks/use-second-factor-sign-in';
import { loginErrorMessage } from '../utils/login-error';
import { PasskeySignIn } from './passkey-sign-in';
import fieldStyles from '../../../components/ui/text-field.module.css';
import styles from './sign-in-again-dialog.module.css';

export interface SignInAgainDialogProps {
  /** The person signed in before: they sign in again as themselves, never as someone else. */
  username: string;
  title: string;
  description: string;
  /** Called once signed in again and the tab's session saved. */
  onSignedIn: () => void;
  onSignOut: () => void;
  signingOut: boolean;
}

const PASSWORD_REQUIRED = 'Enter your password';

/**
 * The sign-in over a console page whose session ended (decision 057): the same call as the sign-in page,
 * with the username fixed, so that the person carries on where they were, what they typed kept; for a
 * person with an authenticator app, then its code, in place (decision 059). Or one of their passkeys,
 * which signs them in on its own (a passkey of someone else's signs nobody in here). "Sign out" leaves for
 * the sign-in page instead.
 */
export function SignInAgainDialog({
  username,
  title,
  description,
  onSignedIn,
  onSignOut,
  signingOut,
}: SignInAgainDialogProps) {
  const login = useAdminLogin();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const formId = useId();
  const usernameId = useId();
  const passwordId = useId();
  const errorId = useId();
  // The password was right: the code from the authenticator app finishes signing in.
  const [askingCode, setAskingCode] = useState(false);
  const code = useSecondFactorSignIn({
    onSignedIn: (answer) => {
      saveAdminSession(answer.username);
      onSignedIn();
    },
    onStartAgain: (message) => {
      setAskingCode(false);
      setError(message);
      focusAfterRender(passwordRef);
    },
  });
  const passkey = usePasskeySignIn(
    (answer) => {
      saveAdminSession(answer.username);
      onSignedIn();
    },
    { expected: username },
  );
  const signingIn = login.isPending || code.busy || passkey.busy;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signingIn || signingOut) return;
    passkey.setOutcome(null);
    if (password === '') {
      setError(PASSWORD_REQUIRED);
      passwordRef.current?.focus();
      return;
    }
    setError(null);
    try {
      const answer = await login.mutateAsync({ username, password });
      // A person with an authenticator app is not signed in by the password alone (decision 059).
      if (answer.secondFactor === 'required') {
        setAskingCode(true);
        setPassword('');
        focusAfterRender(code.inputRef);
        return;
      }
      saveAdminSession(answer.username);
      onSignedIn();
    } catch (failure) {
      setError(loginErrorMessage(failure));
      passwordRef.current?.select();
    }
  };

  return (
    <AlertDialog
      title={title}
      description={description}
      icon={<LockIcon size={20} />}
      initialFocusRef={passwordRef}
      concealsPage
      footer={
        <>
          <Button
            variant="secondary"
            onClick={onSignOut}
            disabled={signingIn || signingOut}
            aria-busy={signingOut}
          >
            {signingOut ? (
              <>
                <Spinner />
                Signing out…
              </>
            ) : (
              'Sign out'
            )}
          </Button>
          <Button type="submit" form={formId} disabled={signingOut} aria-busy={signingIn}>
            {signingIn ? (
              <>
                <Spinner />
                Signing in…
              </>
            ) : (
              <>
                <LockIcon size={18} />
                Sign in
              </>
            )}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={styles.form}
        onSubmit={(event) => void (askingCode ? code.submit(event) : onSubmit(event))}
        noValidate
      >
        <div className={fieldStyles.field}>
          <label htmlFor={usernameId} className={fieldStyles.label}>
            Username
          </label>
          <input
            id={usernameId}
            name="username"
            className={`${fieldStyles.input} ${styles.fixed}`}
            autoComplete="username"
            value={username}
            readOnly
          />
        </div>
        {askingCode ? (
          <OneTimeCodeField
            kind={code.kind}
            onKindChange={code.changeKind}
            value={code.code}
            onChange={code.changeCode}
            problem={code.problem}
            disabled={code.busy || signingOut}
            inputRef={code.inputRef}
          />
        ) : (
          <div className={fieldStyles.field}>
            <label htmlFor={passwordId} className={fieldStyles.label}>
              Password
            </label>
            <input
              ref={passwordRef}
              id={passwordId}
              name="password"
              type="password"
              className={fieldStyles.input}
              autoComplete="current-password"
              maxLength={200}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-required="true"
              aria-invalid={error !== null}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
        )}
        {error && !askingCode && <Alert id={errorId}>{error}</Alert>}
      </form>
      <PasskeySignIn
        passkey={passkey}
        size="medium"
        disabled={signingIn || signingOut}
        label={askingCode ? 'Use a passkey instead' : 'Use a passkey'}
        onStart={() => setError(null)}
      />
    </AlertDialog>
  );
}
