import { STAFF_MESSAGES, STAFF_PASSWORD_MIN_LENGTH } from '@store/core';

/** A set-up token as the store issues it (base64url); anything else in the address is not one. */
const SETUP_TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * The set-up link's token, from the address's fragment (`/admin/setup#<token>`): the browser never sends a
 * fragment to a server, so the token reaches only the store's own call. Null when there is none; '' when
 * the fragment is there but cannot be a token (the store would not know it either).
 */
export function setupTokenOf(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (fragment === '') return null;
  return SETUP_TOKEN.test(fragment) ? fragment : '';
}

export type SetupField = 'password' | 'confirm';

/**
 * The new password checked before it is sent: long enough, and typed the same twice. The server checks the
 * rest (a guessable or common password) and says why in its own words.
 */
export function setupPasswordProblem(
  password: string,
  confirm: string,
): { field: SetupField; message: string } | null {
  if (password.length < STAFF_PASSWORD_MIN_LENGTH) {
    return { field: 'password', message: STAFF_MESSAGES.passwordTooShort };
  }
  if (confirm !== password) return { field: 'confirm', message: STAFF_MESSAGES.passwordsDiffer };
  return null;
}
