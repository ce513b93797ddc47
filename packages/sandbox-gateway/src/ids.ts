import { randomInt } from 'node:crypto';

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
 * A CardSecure-style token for a card number, as long as the number itself: '9', the card's first two digits
 * (which tell the brand, as CardSecure's do), random digits, and the card's last four.
 */
export function createCardToken(cardNumber: string): string {
  return '9' + cardNumber.slice(0, 2) + randomDigits(cardNumber.length - 7) + cardNumber.slice(-4);
}
