import { messageResponseSchema, type MessageResponse } from '@store/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';
import { ACCOUNT_SECURITY_KEY } from './get-account-security';

const REMOVE_PASSKEY_PATH = '/api/admin/account/passkeys/remove';

/**
 * `POST /api/admin/account/passkeys/remove`: one of the person's passkeys goes. The store asks for the
 * second factor proved in the last 15 minutes first (`step_up_required`): `adminPost` then asks "Confirm it
 * is you" over the page and sends the removal again once confirmed.
 */
async function removePasskey(id: string): Promise<MessageResponse> {
  const body = await adminPost<unknown>(REMOVE_PASSKEY_PATH, { id });
  const parsed = messageResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to remove the passkey', 'rejected', 200, message);
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'account', 'passkeys', 'remove'],
    mutationFn: removePasskey,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ACCOUNT_SECURITY_KEY }),
  });
}
