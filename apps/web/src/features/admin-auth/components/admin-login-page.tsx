import type { AdminLoginResponse } from '@store/core';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { BrandMark } from '../../../components/ui/brand-logo';
import { Button } from '../../../components/ui/button';
import { ArrowLeftIcon, LockIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { PATHS } from '../../../config/paths';
import { SITE } from '../../../config/site';
import { saveAdminSession, type AdminSessionEndReason } from '../../../lib/admin-session';
import { useFocusAfterRender } from '../../../lib/use-focus-after-render';
import { useAdminLogin } from '../api/login';
import { usePasskeySignIn } from '../hooks/use-passkey-sign-in';
import { LOGIN_MESSAGES, loginErrorMessage } from '../utils/login-error';
import { PasskeySignIn } from './passkey-sign-in';
import { SecondFactorStep } from './second-factor-step';
import styles from '../../../components/ui/console-entry.module.css';

export interface AdminLoginPageProps {
  /** Set when the visitor arrives here because a session ended, so the page can say why. */
  endedBecause?: AdminSessionEndReason | null;
  /** The console page to land on once signed in (checked by `consoleReturnTarget`); the dashboard if none. */
  returnTo?: string;
}

const ENDED_NOTICES: Record<AdminSessionEndReason, string> = {
  'signed-out': 'You have signed out.',
  expired: 'Your session has ended. Please sign in again.',
};

/**
 * `/admin`: the operator signs in with a username and password (product §2, §5); a person with an
 * authenticator app then types its code (decision 059) on the same page. Under the password, "Sign in
 * with a passkey" signs in with a passkey alone, no username typed (decision 059).
 */
export function AdminLoginPage({
  endedBecause = null,
  returnTo = PATHS.adminDashboard,
}: AdminLoginPageProps) {
  const navigate = useNavigate();
  const login = useAdminLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Set once the password was right and the store asks for the code from the authenticator app.
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const errorId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const isSubmitting = login.isPending;

  const signedIn = (answer: AdminLoginResponse) => {
    saveAdminSession(answer.username);
    navigate(returnTo, { replace: true });
  };
  const passkey = usePasskeySignIn(signedIn);

  const startAgain = (message: string | null) => {
    setCodeFor(null);
    setPassword('');
    setError(message);
    focusAfterRender(passwordRef);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting || passkey.busy) return;
    passkey.setOutcome(null);
    const name = username.trim();
    if (name === '' || password === '') {
      setError(LOGIN_MESSAGES.required);
      return;
    }
    setError(null);
    try {
      const answer = await login.mutateAsync({ username: name, password });
      if (answer.secondFactor === 'required') {
        setCodeFor(answer.username);
        setPassword('');
        return;
      }
      signedIn(answer);
    } catch (failure) {
      setError(loginErrorMessage(failure));
    }
  };

  return (
    <div className={styles.page}>
      <title>{`${codeFor ? 'Two-step sign-in' : 'Admin sign in'} · ${SITE.fullName}`}</title>
      <main id="main-content" tabIndex={-1} className={styles.main}>
        <div className={styles.card}>
          <div className={styles.brand}>
            <BrandMark size={44} />
            <div>
              <p className={styles.brandName}>{SITE.name}</p>
              <p className={styles.brandRole}>Payments console</p>
            </div>
          </div>

          {codeFor ? (
            <SecondFactorStep
              username={codeFor}
              onSignedIn={signedIn}
              onStartAgain={startAgain}
              passkey={passkey}
            />
          ) : (
            <>
              <h1 className={styles.title}>Admin sign in</h1>
              <p className={styles.lead}>Capture authorized payments, review history and issue refunds.</p>

              {endedBecause && !error && !passkey.outcome && (
                <p className={styles.notice} role="status">
                  {ENDED_NOTICES[endedBecause]}
                </p>
              )}

              <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
                <div className={styles.field}>
                  <label htmlFor="admin-username" className={styles.label}>
                    Username
                  </label>
                  <input
                    id="admin-username"
                    name="username"
                    className={styles.input}
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    maxLength={100}
                    value={username}
                    onChange={(event) => setUsername(event.target.value)}
                    aria-required="true"
                    aria-invalid={error === LOGIN_MESSAGES.required && username.trim() === ''}
                    aria-describedby={error ? errorId : undefined}
                    disabled={isSubmitting}
                  />
                </div>
                <div className={styles.field}>
                  <label htmlFor="admin-password" className={styles.label}>
                    Password
                  </label>
                  <input
                    ref={passwordRef}
                    id="admin-password"
                    name="password"
                    type="password"
                    className={styles.input}
                    autoComplete="current-password"
                    maxLength={200}
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                    aria-required="true"
                    aria-invalid={error === LOGIN_MESSAGES.required && password === ''}
                    aria-describedby={error ? errorId : undefined}
                    disabled={isSubmitting}
                  />
                </div>

                {error && <Alert id={errorId}>{error}</Alert>}

                <Button type="submit" size="large" block disabled={isSubmitting} aria-busy={isSubmitting}>
                  {isSubmitting ? (
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
              </form>

              <PasskeySignIn passkey={passkey} disabled={isSubmitting} onStart={() => setError(null)} />
            </>
          )}

          <p className={styles.secure}>This tab stays signed in until you log out or close it.</p>
        </div>

        <Link to={PATHS.storefront} className={styles.back}>
          <ArrowLeftIcon size={16} />
          Back to Store
        </Link>
      </main>
    </div>
  );
}
