import type { AdminSessionResponse, StaffRight } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../utils/admin-post';

/** `GET /api/admin/session`: who is signed in, their role and what it lets them do (decision 055). */
async function getStaffSession(): Promise<AdminSessionResponse> {
  const body = await adminPost<unknown>('/api/admin/session', undefined, { method: 'GET' });
  return requireSuccess<AdminSessionResponse>(body, 'Failed to read the session', (session) =>
    Array.isArray(session.rights),
  );
}

/** The signed-in person's role and rights; read once per sign-in. */
export function useStaffSession() {
  return useQuery({ queryKey: ['admin', 'session'], queryFn: getStaffSession, staleTime: 60_000 });
}

/**
 * Whether the signed-in person's role gives `right`. Until the session is read, nothing that moves money
 * is offered: the server would refuse it anyway.
 */
export function useMay(): (right: StaffRight) => boolean {
  const session = useStaffSession().data;
  return (right) => session?.rights.includes(right) ?? false;
}
