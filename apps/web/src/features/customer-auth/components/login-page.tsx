import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SiteFooter } from '../../../components/ui/site-footer';
import { SiteHeader } from '../../../components/ui/site-header';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { PATHS } from '../../../config/paths';
import { SITE } from '../../../config/site';
import { ApiError } from '../../../lib/api-client';
import { storeUser } from '../../../lib/customer-session';
import { loginCustomer } from '../api/login';
import styles from './auth-page.module.css';

const REQUIRED = 'Email and password are required';

/** What the form says when the call fails (product §8): the server's words, else its fallbacks. */
function loginFailureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.kind === 'http' && error.status === 401) return 'Invalid credentials';
  }
  return 'Login failed';
}

/** `/login`: a customer signs in with email and password (product §2, §5). */
export function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (email.trim() === '' || password === '') {
      setError(REQUIRED);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      storeUser(await loginCustomer({ email: email.trim(), password }));
      navigate(PATHS.account, { replace: true });
    } catch (failure) {
      setError(loginFailureText(failure));
      setBusy(false);
    }
  };

  const missing = error === REQUIRED;
  return (
    <>
      <title>{`Log in · ${SITE.fullName}`}</title>
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className={styles.main}>
        <div className={styles.card}>
          <h1 className={styles.title}>Log in</h1>
          <p className={styles.lead}>Welcome back. Your saved cards make checkout one click.</p>
          <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              invalid={missing && email.trim() === ''}
              errorId={errorId}
              disabled={busy}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              invalid={missing && password === ''}
              errorId={errorId}
              disabled={busy}
            />
            {error && <Alert id={errorId}>{error}</Alert>}
            <Button type="submit" size="large" block disabled={busy} aria-busy={busy}>
              {busy ? (
                <>
                  <Spinner /> Logging in…
                </>
              ) : (
                'Log in'
              )}
            </Button>
          </form>
          <p className={styles.switch}>
            New here? <Link to={PATHS.register}>Sign up</Link>
          </p>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
