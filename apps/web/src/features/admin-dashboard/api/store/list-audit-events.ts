import type { AuditLogResponse } from '@store/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../../utils/admin-post';
import { ADMIN_POLL_MS } from '../../utils/polling';

const LIST_AUDIT_EVENTS_PATH = '/api/admin/audit-log';
const PAGE_SIZE = 50;

/** Who did what to which order, newest first; only one person's lines when `person` names them. */
async function listAuditEvents(person: string, cursor?: string): Promise<AuditLogResponse> {
  const body = await adminPost<unknown>(LIST_AUDIT_EVENTS_PATH, {
    limit: PAGE_SIZE,
    cursor,
    ...(person ? { person } : {}),
  });
  return requireSuccess<AuditLogResponse>(body, 'Failed to fetch the audit log', (page) =>
    Array.isArray(page.events),
  );
}

const auditEventsQueryKey = ['admin', 'audit-log'] as const;

/** The audit log, every person's lines or (with a username) one person's. */
export function useAuditEvents(person = '') {
  return useInfiniteQuery({
    queryKey: [...auditEventsQueryKey, person],
    queryFn: ({ pageParam }) => listAuditEvents(person, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: ADMIN_POLL_MS,
    placeholderData: keepPreviousData,
  });
}
