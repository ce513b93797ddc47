import { Navigate, useParams } from 'react-router';
import { PATHS } from '../config/paths';
import { OrderPage } from '../features/admin-dashboard';
import { endAdminSession } from '../lib/admin-session';
import { useAdminSession } from '../lib/use-admin-session';

/** `/admin/orders/:orderId`, admin only, guarded as the console is (`admin-dashboard-route.tsx`). */
export function AdminOrderRoute() {
  const username = useAdminSession();
  const { orderId = '' } = useParams();
  if (!username) return <Navigate to={PATHS.admin} replace />;
  return (
    <OrderPage orderId={orderId} username={username} onSignedOut={() => endAdminSession('signed-out')} />
  );
}
