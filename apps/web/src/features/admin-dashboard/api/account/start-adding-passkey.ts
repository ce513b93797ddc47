import { passkeyOptionsResponseSchema } from '@store/core';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';

const PASSKEY_REGISTRATION_OPTIONS_PATH = '/api/admin/account/passkeys/options';

/**
 * `POST /api/admin/account/passkeys/options`: the options for the browser's prompt that makes a passkey for
 * the signed-in person (decision 059); the passkeys they have already are excluded. Good for five minutes.
 */
export async function startAddingPasskey(): Promise<unknown> {
  const body = await adminPost<unknown>(PASSKEY_REGISTRATION_OPTIONS_PATH, {});
  const parsed = passkeyOptionsResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data.options;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to start adding a passkey', 'rejected', 200, message);
}
