import { addDays, formatDepositDay, utcToday } from '../deposits/deposits';

/**
 * Demo mode's settlement (decision 036): the sandbox batch closes now, or as if it had closed days ago, so
 * that an operator trying the store sees its deposit, and the chargebacks and returns that come days after.
 */

/**
 * The days back the console offers: now; yesterday (its deposit is today's); 2 and 3 days ago, when the
 * sandbox's ACH returns and chargebacks of that batch come.
 */
export const SETTLE_DAYS_AGO_OPTIONS = [0, 1, 2, 3] as const;

export function isSettleDaysAgo(value: number): boolean {
  return (SETTLE_DAYS_AGO_OPTIONS as readonly number[]).includes(value);
}

/** "Today", "Yesterday", "3 days ago": the choices of the select. */
export function settleDayOptionLabel(daysAgo: number): string {
  if (daysAgo === 0) return 'Today (now)';
  if (daysAgo === 1) return 'Yesterday';
  return `${daysAgo} days ago`;
}

/** The button's words: "Settle now (sandbox)", "Settle as of yesterday (sandbox)", "Settle as of 3 days ago (sandbox)". */
export function settleButtonText(daysAgo: number): string {
  if (daysAgo === 0) return 'Settle now (sandbox)';
  if (daysAgo === 1) return 'Settle as of yesterday (sandbox)';
  return `Settle as of ${daysAgo} days ago (sandbox)`;
}

/**
 * Where the batch's money shows: a batch is funded the day after it settles (UTC), so a batch closed as of
 * yesterday is today's deposit; one closed now is tomorrow's.
 */
export function settledDepositNote(daysAgo: number, today = utcToday()): string {
  if (daysAgo === 0) return 'Its deposit comes tomorrow: close the batch as of yesterday to see one today.';
  const depositDay = addDays(today, 1 - daysAgo);
  return `Its deposit is under ${formatDepositDay(depositDay)} in Deposits.`;
}
