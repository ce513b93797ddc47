import {
  addressLines,
  attemptLast4,
  attemptPaidWith,
  AUTHORIZATION_LIFETIME_MS,
  failedAttemptCsvLines,
  FAILED_ATTEMPTS_CSV_HEADER,
  walletNameOf,
  centsToDollars,
  historySearchTerms,
  transactionCsvLines,
  TRANSACTIONS_CSV_HEADER,
  type AdminPayment,
  type AdminTransaction,
  type TransactionChannel,
  type TransactionFilter,
} from '@store/core';
import { insertAuditEvent } from '../../db/audit-store';
import type { Orm } from '../../db/client';
import { decodeTimeCursor, encodeCursor } from '../page-cursor';
import { failedAttemptOf } from './failed-attempts';
import {
  type FailedAttemptRow,
  listAwaitingCapture,
  listFailedAttempts,
  type HistoryRow,
  listHistory,
} from '../../db/payment-lists';

/** A failed attempts page's cursor: its time as the database wrote it, microseconds and all. */
function attemptCursorOf(cursor: string | undefined): { at: string; id: string } | undefined {
  const decoded = decodeTimeCursor(cursor);
  return decoded && { at: decoded.atText, id: decoded.id };
}

const DEFAULT_PAGE = 100;

/** Pending Payments counts exactly up to this many; beyond, `total` says "at least" (`totalIsCapped`). */
const PENDING_COUNT_CAP = 1_000;

export async function listPendingPayments(
  orm: Orm,
  options: { limit?: number; cursor?: string },
): Promise<{
  payments: AdminPayment[];
  nextCursor: string | null;
  total: number;
  totalIsCapped: boolean;
  /** The database snapshot the page was read in. */
  snapshot: string;
}> {
  const limit = options.limit ?? DEFAULT_PAGE;
  const { rows, total, snapshot } = await listAwaitingCapture(orm, {
    limit,
    after: decodeTimeCursor(options.cursor),
    countCap: PENDING_COUNT_CAP + 1,
    lifetimeMs: AUTHORIZATION_LIFETIME_MS,
  });
  const payments = rows.map((payment) => {
    const amount = centsToDollars(payment.authorizedCents);
    const listed: AdminPayment = {
      paymentId: payment.id,
      orderId: payment.orderId,
      requestId: payment.requestId,
      amount,
      originalAmount: amount,
      cardType: payment.cardBrand,
      last4: payment.last4,
      transactionDate: payment.authorizedAt,
      timestamp: payment.authorizedAt,
      captureStatus: 'authorized',
      expiresAt: payment.expiresAt,
      shipped: payment.shipped,
    };
    if (payment.bankName) listed.bankName = payment.bankName;
    const wallet = walletNameOf(payment.orderId);
    if (wallet) listed.wallet = wallet;
    return listed;
  });
  const last = rows.at(-1);
  return {
    payments,
    nextCursor: rows.length === limit && last ? encodeCursor(new Date(last.authorizedAt), last.id) : null,
    total: Math.min(total, PENDING_COUNT_CAP),
    totalIsCapped: total > PENDING_COUNT_CAP,
    snapshot,
  };
}

/**
 * A history row as the console reads it. Written as whole literals with the optional fields set after, not
 * by spreading: V8 (Node 20) gives each object spread into a literal with more fields after it a hidden
 * class of its own, which costs some 20 µs and a kilobyte of garbage per row, and an export reads them all.
 */
