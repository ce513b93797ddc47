import type { AuditLogResponse } from '@store/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../../utils/admin-post';
import { ADMIN_POLL_MS } from '../../utils/polling';

const LIST_AUDIT_EVENTS_PATH = '/api/admin/audit-log';
const PAGE_SIZE = 50;

/** Who did what to which order, newest first. */
async function listAuditEvents(cursor?: string): Promise<AuditLogResponse> {
  const body = await adminPost<unknown>(LIST_AUDIT_EVENTS_PATH, { limit: PAGE_SIZE, cursor });
  return requireSuccess<AuditLogResponse>(body, 'Failed to fetch the audit log', (page) =>
    Array.isArray(page.events),
  );
}

const auditEventsQueryKey = ['admin', 'audit-log'] as const;

export function useAuditEvents() {
  return useInfiniteQuery({
    queryKey: auditEventsQueryKey,
    queryFn: ({ pageParam }) => listAuditEvents(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: ADMIN_POLL_MS,
    placeholderData: keepPreviousData,
  });
}
