/**
 * Money is an integer number of cents everywhere inside the system. Dollar amounts appear only at the
 * edges (the spec's wire format, the gateway's decimal strings, what people read), and are converted
 * here with exact decimal parsing, never with floating-point arithmetic.
 */

export type Cents = number;

/** The largest amount the store accepts in one payment: $1,000,000.00. */
export const MAX_AMOUNT_CENTS = 100_000_000;

const DECIMAL_DOLLARS = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

export type ParsedAmount = { ok: true; cents: Cents } | { ok: false; reason: string };

/**
 * Parses a dollar amount given as a JSON number (31.48) or a string ("31.48") into cents.
 * Rejects NaN, negatives, more than two decimals, exponents and absurd sizes.
 */
export function parseDollars(input: unknown): ParsedAmount {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'Amount must be a number' };
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { ok: false, reason: 'Amount must be a number' };
  }
  if (text.startsWith('-')) return { ok: false, reason: 'Amount must be greater than zero' };
  const match = DECIMAL_DOLLARS.exec(text);
  if (!match) {
    if (/^\d+\.\d{3,}$/.test(text)) return { ok: false, reason: 'Amount must have at most two decimals' };
    return { ok: false, reason: 'Amount must be a number' };
  }
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (cents > MAX_AMOUNT_CENTS) return { ok: false, reason: 'Amount is too large' };
  return { ok: true, cents };
}

/**
 * A dollar amount from one of this store's answers (a JSON number, 68.2) as cents, read through its decimal
 * text (`parseDollars`), never by multiplying floats, so that sums and comparisons are in whole cents. An
 * absent amount is 0. Not a plain decimal (no answer of this store has one): rounded, never negative.
 */
export function dollarsToCents(dollars: number | null | undefined): Cents {
  if (dollars === null || dollars === undefined) return 0;
  const parsed = parseDollars(dollars);
  if (parsed.ok) return parsed.cents;
  return Number.isFinite(dollars) ? Math.max(0, Math.round(dollars * 100)) : 0;
}

/** 6820 → "68.20": the decimal form used on the wire and by the gateway. */
export function centsToDecimalString(cents: Cents): string {
  assertCents(cents);
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  return `${whole}.${fraction}`;
}

/** 6820 → 68.2: the spec's JSON number form (`amount: 68.2`); exact because cents/100 is printed, not summed. */
export function centsToDollars(cents: Cents): number {
  return Number(centsToDecimalString(cents));
}

/** -138 → -1.38: an amount that may be taken back (a deposit's fees, a refund's line), in dollars. */
export function signedCentsToDollars(cents: Cents): number {
  return cents < 0 ? -centsToDollars(-cents) : centsToDollars(cents);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 6820 → "$68.20" for people. */
export function formatCents(cents: Cents): string {
  assertCents(cents);
  return usd.format(cents / 100);
}

export function assertCents(cents: Cents): void {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new RangeError(`Not a whole number of cents: ${cents}`);
}
