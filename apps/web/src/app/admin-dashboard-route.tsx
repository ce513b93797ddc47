import { Navigate } from 'react-router';
import { PATHS } from '../config/paths';
import { AdminDashboardPage } from '../features/admin-dashboard';
import { endAdminSession } from '../lib/admin-session';
import { useAdminSession } from '../lib/use-admin-session';

/**
 * `/admin/dashboard`, admin only. The guard checks the tab's session marker (product §6); the server checks
 * the session cookie on every call, and a 401 clears the marker, which brings the operator back here to
 * be sent to the sign-in page.
 */
export function AdminDashboardRoute() {
  const username = useAdminSession();
  if (!username) return <Navigate to={PATHS.admin} replace />;
  return <AdminDashboardPage username={username} onSignedOut={() => endAdminSession('signed-out')} />;
}
