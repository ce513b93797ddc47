import {
  achReturnReasonOf,
  DEPOSIT_LINE_KIND_LABELS,
  DEPOSIT_MATCH_LABELS,
  dollarsToCents,
  formatCents,
  type Cents,
  type DepositDay,
  type DepositLine,
} from '@store/core';
import type { BadgeTone } from '../../components/status-badge';

/**
 * The Deposits view's figures and words (decision 036). Deposit amounts come signed (what came off a deposit
 * is negative), which the store's own money helpers do not take: they are read and written here.
 */

/** A signed dollar amount from the server (-1.38) as signed cents (-138), through its decimal text. */
export function signedDollarsToCents(dollars: number): Cents {
  return dollars < 0 ? -dollarsToCents(-dollars) : dollarsToCents(dollars);
}

/** "$12.66", "−$15.00" (a true minus sign), "$0.00". */
export function formatSignedCents(cents: Cents): string {
  return cents < 0 ? `−${formatCents(-cents)}` : formatCents(cents);
}

export function formatSignedDollars(dollars: number): string {
  return formatSignedCents(signedDollarsToCents(dollars));
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function dayTime(day: string): number | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(time) ? null : time;
}

/** The UTC calendar day (YYYY-MM-DD) `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  const time = dayTime(day);
  if (time === null) return day;
  return new Date(time + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today as the store's deposit days count it: the UTC calendar day. */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Tue, Jan 6, 2026": a deposit day (a UTC calendar day) as people read it, whatever their time zone. */
export function formatDepositDay(day: string): string {
  const time = dayTime(day);
  return time === null ? day : dayFormat.format(new Date(time));
}

export interface BadgeText {
  label: string;
  tone: BadgeTone;
}

/** How a day stands, in words: never by colour alone. */
export function depositDayBadge(
  day: Pick<DepositDay, 'state' | 'mismatchCount' | 'missingCount'>,
): BadgeText {
  switch (day.state) {
    case 'matched':
      return { label: 'Matched', tone: 'success' };
    case 'mismatched':
      return { label: `Mismatches (${day.mismatchCount + day.missingCount})`, tone: 'danger' };
    case 'awaited':
      return { label: 'Awaited', tone: 'info' };
    case 'missing':
      return { label: 'Deposit missing', tone: 'danger' };
  }
}

/** How a line of a deposit matches the store, in words; an ACH return says why the bank sent it back. */
export function depositLineBadge(
  line: Pick<DepositLine, 'kind' | 'match' | 'expected' | 'achReturnCode'>,
): BadgeText {
  if (line.match === 'matched' && line.kind === 'return' && line.achReturnCode) {
    return { label: `ACH return ${achReturnReasonOf(line.achReturnCode)}`, tone: 'warning' };
  }
  switch (line.match) {
    case 'matched':
      return { label: DEPOSIT_MATCH_LABELS.matched, tone: 'success' };
    case 'unexpected':
      return { label: DEPOSIT_MATCH_LABELS.unexpected, tone: 'danger' };
    case 'amount_differs':
      return {
        label:
          line.expected === undefined
            ? DEPOSIT_MATCH_LABELS.amount_differs
            : `${DEPOSIT_MATCH_LABELS.amount_differs}: store ${formatSignedDollars(line.expected)}`,
        tone: 'danger',
      };
    case 'missing':
      return { label: DEPOSIT_MATCH_LABELS.missing, tone: 'danger' };
  }
}

/** A line the operator has to look at: it does not match the store. */
export function isMismatchedLine(line: Pick<DepositLine, 'match'>): boolean {
  return line.match !== 'matched';
}

export function depositLineKindLabel(kind: DepositLine['kind']): string {
  return DEPOSIT_LINE_KIND_LABELS[kind];
}

/** A deposit's fees, all kinds together, in signed cents (negative, as the gateway reports them). */
export function depositFees(deposit: {
  interchangeFees: number;
  serviceCharges: number;
  otherFees: number;
}): Cents {
  return (
    signedDollarsToCents(deposit.interchangeFees) +
    signedDollarsToCents(deposit.serviceCharges) +
    signedDollarsToCents(deposit.otherFees)
  );
}
