import { passkeyOptionsResponseSchema } from '@store/core';
import { ApiError, postJson, readMessage } from '../../../lib/api-client';

const PASSKEY_SIGN_IN_OPTIONS_PATH = '/api/admin/passkey/options';

/**
 * `POST /api/admin/passkey/options`: the options for the browser's prompt that signs in with a passkey
 * alone (decision 059): no username, the browser offers the store's passkeys it holds. Good for five
 * minutes, once.
 */
export async function startPasskeySignIn(): Promise<unknown> {
  const body = await postJson<unknown>(PASSKEY_SIGN_IN_OPTIONS_PATH, {});
  const parsed = passkeyOptionsResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data.options;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Authentication failed', 'rejected', 200, message);
}
