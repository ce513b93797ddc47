import { passkeyOptionsResponseSchema } from '@store/core';
import { ApiError, readMessage } from '../../../../lib/api-client';
import { adminPost } from '../../utils/admin-post';

const PASSKEY_STEP_UP_OPTIONS_PATH = '/api/admin/step-up/passkey/options';

/**
 * `POST /api/admin/step-up/passkey/options`: the options for the browser's prompt that confirms it is the
 * person, with one of their own passkeys (decision 059). 409 with the store's words when they have none.
 */
export async function startPasskeyStepUp(): Promise<unknown> {
  const body = await adminPost<unknown>(PASSKEY_STEP_UP_OPTIONS_PATH, {});
  const parsed = passkeyOptionsResponseSchema.safeParse(body);
  if (parsed.success) return parsed.data.options;
  const message = readMessage(body);
  throw new ApiError(message ?? 'Failed to confirm', 'rejected', 200, message);
}
