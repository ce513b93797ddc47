import type { SandboxSettleResponse } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../utils/admin-post';
import { ADMIN_LISTS_KEY } from '../utils/pending-cache';

export const CLOSE_SANDBOX_BATCH_PATH = '/api/admin/sandbox/settle';

/**
 * Demo mode only: the sandbox gateway closes today's batch now, as its nightly cut-off would. Captures
 * settle, and the refunds that waited for settlement are sent.
 */
export async function closeSandboxBatch(): Promise<SandboxSettleResponse> {
  const body = await adminPost<unknown>(CLOSE_SANDBOX_BATCH_PATH, {});
  return requireSuccess<SandboxSettleResponse>(body, 'The sandbox batch could not be closed');
}

export function useCloseSandboxBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'sandbox-settle'],
    mutationFn: closeSandboxBatch,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_LISTS_KEY }),
  });
}
