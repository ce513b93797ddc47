import { dictionary } from '@zxcvbn-ts/language-common';
import { guessablePasswordReason } from '@store/core';

/** The 49,000 most common passwords of zxcvbn's dictionary, read once. */
let commonPasswords: Set<string> | undefined;

function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'] as string[]);
  return commonPasswords.has(password.toLowerCase());
}

const COMMON_PASSWORD =
  'This password is one of the most commonly used, so it is easy to guess. Choose another.';

/**
 * Why a new password is refused beyond its length, or undefined: the shape rules the browser checks too,
 * then the common-password list. Every way of setting a customer's or a staff member's password goes through this.
 */
export function newPasswordRefusal(password: string): string | undefined {
  return guessablePasswordReason(password) ?? (isCommonPassword(password) ? COMMON_PASSWORD : undefined);
}
