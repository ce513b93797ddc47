import {
  signedCentsToDollars,
  type AdminDepositDayResponse,
  type AdminDisputesResponse,
  type DepositDay,
} from '@store/core';
import type { Orm } from '../db/client';
import {
  findFundingDay,
  listDepositDays,
  listDisputedPayments,
  listMissingFromDeposits,
  type DepositDayRow,
} from '../db/deposit-store';
import { AppError } from '../errors';

/**
 * The console's Deposits and Disputes (decision 036): each day's deposits against the captures settled the day
 * before, every line matched or flagged, and the payments cardholders disputed. Nothing here changes money.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** How a day stands (see `depositDaySchema`), from its row and today's date. */
export function depositDayStateOf(row: DepositDayRow, today: string): DepositDay['state'] {
  if (row.readAt === null) return 'awaited';
  if (row.depositCount === 0 && row.expectedCount > 0) return row.day < today ? 'missing' : 'awaited';
  return row.mismatchCount > 0 || row.missingCount > 0 ? 'mismatched' : 'matched';
}

export async function readDepositDays(
  orm: Orm,
  query: { to?: string; days?: number },
  now = new Date(),
): Promise<DepositDay[]> {
  const today = dayOf(now);
  const to = query.to ?? today;
  const toTime = Date.parse(to);
  if (Number.isNaN(toTime)) throw new AppError('invalid', 'Date must be YYYY-MM-DD');
  const from = dayOf(new Date(toTime - ((query.days ?? 30) - 1) * DAY_MS));
  const rows = await listDepositDays(orm, from, to);
  return rows.map((row) => ({
    day: row.day,
    depositCount: row.depositCount,
    netSales: signedCentsToDollars(row.netSalesCents),
    fees: signedCentsToDollars(row.feesCents),
    adjustments: signedCentsToDollars(row.adjustmentCents),
    chargebacks: signedCentsToDollars(row.chargebackCents),
    totalFunded: signedCentsToDollars(row.totalFundingCents),
    expectedCount: row.expectedCount,
    expected: signedCentsToDollars(row.expectedCents),
    mismatchCount: row.mismatchCount,
    missingCount: row.missingCount,
    state: depositDayStateOf(row, today),
    ...(row.readAt ? { readAt: row.readAt } : {}),
  }));
}

export async function readDepositDay(
  orm: Orm,
  day: string,
): Promise<Omit<AdminDepositDayResponse, 'status'>> {
  const [{ deposits, lines, lineCount }, missing] = await Promise.all([
    findFundingDay(orm, day),
    listMissingFromDeposits(orm, day),
  ]);
  return {
    day,
    lineCount,
    deposits: deposits.map((deposit) => ({
      fundingId: deposit.fundingId,
      currency: deposit.currency,
      netSales: signedCentsToDollars(deposit.netSalesCents),
      interchangeFees: signedCentsToDollars(deposit.interchangeFeeCents),
      serviceCharges: signedCentsToDollars(deposit.serviceChargeCents),
      otherFees: signedCentsToDollars(deposit.feeCents),
      chargebacks: signedCentsToDollars(deposit.reversalCents),
      adjustments: signedCentsToDollars(deposit.adjustmentCents),
      totalFunded: signedCentsToDollars(deposit.totalFundingCents),
    })),
    lines: [
      ...lines.map((line) => ({
        kind: line.kind,
        ...(line.retref ? { retref: line.retref } : {}),
        ...(line.orderId ? { orderId: line.orderId } : {}),
        amount: signedCentsToDollars(line.amountCents),
        fee: signedCentsToDollars(line.feeCents),
        match: line.match,
        ...(line.expectedCents !== null ? { expected: signedCentsToDollars(line.expectedCents) } : {}),
        ...(line.achReturnCode ? { achReturnCode: line.achReturnCode } : {}),
      })),
      // What the store settled the day before and no deposit holds, once the day has deposits to hold it.
      ...(deposits.length > 0
        ? missing.map((payment) => ({
            kind: 'sale' as const,
            orderId: payment.orderId,
            amount: 0,
            fee: 0,
            match: 'missing' as const,
            expected: signedCentsToDollars(payment.capturedCents),
          }))
        : []),
    ],
  };
}

/** How many disputes the console lists, newest first. */
export const DISPUTES_PAGE_SIZE = 200;

export async function readDisputes(orm: Orm): Promise<AdminDisputesResponse['disputes']> {
  const rows = await listDisputedPayments(orm, DISPUTES_PAGE_SIZE);
  return rows.map((row) => ({
    paymentId: row.paymentId,
    orderId: row.orderId,
    method: `${row.cardBrand} •••• ${row.last4}`,
    captured: signedCentsToDollars(row.capturedCents),
    refunded: signedCentsToDollars(row.refundedCents),
    disputedAt: row.disputedAt!.toISOString(),
    amount: signedCentsToDollars(row.disputeAmountCents ?? 0),
    ...(row.disputeReasonCode ? { reasonCode: row.disputeReasonCode } : {}),
    ...(row.disputeReason ? { reason: row.disputeReason } : {}),
    ...(row.disputeCaseNumber ? { caseNumber: row.disputeCaseNumber } : {}),
  }));
}
