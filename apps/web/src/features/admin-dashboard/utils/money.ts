import { formatCents, parseDollars, type Cents } from '@store/core';

/**
 * The API sends dollars as JSON numbers (68.2). They are read back into cents exactly (through their
 * decimal text, never by multiplying floats), so every sum and comparison here is in whole cents.
 */
export function dollarsToCents(dollars: number | null | undefined): Cents {
  if (dollars === null || dollars === undefined) return 0;
  const parsed = parseDollars(dollars);
  if (parsed.ok) return parsed.cents;
  // Not a plain decimal (should not happen with this server): round, never show a negative.
  return Number.isFinite(dollars) ? Math.max(0, Math.round(dollars * 100)) : 0;
}

/** 68.2 → "$68.20". */
export function formatDollars(dollars: number | null | undefined): string {
  return formatCents(dollarsToCents(dollars));
}

export function sumCents(amounts: readonly Cents[]): Cents {
  return amounts.reduce((total, cents) => total + cents, 0);
}
