import { STAFF_MESSAGES, STAFF_PASSWORD_MIN_LENGTH, STAFF_ROLE_LABELS } from '@store/core';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { BrandMark } from '../../../components/ui/brand-logo';
import { Button, buttonClassName } from '../../../components/ui/button';
import { CellTextField } from '../../../components/ui/form-cell';
import { ArrowLeftIcon, CheckCircleIcon, LockIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useFormProblem } from '../../../components/ui/use-form-problem';
import { PATHS } from '../../../config/paths';
import { SITE } from '../../../config/site';
import { ApiError } from '../../../lib/api-client';
import { useSetupLink } from '../api/check-setup-link';
import { useSetStaffPassword } from '../api/set-staff-password';
import { setupPasswordProblem, setupTokenOf, type SetupField } from '../utils/setup-form';
import entry from '../../../components/ui/console-entry.module.css';
import styles from './staff-setup-page.module.css';

/** The store's words for a failure, or why no answer came; else `fallback`. */
function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.serverMessage || error.kind === 'network')) return error.message;
  return fallback;
}

function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 410;
}

/** The sign-in page's card, with the store's name over it. */
function SetupCard({ children }: { children: ReactNode }) {
  return (
    <div className={entry.page}>
      <title>{`Set up your account · Admin · ${SITE.fullName}`}</title>
      <main id="main-content" tabIndex={-1} className={entry.main}>
        <div className={entry.card}>
          <div className={entry.brand}>
            <BrandMark size={44} />
            <div>
              <p className={entry.brandName}>{SITE.name}</p>
              <p className={entry.brandRole}>Payments console</p>
            </div>
          </div>
          {children}
        </div>
        <Link to={PATHS.storefront} className={entry.back}>
          <ArrowLeftIcon size={16} />
          Back to Store
        </Link>
      </main>
    </div>
  );
}

function SignInLink() {
  return (
    <Link to={PATHS.admin} className={`${buttonClassName({ size: 'large', block: true })} ${styles.action}`}>
      <LockIcon size={18} />
      Go to sign in
    </Link>
  );
}

/**
 * `/admin/setup#<token>` (decision 056): a person the owner added chooses their password with the one-time
 * link they were given, then signs in. The token is read from the address's fragment, which no browser
 * sends to a server, and taken out of the address bar at once. A link opened again in the same tab changes
 * only the fragment (the page is not loaded again): it starts the page afresh.
 */
