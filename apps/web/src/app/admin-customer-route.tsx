import { Navigate, useParams } from 'react-router';
import { PATHS } from '../config/paths';
import { CustomerPage } from '../features/admin-dashboard';
import { endAdminSession } from '../lib/admin-session';
import { useAdminSession } from '../lib/use-admin-session';

/** `/admin/customers/:customerId`, admin only, guarded as the console is (`admin-dashboard-route.tsx`). */
export function AdminCustomerRoute() {
  const username = useAdminSession();
  const { customerId = '' } = useParams();
  if (!username) return <Navigate to={PATHS.admin} replace />;
  return (
    <CustomerPage
      customerId={customerId}
      username={username}
      onSignedOut={() => endAdminSession('signed-out')}
    />
  );
}
