import { achReturnReasonOf, formatCents } from '@store/core';
import { insertAuditEvents } from '../../db/audit-store';
import { claimGatewayDay } from '../../db/gateway-sync-store';
import {
  findPaymentsByRetrefs,
  findRefundsByRetrefs,
  hasCapturedPayments,
  markPaymentDisputed,
  markPaymentReturned,
  replaceFundingDay,
  type FundedPayment,
  type NewDepositLine,
} from '../../db/deposit-store';
import type { FundingReport } from '../../gateway/payment-gateway';
import type { OperationsDependencies } from './dependencies';
import { DAY_MS, utcDayOf } from '../../utc-day';

/**
 * Deposits reconciled (decision 036): upkeep reads what the gateway funded each day (CardPointe's `funding`)
 * and matches every line to the store's payments and refunds, to the cent; chargebacks mark their payments
 * disputed and ACH returns mark theirs returned.
 */

/**
 * The funding days read: today and the three before. A deposit comes the day after its batch, an ACH return a
 * few days later, and the gateway may add to a day's data during the day, so a day is read again until it is
 * older than that.
 */
export const FUNDING_DAYS_READ = 4;
/** Each funding day is read at most this often, by one server. */
const FUNDING_RECHECK_MS = 6 * 60 * 60 * 1000;

/** What one funding day's lines are, before they are kept. */
interface MatchedFundingDay {
  lines: NewDepositLine[];
  disputes: {
    payment: FundedPayment;
    amountCents: number;
    reasonCode: string | null;
    reason: string | null;
    caseNumber: string | null;
  }[];
  returns: { payment: FundedPayment; code: string }[];
}

/**
 * Matches a funding day's lines to the store's payments and refunds (pure): a sale to the payment with its
 * retref (matched when it is the amount captured), a refund to the store's refund with its retref (matched
 * when it is the amount refunded), an ACH return and a chargeback to the payment they take back from. A line
 * the store has nothing for is unexpected.
 */
function matchFundingDay(
  day: string,
  report: FundingReport,
  paymentsByRetref: Map<string, FundedPayment>,
  refundsByRetref: Map<string, { id: string; amountCents: number; paymentId: string }>,
): MatchedFundingDay {
  const matched: MatchedFundingDay = { lines: [], disputes: [], returns: [] };
  const fundingId = report.deposits.length === 1 ? report.deposits[0]!.fundingId : null;
  for (const txn of report.transactions) {
    const base = {
      day,
      fundingId,
      retref: txn.retref,
      orderId: txn.orderId ?? null,
      amountCents: txn.amountCents,
      feeCents: txn.interchangeFeeCents ?? 0,
    };
    if (txn.achReturnCode) {
      const payment = paymentsByRetref.get(txn.retref);
      matched.lines.push({
        ...base,
        kind: 'return',
        achReturnCode: txn.achReturnCode,
        paymentId: payment?.id ?? null,
        ...matchOf(payment ? -payment.capturedCents : undefined, txn.amountCents),
        orderId: base.orderId ?? payment?.orderId ?? null,
      });
      if (payment) matched.returns.push({ payment, code: txn.achReturnCode });
    } else if (txn.amountCents < 0) {
      const refund = refundsByRetref.get(txn.retref);
      matched.lines.push({
        ...base,
        kind: 'refund',
        refundOperationId: refund?.id ?? null,
        paymentId: refund?.paymentId ?? null,
        ...matchOf(refund ? -refund.amountCents : undefined, txn.amountCents),
      });
    } else {
      const payment = paymentsByRetref.get(txn.retref);
      matched.lines.push({
        ...base,
        kind: 'sale',
        paymentId: payment?.id ?? null,
        ...matchOf(payment?.capturedCents, txn.amountCents),
        orderId: base.orderId ?? payment?.orderId ?? null,
      });
    }
  }
  for (const chargeback of report.chargebacks) {
    const payment = chargeback.retref ? paymentsByRetref.get(chargeback.retref) : undefined;
    // Taken back: negative whichever way the gateway signs it.
    const amountCents = -Math.abs(chargeback.amountCents);
    matched.lines.push({
      day,
      fundingId,
      kind: 'chargeback',
      retref: chargeback.retref ?? null,
      orderId: chargeback.orderId ?? payment?.orderId ?? null,
      amountCents,
      paymentId: payment?.id ?? null,
      // A chargeback takes back at most what was captured: more than that is an amount that differs.
      ...matchOf(payment && -Math.min(Math.abs(amountCents), payment.capturedCents), amountCents),
    });
    if (payment) {
      matched.disputes.push({
        payment,
        amountCents: Math.abs(amountCents),
        reasonCode: chargeback.reasonCode ?? null,
        reason: chargeback.reasonDescription ?? null,
        caseNumber: chargeback.caseNumber ?? null,
      });
    }
  }
  return matched;
}

