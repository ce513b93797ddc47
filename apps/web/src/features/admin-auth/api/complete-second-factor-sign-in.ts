import type { AdminLoginResponse } from '@store/core';
import { useMutation } from '@tanstack/react-query';
import { ApiError, postJson, readMessage } from '../../../lib/api-client';

const SECOND_FACTOR_SIGN_IN_PATH = '/api/admin/login/second-factor';

/**
 * `POST /api/admin/login/second-factor`: the sign-in's second step (decision 059), with the code from the
 * authenticator app or a recovery code. The waiting sign-in's cookie, set by the password step, says who;
 * the answer sets the session cookie. Fails (ApiError) with the store's words: 401 for a wrong code or no
 * sign-in waiting (more than 5 minutes ago), 429 while too many wrong codes make it wait.
 */
async function completeSecondFactorSignIn(code: string): Promise<AdminLoginResponse> {
  const body = await postJson<unknown>(SECOND_FACTOR_SIGN_IN_PATH, { code });
  if (typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'success') {
    const username = (body as { username?: unknown }).username;
    if (typeof username === 'string' && username.trim() !== '') {
      return { status: 'success', message: readMessage(body) ?? 'Login successful', username };
    }
  }
  const message = readMessage(body);
  throw new ApiError(message ?? 'Authentication failed', 'rejected', 200, message);
}

export function useCompleteSecondFactorSignIn() {
  return useMutation({
    mutationKey: ['admin', 'login', 'second-factor'],
    mutationFn: completeSecondFactorSignIn,
  });
}
