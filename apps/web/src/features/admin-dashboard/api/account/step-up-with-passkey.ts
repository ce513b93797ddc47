import { messageResponseSchema, type MessageResponse } from '@store/core';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';

const PASSKEY_STEP_UP_PATH = '/api/admin/step-up/passkey';

/**
 * `POST /api/admin/step-up/passkey`: the passkey's answer to the store's challenge proves the person's
 * second factor again, so that the call that asked for it can be sent again. 400 with the store's words
 * when the passkey is not recognised.
 */
export async function stepUpWithPasskey(response: unknown): Promise<MessageResponse> {
  const body = await adminPost<unknown>(PASSKEY_STEP_UP_PATH, { response });
  const parsed = messageResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to confirm', 'rejected', 200, message);
}
