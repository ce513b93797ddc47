import { STAFF_FACTOR_MESSAGES } from '@store/core';
import { ApiError } from '../../../lib/api-client';
import { LOGIN_MESSAGES } from './login-error';

/**
 * What the sign-in's second step does with a refused code (decision 059):
 * - `code`: the message goes under the code field, which is asked again (a wrong code; too many wrong
 *   codes, with the store's wait; no answer at all);
 * - `password`: the sign-in that waited for the code is gone (more than 5 minutes): back to the password,
 *   with the store's words.
 */
export type SecondFactorRefusal = { back: 'code' | 'password'; message: string };

export function secondFactorRefusal(error: unknown): SecondFactorRefusal {
  if (!(error instanceof ApiError) || error.kind === 'network') {
    return { back: 'code', message: LOGIN_MESSAGES.networkFailure };
  }
  if (error.status === 401 && error.serverMessage === STAFF_FACTOR_MESSAGES.noPendingSignIn) {
    return { back: 'password', message: error.serverMessage };
  }
  if (error.serverMessage) return { back: 'code', message: error.serverMessage };
  if (error.status === 401) return { back: 'code', message: STAFF_FACTOR_MESSAGES.wrongCode };
  return { back: 'code', message: LOGIN_MESSAGES.authenticationFailed };
}
