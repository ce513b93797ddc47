/**
 * The codes a staff member types to prove their second factor (decision 059): the six digits their
 * authenticator app shows, or one of their ten recovery codes. Shared by the sign-in page and the console.
 */

/** An authenticator app's code: six digits (RFC 6238 as the store sets it up). */
const AUTHENTICATOR_CODE_LENGTH = 6;
/** The longest code the store reads (a recovery code is 11 characters; pasted ones may carry spaces). */
const CODE_MAX_LENGTH = 40;

/** Which code a field asks for. */
export type OneTimeCodeKind = 'authenticator' | 'recovery';

export const ONE_TIME_CODE_TEXTS = {
  authenticatorLabel: 'Code from your authenticator app',
  recoveryLabel: 'Recovery code',
  authenticatorHint: 'The six digits it shows now.',
  recoveryHint: 'One of the ten codes you saved when you set up the app. Each works once.',
  useRecovery: 'Use a recovery code instead',
  useAuthenticator: 'Use the code from your authenticator app',
  authenticatorMissing: 'Type the six digits your authenticator app shows',
  recoveryMissing: 'Type one of your recovery codes',
} as const;

/**
 * What a code field keeps of what was typed or pasted: for an authenticator code its digits only, at most
 * six (so "123 456", a paste with its space, still fits); a recovery code as typed (the store reads it in
 * any case, with or without its dash), within the store's length.
 */
export function typedOneTimeCode(kind: OneTimeCodeKind, value: string): string {
  if (kind === 'authenticator') return value.replace(/\D/g, '').slice(0, AUTHENTICATOR_CODE_LENGTH);
  return value.slice(0, CODE_MAX_LENGTH);
}

/** Why a code cannot be sent yet, or null when it can. */
export function oneTimeCodeProblem(kind: OneTimeCodeKind, value: string): string | null {
  if (kind === 'authenticator') {
    return value.length === AUTHENTICATOR_CODE_LENGTH ? null : ONE_TIME_CODE_TEXTS.authenticatorMissing;
  }
  return value.trim() === '' ? ONE_TIME_CODE_TEXTS.recoveryMissing : null;
}
