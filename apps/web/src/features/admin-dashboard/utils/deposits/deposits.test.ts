import { describe, expect, it } from 'vitest';
import {
  addDays,
  depositDayBadge,
  depositFees,
  depositLineBadge,
  formatDepositDay,
  formatSignedDollars,
  isMismatchedLine,
  signedDollarsToCents,
  utcToday,
} from './deposits';

describe('signed deposit amounts', () => {
  it('reads signed dollars as exact cents', () => {
    expect(signedDollarsToCents(12.66)).toBe(1266);
    expect(signedDollarsToCents(-1.38)).toBe(-138);
    expect(signedDollarsToCents(-0.1)).toBe(-10);
    expect(signedDollarsToCents(0)).toBe(0);
  });

  it('writes what came off a deposit with a minus sign', () => {
    expect(formatSignedDollars(-15)).toBe('−$15.00');
    expect(formatSignedDollars(1234.5)).toBe('$1,234.50');
    expect(formatSignedDollars(0)).toBe('$0.00');
  });

  it('adds the fees of a deposit in cents', () => {
    expect(depositFees({ interchangeFees: -0.33, serviceCharges: -0.1, otherFees: -0.01 })).toBe(-44);
  });
});

describe('deposit days', () => {
  it('counts UTC calendar days, across months and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -30)).toBe('2025-12-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('not a day', 1)).toBe('not a day');
  });

  it('takes today as the UTC day, and shows a day as the same day everywhere', () => {
    expect(utcToday(new Date('2026-01-05T23:30:00-05:00'))).toBe('2026-01-06');
    expect(formatDepositDay('2026-01-06')).toBe('Tue, Jan 6, 2026');
    expect(formatDepositDay('garbage')).toBe('garbage');
  });
});

describe('depositDayBadge', () => {
  it('says how a day stands in words, a problem in the danger tone', () => {
    expect(depositDayBadge({ state: 'matched', mismatchCount: 0, missingCount: 0 })).toEqual({
      label: 'Matched',
      tone: 'success',
    });
    expect(depositDayBadge({ state: 'mismatched', mismatchCount: 1, missingCount: 2 })).toEqual({
      label: 'Mismatches (3)',
      tone: 'danger',
    });
    expect(depositDayBadge({ state: 'awaited', mismatchCount: 0, missingCount: 0 }).label).toBe('Awaited');
    expect(depositDayBadge({ state: 'missing', mismatchCount: 0, missingCount: 0 })).toEqual({
      label: 'Deposit missing',
      tone: 'danger',
    });
  });
});

describe('depositLineBadge', () => {
  it('names every kind of mismatch, with the store amount when it differs', () => {
    expect(depositLineBadge({ kind: 'sale', match: 'matched' })).toEqual({
      label: 'Matched',
      tone: 'success',
    });
    expect(depositLineBadge({ kind: 'sale', match: 'unexpected' })).toEqual({
      label: 'Not in the store',
      tone: 'danger',
    });
    expect(depositLineBadge({ kind: 'sale', match: 'amount_differs', expected: 20.98 })).toEqual({
      label: 'Amount differs: store $20.98',
      tone: 'danger',
    });
    expect(depositLineBadge({ kind: 'sale', match: 'missing', expected: 5 }).label).toBe(
      'Missing from the deposit',
    );
  });

  it('says why the bank returned a debit', () => {
    expect(depositLineBadge({ kind: 'return', match: 'matched', achReturnCode: 'R01' })).toEqual({
      label: 'ACH return R01: Insufficient funds',
      tone: 'warning',
    });
    expect(depositLineBadge({ kind: 'return', match: 'matched', achReturnCode: 'R99' }).label).toBe(
      'ACH return R99',
    );
  });

  it('flags every line that does not match', () => {
    expect(isMismatchedLine({ match: 'matched' })).toBe(false);
    expect(isMismatchedLine({ match: 'missing' })).toBe(true);
  });
});
