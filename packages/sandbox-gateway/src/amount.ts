import { MAX_AMOUNT_CENTS, parseDollars, type ParsedAmount } from '@store/core';

const MINOR_UNITS = /^\d{1,12}$/;

/**
 * CardPointe's amount field: with a decimal point it is dollars ("68.20"), without one it is minor units
 * ("6820" is $68.20). Only strings are accepted: a JSON number such as 68.00 arrives as 68 and could not
 * be told apart from 68 cents.
 */
export function parseGatewayAmount(input: unknown): ParsedAmount {
  if (typeof input !== 'string') {
    return { ok: false, reason: 'amount must be a string: "68.20" (dollars) or "6820" (cents)' };
  }
  const text = input.trim();
  if (text.startsWith('-')) return { ok: false, reason: 'amount must not be negative' };
  if (text.includes('.')) {
    const parsed = parseDollars(text);
    // parseDollars says "Amount must …"; field names are lower-case on this API.
    return parsed.ok ? parsed : { ok: false, reason: parsed.reason.replace(/^Amount/, 'amount') };
  }
  if (!MINOR_UNITS.test(text)) {
    return { ok: false, reason: 'amount must be a string: "68.20" (dollars) or "6820" (cents)' };
  }
  const cents = Number(text);
  if (cents > MAX_AMOUNT_CENTS) return { ok: false, reason: 'amount is too large' };
  return { ok: true, cents };
}
