import {
  achReturnReasonOf,
  CALENDAR_DATE_MESSAGE,
  csvCents,
  csvLine,
  isCalendarDate,
  DEPOSIT_LINE_KIND_LABELS,
  DEPOSIT_MATCH_LABELS,
  DEPOSITS_CSV_COLUMNS,
  signedCentsToDollars,
  type AdminDepositDayResponse,
  type MoneySummaryResponse,
  type AdminDisputesResponse,
  type DepositDay,
} from '@store/core';
import type { Orm } from '../../db/client';
import {
  findFundingDay,
  listDepositDays,
  listDisputedPayments,
  listMissingFromDeposits,
  pageFundingDayLines,
  type DepositDayRow,
} from '../../db/deposit-store';
import { moneyByDay, paymentMoneyOf, type DayMoney } from '../../db/payment-money';
import { AppError } from '../../errors';
import { DAY_MS, utcDayOf } from '../../utc-day';

/**
 * The console's Deposits and Disputes (decision 036): each day's deposits against the captures settled the day
 * before, every line matched or flagged, and the payments cardholders disputed. Nothing here changes money.
 */

/** How a day stands (see `depositDaySchema`), from its row and today's date. */
function depositDayStateOf(row: DepositDayRow, today: string): DepositDay['state'] {
  if (row.readAt === null) return 'awaited';
  if (row.depositCount === 0 && row.expectedCount > 0) return row.day < today ? 'missing' : 'awaited';
  return row.mismatchCount > 0 || row.missingCount > 0 ? 'mismatched' : 'matched';
}

/** The days a view covers: `days` (30 by default) up to `to` (today by default), both included. */
function rangeOf(query: { to?: string; days?: number }, now: Date): { from: string; to: string } {
  const to = query.to ?? utcDayOf(now);
  // The routes' schema refuses such a day already; the database would answer it with an error, not a 400.
  if (!isCalendarDate(to)) throw new AppError('invalid', CALENDAR_DATE_MESSAGE);
  const toTime = Date.parse(to);
  return { from: utcDayOf(new Date(toTime - ((query.days ?? 30) - 1) * DAY_MS)), to };
}

export async function readDepositDays(
  orm: Orm,
  query: { to?: string; days?: number },
  now = new Date(),
): Promise<DepositDay[]> {
  const today = utcDayOf(now);
  const { from, to } = rangeOf(query, now);
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
const DISPUTES_PAGE_SIZE = 200;

export async function readDisputes(orm: Orm): Promise<AdminDisputesResponse['disputes']> {
  const rows = await listDisputedPayments(orm, DISPUTES_PAGE_SIZE);
  return rows.map((row) => ({
    paymentId: row.paymentId,
    orderId: row.orderId,
    method: `${row.cardBrand} •••• ${row.last4}`,
    captured: signedCentsToDollars(row.capturedCents),
    // What refunds gave back (decision 048): a refund only scheduled or unconfirmed has given nothing yet.
    refunded: signedCentsToDollars(paymentMoneyOf(row, row.refundSums).refundedCents),
    disputedAt: row.disputedAt!.toISOString(),
    amount: signedCentsToDollars(row.disputeAmountCents ?? 0),
    ...(row.disputeReasonCode ? { reasonCode: row.disputeReasonCode } : {}),
    ...(row.disputeReason ? { reason: row.disputeReason } : {}),
    ...(row.disputeCaseNumber ? { caseNumber: row.disputeCaseNumber } : {}),
  }));
}

/**
 * The money at a glance (the console's first screen): per day and in total, what was captured (less charges
 * cancelled since), refunded, taken back by chargebacks and the bank's returns, the net after them, and the
 * deposits' fees (the Deposits view's own figures). The parts are a payment's figures' (decision 048).
 */
export async function readMoneySummary(
  orm: Orm,
  query: { days?: number },
  now = new Date(),
): Promise<Omit<MoneySummaryResponse, 'status'>> {
  const { from, to } = rangeOf(query, now);
  const rows = await moneyByDay(orm, from, to);
  const figures = (money: Omit<DayMoney, 'day'>) => ({
    captured: signedCentsToDollars(money.capturedCents),
    refunded: signedCentsToDollars(money.refundedCents),
    takenBack: signedCentsToDollars(money.takenBackCents),
    net: signedCentsToDollars(money.capturedCents - money.refundedCents - money.takenBackCents),
    fees: signedCentsToDollars(money.feesCents),
  });
  const total = (pick: (row: DayMoney) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
  return {
    days: rows.map((row) => ({ day: row.day, ...figures(row) })),
    totals: figures({
      capturedCents: total((row) => row.capturedCents),
      refundedCents: total((row) => row.refundedCents),
      takenBackCents: total((row) => row.takenBackCents),
      feesCents: total((row) => row.feesCents),
    }),
  };
}

/** "-1.38", "66.82": an amount in words (the Note column), signed as in the Amount column. */
const signedDecimal = (cents: number): string => csvCents(cents).csvNumber;

const CSV_PAGE = 5000;

/**
 * The Deposits view as a CSV file (decision 036): for each day with deposits, newest first, a line per deposit
 * (its total funded, its fees, and its net sales, chargebacks and adjustments in words), then every line of
 * the day with its match, then the captures missing from it. Read a page at a time. Amounts are number cells,
 * negative when they came off the deposit. The days are read before this returns, as the history export reads
 * its first page (decision 018): a bad range or a database failure there is an ordinary error answer, not a
 * broken download.
 */
export async function openDepositsExport(
  orm: Orm,
  query: { to?: string; days?: number },
  now = new Date(),
): Promise<AsyncGenerator<string, void, undefined>> {
  const days = (await readDepositDays(orm, query, now)).filter((day) => day.depositCount > 0);
  return (async function* () {
    yield csvLine(DEPOSITS_CSV_COLUMNS);
    for (const day of days) {
      const { deposits } = await findFundingDay(orm, day.day);
      for (const deposit of deposits) {
        yield csvLine([
          day.day,
          deposit.fundingId,
          'Deposit',
          undefined,
          undefined,
          csvCents(deposit.totalFundingCents),
          csvCents(deposit.interchangeFeeCents + deposit.serviceChargeCents + deposit.feeCents),
          undefined,
          undefined,
          `net sales ${signedDecimal(deposit.netSalesCents)}; chargebacks ${signedDecimal(deposit.reversalCents)}; adjustments ${signedDecimal(deposit.adjustmentCents)}`,
        ]);
      }
      let afterId: string | undefined;
      for (;;) {
        const page = await pageFundingDayLines(orm, day.day, afterId, CSV_PAGE);
        for (const line of page) {
          yield csvLine([
            day.day,
            line.fundingId,
            DEPOSIT_LINE_KIND_LABELS[line.kind],
            line.orderId,
            line.retref,
            csvCents(line.amountCents),
            csvCents(line.feeCents),
            DEPOSIT_MATCH_LABELS[line.match],
            line.expectedCents === null ? undefined : csvCents(line.expectedCents),
            line.achReturnCode ? achReturnReasonOf(line.achReturnCode) : undefined,
          ]);
        }
        if (page.length < CSV_PAGE) break;
        afterId = page.at(-1)!.id;
      }
      for (const missing of await listMissingFromDeposits(orm, day.day)) {
        yield csvLine([
          day.day,
          undefined,
          DEPOSIT_LINE_KIND_LABELS.sale,
          missing.orderId,
          undefined,
          undefined,
          undefined,
          DEPOSIT_MATCH_LABELS.missing,
          csvCents(missing.capturedCents),
          undefined,
        ]);
      }
    }
  })();
}
