import { findPayment, type PaymentRow } from '../../db/checkout-store';
import {
  listCapturedPaymentsToSettle,
  markSettlementChecked,
  recordSettlement,
} from '../../db/gateway-sync-store';
import { claimScheduledRefund, listScheduledRefundsDue } from '../../db/ledger-store';
import { audit, auditOutcome, outcomeDetail } from './audit';
import type { OperationsDependencies } from './dependencies';
import { settle } from './runner';

/**
 * Following settlement: which captures the gateway has settled (in its nightly batch), and the refunds that
 * waited for it.
 */

/** A batch closes once a day: a captured payment is asked about at most once an hour. */
export const SETTLEMENT_RECHECK_MS = 60 * 60 * 1000;

/**
 * Asks the gateway whether captured payments have settled, oldest capture first and at most `limit` a pass,
 * each at most once per `recheckAfterMs` (an hour by default), and moves the settled ones to `settled` with
 * the gateway's settlement date. Answers how many it asked about and how many had settled.
 */
export async function followSettlement(
  deps: OperationsDependencies,
  options: { limit: number; now?: Date; recheckAfterMs?: number },
): Promise<{ asked: number; settled: number }> {
  const now = options.now ?? new Date();
  let settled = 0;
  const due = await listCapturedPaymentsToSettle(deps.orm, {
    now,
    recheckAfterMs: options.recheckAfterMs ?? SETTLEMENT_RECHECK_MS,
    limit: options.limit,
  });
  for (const payment of due) {
    if (await learnSettlement(deps, payment, now)) settled += 1;
  }
  return { asked: due.length, settled };
}

/**
 * When the store knows the batch has just closed (the built-in sandbox's, closed from the console): asks
 * about every captured payment now, then sends the refunds that waited for it.
 */
export async function catchUpWithSettlement(
  deps: OperationsDependencies,
): Promise<{ settled: number; refundsSent: number }> {
  const now = new Date();
  let settled = 0;
  for (;;) {
    const pass = await followSettlement(deps, { limit: 50, now, recheckAfterMs: 0 });
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
    const settled = await settle(deps, payment, operation, result);
    if (settled.state === 'succeeded') approved += 1;
    await audit(
      deps.orm,
      operation.actor,
      'refund',
      payment,
      operation.amountCents,
      auditOutcome(settled),
      `scheduled refund sent after settlement: ${outcomeDetail(settled, result)}`,
    );
  }
  return approved;
}
