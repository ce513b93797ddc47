import type { AdminDepositsResponse } from '@store/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../../utils/admin-post';
import { addDays, utcToday } from '../../utils/deposits/deposits';

const LIST_DEPOSIT_DAYS_PATH = '/api/admin/deposits';

/** How many calendar days one page of the Deposits view covers ("Load 30 more days"). */
export const DEPOSIT_DAYS_PAGE = 30;
/** How far back the view goes: a year. */
const MAX_PAGES = 12;
/** Deposits change a few times a day: read again now and then, and at once after a settlement. */
const DEPOSITS_POLL_MS = 30_000;

/** `/api/admin/deposits?to=…&days=…`; no `to` is the server's today. */
function depositDaysUrl(query: { to?: string; days: number }): string {
  const params = new URLSearchParams();
  if (query.to) params.set('to', query.to);
  params.set('days', String(query.days));
  return `${LIST_DEPOSIT_DAYS_PATH}?${params.toString()}`;
}

/** Each day's deposits against the captures settled the day before, newest first (days with neither are left out). */
async function listDepositDays(to?: string): Promise<AdminDepositsResponse> {
  const body = await adminPost<unknown>(depositDaysUrl({ to, days: DEPOSIT_DAYS_PAGE }), undefined, {
    method: 'GET',
  });
  return requireSuccess<AdminDepositsResponse>(body, 'Failed to fetch deposits', (page) =>
    Array.isArray(page.days),
  );
}

/** The last day of the `pageIndex`-th page (0 is the one ending today), as a UTC calendar day. */
export function depositPageEnd(pageIndex: number, today = utcToday()): string | undefined {
  return pageIndex === 0 ? undefined : addDays(today, -DEPOSIT_DAYS_PAGE * pageIndex);
}

const depositDaysQueryKey = ['admin', 'deposits'] as const;

export function useDepositDays() {
  return useInfiniteQuery({
    queryKey: depositDaysQueryKey,
    queryFn: ({ pageParam }) => listDepositDays(depositPageEnd(pageParam)),
    initialPageParam: 0,
    getNextPageParam: (_page, pages) => (pages.length < MAX_PAGES ? pages.length : undefined),
    refetchInterval: DEPOSITS_POLL_MS,
    placeholderData: keepPreviousData,
  });
}
