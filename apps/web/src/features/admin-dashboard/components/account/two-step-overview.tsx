import type { StaffSecurityResponse } from '@store/core';
import { useId } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { ShieldCheckIcon } from '../../../../components/ui/icons';
import { Spinner } from '../../../../components/ui/spinner';
import { failureText } from '../../utils/admin-errors';
import { formatDateTime } from '../../utils/format-date';
import styles from './account.module.css';

/** Below this many recovery codes left, Your account suggests new ones. */
const FEW_RECOVERY_CODES = 3;

export interface TwoStepOverviewProps {
  query: {
    data: StaffSecurityResponse | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => Promise<unknown>;
  };
  /** Why the last action from here failed (starting the set-up), shown under the section. */
  problem: string | null;
  starting: boolean;
  onSetUp: () => void;
  onRenew: () => void;
  onRemove: () => void;
}

/**
 * Your account's "Two-step sign-in" (decision 059): whether an authenticator app asks for a code after the
 * password (since when, how many recovery codes are left), or a passkey does, and what the person can do
 * about it.
 */
export function TwoStepOverview({
  query,
  problem,
  starting,
  onSetUp,
  onRenew,
  onRemove,
}: TwoStepOverviewProps) {
  const headingId = useId();
  const security = query.data?.security;
  const required = query.data?.secondFactorRequired === true;
  // A passkey is a second factor too: the password alone does not sign the person in either.
  const hasPasskey = (security?.passkeys.length ?? 0) > 0;
  const on = security !== undefined && (security.authenticator !== null || hasPasskey);
  return (
    <section className={styles.section} aria-labelledby={headingId} aria-busy={query.isPending}>
      <div className={styles.sectionHead}>
        <h3 id={headingId} className={styles.sectionTitle}>
          Two-step sign-in
        </h3>
        {security && <span className={on ? styles.badgeOn : styles.badgeOff}>{on ? 'On' : 'Off'}</span>}
      </div>

      {query.isPending && (
        <p className={styles.muted}>
          <Spinner /> Loading…
        </p>
      )}
      {query.isError && !security && (
        <div className={styles.actions}>
          <Alert>{failureText(query.error, 'Failed to load your account')}</Alert>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      )}

      {security?.authenticator && (
        <>
          <p>
            After your password, the console asks for the code from your authenticator app. Set up{' '}
            {formatDateTime(security.authenticator.addedAt)}.
          </p>
          <dl className={styles.facts}>
            <div>
              <dt>Recovery codes left</dt>
              <dd>{security.recoveryCodesLeft} of 10</dd>
            </div>
          </dl>
          {security.recoveryCodesLeft <= FEW_RECOVERY_CODES && (
            <p className={styles.warn}>
              {security.recoveryCodesLeft === 0
                ? 'You have no recovery codes left: make new ones, so that losing your phone does not lock you out.'
                : 'Few recovery codes are left: make new ones before they run out.'}
            </p>
          )}
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onRenew}>
              New recovery codes
            </Button>
            <Button variant="secondary" onClick={onRemove}>
              Remove
            </Button>
          </div>
        </>
      )}

      {security && !security.authenticator && (
        <>
          {hasPasskey ? (
            <p>
              After your password, the console asks for one of your passkeys. An authenticator app on your
              phone also works, on devices that hold none of them.
            </p>
          ) : (
            <p>
              You sign in with your password only. Add an authenticator app on your phone: after your
              password, the console then asks for the six-digit code it shows, so a stolen password is not
              enough.
            </p>
          )}
          {required && !hasPasskey && (
            <p className={styles.warn}>Your role must have an authenticator app before moving money.</p>
          )}
          <div className={styles.actions}>
            <Button
              variant={hasPasskey ? 'secondary' : 'primary'}
              onClick={onSetUp}
              disabled={starting}
              aria-busy={starting}
            >
              {starting ? <Spinner /> : <ShieldCheckIcon size={18} />}
              Set up authenticator app
            </Button>
          </div>
        </>
      )}

      {problem && <Alert>{problem}</Alert>}
    </section>
  );
}
