export type CardBrand = 'VISA' | 'MASTERCARD' | 'AMEX' | 'DISCOVER' | 'UNKNOWN';

/**
 * product §5: 4 is VISA; 51–55 MASTERCARD; 34 or 37 AMEX; 6011 or 65 DISCOVER; otherwise unknown. Also
 * Mastercard's 2-series, 2221–2720, issued since 2017 (docs/decisions/024).
 */
export function detectCardBrand(cardNumber: string): CardBrand {
  const digits = cardNumber.replace(/\D/g, '');
  if (/^4/.test(digits)) return 'VISA';
  if (/^5[1-5]/.test(digits) || isMastercardTwoSeries(digits)) return 'MASTERCARD';
  if (/^3[47]/.test(digits)) return 'AMEX';
  if (/^(6011|65)/.test(digits)) return 'DISCOVER';
  return 'UNKNOWN';
}

function isMastercardTwoSeries(digits: string): boolean {
  if (!/^2\d{3}/.test(digits)) return false;
  const prefix = Number(digits.slice(0, 4));
  return prefix >= 2221 && prefix <= 2720;
}

/** The Luhn (mod 10) check every card number must pass. */
export function isLuhnValid(cardNumber: string): boolean {
  const digits = cardNumber.replace(/\D/g, '');
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * An ABA routing number: 9 digits whose weighted sum (weights 3, 7, 1 repeated) is a multiple of 10, the
 * check every US bank's number passes.
 */
export function isValidRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...routing].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
  return sum % 10 === 0;
}
