import type { SentEmailsResponse } from '@store/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ApiError } from '../../../../lib/api-client';
import { adminPost, requireSuccess } from '../../utils/admin-post';
import { ADMIN_POLL_MS } from '../../utils/polling';

const LIST_SENT_EMAILS_PATH = '/api/admin/emails';
const PAGE_SIZE = 50;

/** The outbox, newest first: demo mode only (with a real gateway the call answers 404). */
async function listSentEmails(cursor?: string): Promise<SentEmailsResponse> {
  const body = await adminPost<unknown>(LIST_SENT_EMAILS_PATH, { limit: PAGE_SIZE, cursor });
  return requireSuccess<SentEmailsResponse>(body, 'Failed to fetch emails', (page) =>
    Array.isArray(page.emails),
  );
}

/** Where a message's HTML body is served, for a sandboxed frame (no script runs in it). */
export function sentEmailHtmlUrl(id: string): string {
  return `${LIST_SENT_EMAILS_PATH}/${encodeURIComponent(id)}/html`;
}

/** The store has no Sent emails view: it runs with a real gateway. */
function isSentEmailsOff(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

const sentEmailsQueryKey = ['admin', 'emails'] as const;

/**
 * The first page is read when the console opens: its answer says whether the Sent emails tab is shown at all
 * (demo mode). The list polls only while `poll` (its tab is open).
 */
export function useSentEmails({ poll }: { poll: boolean }) {
  return useInfiniteQuery({
    queryKey: sentEmailsQueryKey,
    queryFn: ({ pageParam }) => listSentEmails(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: (query) => (poll && !isSentEmailsOff(query.state.error) ? ADMIN_POLL_MS : false),
    placeholderData: keepPreviousData,
  });
}
