import {
  walletNameOf,
  centsToDollars,
  type AdminPayment,
  type AdminTransaction,
  type AuditEvent,
  type TransactionFilter,
} from '@store/core';
import { listAuditEvents } from '../db/admin-store';
import type { Orm } from '../db/client';
import {
  countAuthorizedPayments,
  listAuthorizedPayments,
  listHistory,
  type HistoryRow,
} from '../db/money-store';
import { AppError } from '../http/errors';
import { authorizationExpiresAt } from './payment-operations';

/** Page positions travel as opaque cursors: base64url of "time|id". */
function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);

function decodeCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  const time = date.getTime();
  if (rest.length > 0 || !(time >= EARLIEST && time <= LATEST) || !UUID.test(id ?? '')) {
    throw new AppError('invalid', 'The page cursor is not valid');
  }
  return { at: date, id: id! };
}

const DEFAULT_PAGE = 100;

/** Pending Payments counts exactly up to this many; beyond, `total` says "at least" (`totalIsCapped`). */
const PENDING_COUNT_CAP = 1_000;

export async function listPendingPayments(
  orm: Orm,
  options: { limit?: number; cursor?: string },
): Promise<{ payments: AdminPayment[]; nextCursor: string | null; total: number; totalIsCapped: boolean }> {
  const limit = options.limit ?? DEFAULT_PAGE;
  const rows = await listAuthorizedPayments(orm, { limit, after: decodeCursor(options.cursor) });
  const total = await countAuthorizedPayments(orm, PENDING_COUNT_CAP + 1);
  const last = rows.at(-1);
  return {
    payments: rows.map((payment) => ({
      paymentId: payment.id,
      orderId: payment.orderId,
      requestId: payment.requestId,
      amount: centsToDollars(payment.authorizedCents),
      originalAmount: centsToDollars(payment.authorizedCents),
      cardType: payment.cardBrand,
      last4: payment.last4,
      ...(payment.bankName ? { bankName: payment.bankName } : {}),
      ...walletOf(payment.orderId),
      transactionDate: payment.authorizedAt.toISOString(),
      timestamp: payment.authorizedAt.toISOString(),
      captureStatus: 'authorized',
      expiresAt: authorizationExpiresAt(payment).toISOString(),
    })),
    nextCursor: rows.length === limit && last ? encodeCursor(last.authorizedAt, last.id) : null,
    total: Math.min(total, PENDING_COUNT_CAP),
    totalIsCapped: total > PENDING_COUNT_CAP,
  };
}

/** Google Pay and Apple Pay payments say so beside their brand and last 4. */
function walletOf(orderId: string): { wallet?: string } {
  const wallet = walletNameOf(orderId);
  return wallet ? { wallet } : {};
}

function toTransaction(row: HistoryRow, demoMode: boolean): AdminTransaction {
  const common = {
    paymentId: row.paymentId,
    orderId: row.orderId,
    requestId: row.requestId,
    cardType: row.cardBrand,
    last4: row.last4,
    ...(row.bankName ? { bankName: row.bankName } : {}),
    ...walletOf(row.orderId),
    originalAmount: centsToDollars(row.authorizedCents),
    captureAmount: centsToDollars(row.capturedCents),
    // A settled payment keeps telling whether it was captured in part.
    isPartialCapture: row.capturedCents > 0 && row.capturedCents < row.authorizedCents,
  };
  if (row.rowKind === 'refund') {
    const refundCents = row.refundCents ?? 0;
    return {
      ...common,
      id: row.rowId,
      amount: centsToDollars(refundCents),
      transactionDate: row.at.toISOString(),
      timestamp: row.at.toISOString(),
      captureStatus: null,
      isRefunded: true,
      isPartialRefund: refundCents < row.capturedCents,
      refundAmount: centsToDollars(refundCents),
      refundType: 'refund',
      isDemoRefund: demoMode,
      refundedOrderId: row.orderId,
      refundDate: row.at.toISOString(),
      ...(row.refundMethod ? { refundMethod: row.refundMethod } : {}),
      ...(row.refundState === 'scheduled' ? { refundState: 'scheduled' as const } : {}),
      refundableAmount: 0,
    };
  }
  return {
    ...common,
    id: row.rowId,
    amount: centsToDollars(row.authorizedCents),
    transactionDate: row.paymentAt.toISOString(),
    timestamp: row.paymentAt.toISOString(),
    captureStatus: row.captureStatus,
    ...(row.settledAt ? { settledAt: row.settledAt.toISOString() } : {}),
    // Only confirmed refunds count as refunded; one still unconfirmed already limits what can be refunded.
    isRefunded: row.capturedCents > 0 && row.confirmedRefundedCents === row.capturedCents,
    isPartialRefund: row.confirmedRefundedCents > 0 && row.confirmedRefundedCents < row.capturedCents,
    refundAmount: centsToDollars(row.confirmedRefundedCents),
    ...(row.scheduledRefundCents > 0
      ? { scheduledRefundAmount: centsToDollars(row.scheduledRefundCents) }
      : {}),
    isDemoRefund: false,
    refundableAmount: centsToDollars(row.capturedCents - row.refundedCents),
  };
}

export async function listTransactions(
  orm: Orm,
  options: {
    limit?: number;
    cursor?: string;
    search?: string;
    status?: TransactionFilter;
    demoMode: boolean;
  },
): Promise<{ transactions: AdminTransaction[]; nextCursor: string | null }> {
  const limit = options.limit ?? DEFAULT_PAGE;
  const rows = await listHistory(orm, {
    limit,
    before: decodeCursor(options.cursor),
    orderIdPrefix: options.search ? options.search.toUpperCase() : undefined,
    filter: options.status ?? 'all',
  });
  const last = rows.at(-1);
  return {
    transactions: rows.map((row) => toTransaction(row, options.demoMode)),
    nextCursor: rows.length === limit && last ? encodeCursor(last.at, last.rowId) : null,
  };
}

export async function listAudit(
  orm: Orm,
  options: { limit?: number; cursor?: string },
): Promise<{ events: AuditEvent[]; nextCursor: string | null }> {
  const limit = options.limit ?? DEFAULT_PAGE;
  const rows = await listAuditEvents(orm, { limit, before: decodeCursor(options.cursor) });
  const last = rows.at(-1);
  return {
    events: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actor,
      action: row.action,
      orderId: row.orderId,
      amount: row.amountCents === null ? null : centsToDollars(row.amountCents),
      outcome: row.outcome,
      detail: row.detail,
    })),
    nextCursor: rows.length === limit && last ? encodeCursor(last.at, last.id) : null,
  };
}
