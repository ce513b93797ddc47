import {
  CURRENT_PASSWORD_REQUIRED,
  isEmailChange,
  PASSWORD_MAX_LENGTH,
  type CustomerUser,
  type SavedPaymentMethod,
} from '@store/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SiteFooter } from '../../../components/ui/site-footer';
import { SiteHeader } from '../../../components/ui/site-header';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useLogout } from '../../../components/ui/user-menu';
import { PATHS } from '../../../config/paths';
import { SITE } from '../../../config/site';
import { ApiError } from '../../../lib/api-client';
import { storeUser, useCustomerUser } from '../../../lib/customer-session';
import { paymentMethodsKey, usePaymentMethods } from '../api/list-payment-methods';
import { removePaymentMethod } from '../api/remove-payment-method';
import { setDefaultPaymentMethod } from '../api/set-default-payment-method';
import { updateProfile } from '../api/update-profile';
import { methodDetail, methodTitle } from '../../../lib/method-label';
import { usePassingFailure } from '../hooks/use-passing-failure';
import { serverMessageOr } from '../utils/server-message';
import { AddPaymentMethodDialog } from './add-payment-method-dialog';
import { AddressesSection } from './addresses-section';
import { OrdersSection } from './orders-section';
import styles from './account-page.module.css';

function ProfileSection({ user }: { user: CustomerUser }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordRefused, setPasswordRefused] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  // The email is what the account signs in with: another one asks for the password again, as the server does.
  const changingEmail = isEmailChange(user.email, email);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '' || email.trim() === '') {
      setError('Name and email are required');
      return;
    }
    if (changingEmail && currentPassword === '') {
      setError(CURRENT_PASSWORD_REQUIRED);
      return;
    }
    setBusy(true);
    setError(null);
    setPasswordRefused(false);
    try {
      const updated = await updateProfile({
        userId: user.id,
        name: name.trim(),
        email: email.trim(),
        ...(changingEmail ? { currentPassword } : {}),
      });
      storeUser({ ...updated, paymentMethods: user.paymentMethods });
      setCurrentPassword('');
      setEditing(false);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) {
        setCurrentPassword('');
        setPasswordRefused(true);
      }
      setError(serverMessageOr(failure, 'Failed to update profile'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="profile-heading">
      <div className={styles.cardHeader}>
        <h2 id="profile-heading" className={styles.cardTitle}>
          Profile
        </h2>
        {!editing && (
          <Button variant="secondary" size="small" onClick={() => setEditing(true)}>
            Edit Profile
          </Button>
        )}
      </div>
      {editing ? (
        <form className={styles.profileForm} onSubmit={(event) => void save(event)} noValidate>
          <TextField
            label="Name"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            invalid={error !== null && name.trim() === ''}
            errorId={errorId}
            disabled={busy}
          />
          <TextField
            label="Email"
            type="email"
            value={email}
            maxLength={254}
            onChange={(event) => setEmail(event.target.value)}
            invalid={error !== null && email.trim() === ''}
            errorId={errorId}
            disabled={busy}
          />
          {changingEmail && (
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              maxLength={PASSWORD_MAX_LENGTH}
              hint="Needed to change the email you log in with."
              value={currentPassword}
              onChange={(event) => {
                setCurrentPassword(event.target.value);
                setPasswordRefused(false);
              }}
              invalid={passwordRefused || (error === CURRENT_PASSWORD_REQUIRED && currentPassword === '')}
              errorId={errorId}
              disabled={busy}
            />
          )}
          {error && <Alert id={errorId}>{error}</Alert>}
          <div className={styles.actions}>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy ? <Spinner /> : null} Save
            </Button>
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => {
                setEditing(false);
                setName(user.name);
                setEmail(user.email);
                setCurrentPassword('');
                setPasswordRefused(false);
                setError(null);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <dl className={styles.facts}>
          <div>
            <dt>Name</dt>
            <dd>{user.name}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </div>
          {user.numericId > 0 && (
            <div>
              <dt>Customer ID</dt>
              <dd>
                <span className={styles.customerId}>{user.numericId}</span>
                <span className={styles.note}>Use this ID when you place an order by phone.</span>
              </dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}

function MethodsSection({ user }: { user: CustomerUser }) {
  const queryClient = useQueryClient();
  const methods = usePaymentMethods(user.id);
  const [adding, setAdding] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [failure, setFailure] = usePassingFailure();

  useEffect(() => {
    // The stored user carries its methods too (product §3), for the cart; only a changed list is written.
    if (methods.data && JSON.stringify(methods.data) !== JSON.stringify(user.paymentMethods)) {
      storeUser({ ...user, paymentMethods: methods.data });
    }
  }, [methods.data, user]);

  const act = async (method: SavedPaymentMethod, action: 'remove' | 'default') => {
    setBusyId(method.id);
    setFailure(null);
    try {
      const input = { userId: user.id, paymentMethodId: method.id };
      if (action === 'remove') await removePaymentMethod(input);
      else await setDefaultPaymentMethod(input);
    } catch (error) {
      setFailure(
        serverMessageOr(
          error,
          action === 'remove' ? 'Failed to remove payment method' : 'Failed to set default payment method',
        ),
      );
    } finally {
      setBusyId(null);
      await queryClient.invalidateQueries({ queryKey: paymentMethodsKey(user.id) });
    }
  };

  return (
    <section className={styles.card} aria-labelledby="methods-heading">
      <div className={styles.cardHeader}>
        <h2 id="methods-heading" className={styles.cardTitle}>
          Saved payment methods
        </h2>
        <Button size="small" onClick={() => setAdding(true)}>
          Add Payment Method
        </Button>
      </div>
      {failure && <Alert>{failure}</Alert>}
      {methods.isPending ? (
        <p className={styles.muted}>
          <Spinner /> Loading payment methods…
        </p>
      ) : methods.isError ? (
        <Alert>{serverMessageOr(methods.error, 'Failed to load payment methods')}</Alert>
      ) : methods.data.length === 0 ? (
        <p className={styles.muted}>You don&apos;t have any saved payment methods.</p>
      ) : (
        <ul className={styles.entries}>
          {methods.data.map((method) => (
            <li key={method.id} className={styles.entry}>
              <div>
                <p className={styles.entryTitle}>
                  {methodTitle(method)}
                  {method.isDefault && <span className={styles.badge}>Default</span>}
                </p>
                <p className={styles.muted}>
                  {method.holderName} · {methodDetail(method)}
                </p>
              </div>
              <div className={styles.actions}>
                {!method.isDefault && (
                  <Button
                    variant="secondary"
                    size="small"
                    disabled={busyId !== null}
                    onClick={() => void act(method, 'default')}
                    aria-label={`Set ${methodTitle(method)} as default`}
                  >
                    Set as default
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="small"
                  disabled={busyId !== null}
                  onClick={() => void act(method, 'remove')}
                  aria-label={`Remove ${methodTitle(method)}`}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {adding && (
        <AddPaymentMethodDialog
          userId={user.id}
          account={{ name: user.name, email: user.email }}
          onClose={() => setAdding(false)}
          onAdded={() => void queryClient.invalidateQueries({ queryKey: paymentMethodsKey(user.id) })}
        />
      )}
    </section>
  );
}

/** `/account`: My Account (product §2); without a user it goes to `/login`. */
export function AccountPage() {
  const user = useCustomerUser();
  const logout = useLogout();
  // Arriving without a user goes to the log-in page (product §2). A user who goes away while the page is open
  // has logged out (here or in the header menu): that ends on the storefront. Deciding by the user alone
  // raced the log-out's own navigation, whose render React may commit after this one.
  const [arrivedWithUser] = useState(user !== null);
  if (!user) return <Navigate to={arrivedWithUser ? PATHS.storefront : PATHS.login} replace />;
  return (
    <>
      <title>{`My Account · ${SITE.fullName}`}</title>
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className={styles.main}>
        <div className={`container ${styles.layout}`}>
          <div className={styles.heading}>
            <h1 className={styles.title}>My Account</h1>
            <Button variant="secondary" onClick={() => void logout()}>
              Logout
            </Button>
          </div>
          <ProfileSection key={`${user.name}|${user.email}`} user={user} />
          <MethodsSection user={user} />
          <AddressesSection user={user} />
          <OrdersSection user={user} />
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
