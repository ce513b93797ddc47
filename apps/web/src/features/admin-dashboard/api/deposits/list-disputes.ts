import type { AdminDisputesResponse } from '@store/core';
import { useQuery } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../../utils/admin-post';

const LIST_DISPUTES_PATH = '/api/admin/disputes';

/** Payments the cardholders disputed (chargebacks), newest first. */
async function listDisputes(): Promise<AdminDisputesResponse> {
  const body = await adminPost<unknown>(LIST_DISPUTES_PATH, undefined, { method: 'GET' });
  return requireSuccess<AdminDisputesResponse>(body, 'Failed to fetch disputes', (answer) =>
    Array.isArray(answer.disputes),
  );
}

const disputesQueryKey = ['admin', 'disputes'] as const;

export function useDisputes() {
  return useQuery({
    queryKey: disputesQueryKey,
    queryFn: listDisputes,
    refetchInterval: 30_000,
  });
}
