import { describe, expect, it } from 'vitest';
import {
  isSettleDaysAgo,
  settleButtonText,
  settleDayOptionLabel,
  settledDepositNote,
  SETTLE_DAYS_AGO_OPTIONS,
} from './sandbox-settle';

describe('the sandbox settlement as of days ago', () => {
  it('keeps the button everyone knows for now, and names the day otherwise', () => {
    expect(settleButtonText(0)).toBe('Settle now (sandbox)');
    expect(settleButtonText(1)).toBe('Settle as of yesterday (sandbox)');
    expect(settleButtonText(3)).toBe('Settle as of 3 days ago (sandbox)');
    expect(SETTLE_DAYS_AGO_OPTIONS.map(settleDayOptionLabel)).toEqual([
      'Today (now)',
      'Yesterday',
      '2 days ago',
      '3 days ago',
    ]);
  });

  it('offers only what the sandbox takes', () => {
    expect(isSettleDaysAgo(1)).toBe(true);
    expect(isSettleDaysAgo(32)).toBe(false);
    expect(isSettleDaysAgo(Number.NaN)).toBe(false);
  });

  it('says under which day the deposit comes: the day after the batch', () => {
    expect(settledDepositNote(1, '2026-03-01')).toBe('Its deposit is under Sun, Mar 1, 2026 in Deposits.');
    expect(settledDepositNote(3, '2026-03-01')).toBe('Its deposit is under Fri, Feb 27, 2026 in Deposits.');
    expect(settledDepositNote(0, '2026-03-01')).toMatch(/^Its deposit comes tomorrow/);
  });
});
