import { moneySummaryResponseSchema, type MoneySummaryResponse } from '@store/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../../lib/api-client';
import { adminPost, requireSuccess } from '../../utils/admin-post';
import { ADMIN_LISTS_KEY } from '../../utils/pending-cache';

const MONEY_SUMMARY_PATH = '/api/admin/money-summary';

/** The console's money card covers the last 30 days (UTC), today included. */
export const MONEY_SUMMARY_DAYS = 30;

/** Settlements and deposits move these figures a few times a day: a minute is fresh enough. */
const MONEY_SUMMARY_POLL_MS = 60_000;

/** Captured, refunded, net and fees per day, oldest first, and their totals (dollars; fees negative). */
async function getMoneySummary(days = MONEY_SUMMARY_DAYS): Promise<MoneySummaryResponse> {
  const body = await adminPost<unknown>(`${MONEY_SUMMARY_PATH}?days=${days}`, undefined, { method: 'GET' });
  requireSuccess(body, 'Failed to fetch the money summary');
  const parsed = moneySummaryResponseSchema.safeParse(body);
  if (!parsed.success) throw new ApiError('Failed to fetch the money summary', 'rejected', 200, null);
  return parsed.data;
}

/**
 * Under the console's common key: a capture, refund, void or settlement made in the console (they invalidate
 * every admin list) reads the summary again at once, besides the minute's poll.
 */
const moneySummaryQueryKey = (days: number) => [...ADMIN_LISTS_KEY, 'money-summary', days] as const;

export function useMoneySummary(days = MONEY_SUMMARY_DAYS) {
  return useQuery({
    queryKey: moneySummaryQueryKey(days),
    queryFn: () => getMoneySummary(days),
    refetchInterval: MONEY_SUMMARY_POLL_MS,
    placeholderData: keepPreviousData,
  });
}
