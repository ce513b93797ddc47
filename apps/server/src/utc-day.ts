/** A day in milliseconds. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The UTC calendar day of a time, YYYY-MM-DD: the store's days for settlement, funding and the Deposits view
 * (decisions 035, 036).
 */
export function utcDayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}
