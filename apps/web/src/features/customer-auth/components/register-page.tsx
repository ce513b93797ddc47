import { newPasswordProblem, PASSWORD_MIN_LENGTH } from '@store/core';
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
import { registerCustomer } from '../api/register';
import styles from './auth-page.module.css';

const REGISTER_MESSAGES = {
  required: 'All fields are required',
  mismatch: 'Passwords do not match',
  failed: 'Registration failed',
} as const;

export interface RegisterForm {
  name: string;
  email: string;
  password: string;
  confirm: string;
}

/**
 * product §5: every field filled, then the two passwords alike; then the password rules the server applies
 * too (length, and no blank, repeated or sequential password), in the same words. The server says the rest.
 */
function registerFormProblem(form: RegisterForm): string | undefined {
  if ([form.name.trim(), form.email.trim(), form.password, form.confirm].some((value) => value === '')) {
    return REGISTER_MESSAGES.required;
  }
  if (form.password !== form.confirm) return REGISTER_MESSAGES.mismatch;
  return newPasswordProblem(form.password, REGISTER_MESSAGES.required);
}

/** `/register`: a new customer opens an account and is signed in at once (product §2, §5). */
export function RegisterPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<RegisterForm>({ name: '', email: '', password: '', confirm: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const set = (field: keyof RegisterForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = registerFormProblem(form);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      storeUser(
        await registerCustomer({ name: form.name.trim(), email: form.email.trim(), password: form.password }),
      );
      navigate(PATHS.account, { replace: true });
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.serverMessage
          ? failure.serverMessage
          : REGISTER_MESSAGES.failed,
      );
      setBusy(false);
    }
  };

  const missing = (value: string) => error === REGISTER_MESSAGES.required && value.trim() === '';
  const passwordRefused =
    error !== null && error === newPasswordProblem(form.password, REGISTER_MESSAGES.required);
  return (
    <>
      <title>{`Sign up · ${SITE.fullName}`}</title>
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className={styles.main}>
        <div className={styles.card}>
          <h1 className={styles.title}>Create your account</h1>
          <p className={styles.lead}>Save your cards and bank accounts, and pay in one click.</p>
          <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
            <TextField
              label="Full name"
              autoComplete="name"
              maxLength={100}
              value={form.name}
              onChange={set('name')}
              invalid={missing(form.name)}
              errorId={errorId}
              disabled={busy}
            />
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              maxLength={254}
              value={form.email}
              onChange={set('email')}
              invalid={missing(form.email)}
              errorId={errorId}
              disabled={busy}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              maxLength={128}
              hint={`At least ${PASSWORD_MIN_LENGTH} characters. A phrase of a few words is strong and easy to remember.`}
              value={form.password}
              onChange={set('password')}
              invalid={missing(form.password) || passwordRefused}
              errorId={errorId}
              disabled={busy}
            />
            <TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              maxLength={128}
              value={form.confirm}
              onChange={set('confirm')}
              invalid={missing(form.confirm) || error === REGISTER_MESSAGES.mismatch}
              errorId={errorId}
              disabled={busy}
            />
            {error && <Alert id={errorId}>{error}</Alert>}
            <Button type="submit" size="large" block disabled={busy} aria-busy={busy}>
              {busy ? (
                <>
                  <Spinner /> Creating your account…
                </>
              ) : (
                'Sign up'
              )}
            </Button>
          </form>
          <p className={styles.switch}>
            Already have an account? <Link to={PATHS.login}>Log in</Link>
          </p>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
