import type { SandboxSettleResponse } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../../utils/admin-post';
import { ADMIN_LISTS_KEY } from '../../utils/pending-cache';

const CLOSE_SANDBOX_BATCH_PATH = '/api/admin/sandbox/settle';

/**
 * Demo mode only: the sandbox gateway closes today's batch now, as its nightly cut-off would, or as if it
 * had closed `daysAgo` days ago (decision 036): captures settle, the refunds that waited for settlement are
 * sent, and the deposits, returns and chargebacks that batch brings by today are read at once.
 */
async function closeSandboxBatch(daysAgo = 0): Promise<SandboxSettleResponse> {
  const body = await adminPost<unknown>(CLOSE_SANDBOX_BATCH_PATH, daysAgo > 0 ? { daysAgo } : {});
  return requireSuccess<SandboxSettleResponse>(body, 'The sandbox batch could not be closed');
}

export function useCloseSandboxBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'sandbox-settle'],
    mutationFn: (daysAgo: number = 0) => closeSandboxBatch(daysAgo),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_LISTS_KEY }),
  });
}
