import { createHmac, randomInt } from 'node:crypto';

function randomDigits(count: number): string {
  let digits = '';
  for (let index = 0; index < count; index += 1) digits += String(randomInt(10));
  return digits;
}

/** A retrieval reference: 12 digits, like CardPointe's, never starting with 0 so it survives numeric parsing. */
export function createRetref(): string {
  return String(randomInt(1, 10)) + randomDigits(11);
}

/** An approval's authorization code: 6 characters. */
export function createAuthcode(): string {
  return randomDigits(6);
}

/**
 * A CardSecure-style token for an account (a card number, or a bank account's `routing/account`): '9', the
 * account's first two digits (which tell a card's brand, as CardSecure's do), digits of a keyed hash of the
 * account, and its last four; as long as the card number, 16 digits for a bank account. The same account
 * always gets the same token, unless a `salt` asks for a new one (a unique token), and the token says
 * nothing more of the account than its ends.
 */
export function createAccountToken(account: string, key: string, salt = ''): string {
  const digits = account.replace(/\D/g, '');
  const length = /^\d+$/.test(account) ? account.length : 16;
  const hash = BigInt(
    `0x${createHmac('sha256', key)
      .update(account + salt)
      .digest('hex')}`,
  ).toString();
  return '9' + digits.slice(0, 2) + hash.slice(0, length - 7) + digits.slice(-4);
}
