import { useParams } from 'react-router';
import { CustomerPage } from '../features/admin-dashboard';
import { endAdminSession } from '../lib/admin-session';
import { AdminOnly } from './admin-only';

/** `/admin/customers/:customerId`, admin only (`AdminOnly`). */
export function AdminCustomerRoute() {
  const { customerId = '' } = useParams();
  return (
    <AdminOnly>
      {(username) => (
        <CustomerPage
          customerId={customerId}
          username={username}
          onSignedOut={() => endAdminSession('signed-out')}
        />
      )}
    </AdminOnly>
  );
}
