import type { AdminDepositDayResponse } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../../utils/admin-post';

function depositDayApiPath(day: string): string {
  return `/api/admin/deposits/${encodeURIComponent(day)}`;
}

/** One day's deposits and every line, matched to the store's payments and refunds. */
async function getDepositDay(day: string): Promise<AdminDepositDayResponse> {
  const body = await adminPost<unknown>(depositDayApiPath(day), undefined, { method: 'GET' });
  return requireSuccess<AdminDepositDayResponse>(
    body,
    'Failed to fetch the deposit',
    (answer) => Array.isArray(answer.deposits) && Array.isArray(answer.lines),
  );
}

const depositDayQueryKey = (day: string) => ['admin', 'deposit-day', day] as const;

export function useDepositDay(day: string) {
  return useQuery({
    queryKey: depositDayQueryKey(day),
    queryFn: () => getDepositDay(day),
    refetchInterval: 30_000,
  });
}
