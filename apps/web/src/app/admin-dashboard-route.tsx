import { AdminDashboardPage } from '../features/admin-dashboard';
import { endAdminSession } from '../lib/admin-session';
import { AdminOnly } from './admin-only';

/** `/admin/dashboard`, admin only (`AdminOnly`). */
export function AdminDashboardRoute() {
  return (
    <AdminOnly>
      {(username) => (
        <AdminDashboardPage username={username} onSignedOut={() => endAdminSession('signed-out')} />
      )}
    </AdminOnly>
  );
}
