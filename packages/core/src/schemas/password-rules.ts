/**
 * Passwords a guesser tries first, whatever their length: blank ones, one character or one short chunk
 * over and over, and runs of the alphabet, the digits or a keyboard row. The breached-password list is too
 * large for the browser, so the server checks that one on its own; these rules are small enough for both.
 */

export const PASSWORD_REFUSALS = {
  blank: 'This password is only spaces, so it is easy to guess. Choose another.',
  repeated: 'This password repeats the same characters, so it is easy to guess. Choose another.',
  sequence:
    'This password is a simple sequence of letters, digits or keyboard keys, so it is easy to guess. Choose another.',
} as const;

/**
 * A password made of one chunk repeated is only as strong as the chunk; a chunk at least as long as the
 * shortest password allowed stands on its own, so only shorter ones are refused.
 */
const SHORTEST_CHUNK_ALLOWED = 8;

/** The rows of a US keyboard and the same keys shifted, position for position. */
const KEYBOARD_ROWS = ['`1234567890-=', 'qwertyuiop[]\\', "asdfghjkl;'", 'zxcvbnm,./'];
const SHIFTED_ROWS = ['~!@#$%^&*()_+', 'QWERTYUIOP{}|', 'ASDFGHJKL:"', 'ZXCVBNM<>?'];

const UNSHIFTED = new Map<string, string>();
SHIFTED_ROWS.forEach((row, rowIndex) => {
  [...row].forEach((key, keyIndex) => UNSHIFTED.set(key, KEYBOARD_ROWS[rowIndex]![keyIndex]!));
});
const ROWS_BOTH_WAYS = KEYBOARD_ROWS.flatMap((row) => [row, [...row].reverse().join('')]);

function isRepetition(characters: string[]): boolean {
  const longestChunk = Math.min(SHORTEST_CHUNK_ALLOWED - 1, Math.floor(characters.length / 2));
  for (let chunk = 1; chunk <= longestChunk; chunk += 1) {
    if (characters.every((character, index) => index < chunk || character === characters[index - chunk])) {
      return true;
    }
  }
  return false;
}

/** Positions in an alphabet of `size` letters or digits; undefined when a character is not in it. */
function positionsIn(characters: string[], first: string, size: number): number[] | undefined {
  const start = first.charCodeAt(0);
  const positions = characters.map((character) => character.charCodeAt(0) - start);
  return positions.every((position) => position >= 0 && position < size) ? positions : undefined;
}

/** Each character one step after (or before) the last, going round from z to a and from 9 to 0. */
function isStepByStep(positions: number[], size: number): boolean {
  const steps = positions.slice(1).map((position, index) => (position - positions[index]! + size) % size);
  return steps.every((step) => step === 1) || steps.every((step) => step === size - 1);
}

function isSequence(characters: string[]): boolean {
  const letters = positionsIn(characters, 'a', 26);
  if (letters && isStepByStep(letters, 26)) return true;
  const digits = positionsIn(characters, '0', 10);
  if (digits && isStepByStep(digits, 10)) return true;
  const keys = characters.map((character) => UNSHIFTED.get(character) ?? character).join('');
  return ROWS_BOTH_WAYS.some((row) => row.includes(keys));
}

/**
 * Why a new password is too easy to guess by its shape alone (the reason's message), or undefined. Case
 * does not help: `AbcdEfgh` is as easy as `abcdefgh`. Only a pattern covering the whole password counts;
 * `paperline-2026-orders` holds runs and repeats and is a fine password.
 */
export function guessablePasswordReason(password: string): string | undefined {
  if (password.length > 0 && password.trim() === '') return PASSWORD_REFUSALS.blank;
  const characters = [...password.toLowerCase()];
  if (characters.length < 2) return undefined;
  if (isRepetition(characters)) return PASSWORD_REFUSALS.repeated;
  if (isSequence(characters)) return PASSWORD_REFUSALS.sequence;
  return undefined;
}
