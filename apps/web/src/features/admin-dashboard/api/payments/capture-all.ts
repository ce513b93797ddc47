import type { CaptureAllResponse } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPost, requireSuccess } from '../../utils/admin-post';
import { moneyActionKeys } from '../../utils/idempotency-keys';
import { ADMIN_LISTS_KEY, dropPendingPayments } from '../../utils/pending-cache';
import { CAPTURE_ALL_TIMEOUT_MS } from '../../utils/polling';

const CAPTURE_ALL_PATH = '/api/admin/capture-all';

/** Captures every authorized payment in full; each one succeeds or fails on its own. */
async function captureAllPayments(idempotencyKey: string): Promise<CaptureAllResponse> {
  const body = await adminPost<unknown>(
    CAPTURE_ALL_PATH,
    {},
    { idempotencyKey, timeoutMs: CAPTURE_ALL_TIMEOUT_MS },
  );
  return requireSuccess<CaptureAllResponse>(body, 'Failed to capture payment', (answer) =>
    Array.isArray(answer.results),
  );
}

export const captureAllMutationKey = ['admin', 'capture-all'] as const;

export function useCaptureAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: captureAllMutationKey,
    mutationFn: () => moneyActionKeys.run('capture-all', captureAllPayments),
    onSuccess: (answer) =>
      dropPendingPayments(
        queryClient,
        answer.results.filter((result) => result.success).map((result) => result.paymentId),
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_LISTS_KEY }),
  });
}
