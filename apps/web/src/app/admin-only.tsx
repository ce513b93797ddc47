import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { adminSignInPath, PATHS } from '../config/paths';
import { SignInAgainDialog } from '../features/admin-auth';
import { IdleSessionWatch } from '../features/admin-dashboard';
import { adminSessionEndReason } from '../lib/admin-session';
import { useAdminSession } from '../lib/use-admin-session';

/**
 * The guard of every console page (product §6): a tab without an admin session is sent to sign in, and the
 * sign-in page is told which page it was going to, so that the operator lands there once signed in
 * (decision 050): a page opened in a new tab, followed from a link, or left when the session ended. An
 * operator who signed out chose to leave: the next sign-in starts from the dashboard. The server checks the
 * session cookie on every call. With every console page goes its idle timeout (decision 057): a warning a
 * minute before the idle limit, and at the limit, or when a call answers 401, the sign-in over the page, so
 * that what the operator typed is kept.
 */
export function AdminOnly({ children }: { children: (username: string) => ReactNode }) {
  const username = useAdminSession();
  const location = useLocation();
  if (!username) {
    const signIn = adminSessionEndReason() === 'signed-out' ? PATHS.admin : adminSignInPath(location);
    return <Navigate to={signIn} replace />;
  }
  return (
    <>
      {children(username)}
      <IdleSessionWatch username={username} signInDialog={SignInAgainDialog} />
    </>
  );
}
