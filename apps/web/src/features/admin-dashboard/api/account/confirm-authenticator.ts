import { recoveryCodesResponseSchema, type RecoveryCodesResponse } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import { ACCOUNT_SECURITY_KEY } from './get-account-security';

const CONFIRM_AUTHENTICATOR_PATH = '/api/admin/account/authenticator/confirm';

/**
 * `POST /api/admin/account/authenticator/confirm`: the app's first code proves it holds the key; the answer
 * is ten recovery codes, shown this once. 400 with the store's words for a wrong code.
 */
async function confirmAuthenticator(code: string): Promise<RecoveryCodesResponse> {
  const body = await adminPost<unknown>(CONFIRM_AUTHENTICATOR_PATH, { code });
  const parsed = recoveryCodesResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to set up the app', 'rejected', 200, message);
}

export function useConfirmAuthenticator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'account', 'authenticator', 'confirm'],
    mutationFn: confirmAuthenticator,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ACCOUNT_SECURITY_KEY }),
  });
}
