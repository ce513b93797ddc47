import type { AdminLoginResponse } from '@store/core';
import { ApiError, postJson, readMessage } from '../../../lib/api-client';

const PASSKEY_SIGN_IN_PATH = '/api/admin/passkey/sign-in';

/**
 * `POST /api/admin/passkey/sign-in`: the passkey's answer to the store's challenge signs its owner in, and
 * the answer sets the session cookie, as a password and code do. Fails (ApiError) with the store's words:
 * 401 for a passkey it does not recognise, 403 for a disabled account, 429 while it makes the address wait.
 */
export async function signInWithPasskey(response: unknown): Promise<AdminLoginResponse> {
  const body = await postJson<unknown>(PASSKEY_SIGN_IN_PATH, { response });
  if (typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'success') {
    const username = (body as { username?: unknown }).username;
    if (typeof username === 'string' && username.trim() !== '') {
      return { status: 'success', message: readMessage(body) ?? 'Login successful', username };
    }
  }
  const message = readMessage(body);
  throw new ApiError(message ?? 'Authentication failed', 'rejected', 200, message);
}