function matchOf(
  expectedCents: number | undefined,
  amountCents: number,
): Pick<NewDepositLine, 'match' | 'expectedCents'> {
  if (expectedCents === undefined) return { match: 'unexpected', expectedCents: null };
  return expectedCents === amountCents
    ? { match: 'matched', expectedCents: null }
    : { match: 'amount_differs', expectedCents };
}

/**
 * Reads and reconciles one funding day, replacing what was kept of it; new chargebacks and returns mark their
 * payments and are audited (the order's timeline shows them). Answers false when the gateway did not answer.
 */
export async function reconcileFundingDay(
  deps: OperationsDependencies,
  day: Date,
  now = new Date(),
): Promise<boolean> {
  const answer = await deps.gateway.funding(day);
  if (!answer.ok) return false;
  const report = answer.value;
  const retrefs = [
    ...new Set([
      ...report.transactions.map((txn) => txn.retref),
      ...report.chargebacks.flatMap((chargeback) => (chargeback.retref ? [chargeback.retref] : [])),
    ]),
  ];
  const key = utcDayOf(day);
  await deps.orm.transaction(async (tx) => {
    const [found, refunds] = await Promise.all([
      findPaymentsByRetrefs(tx, retrefs),
      findRefundsByRetrefs(
        tx,
        report.transactions.filter((txn) => txn.amountCents < 0).map((txn) => txn.retref),
      ),
    ]);
    const matched = matchFundingDay(
      key,
      report,
      new Map(found.map((payment) => [payment.retref, payment])),
      new Map(refunds.map((refund) => [refund.gatewayRetref, refund])),
    );
    await replaceFundingDay(
      tx,
      key,
      report.deposits.map((deposit) => ({
        fundingId: deposit.fundingId || `${key}-${deposit.currency}`,
        day: key,
        currency: deposit.currency,
        netSalesCents: deposit.netSalesCents,
        interchangeFeeCents: deposit.interchangeFeeCents,
        serviceChargeCents: deposit.serviceChargeCents,
        feeCents: deposit.feeCents,
        reversalCents: deposit.reversalCents,
        adjustmentCents: deposit.adjustmentCents,
        totalFundingCents: deposit.totalFundingCents,
        readAt: now,
      })),
      matched.lines,
    );
    const events = [];
    for (const dispute of matched.disputes) {
      if (await markPaymentDisputed(tx, dispute.payment.id, { at: now, ...dispute })) {
        events.push({
          actor: 'gateway',
          action: 'chargeback',
          orderId: dispute.payment.orderId,
          amountCents: dispute.amountCents,
          outcome: 'success' as const,
          detail: [
            `disputed by the cardholder: ${formatCents(dispute.amountCents)} taken back`,
            dispute.reason && `reason ${dispute.reasonCode ?? ''} ${dispute.reason}`.replace(/\s+/g, ' '),
            dispute.caseNumber && `case ${dispute.caseNumber}`,
          ]
            .filter(Boolean)
            .join('; '),
        });
      }
    }
    for (const returned of matched.returns) {
      if (await markPaymentReturned(tx, returned.payment.id, returned.code, now)) {
        events.push({
          actor: 'gateway',
          action: 'ach_return',
          orderId: returned.payment.orderId,
          amountCents: returned.payment.capturedCents,
          outcome: 'success' as const,
          detail: `returned by the bank: ${achReturnReasonOf(returned.code)}`,
        });
      }
    }
    await insertAuditEvents(tx, events);
  });
  return true;
}

/**
 * Upkeep: once the store has captured money, reads the recent funding days (today and the three before),
 * each at most every six hours and by one server (decision 036). Answers how many days it read.
 */
export async function followFunding(
  deps: OperationsDependencies,
  options: { now?: Date; recheckAfterMs?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  if (!(await hasCapturedPayments(deps.orm))) return 0;
  const recheckBefore = new Date(now.getTime() - (options.recheckAfterMs ?? FUNDING_RECHECK_MS));
  const today = Date.parse(utcDayOf(now));
  let read = 0;
  for (let back = FUNDING_DAYS_READ - 1; back >= 0; back -= 1) {
    const day = new Date(today - back * DAY_MS);
    if (!(await claimGatewayDay(deps.orm, 'funding', utcDayOf(day), now, recheckBefore))) continue;
    if (await reconcileFundingDay(deps, day, now)) read += 1;
  }
  return read;
}
