import type { AdminLoginResponse } from '@store/core';
import { postJson } from '../../../lib/api-client';
import { signedInAnswerOf } from './signed-in-answer';

const PASSKEY_SIGN_IN_PATH = '/api/admin/passkey/sign-in';

/**
 * `POST /api/admin/passkey/sign-in`: the passkey's answer to the store's challenge signs its owner in, and
 * the answer sets the session cookie, as a password and code do. Fails (ApiError) with the store's words:
 * 401 for a passkey it does not recognise, 403 for a disabled account, 429 while it makes the address wait.
 */
export async function signInWithPasskey(response: unknown): Promise<AdminLoginResponse> {
  const body = await postJson<unknown>(PASSKEY_SIGN_IN_PATH, { response });
  return signedInAnswerOf(body);
}
