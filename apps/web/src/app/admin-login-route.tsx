import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { CONSOLE_RETURN_PARAM, consoleReturnTarget } from '../config/paths';
import { AdminLoginPage } from '../features/admin-auth';
import { adminSessionEndReason } from '../lib/admin-session';
import { useAdminSession } from '../lib/use-admin-session';

/**
 * `/admin`: the sign-in page; a tab that already holds an admin session goes straight to the console, to
 * the page it was going to when one is named (decision 050).
 */
export function AdminLoginRoute() {
  const username = useAdminSession();
  const [searchParams] = useSearchParams();
  const returnTo = consoleReturnTarget(searchParams.get(CONSOLE_RETURN_PARAM));
  const queryClient = useQueryClient();
  const [endedBecause] = useState(adminSessionEndReason);

  useEffect(() => {
    // Nothing from an earlier session stays in memory for the next admin of this tab.
    queryClient.removeQueries({ queryKey: ['admin'] });
  }, [queryClient]);

  if (username) return <Navigate to={returnTo} replace />;
  return <AdminLoginPage endedBecause={endedBecause} returnTo={returnTo} />;
}
