import { findPayment, type PaymentRow } from '../../db/checkout-store';
import {
  claimCapturesToInquire,
  claimGatewayDay,
  markSettlementChecked,
  oldestCaptureAwaitingSettlement,
  recordBatchSettlement,
  recordSettlement,
} from '../../db/gateway-sync-store';
import { claimScheduledRefund } from '../../db/ledger-store';
import { listScheduledRefundsDue } from '../../db/ledger-reads';
import type { OperationsDependencies } from './dependencies';
import { settle } from './runner';
import { DAY_MS, utcDayOf } from '../../utc-day';

/**
 * Following settlement: which captures the gateway has settled (in its nightly batch), and the refunds that
 * waited for it.
 */

/** A batch closes once a day: each day's settlement is asked about at most once an hour. */
export const SETTLEMENT_RECHECK_MS = 60 * 60 * 1000;

/**
 * The days asked about in bulk: today and the two before (a capture settles in that day's batch or the next,
 * and the gateway's day may be a few hours off UTC). A capture older than that and still not seen settled is
 * asked about alone (inquire), at most every `INQUIRE_RECHECK_MS`.
 */
export const SETTLEMENT_DAYS_ASKED = 3;
const INQUIRE_RECHECK_MS = 6 * 60 * 60 * 1000;

/**
 * The days to ask about, oldest first: from the day before the oldest awaiting capture's (the gateway's day
 * may be behind UTC), at most the last few, to today.
 */
function daysToAsk(oldestCapture: Date, now: Date, askFrom?: Date): Date[] {
  const today = Date.parse(utcDayOf(now));
  const first = Math.min(
    Math.max(Date.parse(utcDayOf(oldestCapture)) - DAY_MS, today - (SETTLEMENT_DAYS_ASKED - 1) * DAY_MS),
    askFrom ? Date.parse(utcDayOf(askFrom)) : Infinity,
  );
  const days: Date[] = [];
  for (let day = first; day <= today; day += DAY_MS) days.push(new Date(day));
  return days;
}

/**
 * Learns which captures have settled (decision 035): for each recent day with captures awaiting settlement,
 * one settlestat call answers every batch settled that day, and each server claims a day before asking, so
 * the calls depend on the days, not on the number of payments or of servers. A capture still unaccounted for
 * after those days is asked about alone (inquire), at most `limit` a pass. Answers the gateway calls made
 * and how many captures became settled.
 */
export async function followSettlement(
  deps: OperationsDependencies,
  options: {
    limit: number;
    now?: Date;
    recheckAfterMs?: number;
    /** Ask from this day at the latest (a batch the sandbox closed as of days ago). */
    askFrom?: Date;
  },
): Promise<{ asked: number; settled: number }> {
  const now = options.now ?? new Date();
  const recheckAfterMs = options.recheckAfterMs ?? SETTLEMENT_RECHECK_MS;
  const oldest = await oldestCaptureAwaitingSettlement(deps.orm);
  if (!oldest) return { asked: 0, settled: 0 };
  let asked = 0;
  let settled = 0;
  for (const day of daysToAsk(oldest, now, options.askFrom)) {
    if (
      !(await claimGatewayDay(
        deps.orm,
        'settlement',
        utcDayOf(day),
        now,
        new Date(now.getTime() - recheckAfterMs),
      ))
    ) {
      continue;
    }
    asked += 1;
    const answer = await deps.gateway.settlementStatus(day);
    if (!answer.ok) continue;
    // Settled by the end of that day, and not after now (today's batch has just closed).
    const settledAt = new Date(Math.min(now.getTime(), day.getTime() + DAY_MS - 1));
    for (const batch of answer.value) {
      const captures = batch.transactions.filter((txn) => txn.accepted && txn.amountCents > 0);
      settled += await recordBatchSettlement(
        deps.orm,
        captures.map((txn) => txn.retref),
        settledAt,
        batch.batchId,
      );
    }
  }
  const alone = await claimCapturesToInquire(deps.orm, {
    now,
    // A catch-up (recheckAfterMs 0) asks about them all again, as it does about the days.
    recheckBefore: new Date(now.getTime() - (recheckAfterMs === 0 ? 0 : INQUIRE_RECHECK_MS)),
    capturedBefore: new Date(Date.parse(utcDayOf(now)) - (SETTLEMENT_DAYS_ASKED - 1) * DAY_MS),
    limit: options.limit,
  });
  for (const payment of alone) {
    asked += 1;
    if (await learnSettlement(deps, payment, now)) settled += 1;
  }
  return { asked, settled };
}

/**
 * When the store knows the batch has just closed (the built-in sandbox's, closed from the console): asks
 * about every captured payment now, then sends the refunds that waited for it.
 */
export async function catchUpWithSettlement(
  deps: OperationsDependencies,
  options: { daysAgo?: number } = {},
): Promise<{ settled: number; refundsSent: number }> {
  const now = new Date();
  // A batch closed as of days ago (the sandbox's demo) is asked about on its own day.
  const askFrom = options.daysAgo ? new Date(now.getTime() - options.daysAgo * DAY_MS) : undefined;
  let settled = 0;
  for (;;) {
    const pass = await followSettlement(deps, { limit: 50, now, recheckAfterMs: 0, askFrom });
    settled += pass.settled;
    if (pass.asked === 0) break;
  }
  let refundsSent = 0;
  for (;;) {
    // Refunds the gateway refused again are not sent again in this catch-up: the loop ends with them.
    const sent = await sendScheduledRefunds(deps, { limit: 50 });
    refundsSent += sent;
    if (sent === 0) break;
  }
  return { settled, refundsSent };
}

/** Asks the gateway whether one captured payment has settled, and records what it says. */
export async function learnSettlement(
  deps: OperationsDependencies,
  payment: PaymentRow,
  now: Date,
): Promise<boolean> {
  const inquiry = await deps.gateway.inquire(payment.retref);
  if (inquiry.ok && inquiry.value.settledAt) {
    return recordSettlement(deps.orm, payment.id, inquiry.value.settledAt, inquiry.value.batchId);
  }
  await markSettlementChecked(deps.orm, payment.id, now);
  return false;
}

/**
 * Upkeep: sends the refunds that waited for their capture to settle, once the store has seen it settle,
 * first asked first sent and at most `limit` a pass. Each is taken by one server only, then sent, answered
 * and reconciled like any refund. Answers how many the gateway approved.
 */
export async function sendScheduledRefunds(
  deps: OperationsDependencies,
  options: { limit: number },
): Promise<number> {
  let approved = 0;
  for (const due of await listScheduledRefundsDue(deps.orm, options.limit)) {
    const operation = await claimScheduledRefund(deps.orm, due.id);
    const payment = operation && (await findPayment(deps.orm, operation.paymentId));
    if (!operation || !payment) continue;
    const result = await deps.gateway.refund({ retref: payment.retref, amountCents: operation.amountCents });
    const settled = await settle(deps, payment, operation, result, {
      actor: operation.actor,
      action: 'refund',
      detailPrefix: 'scheduled refund sent after settlement: ',
    });
    if (settled.state === 'succeeded') approved += 1;
  }
  return approved;
}
