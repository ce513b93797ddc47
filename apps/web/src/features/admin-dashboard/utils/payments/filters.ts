import {
  isCalendarDate,
  PAYMENT_WAY_LABELS,
  TRANSACTION_CHANNELS,
  TRANSACTION_FILTERS,
  type TransactionChannel,
  type TransactionFilter,
} from '@store/core';

/** What the status filter reads for each server filter (TRANSACTION_FILTERS, in their order). */
const TRANSACTION_FILTER_LABELS: Record<TransactionFilter, string> = {
  all: 'All statuses',
  pending: 'Pending capture',
  captured: 'Captured',
  partially_captured: 'Partially captured',
  settled: 'Settled',
  refunded: 'Refunded',
  partial_refund: 'Partially refunded',
  refund: 'Refund rows',
  voided: 'Voided',
  expired: 'Expired',
  disputed: 'Disputed or returned',
  // Attempts that took no money: listed only here, never under All (decision 031).
  failed: 'Failed attempts',
};

export const TRANSACTION_FILTER_OPTIONS = TRANSACTION_FILTERS.map((value) => ({
  value,
  label: TRANSACTION_FILTER_LABELS[value],
}));

export function isTransactionFilter(value: string): value is TransactionFilter {
  return (TRANSACTION_FILTERS as readonly string[]).includes(value);
}

/** What the channel filter reads for each way to pay (TRANSACTION_CHANNELS, in their order). */
const TRANSACTION_CHANNEL_LABELS: Record<TransactionChannel, string> = {
  all: 'All ways to pay',
  ...PAYMENT_WAY_LABELS,
};

export const TRANSACTION_CHANNEL_OPTIONS = TRANSACTION_CHANNELS.map((value) => ({
  value,
  label: TRANSACTION_CHANNEL_LABELS[value],
}));

export function isTransactionChannel(value: string): value is TransactionChannel {
  return (TRANSACTION_CHANNELS as readonly string[]).includes(value);
}

/** The history's filters as the console holds them: the search as typed, the dates as the inputs give them. */
export interface HistoryFilterValues {
  searchText: string;
  status: TransactionFilter;
  channel?: TransactionChannel;
  /** Calendar days (YYYY-MM-DD) in the operator's time zone; empty for none. */
  from?: string;
  to?: string;
}

/** Every filter cleared: the whole history. */
export const NO_HISTORY_FILTERS = {
  searchText: '',
  status: 'all',
  channel: 'all',
  from: '',
  to: '',
} as const satisfies Required<HistoryFilterValues>;

/** Whether anything narrows the list (then "Clear filters" shows, and an empty list says what to try). */
export function hasHistoryFilters(filters: HistoryFilterValues): boolean {
  return (
    filters.searchText.trim() !== '' ||
    filters.status !== 'all' ||
    (filters.channel ?? 'all') !== 'all' ||
    Boolean(filters.from) ||
    Boolean(filters.to)
  );
}

/** The date range as the server takes it, or what is wrong with it (shown by the inputs, nothing sent). */
export function historyDateRange(
  filters: Pick<HistoryFilterValues, 'from' | 'to'>,
): { ok: true; from?: string; to?: string } | { ok: false; problem: string } {
  const from = filters.from ?? '';
  const to = filters.to ?? '';
  // A browser's date input gives YYYY-MM-DD or nothing; typed in part, it gives nothing until whole.
  if (from !== '' && !isCalendarDate(from)) return { ok: false, problem: 'Enter a From date from 2000 on' };
  if (to !== '' && !isCalendarDate(to)) return { ok: false, problem: 'Enter a To date from 2000 on' };
  if (from !== '' && to !== '' && from > to) {
    return { ok: false, problem: 'The From date must not be after the To date' };
  }
  return { ok: true, ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/** The operator's time zone, in which the dates they pick are days (the history shows their local times). */
export function operatorTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
