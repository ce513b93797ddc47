import { STAFF_FACTOR_MESSAGES } from '@store/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { LOGIN_MESSAGES } from './login-error';
import { secondFactorRefusal } from './second-factor-error';

const answered = (status: number, message: string | null) =>
  new ApiError(message ?? `Server returned ${status} status code`, 'http', status, message);

describe('secondFactorRefusal', () => {
  it('asks the code again, under its field, after a wrong one', () => {
    expect(secondFactorRefusal(answered(401, STAFF_FACTOR_MESSAGES.wrongCode))).toEqual({
      back: 'code',
      message: STAFF_FACTOR_MESSAGES.wrongCode,
    });
    expect(secondFactorRefusal(answered(401, null))).toEqual({
      back: 'code',
      message: STAFF_FACTOR_MESSAGES.wrongCode,
    });
  });

  it("shows the store's wait after too many wrong codes", () => {
    const wait = 'Too many failed sign-in attempts. Try again in 2 minutes.';
    expect(secondFactorRefusal(answered(429, wait))).toEqual({ back: 'code', message: wait });
  });

  it('goes back to the password when the sign-in waiting for the code is gone', () => {
    expect(secondFactorRefusal(answered(401, STAFF_FACTOR_MESSAGES.noPendingSignIn))).toEqual({
      back: 'password',
      message: STAFF_FACTOR_MESSAGES.noPendingSignIn,
    });
  });

  it('says the sign-in failed when the server could not be reached, and keeps the code step', () => {
    expect(secondFactorRefusal(new ApiError('Could not reach the server.', 'network'))).toEqual({
      back: 'code',
      message: LOGIN_MESSAGES.networkFailure,
    });
    expect(secondFactorRefusal(new TypeError('Failed to fetch'))).toEqual({
      back: 'code',
      message: LOGIN_MESSAGES.networkFailure,
    });
    expect(secondFactorRefusal(answered(500, null))).toEqual({
      back: 'code',
      message: LOGIN_MESSAGES.authenticationFailed,
    });
  });
});
