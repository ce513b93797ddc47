import { TRANSACTION_FILTERS, type TransactionFilter } from '@store/core';

/** What the status filter reads for each server filter (TRANSACTION_FILTERS, in their order). */
export const TRANSACTION_FILTER_LABELS: Record<TransactionFilter, string> = {
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
};

export const TRANSACTION_FILTER_OPTIONS = TRANSACTION_FILTERS.map((value) => ({
  value,
  label: TRANSACTION_FILTER_LABELS[value],
}));

export function isTransactionFilter(value: string): value is TransactionFilter {
  return (TRANSACTION_FILTERS as readonly string[]).includes(value);
}
