import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { PATHS } from '../config/paths';
import { AdminLoginPage } from '../features/admin-auth';
import { adminSessionEndReason } from '../lib/admin-session';
import { useAdminSession } from '../lib/use-admin-session';

/** `/admin`: the sign-in page; a tab that already holds an admin session goes straight to the console. */
export function AdminLoginRoute() {
  const username = useAdminSession();
  const queryClient = useQueryClient();
  const [endedBecause] = useState(adminSessionEndReason);

  useEffect(() => {
    // Nothing from an earlier session stays in memory for the next admin of this tab.
    queryClient.removeQueries({ queryKey: ['admin'] });
  }, [queryClient]);

  if (username) return <Navigate to={PATHS.adminDashboard} replace />;
  return <AdminLoginPage endedBecause={endedBecause} />;
}
