import { describe, expect, it } from 'vitest';
import {
  hasHistoryFilters,
  historyDateRange,
  isTransactionChannel,
  isTransactionFilter,
  NO_HISTORY_FILTERS,
  TRANSACTION_CHANNEL_OPTIONS,
  TRANSACTION_FILTER_OPTIONS,
} from './filters';

describe('the history filters', () => {
  it('counts as filtered when anything narrows the list', () => {
    expect(hasHistoryFilters(NO_HISTORY_FILTERS)).toBe(false);
    expect(hasHistoryFilters({ searchText: '   ', status: 'all' })).toBe(false);
    expect(hasHistoryFilters({ searchText: 'ada', status: 'all' })).toBe(true);
    expect(hasHistoryFilters({ searchText: '', status: 'refund' })).toBe(true);
    expect(hasHistoryFilters({ ...NO_HISTORY_FILTERS, channel: 'applepay' })).toBe(true);
    expect(hasHistoryFilters({ ...NO_HISTORY_FILTERS, from: '2026-01-05' })).toBe(true);
    expect(hasHistoryFilters({ ...NO_HISTORY_FILTERS, to: '2026-01-05' })).toBe(true);
  });

  it('sends a date range only when it is whole and in order', () => {
    expect(historyDateRange({})).toEqual({ ok: true });
    expect(historyDateRange({ from: '', to: '' })).toEqual({ ok: true });
    expect(historyDateRange({ from: '2026-01-05' })).toEqual({ ok: true, from: '2026-01-05' });
    expect(historyDateRange({ from: '2026-01-05', to: '2026-01-05' })).toEqual({
      ok: true,
      from: '2026-01-05',
      to: '2026-01-05',
    });
    expect(historyDateRange({ from: '2026-01-06', to: '2026-01-05' })).toEqual({
      ok: false,
      problem: 'The From date must not be after the To date',
    });
    expect(historyDateRange({ from: '0026-01-05' })).toEqual({
      ok: false,
      problem: 'Enter a From date from 2000 on',
    });
    expect(historyDateRange({ to: '2026-02-30' })).toEqual({
      ok: false,
      problem: 'Enter a To date from 2000 on',
    });
  });

  it('knows the channels the server filters by', () => {
    expect(isTransactionChannel('saved_card')).toBe(true);
    expect(isTransactionChannel('phone')).toBe(true);
    expect(isTransactionChannel('fax')).toBe(false);
    expect(TRANSACTION_CHANNEL_OPTIONS.map((option) => option.label)).toContain('Phone order');
  });
});

describe('the Failed filter', () => {
  it('is offered last, as failed attempts, and narrows the list', () => {
    expect(TRANSACTION_FILTER_OPTIONS.at(-1)).toEqual({ value: 'failed', label: 'Failed attempts' });
    expect(isTransactionFilter('failed')).toBe(true);
    expect(hasHistoryFilters({ searchText: '', status: 'failed' })).toBe(true);
  });
});
