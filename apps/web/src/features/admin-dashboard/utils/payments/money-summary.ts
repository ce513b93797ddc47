import type { Cents, MoneySummaryDay, MoneySummaryResponse } from '@store/core';
import { addDays, signedDollarsToCents } from '../deposits/deposits';

/**
 * The money card's figures (decision 036): the server's dollars as exact signed cents, one row per UTC day
 * with no gaps, and the same rows as the chart's columns, so that the chart and its table show one set of
 * numbers.
 */

export const MONEY_SERIES = ['captured', 'refunded', 'takenBack', 'net', 'fees'] as const;
export type MoneySeries = (typeof MONEY_SERIES)[number];

export const MONEY_SERIES_LABELS: Record<MoneySeries, string> = {
  captured: 'Captured',
  refunded: 'Refunded',
  takenBack: 'Taken back',
  net: 'Net',
  fees: 'Fees',
};

export type MoneyFigures = Record<MoneySeries, Cents>;
export interface MoneySummaryRow extends MoneyFigures {
  day: string;
}

function moneyFigures(amounts: Omit<MoneySummaryDay, 'day'>): MoneyFigures {
  return {
    captured: signedDollarsToCents(amounts.captured),
    refunded: signedDollarsToCents(amounts.refunded),
    takenBack: signedDollarsToCents(amounts.takenBack),
    net: signedDollarsToCents(amounts.net),
    fees: signedDollarsToCents(amounts.fees),
  };
}

const ZERO: MoneyFigures = { captured: 0, refunded: 0, takenBack: 0, net: 0, fees: 0 };

/**
 * One row per day from the first day to the last, oldest first. The server sends every day, but a day it
 * leaves out is a day with no money, not a gap in the line; a day sent twice is counted once (the last).
 */
export function moneySummaryRows(days: readonly MoneySummaryDay[]): MoneySummaryRow[] {
  const byDay = new Map<string, MoneyFigures>();
  for (const day of days) byDay.set(day.day, moneyFigures(day));
  const sorted = [...byDay.keys()].sort();
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first === undefined || last === undefined) return [];
  const rows: MoneySummaryRow[] = [];
  // Bounded: the server answers at most 90 days; a malformed day must not loop for ever.
  for (let day = first; day <= last && rows.length < 366; day = addDays(day, 1)) {
    rows.push({ day, ...(byDay.get(day) ?? ZERO) });
    if (addDays(day, 1) === day) break;
  }
  return rows;
}

export function moneyTotals(summary: Pick<MoneySummaryResponse, 'totals'>): MoneyFigures {
  return moneyFigures(summary.totals);
}

/** Seconds since the epoch at the start of a UTC day (the chart's x values). */
export function dayToSeconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

/** The chart's columns: x (seconds), then each series in dollars, in the order of MONEY_SERIES. */
export function moneyChartColumns(rows: readonly MoneySummaryRow[]): [number[], ...number[][]] {
  return [
    rows.map((row) => dayToSeconds(row.day)),
    ...MONEY_SERIES.map((series) => rows.map((row) => row[series] / 100)),
  ];
}

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** The chart's y-axis labels: "$0", "$250", "$1.5K", "−$40" (a true minus sign, as in the tables). */
export function formatAxisDollars(dollars: number): string {
  const text = compactUsd.format(Math.abs(dollars));
  return dollars < 0 ? `−${text}` : text;
}

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Jun 3": a day in the chart's table, read in UTC like the days themselves. */
export function formatShortDay(day: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? day : shortDay.format(new Date(time));
}
