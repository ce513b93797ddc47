import { PASSKEY_MESSAGES } from '@store/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { PasskeyPromptError } from '../../../lib/passkeys';
import { LOGIN_MESSAGES } from './login-error';
import { otherPersonText, passkeySignInText } from './passkey-sign-in-error';

const answered = (status: number, message: string | null) =>
  new ApiError(message ?? `Server returned ${status} status code`, 'http', status, message);

describe('passkeySignInText', () => {
  it('says a closed prompt signed nobody in, in plain words and without an error look', () => {
    expect(passkeySignInText(new PasskeyPromptError('cancelled'))).toEqual({
      tone: 'notice',
      text: 'You are not signed in: the browser’s passkey window was closed before it finished.',
    });
  });

  it('says what to do when the browser could not use a passkey', () => {
    expect(passkeySignInText(new PasskeyPromptError('failed'))).toEqual({
      tone: 'problem',
      text: 'This browser could not use a passkey. Try again, or sign in with your password.',
    });
  });

  it("reads the store's refusal as it worded it", () => {
    expect(passkeySignInText(answered(401, PASSKEY_MESSAGES.notRecognised))).toEqual({
      tone: 'problem',
      text: PASSKEY_MESSAGES.notRecognised,
    });
    const wait = 'Too many failed sign-in attempts. Try again in 15 minutes.';
    expect(passkeySignInText(answered(429, wait)).text).toBe(wait);
  });

  it('falls back to the sign-in’s own words', () => {
    expect(passkeySignInText(answered(500, null)).text).toBe(LOGIN_MESSAGES.authenticationFailed);
    expect(passkeySignInText(new ApiError('Could not reach the server.', 'network')).text).toBe(
      LOGIN_MESSAGES.networkFailure,
    );
  });
});

describe('otherPersonText', () => {
  it('names the person the page was signed in as', () => {
    expect(otherPersonText('operator')).toBe(
      'That passkey signs in another account, not operator: nothing changed here. Use your own passkey, or your password.',
    );
  });
});