function toTransaction(row: HistoryRow, demoMode: boolean): AdminTransaction {
  const originalAmount = centsToDollars(row.authorizedCents);
  const captureAmount = centsToDollars(row.capturedCents);
  // A settled payment keeps telling whether it was captured in part.
  const isPartialCapture = row.capturedCents > 0 && row.capturedCents < row.authorizedCents;
  let transaction: AdminTransaction;
  if (row.rowKind === 'refund') {
    const refundCents = row.refundCents ?? 0;
    const at = row.at;
    transaction = {
      paymentId: row.paymentId,
      orderId: row.orderId,
      requestId: row.requestId,
      cardType: row.cardBrand,
      last4: row.last4,
      originalAmount,
      captureAmount,
      isPartialCapture,
      id: row.rowId,
      amount: centsToDollars(refundCents),
      transactionDate: at,
      timestamp: at,
      captureStatus: null,
      isRefunded: true,
      isPartialRefund: refundCents < row.capturedCents,
      refundAmount: centsToDollars(refundCents),
      refundType: 'refund',
      isDemoRefund: demoMode,
      refundedOrderId: row.orderId,
      refundDate: at,
      refundableAmount: 0,
    };
    if (row.refundMethod) transaction.refundMethod = row.refundMethod;
    if (row.refundState === 'scheduled') transaction.refundState = 'scheduled';
  } else {
    const at = row.paymentAt;
    const { money } = row;
    const givenBack = money.refundedCents + money.cancelledCents;
    transaction = {
      paymentId: row.paymentId,
      orderId: row.orderId,
      requestId: row.requestId,
      cardType: row.cardBrand,
      last4: row.last4,
      originalAmount,
      captureAmount,
      isPartialCapture,
      id: row.rowId,
      amount: centsToDollars(row.authorizedCents),
      transactionDate: at,
      timestamp: at,
      captureStatus: row.captureStatus,
      // Only confirmed refunds count as refunded; one still unconfirmed already limits what can be refunded,
      // and a debit the bank returned has nothing to refund (the payment's figures, decision 048).
      // The spec's flags count whatever was given back, a cancelled charge too (its label says Cancelled).
      isRefunded: money.capturedCents > 0 && givenBack === money.capturedCents,
      isPartialRefund: givenBack > 0 && givenBack < money.capturedCents,
      refundAmount: centsToDollars(givenBack),
      isDemoRefund: false,
      refundableAmount: centsToDollars(money.refundableCents),
    };
    if (row.settledAt) transaction.settledAt = row.settledAt;
    if (money.scheduledRefundCents > 0) {
      transaction.scheduledRefundAmount = centsToDollars(money.scheduledRefundCents);
    }
    if (money.capturedCents > 0 && money.cancelledCents === money.capturedCents)
      transaction.chargeCancelled = true;
    if (money.disputed) transaction.disputedAmount = centsToDollars(money.chargedBackCents);
    if (money.returned) transaction.returnedByBank = true;
  }
  if (row.bankName) transaction.bankName = row.bankName;
  const wallet = walletNameOf(row.orderId);
  if (wallet) transaction.wallet = wallet;
  if (row.contactEmail) transaction.contactEmail = row.contactEmail;
  if (row.delivery) transaction.deliverTo = addressLines(row.delivery).join(', ');
  return transaction;
}

/**
 * A failed attempt as a history row (decision 031): the amount asked, how it was to be paid and why it took
 * no money. It has no payment, so no money figure: nothing counts it and no money call can act on it.
 */
function toAttemptTransaction(row: FailedAttemptRow): AdminTransaction {
  const amount = centsToDollars(row.amountCents);
  const wallet = walletNameOf(row.orderId);
  const bank = row.methodKind === 'ach';
  const transaction: AdminTransaction = {
    paymentId: '',
    orderId: row.orderId,
    requestId: row.requestId,
    cardType: bank ? 'ACH' : (row.savedCardBrand ?? ''),
    last4: attemptLast4(row) ?? '',
    originalAmount: amount,
    captureAmount: 0,
    isPartialCapture: false,
    id: row.requestId,
    amount,
    transactionDate: row.at,
    timestamp: row.at,
    captureStatus: null,
    isRefunded: false,
    isPartialRefund: false,
    refundAmount: 0,
    isDemoRefund: false,
    refundableAmount: 0,
    attempt: failedAttemptOf(
      { failure: row.failure, message: row.message, respcode: row.respcode },
      attemptPaidWith({
        wallet,
        methodKind: row.methodKind,
        bankName: row.bankName,
        saved: row.saved,
        savedCardBrand: row.savedCardBrand,
        savedLast4: row.savedLast4,
        last4: row.last4,
      }),
    ),
  };
  if (row.bankName) transaction.bankName = row.bankName;
  if (wallet) transaction.wallet = wallet;
  if (row.contactEmail) transaction.contactEmail = row.contactEmail;
  if (row.delivery) transaction.deliverTo = addressLines(row.delivery).join(', ');
  return transaction;
}

