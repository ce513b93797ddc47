import { messageResponseSchema, type MessageResponse } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import { ACCOUNT_SECURITY_KEY } from './get-account-security';

const STEP_UP_PATH = '/api/admin/step-up';

/**
 * `POST /api/admin/step-up`: the person proves their second factor again (decision 059), so that the money
 * call that asked for it can be sent again. 400 with the store's words for a wrong code, 429 with its wait.
 */
async function stepUp(code: string): Promise<MessageResponse> {
  const body = await adminPost<unknown>(STEP_UP_PATH, { code });
  const parsed = messageResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to confirm', 'rejected', 200, message);
}

export function useStepUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'step-up'],
    mutationFn: stepUp,
    // A recovery code may have been used: the count in Your account changes.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ACCOUNT_SECURITY_KEY }),
  });
}
