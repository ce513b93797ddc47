import type { AdminLoginResponse } from '@store/core';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client';
import { signedInAnswerOf } from './signed-in-answer';

const SECOND_FACTOR_SIGN_IN_PATH = '/api/admin/login/second-factor';

/**
 * `POST /api/admin/login/second-factor`: the sign-in's second step (decision 059), with the code from the
 * authenticator app or a recovery code. The waiting sign-in's cookie, set by the password step, says who;
 * the answer sets the session cookie. Fails (ApiError) with the store's words: 401 for a wrong code or no
 * sign-in waiting (more than 5 minutes ago), 429 while too many wrong codes make it wait.
 */
async function completeSecondFactorSignIn(code: string): Promise<AdminLoginResponse> {
  const body = await postJson<unknown>(SECOND_FACTOR_SIGN_IN_PATH, { code });
  return signedInAnswerOf(body);
}

export function useCompleteSecondFactorSignIn() {
  return useMutation({
    mutationKey: ['admin', 'login', 'second-factor'],
    mutationFn: completeSecondFactorSignIn,
  });
}