/** Transaction History's search and filters, as the list and its export take them (decision 030). */
export interface HistoryQuery {
  search?: string;
  status?: TransactionFilter;
  channel?: TransactionChannel;
  /** Calendar days (YYYY-MM-DD), both included, in `timeZone` (UTC when absent). */
  from?: string;
  to?: string;
  timeZone?: string;
}

const wallClock = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s clocks are ahead of UTC at `instant`, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  let format = wallClock.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClock.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) parts[part.type] = Number(part.value);
  const shown = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return shown - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant a calendar day (YYYY-MM-DD) begins in `timeZone`, `days` later: its midnight, or, where the
 * clocks skip midnight, the first instant after it.
 */
function startOfDay(date: string, timeZone: string, days = 0): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(year, month - 1, day + days);
  if (timeZone === 'UTC') return new Date(midnight);
  const guess = midnight - zoneOffsetMs(midnight, timeZone);
  const offset = zoneOffsetMs(guess, timeZone);
  return new Date(midnight - offset);
}

/** The last day a date of four digits can write. */
const LATEST = Date.UTC(9999, 11, 31);

/** The time range of a history query: from the first day's start to the start of the day after the last. */
function historyRange(query: HistoryQuery): { from?: Date; until?: Date } {
  const timeZone = query.timeZone ?? 'UTC';
  const until = query.to ? startOfDay(query.to, timeZone, 1) : undefined;
  return {
    from: query.from ? startOfDay(query.from, timeZone) : undefined,
    // The day after 9999-12-31 is past any row (and past what an ISO date of four digits can write).
    until: until && until.getTime() <= LATEST ? until : undefined,
  };
}

export async function listTransactions(
  orm: Orm,
  options: HistoryQuery & {
    limit?: number;
    cursor?: string;
    demoMode: boolean;
  },
): Promise<{
  transactions: AdminTransaction[];
  nextCursor: string | null;
  /** The database snapshot the page was read in (none for an empty page). */
  snapshot?: string;
}> {
  const limit = options.limit ?? DEFAULT_PAGE;
  if (options.status === 'failed') {
    // Failed attempts are read from payment requests, never mixed into the money history (decision 031).
    const { rows, snapshot } = await listFailedAttempts(orm, {
      limit,
      before: attemptCursorOf(options.cursor),
      search: options.search ? historySearchTerms(options.search) : undefined,
      channel: options.channel,
      ...historyRange(options),
    });
    const last = rows.at(-1);
    return {
      transactions: rows.map(toAttemptTransaction),
      nextCursor: rows.length === limit && last ? encodeCursor(last.cursorAt, last.requestId) : null,
      snapshot,
    };
  }
  const { rows, snapshot } = await listHistory(orm, {
    limit,
    before: decodeTimeCursor(options.cursor),
    search: options.search ? historySearchTerms(options.search) : undefined,
    filter: options.status ?? 'all',
    channel: options.channel,
    ...historyRange(options),
  });
  const last = rows.at(-1);
  return {
    transactions: rows.map((row) => toTransaction(row, options.demoMode)),
    nextCursor: rows.length === limit && last ? encodeCursor(new Date(last.at), last.rowId) : null,
    snapshot,
  };
}

