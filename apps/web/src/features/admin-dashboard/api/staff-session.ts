import type { AdminSessionResponse, StaffRight } from '@store/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { adminPost, requireSuccess } from '../utils/admin-post';

const SESSION_QUERY_KEY = ['admin', 'session'] as const;

/** `GET /api/admin/session`: who is signed in, their role and what it lets them do (decision 055). */
async function getStaffSession(): Promise<AdminSessionResponse> {
  const body = await adminPost<unknown>('/api/admin/session', undefined, { method: 'GET' });
  return requireSuccess<AdminSessionResponse>(body, 'Failed to read the session', (session) =>
    Array.isArray(session.rights),
  );
}

/** The signed-in person's role and rights; read once per sign-in. */
export function useStaffSession() {
  return useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: getStaffSession, staleTime: 60_000 });
}

/**
 * Reads the session again at once: the call tells the server that its person is here (decision 057: "Stay
 * signed in", or activity it has not heard of), and the answer refreshes what the console knows of it.
 */
export function useReadStaffSessionNow(): () => Promise<AdminSessionResponse> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: getStaffSession, staleTime: 0 }),
    [queryClient],
  );
}

/**
 * Whether the signed-in person's role gives `right`. Until the session is read, nothing that moves money
 * is offered: the server would refuse it anyway.
 */
export function useMay(): (right: StaffRight) => boolean {
  const session = useStaffSession().data;
  return (right) => session?.rights.includes(right) ?? false;
}
