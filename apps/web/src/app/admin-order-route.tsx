import { useParams } from 'react-router';
import { OrderPage } from '../features/admin-dashboard';
import { endAdminSession } from '../lib/admin-session';
import { AdminOnly } from './admin-only';

/** `/admin/orders/:orderId`, admin only (`AdminOnly`). */
export function AdminOrderRoute() {
  const { orderId = '' } = useParams();
  return (
    <AdminOnly>
      {(username) => (
        <OrderPage orderId={orderId} username={username} onSignedOut={() => endAdminSession('signed-out')} />
      )}
    </AdminOnly>
  );
}