/**
 * Rows per query of the CSV export: the server holds one page at a time, however long the history. Small
 * enough that a page's rows, alive while the database sends them, rarely outlive V8's young generation (at
 * 1,000 rows some did on every page, and the old generation crept by ~8 MiB per 100,000 rows between major
 * collections); large enough that the queries cost no more time than the larger pages did.
 */
const EXPORT_PAGE_SIZE = 500;

export interface TransactionsExportOptions extends HistoryQuery {
  /** Who exports: the audit line names them. */
  actor: string;
  demoMode: boolean;
  pageSize?: number;
  /** An audit line that could not be written for an export that had already stopped (logged, not thrown). */
  onAuditError?: (error: unknown) => void;
}

function exportDetail(options: TransactionsExportOptions, rows: number, finished: boolean): string {
  const filters = [
    `status ${options.status ?? 'all'}`,
    ...(options.channel && options.channel !== 'all' ? [`channel ${options.channel}`] : []),
    ...(options.from ? [`from ${options.from}`] : []),
    ...(options.to ? [`to ${options.to}`] : []),
    ...(options.from || options.to ? [`time zone ${options.timeZone ?? 'UTC'}`] : []),
    ...(options.search ? [`search "${options.search}"`] : []),
  ].join(', ');
  return finished
    ? `transaction history CSV: ${plural(rows, 'row')} (${filters})`
    : `transaction history CSV stopped after ${plural(rows, 'row')} (${filters})`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * Transaction History as a CSV file (packages/core's rules): every row the filters select, newest first,
 * read a page at a time with the history's own keyset cursor and handed out as text a page at a time, so
 * that memory does not grow with the history. The consumer pulls: no page is read before the last one is
 * taken. The first page is read before this returns, so a failure there is an ordinary error answer rather
 * than a broken download. One audit line per export: written before the last page goes out (no complete
 * file without its line), or, when the export stops early (the download was cancelled, a query failed),
 * as a failure with the rows sent until then.
 */
export async function openTransactionsExport(
  orm: Orm,
  options: TransactionsExportOptions,
): Promise<AsyncGenerator<string, void, undefined>> {
  const query = {
    search: options.search,
    status: options.status,
    channel: options.channel,
    from: options.from,
    to: options.to,
    timeZone: options.timeZone,
    demoMode: options.demoMode,
    limit: options.pageSize ?? EXPORT_PAGE_SIZE,
  };
  // Held in a variable that the export empties, so that the first page is not kept to the end.
  let page: { transactions: AdminTransaction[]; nextCursor: string | null } | undefined =
    await listTransactions(orm, query);
  const audit = (rows: number, finished: boolean) =>
    insertAuditEvent(orm, {
      actor: options.actor,
      action: 'export',
      orderId: null,
      amountCents: null,
      outcome: finished ? 'success' : 'failure',
      detail: exportDetail(options, rows, finished),
    });

  return (async function* () {
    let rows = 0;
    let audited = false;
    // The Failed filter's file has columns of its own; every other filter's is the money history's.
    const failed = options.status === 'failed';
    try {
      yield failed ? FAILED_ATTEMPTS_CSV_HEADER : TRANSACTIONS_CSV_HEADER;
      while (page) {
        let text: string | undefined = failed
          ? failedAttemptCsvLines(page.transactions)
          : transactionCsvLines(page.transactions);
        rows += page.transactions.length;
        const cursor = page.nextCursor;
        // Nothing of a page is referenced once its text is made: no rows stay alive while the next page is
        // read (held across that wait, each page would outlive the young generation and pile up in the old).
        page = undefined;
        if (!cursor) {
          await audit(rows, true);
          audited = true;
        }
        if (text) yield text;
        text = undefined;
        if (cursor) page = await listTransactions(orm, { ...query, cursor });
      }
    } finally {
      page = undefined;
      if (!audited) await audit(rows, false).catch((error: unknown) => options.onAuditError?.(error));
    }
  })();
}
