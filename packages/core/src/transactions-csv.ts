import { z } from 'zod';
import { csvCents, csvLine, type CsvCell } from './csv';
import { dollarsToCents } from './money';
import { type AdminTransaction } from './schemas/admin';
import { historyFilterFields, refineDateRange } from './schemas/history-query';
import { DECLINE_ADVICE_LABELS, transactionLabel } from './transaction-label';

/**
 * The Transaction History export (CSV): its columns and what each cell holds. The server streams the whole
 * filtered history with them (GET /api/admin/transactions.csv); nothing else writes it. The rules of a cell
 * (quoting, numbers as numbers, text guarded against formulas) are every export's, in `./csv`.
 */

/**
 * The columns of the export: every field product §3 lists for a transaction, the display label, the order's
 * contact email and delivery address (decision 027), then the payment's other figures (decision 048): a
 * refund only scheduled, what a chargeback or the bank's return took back, and what may still be refunded.
 */
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
  'contactEmail',
  'deliverTo',
  'scheduledRefundAmount',
  'takenBackAmount',
  'refundableAmount',
] as const;

type Column = (typeof TRANSACTION_CSV_COLUMNS)[number];

/** The first line of the file, with its CRLF. */
export const TRANSACTIONS_CSV_HEADER = `${TRANSACTION_CSV_COLUMNS.join(',')}\r\n`;

/** Dollar fields are numbers written with exactly two decimals ("68.20"), as an accountant expects. */
const money = (dollars: number | null | undefined): CsvCell =>
  dollars === null || dollars === undefined ? undefined : csvCents(dollarsToCents(dollars));

const CELLS: Record<Column, (row: AdminTransaction) => CsvCell> = {
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
  contactEmail: (row) => row.contactEmail,
  deliverTo: (row) => row.deliverTo,
  scheduledRefundAmount: (row) => money(row.scheduledRefundAmount),
  takenBackAmount: (row) => money(row.disputedAmount ?? (row.returnedByBank ? row.captureAmount : undefined)),
  // A refund's own row has nothing to refund; the payment's row says what is left.
  refundableAmount: (row) => (row.refundType === 'refund' ? undefined : money(row.refundableAmount)),
};

/**
 * The columns of the export under the Failed filter (decision 031): attempts that took no money, so none of
 * the money columns, and why each failed. Every other filter's file keeps the columns above.
 */
export const FAILED_ATTEMPT_CSV_COLUMNS = [
  'orderId',
  'requestId',
  'amount',
  'paidWith',
  'transactionDate',
  'label',
  'reason',
  'respcode',
  'advice',
  'contactEmail',
  'deliverTo',
] as const;

type AttemptColumn = (typeof FAILED_ATTEMPT_CSV_COLUMNS)[number];

/** The first line of the Failed filter's file, with its CRLF. */
export const FAILED_ATTEMPTS_CSV_HEADER = `${FAILED_ATTEMPT_CSV_COLUMNS.join(',')}\r\n`;

const ATTEMPT_CELLS: Record<AttemptColumn, (row: AdminTransaction) => CsvCell> = {
  orderId: (row) => row.orderId,
  requestId: (row) => row.requestId,
  amount: (row) => money(row.amount),
  paidWith: (row) => row.attempt?.paidWith,
  transactionDate: (row) => row.transactionDate,
  label: (row) => transactionLabel(row),
  reason: (row) => row.attempt?.reason,
  respcode: (row) => row.attempt?.respcode,
  advice: (row) => (row.attempt?.advice ? DECLINE_ADVICE_LABELS[row.attempt.advice] : undefined),
  contactEmail: (row) => row.contactEmail,
  deliverTo: (row) => row.deliverTo,
};

/** Failed attempt rows as lines of the Failed filter's file, with their CRLFs. */
export function failedAttemptCsvLines(rows: readonly AdminTransaction[]): string {
  return rows
    .map((row) => csvLine(FAILED_ATTEMPT_CSV_COLUMNS.map((column) => ATTEMPT_CELLS[column](row))))
    .join('');
}

/** One row of the history as one line of the file, with its CRLF. */
export function transactionCsvLine(row: AdminTransaction): string {
  return csvLine(TRANSACTION_CSV_COLUMNS.map((column) => CELLS[column](row)));
}

/** Rows as lines of the file: what follows the header, for a page of rows or all of them. */
export function transactionCsvLines(rows: readonly AdminTransaction[]): string {
  return rows.map(transactionCsvLine).join('');
}

/** Rows as a whole CSV document: the header line, one line per row, CRLF line ends. */
export function buildTransactionsCsv(rows: readonly AdminTransaction[]): string {
  return TRANSACTIONS_CSV_HEADER + transactionCsvLines(rows);
}

/**
 * `transactions-YYYY-MM-DD.csv`, dated in UTC like every time inside the file (the server names the file,
 * and it cannot know the operator's time zone).
 */
export function transactionsCsvFileName(date: Date): string {
  return `transactions-${date.toISOString().slice(0, 10)}.csv`;
}

/**
 * The export's query (`?status=…&search=…&channel=…&from=…&to=…&timeZone=…`): Transaction History's search and
 * filters, with the same rules and messages as POST /api/admin/transactions.
 */
export const transactionsCsvQuerySchema = z.looseObject(historyFilterFields).superRefine(refineDateRange);
