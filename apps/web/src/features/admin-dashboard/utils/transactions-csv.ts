import { centsToDecimalString, transactionLabel, type AdminTransaction } from '@store/core';
import { dollarsToCents } from './money';

type CsvValue = string | number | boolean | null | undefined;

/** The columns of the export: every field SPEC §3 lists for a transaction, then the display label. */
export const TRANSACTION_CSV_COLUMNS = [
  'orderId',
  'requestId',
  'amount',
  'cardType',
  'last4',
  'transactionDate',
  'captureStatus',
  'isRefunded',
  'isPartialRefund',
  'refundAmount',
  'refundType',
  'creditType',
  'isDemoRefund',
  'refundedOrderId',
  'isPartialCapture',
  'captureAmount',
  'originalAmount',
  'refundDate',
  'label',
] as const;

type Column = (typeof TRANSACTION_CSV_COLUMNS)[number];

/** Dollar fields are written as exact two-decimal text ("68.20"), as an accountant expects. */
const money = (dollars: number | null | undefined): string =>
  dollars === null || dollars === undefined ? '' : centsToDecimalString(dollarsToCents(dollars));

const CELLS: Record<Column, (row: AdminTransaction) => CsvValue> = {
  orderId: (row) => row.orderId,
  requestId: (row) => row.requestId,
  amount: (row) => money(row.amount),
  cardType: (row) => row.cardType,
  last4: (row) => row.last4,
  transactionDate: (row) => row.transactionDate,
  captureStatus: (row) => row.captureStatus,
  isRefunded: (row) => row.isRefunded,
  isPartialRefund: (row) => row.isPartialRefund,
  refundAmount: (row) => money(row.refundAmount),
  refundType: (row) => row.refundType,
  creditType: (row) => row.creditType,
  isDemoRefund: (row) => row.isDemoRefund,
  refundedOrderId: (row) => row.refundedOrderId,
  isPartialCapture: (row) => row.isPartialCapture,
  captureAmount: (row) => money(row.captureAmount),
  originalAmount: (row) => money(row.originalAmount),
  refundDate: (row) => row.refundDate,
  label: (row) => transactionLabel(row),
};

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, or line break, quotes doubled. Text that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) gets a leading apostrophe.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The shown rows as a CSV document: a header line, one line per row, CRLF line ends. */
export function buildTransactionsCsv(rows: readonly AdminTransaction[]): string {
  const lines = [TRANSACTION_CSV_COLUMNS.join(',')];
  for (const row of rows) {
    lines.push(TRANSACTION_CSV_COLUMNS.map((column) => csvField(CELLS[column](row))).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** `transactions-YYYY-MM-DD.csv`, dated in the operator's own time zone. */
export function transactionsCsvFileName(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `transactions-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`;
}
