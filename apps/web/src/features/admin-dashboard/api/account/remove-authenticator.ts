import { messageResponseSchema, type MessageResponse } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import { ACCOUNT_SECURITY_KEY } from './get-account-security';

const REMOVE_AUTHENTICATOR_PATH = '/api/admin/account/authenticator/remove';

/**
 * `POST /api/admin/account/authenticator/remove`: with a code from the app (or a recovery code), the app
 * and its recovery codes go; the person signs in with their password alone again.
 */
async function removeAuthenticator(code: string): Promise<MessageResponse> {
  const body = await adminPost<unknown>(REMOVE_AUTHENTICATOR_PATH, { code });
  const parsed = messageResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to remove the app', 'rejected', 200, message);
}

export function useRemoveAuthenticator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'account', 'authenticator', 'remove'],
    mutationFn: removeAuthenticator,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ACCOUNT_SECURITY_KEY }),
  });
}
