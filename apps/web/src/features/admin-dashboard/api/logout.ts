import { useMutation } from '@tanstack/react-query';
import { adminPost } from '../utils/admin-post';

const ADMIN_LOGOUT_PATH = '/api/admin/logout';

/** Ends the server-side session (and its cookie). A session that is already gone is not an error. */
async function logoutAdmin(): Promise<void> {
  await adminPost<unknown>(ADMIN_LOGOUT_PATH, {}, { ignoreUnauthorized: true, timeoutMs: 10_000 });
}

export function useAdminLogout() {
  return useMutation({ mutationKey: ['admin', 'logout'], mutationFn: logoutAdmin });
}
