import { messageResponseSchema, type MessageResponse } from '@store/core';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';

const ADD_PASSKEY_PATH = '/api/admin/account/passkeys';

export interface AddPasskeyRequest {
  /** What the browser's prompt answered, as it is. */
  response: unknown;
  /** The person's name for it ("Work laptop"). */
  name: string;
}

/**
 * `POST /api/admin/account/passkeys`: the store checks the new passkey's answer to its challenge and keeps
 * it under the person's name for it. 400 with the store's words when it cannot be added, 409 when the
 * passkey was added already.
 */
export async function addPasskey(request: AddPasskeyRequest): Promise<MessageResponse> {
  const body = await adminPost<unknown>(ADD_PASSKEY_PATH, request);
  const parsed = messageResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to add the passkey', 'rejected', 200, message);
}