export function StaffSetupPage() {
  const [arrival, setArrival] = useState(0);
  useEffect(() => {
    const onHashChange = () => {
      if (window.location.hash) setArrival((count) => count + 1);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  return <SetupWithLink key={arrival} />;
}

/** The page for the link in the address when it was opened. */
function SetupWithLink() {
  const [token] = useState(() => setupTokenOf(window.location.hash));
  useEffect(() => {
    // Out of the address bar, and out of the history a person might share or a screen might show.
    if (window.location.hash) {
      window.history.replaceState(
        window.history.state,
        '',
        `${window.location.pathname}${window.location.search}`,
      );
    }
  }, []);
  const check = useSetupLink(token ?? '');
  const setPassword = useSetStaffPassword();
  const passwordErrorId = useId();
  const confirmErrorId = useId();
  const [password, setPasswordText] = useState('');
  const [confirm, setConfirm] = useState('');
  const { error: problem, setError: setProblem, formRef } = useFormProblem();
  const [problemField, setProblemField] = useState<SetupField | null>(null);
  const [goneOnSubmit, setGoneOnSubmit] = useState(false);
  const [doneAs, setDoneAs] = useState<string | null>(null);
  const busy = setPassword.isPending;

  if (token === null) {
    return (
      <SetupCard>
        <h1 className={entry.title}>Set up your account</h1>
        <p className={entry.lead}>
          Open the set-up link the store’s owner gave you: this page needs the whole link. (Reloading it
          forgets the link; open it again.)
        </p>
      </SetupCard>
    );
  }

  if (doneAs !== null) {
    return (
      <SetupCard>
        <div className={styles.done} role="status">
          <span className={styles.doneIcon} aria-hidden="true">
            <CheckCircleIcon size={32} />
          </span>
          <h1 className={entry.title}>Your password is set</h1>
          <p className={entry.lead}>
            Sign in with your username <strong className={styles.breakable}>{doneAs}</strong> and the password
            you chose. The set-up link no longer works.
          </p>
        </div>
        <SignInLink />
      </SetupCard>
    );
  }

  if (token === '' || goneOnSubmit || isGone(check.error)) {
    return (
      <SetupCard>
        <h1 className={entry.title}>This link no longer works</h1>
        <p className={`${entry.notice} ${styles.gone}`} role="alert">
          {STAFF_MESSAGES.setupLinkGone}
        </p>
        <p className={styles.aside}>
          Already set your password? <Link to={PATHS.admin}>Sign in</Link>.
        </p>
      </SetupCard>
    );
  }

  if (check.isPending) {
    return (
      <SetupCard>
        <h1 className={entry.title}>Set up your account</h1>
        <p className={`${entry.lead} ${styles.checking}`} role="status">
          <Spinner />
          Checking your link…
        </p>
      </SetupCard>
    );
  }

  if (check.isError) {
    return (
      <SetupCard>
        <h1 className={entry.title}>Set up your account</h1>
        <div className={styles.stack}>
          <Alert>{failureText(check.error, 'Your link could not be checked. Please try again.')}</Alert>
          <Button variant="secondary" onClick={() => void check.refetch()}>
            Try again
          </Button>
        </div>
      </SetupCard>
    );
  }

  const person = check.data;
  const showProblem = (field: SetupField | null, message: string) => {
    setProblemField(field);
    setProblem(message);
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = setupPasswordProblem(password, confirm);
    if (found) {
      showProblem(found.field, found.message);
      return;
    }
    setProblem(null);
    try {
      const answer = await setPassword.mutateAsync({ token, password });
      setDoneAs(answer.username || person.username);
    } catch (caught) {
      if (isGone(caught)) {
        setGoneOnSubmit(true);
        return;
      }
      // A password the store refuses (too guessable, too common) is said under it, in the store's words.
      const failure = caught instanceof ApiError ? caught : null;
      if (failure?.status === 400 && failure.serverMessage) showProblem('password', failure.serverMessage);
      else showProblem(null, failureText(failure, 'Your password could not be set. Please try again.'));
    }
  };

  return (
    <SetupCard>
      <h1 className={entry.title}>Welcome, {person.name}</h1>
      <p className={entry.lead}>Choose the password you will sign in with.</p>
      <dl className={styles.facts} aria-label="Your account">
        <div>
          <dt>Username</dt>
          <dd className={styles.breakable}>{person.username}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{STAFF_ROLE_LABELS[person.role]}</dd>
        </div>
      </dl>

      <form ref={formRef} className={entry.form} onSubmit={(event) => void submit(event)} noValidate>
        {/* For password managers: the username the new password goes with. */}
        <input type="text" name="username" autoComplete="username" value={person.username} readOnly hidden />
        <CellTextField
          label="New password"
          type="password"
          autoComplete="new-password"
          maxLength={200}
          value={password}
          onChange={(event) => setPasswordText(event.target.value)}
          hint={`At least ${STAFF_PASSWORD_MIN_LENGTH} characters; a phrase of a few words works well.`}
          problem={problemField === 'password' ? problem : null}
          errorId={passwordErrorId}
          disabled={busy}
          aria-required="true"
        />
        <CellTextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          maxLength={200}
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          problem={problemField === 'confirm' ? problem : null}
          errorId={confirmErrorId}
          disabled={busy}
          aria-required="true"
        />
        {problem && problemField === null && <Alert>{problem}</Alert>}
        <Button type="submit" size="large" block disabled={busy} aria-busy={busy}>
          {busy ? (
            <>
              <Spinner />
              Setting password…
            </>
          ) : (
            'Set password'
          )}
        </Button>
      </form>
    </SetupCard>
  );
}
