import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/ui/brand-logo';
import { Button } from '../../../components/ui/button';
import { ArrowLeftIcon, ShieldCheckIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { PATHS } from '../../../config/paths';
import { SITE } from '../../../config/site';
import { STAFF_ROLE_LABELS } from '@store/core';
import { useAdminLogout } from '../api/logout';
import { useStaffSession } from '../api/staff-session';
import { SecondFactorNotice } from './account/second-factor-notice';
import { SecondFactorWatch } from './account/second-factor-watch';
import { YourAccountDialog } from './account/your-account-dialog';
import styles from './dashboard-header.module.css';

export interface DashboardHeaderProps {
  username: string;
  onSignedOut: () => void;
}

/**
 * The console's header on every console page: who is signed in, Your account (their two-step sign-in,
 * decision 059), Back to Store and Log out; under it, while the person must set up an authenticator app
 * before moving money, a banner that says so. With it goes the question "Confirm it is you" that money
 * actions may ask over the page.
 */
export function DashboardHeader({ username, onSignedOut }: DashboardHeaderProps) {
  const logout = useAdminLogout();
  const queryClient = useQueryClient();
  const role = useStaffSession().data?.role;
  const [accountOpen, setAccountOpen] = useState(false);

  const logOut = async () => {
    try {
      await logout.mutateAsync();
    } catch {
      // The tab forgets the session either way; the cookie expires on its own.
    }
    await queryClient.cancelQueries({ queryKey: ['admin'] });
    onSignedOut();
  };

  return (
    <>
      <header className={styles.header}>
        <div className={`container ${styles.bar}`}>
          <div className={styles.brand}>
            <BrandMark size={34} />
            <span className={styles.brandText}>
              {SITE.name}
              <span className="visually-hidden"> Office Supply</span>
            </span>
            <span className={styles.badge}>Admin</span>
          </div>

          <nav className={styles.nav} aria-label="Admin">
            <p className={styles.user}>
              <span className={styles.avatar} aria-hidden="true">
                {username.slice(0, 1).toUpperCase()}
              </span>
              <span>
                <span className={styles.userLabel}>Signed in as </span>
                <strong className={styles.username}>{username}</strong>
                {role && <span className={styles.userLabel}> · {STAFF_ROLE_LABELS[role]}</span>}
              </span>
            </p>
            <Button
              variant="ghost"
              size="small"
              className={styles.account}
              onClick={() => setAccountOpen(true)}
              aria-haspopup="dialog"
            >
              <ShieldCheckIcon size={16} />
              Your account
            </Button>
            <Link to={PATHS.storefront} className={styles.link}>
              <ArrowLeftIcon size={16} />
              Back to Store
            </Link>
            <Button
              variant="secondary"
              size="small"
              onClick={() => void logOut()}
              disabled={logout.isPending}
              aria-busy={logout.isPending}
            >
              {logout.isPending && <Spinner />}
              Log out
            </Button>
          </nav>
        </div>
      </header>
      <SecondFactorNotice onOpenAccount={() => setAccountOpen(true)} />
      {accountOpen && <YourAccountDialog username={username} onClose={() => setAccountOpen(false)} />}
      <SecondFactorWatch username={username} />
    </>
  );
}
