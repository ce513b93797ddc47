import { PasskeyPromptError, passkeyPromptText } from '../../../lib/passkeys';
import { loginErrorMessage } from './login-error';

/**
 * What the sign-in says when signing in with a passkey did not: a prompt the person closed, in plain words
 * and without an error look (`notice`); the browser unable, or the store's refusal as it worded it, else the
 * sign-in's own words (`problem`).
 */
export function passkeySignInText(error: unknown): { tone: 'notice' | 'problem'; text: string } {
  if (error instanceof PasskeyPromptError) return passkeyPromptText(error.reason, 'sign-in');
  return { tone: 'problem', text: loginErrorMessage(error) };
}

/** Over a page signed in as `expected`, a passkey that signed in someone else: nothing changed. */
export function otherPersonText(expected: string): string {
  return `That passkey signs in another account, not ${expected}: nothing changed here. Use your own passkey, or your password.`;
}
