import type { AdminLoginResponse } from '@store/core';
import { ApiError, readMessage } from '../../../lib/api-client';

/**
 * A sign-in step's answer that opens a session (the code after a password, or a passkey alone): the person
 * it signed in. Anything else fails (ApiError) with the store's words.
 */
export function signedInAnswerOf(body: unknown): AdminLoginResponse {
  if (typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'success') {
    const username = (body as { username?: unknown }).username;
    if (typeof username === 'string' && username.trim() !== '') {
      return { status: 'success', message: readMessage(body) ?? 'Login successful', username };
    }
  }
  const message = readMessage(body);
  throw new ApiError(message ?? 'Authentication failed', 'rejected', 200, message);
}
