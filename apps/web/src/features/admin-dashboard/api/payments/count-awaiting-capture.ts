import type { AdminPaymentsResponse } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { LIST_PENDING_PAYMENTS_PATH } from './list-pending-payments';
import { adminPost, requireSuccess } from '../../utils/admin-post';

const PROGRESS_POLL_MS = 1000;

/** How many payments still await capture (a one-row page of the payments list: just its total). */
async function countAwaitingCapture(): Promise<number> {
  const body = await adminPost<unknown>(LIST_PENDING_PAYMENTS_PATH, { limit: 1 });
  return requireSuccess<AdminPaymentsResponse>(body, 'Failed to fetch payments').total;
}

/** Polled every second while Capture All runs, so the console can show how far it has got. */
export function useAwaitingCaptureCount(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'payments', 'awaiting-count'],
    queryFn: countAwaitingCapture,
    enabled,
    refetchInterval: enabled ? PROGRESS_POLL_MS : false,
    gcTime: 0,
  });
}
