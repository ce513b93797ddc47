import { describe, expect, it } from 'vitest';
import {
  dayToSeconds,
  formatAxisDollars,
  formatShortDay,
  moneyChartColumns,
  moneySummaryRows,
  moneyTotals,
} from './money-summary';

const day = (date: string, captured: number, refunded: number, fees: number, takenBack = 0) => ({
  day: date,
  captured,
  refunded,
  takenBack,
  net: Math.round((captured - refunded - takenBack) * 100) / 100,
  fees,
});

describe('moneySummaryRows', () => {
  it('reads each day as exact signed cents, oldest first', () => {
    const rows = moneySummaryRows([
      day('2026-03-01', 31.48, 0, 0),
      day('2026-03-02', 0.3, 10.1, -1.38, 10.66),
    ]);
    expect(rows).toEqual([
      { day: '2026-03-01', captured: 3148, refunded: 0, takenBack: 0, net: 3148, fees: 0 },
      { day: '2026-03-02', captured: 30, refunded: 1010, takenBack: 1066, net: -2046, fees: -138 },
    ]);
  });

  it('fills a day the server left out with zeros and sorts the days', () => {
    const rows = moneySummaryRows([day('2026-03-03', 5, 0, 0), day('2026-02-28', 1, 0, 0)]);
    expect(rows.map((row) => row.day)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03']);
    expect(rows[1]).toEqual({ day: '2026-03-01', captured: 0, refunded: 0, takenBack: 0, net: 0, fees: 0 });
  });

  it('is empty without days', () => {
    expect(moneySummaryRows([])).toEqual([]);
  });
});

describe('moneyTotals', () => {
  it('keeps the signs: fees are negative, so is a net with more refunded than captured', () => {
    expect(
      moneyTotals({ totals: { captured: 10, refunded: 25.5, takenBack: 1, net: -16.5, fees: -0.62 } }),
    ).toEqual({
      captured: 1000,
      refunded: 2550,
      takenBack: 100,
      net: -1650,
      fees: -62,
    });
  });
});

describe('moneyChartColumns', () => {
  it('gives the chart the rows as UTC seconds and dollars, in the series order', () => {
    const rows = moneySummaryRows([day('2026-03-01', 31.48, 1, -0.5)]);
    expect(moneyChartColumns(rows)).toEqual([
      [dayToSeconds('2026-03-01')],
      [31.48],
      [1],
      [0],
      [30.48],
      [-0.5],
    ]);
    expect(dayToSeconds('2026-03-01')).toBe(Date.UTC(2026, 2, 1) / 1000);
  });
});

describe('labels', () => {
  it('writes axis amounts short, negatives with a minus sign', () => {
    expect(formatAxisDollars(0)).toBe('$0');
    expect(formatAxisDollars(250)).toBe('$250');
    expect(formatAxisDollars(1500)).toBe('$1.5K');
    expect(formatAxisDollars(-40)).toBe('−$40');
  });

  it('writes a day in UTC', () => {
    expect(formatShortDay('2026-03-01')).toBe('Mar 1');
    expect(formatShortDay('not a day')).toBe('not a day');
  });
});
