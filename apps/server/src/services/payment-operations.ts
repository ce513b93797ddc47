import { formatCents, isRefundable, type CaptureAllResult } from '@store/core';
import { insertAuditEvents } from '../db/audit-store';
import { batched } from '../db/batched';
import type { PaymentRow } from '../db/checkout-store';
import type { Orm } from '../db/client';
import {
  adoptGatewayOutcome,
  completeOperations,
  completeOperation,
  findOperation,
  findOperationByKey,
  findPayment,
  listAuthorizedPayments,
  listCapturedPaymentsToSettle,
  listOpenPaymentsToCheck,
  listPendingOperations,
  listSucceededRefunds,
  markGatewayChecked,
  markSettlementChecked,
  claimScheduledRefund,
  listScheduledRefundsDue,
  recordSettlement,
  scheduleRefund,
  recordGatewayRefund,
  releaseOperation,
  reserveCaptureOrVoid,
  reserveCaptures,
  reserveRefund,
  setRefundMethod,
  type GatewayOutcome,
  type MoneyOperationRow,
  type Reservation,
} from '../db/money-store';
import type {
  GatewayFailure,
  GatewayResult,
  GatewayTransaction,
  PaymentGateway,
} from '../gateway/payment-gateway';
import { DEFAULT_CAPTURE_ALL_CONCURRENCY } from '../config';
import { AppError } from '../errors';
import { quietLog, type Log } from '../log';

/**
 * Captures, voids and refunds. Each follows reserve → call the gateway → confirm or release: the
 * reservation is a row written before the call, so no lock is held across the network, the database
 * refuses a second capture or an over-refund, and an answer lost on the way is recovered by asking the
 * gateway (reconciliation) instead of by sending the money call again.
 */
export interface OperationsDependencies {
  orm: Orm;
  gateway: PaymentGateway;
  /**
   * What to do with a refund the gateway declines because the capture has not settled yet (PPS 28, a
   * merchant account not set up for unsettled refunds): keep it and send it once the capture settles
   * (the default), or refuse it with that explanation.
   */
  refundsBeforeSettlement?: RefundsBeforeSettlement;
  /** How many captures Capture All keeps in flight towards the gateway (DEFAULT_CAPTURE_ALL_CONCURRENCY). */
  captureAllConcurrency?: number;
  /** Where the unexpected is reported; nothing is written without one. */
  log?: Log;
}

export type RefundsBeforeSettlement = 'schedule' | 'refuse';

/** What the operator reads about a refund kept until the capture settles. */
export const REFUND_SCHEDULED_MESSAGE = "Scheduled: runs after tonight's settlement";

/** What the operator reads when such a refund is refused instead (REFUNDS_BEFORE_SETTLEMENT=refuse). */
export const REFUND_BEFORE_SETTLEMENT_REFUSED =
  "Not refunded: this payment has not settled yet, and the gateway refunds a payment only after its settlement. Refund it after tonight's settlement, or refund all of it now to cancel the charge.";

/** Why a charge cannot be cancelled once its capture is in the gateway's batch. */
export const CHARGE_SETTLED_MESSAGE =
  'This charge has already gone into the gateway’s settlement batch, so it can no longer be cancelled. Refund it instead.';

export interface OperationRequest {
  paymentId: string;
  /** The amount asked for, when the request names one. */
  amountCents?: number;
  actor: string;
  /** Scoped Idempotency-Key of the request: a retry finds its own operation instead of making another. */
  idempotencyKey?: string;
}

export type OperationAnswer = { payment: PaymentRow; operation: MoneyOperationRow; message: string };

const UNCONFIRMED: Record<MoneyOperationRow['kind'], string> = {
  capture:
    'The gateway did not confirm the capture. It will be checked again automatically; do not capture again.',
  void: 'The gateway did not confirm the void. It will be checked again automatically.',
  refund:
    'The gateway did not confirm the refund. It will be checked again automatically; do not refund again.',
};

async function audit(
  orm: Orm,
  actor: string,
  action: string,
  payment: PaymentRow | undefined,
  amountCents: number | undefined,
  outcome: 'success' | 'failure',
  detail: string,
): Promise<void> {
  await insertAuditEvents(orm, [auditLine(actor, action, payment, amountCents, outcome, detail)]);
}

/** The audit line of a money call on a payment. */
function auditLine(
  actor: string,
  action: string,
  payment: PaymentRow | undefined,
  amountCents: number | undefined,
  outcome: 'success' | 'failure',
  detail: string,
) {
  return {
    actor,
    action,
    orderId: payment?.orderId ?? null,
    amountCents: amountCents ?? null,
    outcome,
    detail,
  };
}

function refusal(reservation: Exclude<Reservation, { ok: true }>, kind: MoneyOperationRow['kind']): AppError {
  const payment = reservation.payment;
  switch (reservation.reason) {
    case 'not_found':
      return new AppError('not_found', 'Payment not found');
    case 'busy':
      return new AppError(
        'conflict',
        `This payment has already been ${kind === 'void' ? 'voided or captured' : 'captured or voided'}`,
      );
    case 'not_authorized':
      return new AppError(
        'conflict',
        `This payment is ${payment?.captureStatus.replace('_', ' ')}, not awaiting capture`,
      );
    case 'over_limit':
      return kind === 'refund'
        ? new AppError(
            'invalid',
            `The refund cannot exceed the ${formatCents((payment?.capturedCents ?? 0) - (payment?.refundedCents ?? 0))} still refundable`,
          )
        : new AppError(
            'invalid',
            `The capture cannot exceed the authorized ${formatCents(payment?.authorizedCents ?? 0)}`,
          );
    case 'not_captured':
      return new AppError('conflict', 'Only captured payments can be refunded');
  }
}

type GatewayVerdict =
  | { state: 'done'; amountCents?: number; gatewayRetref?: string }
  | { state: 'not_done'; expired?: boolean; unsettled?: boolean }
  | { state: 'unknown' };

/**
 * What the gateway's records say happened to an operation. "Not done" needs positive evidence (the
 * authorization is still open, or the gateway's refunded total equals ours); anything the store cannot
 * read for certain is "unknown", and the operation stays reserved for a later look or for review.
 */
async function askGateway(
  deps: OperationsDependencies,
  operation: MoneyOperationRow,
  payment: PaymentRow,
): Promise<GatewayVerdict> {
  const inquiry = await deps.gateway.inquire(payment.retref);
  if (!inquiry.ok) return { state: 'unknown' };
  const settlement = inquiry.value.settlement;
  if (operation.kind === 'refund' && operation.method === 'void') {
    // A whole refund sent as a void of the capture: the gateway shows the capture voided, or still there.
    if (settlement === 'voided') return { state: 'done' };
    return settlement === 'captured' ? { state: 'not_done' } : { state: 'unknown' };
  }
  if (operation.kind === 'refund') {
    const found = await deps.gateway.inquireByOrderId(payment.orderId);
    const recorded = await listSucceededRefunds(deps.orm, payment.id);
    const match = found.ok
      ? found.value.find(
          (transaction) =>
            transaction.settlement === 'refund' &&
            transaction.parentRetref === payment.retref &&
            transaction.amountCents === operation.amountCents &&
            !recorded.retrefs.has(transaction.retref),
        )
      : undefined;
    if (match) return { state: 'done', gatewayRetref: match.retref };
    if (inquiry.value.refundedAmountCents === recorded.totalCents) {
      return { state: 'not_done', unsettled: settlement === 'captured' && !inquiry.value.settledAt };
    }
    return { state: 'unknown' };
  }
  if (settlement === 'expired') return { state: 'not_done', expired: true };
  if (operation.kind === 'capture') {
    if (settlement === 'captured') {
      const captured = inquiry.value.capturedAmountCents;
      return { state: 'done', amountCents: captured && captured > 0 ? captured : operation.amountCents };
    }
    return settlement === 'authorized' || settlement === 'voided'
      ? { state: 'not_done' }
      : { state: 'unknown' };
  }
  if (settlement === 'voided') return { state: 'done' };
  return settlement === 'authorized' || settlement === 'captured'
    ? { state: 'not_done' }
    : { state: 'unknown' };
}

/**
 * Settles one pending operation from the gateway's record. `releaseIfNotDone` is false on the request's own
 * path: a call that timed out may still reach the gateway, so only reconciliation, later, releases.
 */
export async function reconcileOperation(
  deps: OperationsDependencies,
  operation: MoneyOperationRow,
  options: { releaseIfNotDone: boolean },
): Promise<'succeeded' | 'failed' | 'pending'> {
  const payment = await findPayment(deps.orm, operation.paymentId);
  if (!payment) return 'pending';
  const answer = await askGateway(deps, operation, payment);
  if (answer.state === 'done') {
    const completed = await completeOperation(deps.orm, operation.id, {
      message: 'Confirmed with the gateway',
      ...(answer.amountCents !== undefined ? { amountCents: answer.amountCents } : {}),
      ...(answer.gatewayRetref ? { gatewayRetref: answer.gatewayRetref } : {}),
    });
    // Another server may have settled it meanwhile: answer what the books now say, audit only our own change.
    if (completed) {
      await audit(
        deps.orm,
        'reconciliation',
        operation.kind,
        payment,
        completed.amountCents,
        'success',
        'confirmed with the gateway',
      );
    }
    return notScheduled(await settledState(deps.orm, operation.id));
  }
  if (
    answer.state === 'not_done' &&
    options.releaseIfNotDone &&
    answer.unsettled &&
    (deps.refundsBeforeSettlement ?? 'schedule') === 'schedule'
  ) {
    // A refund lost on its way to a capture not settled yet: the gateway would have declined it (28), so
    // it waits for the settlement like any refund asked that day, instead of being dropped.
    if (await scheduleRefund(deps.orm, operation.id, REFUND_SCHEDULED_MESSAGE)) {
      await audit(
        deps.orm,
        'reconciliation',
        operation.kind,
        payment,
        operation.amountCents,
        'success',
        'not done at the gateway before settlement; scheduled to run after it',
      );
    }
    return notScheduled(await settledState(deps.orm, operation.id));
  }
  if (answer.state === 'not_done' && options.releaseIfNotDone) {
    const released = await releaseOperation(
      deps.orm,
      operation.id,
      'The gateway has no record of it; released',
      {
        expireAuthorization: answer.expired === true,
      },
    );
    if (released) {
      await audit(
        deps.orm,
        'reconciliation',
        operation.kind,
        payment,
        operation.amountCents,
        'failure',
        'not done at the gateway; released',
      );
    }
    return notScheduled(await settledState(deps.orm, operation.id));
  }
  return 'pending';
}

/** Reconciliation settles sent operations only: one scheduled again meanwhile is still waiting. */
function notScheduled(state: MoneyOperationRow['status']): 'succeeded' | 'failed' | 'pending' {
  return state === 'scheduled' ? 'pending' : state;
}

async function settledState(orm: Orm, operationId: string): Promise<MoneyOperationRow['status']> {
  return (await findOperation(orm, operationId))?.status ?? 'pending';
}

/** The gateway refunds a capture only once it has settled (unless the merchant takes unsettled refunds). */
function isDeclinedAsNotSettled(result: GatewayResult<GatewayTransaction>): boolean {
  return !result.ok && result.kind === 'declined' && result.reason === 'not_settled';
}

type Settled = {
  state: 'succeeded' | 'failed' | 'pending' | 'scheduled';
  /** For a refusal: what the operator is told, when the gateway's record explained it. */
  explanation?: string;
};

/** Applies the gateway's answer to a reserved operation. */
async function settle(
  deps: OperationsDependencies,
  operation: MoneyOperationRow,
  result: GatewayResult<GatewayTransaction>,
  explainRefusal?: (failure: GatewayFailure) => string | undefined,
): Promise<Settled> {
  if (result.ok) {
    // A refund sent as a void of the capture answers with the payment's own retref: no refund retref.
    const refundRetref =
      operation.kind === 'refund' &&
      result.value.retref !== (await findPayment(deps.orm, operation.paymentId))?.retref
        ? result.value.retref
        : undefined;
    const completed = await completeOperation(deps.orm, operation.id, {
      message: result.value.message || 'Approval',
      ...(operation.kind === 'capture' && result.value.amountCents > 0
        ? { amountCents: result.value.amountCents }
        : {}),
      ...(refundRetref ? { gatewayRetref: refundRetref } : {}),
    });
    if (!completed) {
      // Only possible if reconciliation settled it first, which its age threshold is there to prevent.
      const payment = await findPayment(deps.orm, operation.paymentId);
      await audit(
        deps.orm,
        operation.actor,
        operation.kind,
        payment,
        operation.amountCents,
        'failure',
        `the gateway approved it (retref ${result.value.retref}) after it was settled without that answer: review`,
      );
    }
    // Completed here, it succeeded; otherwise reconciliation settled it first, and its record says how.
    return { state: completed ? completed.status : await settledState(deps.orm, operation.id) };
  }
  if (result.kind === 'unavailable') {
    // The outcome is unknown: ask the gateway now, and leave the reservation in place if it cannot say.
    return { state: await reconcileOperation(deps, operation, { releaseIfNotDone: false }) };
  }
  if (operation.kind === 'refund' && isDeclinedAsNotSettled(result)) {
    if ((deps.refundsBeforeSettlement ?? 'schedule') === 'schedule') {
      // Kept, its amount still reserved: upkeep sends it once the capture settles.
      await scheduleRefund(deps.orm, operation.id, REFUND_SCHEDULED_MESSAGE);
      return { state: await settledState(deps.orm, operation.id) };
    }
    await releaseOperation(deps.orm, operation.id, result.message);
    return { state: 'failed', explanation: REFUND_BEFORE_SETTLEMENT_REFUSED };
  }
  // The gateway answered and refused (declined, retry later, or the request itself): nothing was done.
  // A refusal may mean the payment was changed at the gateway itself: its record is the truth, adopt it.
  await releaseOperation(deps.orm, operation.id, result.message, {
    expireAuthorization: 'reason' in result && result.reason === 'expired' && operation.kind !== 'refund',
  });
  const payment = await findPayment(deps.orm, operation.paymentId);
  const explanation =
    explainRefusal?.(result) ?? (payment ? await adoptGatewayChanges(deps, payment) : undefined);
  return { state: 'failed', ...(explanation ? { explanation } : {}) };
}

const OUTCOME_WORDS: Record<GatewayOutcome['status'], string> = {
  captured: 'captured',
  voided: 'voided',
  expired: 'expired',
};

/** The gateway's record of an authorization, as an outcome to adopt; undefined while it is still open. */
function outcomeOf(record: GatewayTransaction): GatewayOutcome | undefined {
  switch (record.settlement) {
    case 'captured':
      return { status: 'captured', capturedCents: record.capturedAmountCents || record.amountCents };
    case 'voided':
    case 'expired':
      return { status: record.settlement };
    default:
      return undefined;
  }
}

/**
 * Makes the store's record of a payment agree with the gateway's where something was done at the gateway
 * itself (its merchant portal, another integration): an open authorization captured, voided or expired
 * there, or refunds made there. The gateway is the source of truth: its state is adopted and audited as
 * changed at the gateway. Returns what the operator should be told, or undefined when nothing differed.
 */
export async function adoptGatewayChanges(
  deps: OperationsDependencies,
  payment: PaymentRow,
): Promise<string | undefined> {
  const inquiry = await deps.gateway.inquire(payment.retref);
  if (!inquiry.ok) return undefined;
  const record = inquiry.value;
  if (payment.captureStatus === 'authorized') {
    const outcome = outcomeOf(record);
    if (!outcome) return undefined;
    const adopted = await adoptGatewayOutcome(deps.orm, payment.id, outcome);
    if (!adopted) return undefined;
    const amountCents = outcome.status === 'captured' ? outcome.capturedCents : payment.authorizedCents;
    const what =
      outcome.status === 'captured'
        ? `captured (${formatCents(amountCents)})`
        : OUTCOME_WORDS[outcome.status];
    await audit(
      deps.orm,
      'gateway',
      'changed_at_gateway',
      payment,
      amountCents,
      'success',
      `${what} at the gateway, outside this store`,
    );
    return outcome.status === 'captured'
      ? `This payment was already captured at the gateway (${formatCents(amountCents)}), outside this store. It now shows as captured; refund it if the money must go back.`
      : `This payment was already ${what} at the gateway, outside this store. It no longer awaits capture.`;
  }
  if (!isRefundable(payment.captureStatus) || record.refundedAmountCents === undefined) return undefined;
  const recorded = await listSucceededRefunds(deps.orm, payment.id);
  if (record.refundedAmountCents <= recorded.totalCents) return undefined;
  const found = await deps.gateway.inquireByOrderId(payment.orderId);
  let adoptedCents = 0;
  for (const transaction of found.ok ? found.value : []) {
    const unknownRefund =
      transaction.settlement === 'refund' &&
      transaction.parentRetref === payment.retref &&
      !recorded.retrefs.has(transaction.retref);
    if (
      unknownRefund &&
      (await recordGatewayRefund(deps.orm, {
        paymentId: payment.id,
        amountCents: transaction.amountCents,
        gatewayRetref: transaction.retref,
      }))
    ) {
      adoptedCents += transaction.amountCents;
      await audit(
        deps.orm,
        'gateway',
        'changed_at_gateway',
        payment,
        transaction.amountCents,
        'success',
        `refunded at the gateway, outside this store (retref ${transaction.retref})`,
      );
    }
  }
  return adoptedCents > 0
    ? `${formatCents(adoptedCents)} of this payment was already refunded at the gateway, outside this store. The history now shows it.`
    : undefined;
}

/**
 * Upkeep: compares a bounded number of open authorizations with the gateway's records, least recently
 * compared first, and adopts what was done to them at the gateway. Returns how many changed.
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
async function learnSettlement(
  deps: OperationsDependencies,
  payment: PaymentRow,
  now: Date,
): Promise<boolean> {
  const inquiry = await deps.gateway.inquire(payment.retref);
  if (inquiry.ok && inquiry.value.settledAt) {
    return recordSettlement(deps.orm, payment.id, inquiry.value.settledAt);
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
    const settled = await settle(deps, operation, result);
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

export async function checkOpenPaymentsAtGateway(
  deps: OperationsDependencies,
  options: { limit: number },
): Promise<number> {
  let changed = 0;
  for (const payment of await listOpenPaymentsToCheck(deps.orm, options.limit)) {
    if (await adoptGatewayChanges(deps, payment)) changed += 1;
    else await markGatewayChecked(deps.orm, payment.id);
  }
  return changed;
}

async function answerFor(
  deps: OperationsDependencies,
  operation: MoneyOperationRow,
  settled: Settled,
  failureMessage: string,
): Promise<OperationAnswer> {
  const payment = (await findPayment(deps.orm, operation.paymentId))!;
  if (settled.state === 'scheduled') {
    const scheduled = (await findOperation(deps.orm, operation.id)) ?? operation;
    return { payment, operation: scheduled, message: REFUND_SCHEDULED_MESSAGE };
  }
  if (settled.state === 'succeeded') {
    const messages = { capture: 'Payment captured', void: 'Payment voided', refund: 'Refund processed' };
    const message =
      operation.kind === 'refund' && operation.method === 'void'
        ? 'Refunded in full by cancelling the charge before settlement'
        : messages[operation.kind];
    return { payment, operation, message };
  }
  if (settled.state === 'pending') throw new AppError('gateway_unavailable', UNCONFIRMED[operation.kind]);
  if (settled.explanation) throw new AppError('conflict', settled.explanation);
  throw new AppError('unprocessable', failureMessage);
}

/** Done, or accepted to run after settlement, is a success; refused or unconfirmed is not (yet). */
function auditOutcome(settled: Settled): 'success' | 'failure' {
  return settled.state === 'succeeded' || settled.state === 'scheduled' ? 'success' : 'failure';
}

/** How the audit log tells what became of a money call. */
function outcomeDetail(settled: Settled, result: GatewayResult<GatewayTransaction>): string {
  switch (settled.state) {
    case 'succeeded':
      return 'approved';
    case 'pending':
      return 'unconfirmed, left for reconciliation';
    case 'scheduled':
      return 'not settled yet: scheduled to run after settlement';
    case 'failed':
      return [result.ok ? '' : result.message, settled.explanation].filter(Boolean).join(': ');
  }
}

/** A retry of a request whose operation exists already: settle it from the gateway's record, never resend. */
async function resumeOperation(
  deps: OperationsDependencies,
  operation: MoneyOperationRow,
): Promise<OperationAnswer> {
  const state: Settled['state'] =
    operation.status === 'pending'
      ? await reconcileOperation(deps, operation, { releaseIfNotDone: false })
      : operation.status;
  return answerFor(deps, operation, { state }, operation.message ?? 'The gateway refused it');
}

async function runOperation(
  deps: OperationsDependencies,
  request: OperationRequest,
  kind: MoneyOperationRow['kind'],
  auditAction: (payment: PaymentRow | undefined, amountCents: number | undefined) => string,
  reserve: () => Promise<Reservation>,
  callGateway: (
    payment: PaymentRow,
    operation: MoneyOperationRow,
  ) => Promise<GatewayResult<GatewayTransaction>>,
  explainRefusal?: (failure: GatewayFailure) => string | undefined,
): Promise<OperationAnswer> {
  if (request.idempotencyKey) {
    const existing = await findOperationByKey(deps.orm, request.idempotencyKey);
    if (existing) {
      const sameRequest =
        existing.paymentId === request.paymentId &&
        existing.kind === kind &&
        (request.amountCents === undefined || request.amountCents === existing.amountCents);
      if (!sameRequest) {
        throw new AppError('unprocessable', 'This Idempotency-Key was already used with a different request');
      }
      return resumeOperation(deps, existing);
    }
  }
  const reservation = await reserve();
  if (!reservation.ok) {
    const error = refusal(reservation, kind);
    await audit(
      deps.orm,
      request.actor,
      auditAction(reservation.payment, undefined),
      reservation.payment,
      undefined,
      'failure',
      error.message,
    );
    throw error;
  }
  const { operation, payment } = reservation;
  const result = await callGateway(payment, operation);
  const settled = await settle(deps, operation, result, explainRefusal);
  await audit(
    deps.orm,
    request.actor,
    auditAction(payment, operation.amountCents),
    payment,
    operation.amountCents,
    auditOutcome(settled),
    outcomeDetail(settled, result),
  );
  return answerFor(deps, operation, settled, result.ok ? '' : result.message);
}

/**
 * Captures an authorization in full, or in part (`amountCents` below the authorized amount: as at
 * CardPointe, a partial capture ends the authorization). `originalAmountCents`, when given, must be the
 * authorized amount the operator saw.
 */
export async function capturePayment(
  deps: OperationsDependencies,
  request: OperationRequest & { amountCents?: number; originalAmountCents?: number },
): Promise<OperationAnswer> {
  if (request.originalAmountCents !== undefined) {
    const payment = await findPayment(deps.orm, request.paymentId);
    if (payment && payment.authorizedCents !== request.originalAmountCents) {
      throw new AppError('invalid', 'The original amount does not match the authorization');
    }
  }
  return runOperation(
    deps,
    request,
    'capture',
    (payment, amountCents) =>
      payment && amountCents !== undefined && amountCents < payment.authorizedCents
        ? 'partial_capture'
        : 'capture',
    () =>
      reserveCaptureOrVoid(deps.orm, {
        paymentId: request.paymentId,
        kind: 'capture',
        amountCents: request.amountCents,
        actor: request.actor,
        idempotencyKey: request.idempotencyKey,
      }),
    (payment, operation) =>
      deps.gateway.capture({ retref: payment.retref, amountCents: operation.amountCents }),
  );
}

export function voidPayment(
  deps: OperationsDependencies,
  request: OperationRequest,
): Promise<OperationAnswer> {
  return runOperation(
    deps,
    request,
    'void',
    () => 'void',
    () =>
      reserveCaptureOrVoid(deps.orm, {
        paymentId: request.paymentId,
        kind: 'void',
        actor: request.actor,
        idempotencyKey: request.idempotencyKey,
      }),
    (payment) => deps.gateway.voidAuthorization({ retref: payment.retref }),
  );
}

/**
 * Whether a reserved refund gives back the whole capture of a payment not settled yet, with no refund before
 * it: CardPointe refunds only settled captures, but voids an unsettled one, which cancels the charge.
 */
function isWholeUnsettledCapture(payment: PaymentRow, operation: MoneyOperationRow): boolean {
  return (
    payment.captureStatus !== 'settled' &&
    operation.amountCents === payment.capturedCents &&
    payment.refundedCents === operation.amountCents
  );
}

/**
 * Refunds captured money the way the gateway takes it: the whole of a capture that has not settled yet is
 * a void of the capture (the charge is cancelled); once it has settled, or for part of it, a refund. A void
 * refused because the batch closed meanwhile (27 Txn Batched) becomes a refund.
 */
export function refundPayment(
  deps: OperationsDependencies,
  request: OperationRequest & { amountCents: number },
): Promise<OperationAnswer> {
  return runOperation(
    deps,
    request,
    'refund',
    () => 'refund',
    () =>
      reserveRefund(deps.orm, {
        paymentId: request.paymentId,
        amountCents: request.amountCents,
        actor: request.actor,
        idempotencyKey: request.idempotencyKey,
      }),
    async (payment, operation) => {
      if (isWholeUnsettledCapture(payment, operation)) {
        await setRefundMethod(deps.orm, operation.id, 'void');
        // This request's own copy says so too: its answer and an immediate reconciliation read it.
        operation.method = 'void';
        const voided = await deps.gateway.voidAuthorization({ retref: payment.retref });
        if (voided.ok || voided.kind === 'unavailable') return voided;
      }
      await setRefundMethod(deps.orm, operation.id, 'refund');
      operation.method = 'refund';
      return deps.gateway.refund({ retref: payment.retref, amountCents: operation.amountCents });
    },
  );
}

/**
 * Cancels the charge of a captured payment the gateway has not settled yet: the capture is voided, so the
 * customer is never charged. In the books it is a whole refund sent as a void. Refused once the capture has
 * settled (the store knows it, or the gateway answers that it is batched), and once any part of the payment
 * is refunded or scheduled for refund, with the reason.
 */
export async function cancelCharge(
  deps: OperationsDependencies,
  request: OperationRequest,
): Promise<OperationAnswer> {
  const payment = await findPayment(deps.orm, request.paymentId);
  const refusedBecause = !payment
    ? new AppError('not_found', 'Payment not found')
    : payment.captureStatus === 'settled'
      ? new AppError('conflict', CHARGE_SETTLED_MESSAGE)
      : !['captured', 'partially_captured'].includes(payment.captureStatus)
        ? new AppError('conflict', 'Only a captured payment has a charge to cancel')
        : payment.refundedCents > 0
          ? new AppError(
              'conflict',
              'Part of this payment is already refunded or scheduled for refund, so its charge can no longer be cancelled whole. Refund the rest instead.',
            )
          : undefined;
  if (refusedBecause) {
    await audit(
      deps.orm,
      request.actor,
      'cancel_charge',
      payment,
      undefined,
      'failure',
      refusedBecause.message,
    );
    throw refusedBecause;
  }
  const capturedCents = payment!.capturedCents;
  return runOperation(
    deps,
    { ...request, amountCents: capturedCents },
    'refund',
    () => 'cancel_charge',
    () =>
      reserveRefund(deps.orm, {
        paymentId: request.paymentId,
        amountCents: capturedCents,
        actor: request.actor,
        idempotencyKey: request.idempotencyKey,
      }),
    async (reserved, operation) => {
      await setRefundMethod(deps.orm, operation.id, 'void');
      operation.method = 'void';
      const voided = await deps.gateway.voidAuthorization({ retref: reserved.retref });
      // Batched or settled meanwhile: learn it now, so the console stops offering to cancel.
      if (!voided.ok && isBatched(voided)) await learnSettlement(deps, reserved, new Date());
      return voided;
    },
    (failure) => (isBatched(failure) ? CHARGE_SETTLED_MESSAGE : undefined),
  );
}

/** The capture is in a batch (or settled) and can no longer be voided. */
function isBatched(failure: GatewayFailure): boolean {
  return failure.kind !== 'unavailable' && failure.kind !== 'rejected' && failure.reason === 'batched';
}

/**
 * How long Capture All gathers approved captures before confirming them in one statement. At 32 captures
 * in flight and 50 ms at the gateway, 20 to 30 go in each; written as soon as possible they went by 4 or 5,
 * and those statements cost about a tenth of the store's CPU in the run.
 */
const CONFIRMATIONS_GATHERED_MS = 50;

/**
 * Captures every authorized payment, with at most `captureAllConcurrency` captures at the gateway at once.
 * Each capture follows the rules of one (reserve → call → confirm, audited), and no payment holds more than
 * one reservation. The database work is done together: the payments are reserved a group at a time (one
 * statement per `captureAllConcurrency` payments, the next group while the one before is at the gateway),
 * and approved captures are confirmed in batches with their audit lines (group commit). A crash leaves
 * unconfirmed at most the two groups reserved, those at the gateway and those awaiting their confirmation:
 * reconciliation settles each from the gateway's records. A payment captured or voided meanwhile by another
 * operator (or server) is reported, never captured twice; a capture the gateway refused or did not answer
 * is settled on its own, as a single capture would be.
 */
export async function captureAll(
  deps: OperationsDependencies,
  actor: string,
): Promise<{ successCount: number; failureCount: number; results: CaptureAllResult[] }> {
  const targets: PaymentRow[] = [];
  for (let page = await listAuthorizedPayments(deps.orm, { limit: 1000 }); page.length > 0;) {
    targets.push(...page);
    const last = page.at(-1)!;
    page = await listAuthorizedPayments(deps.orm, {
      limit: 1000,
      after: { at: last.authorizedAt, id: last.id },
    });
  }
  const confirm = batched(
    async (batch: { operation: MoneyOperationRow; payment: PaymentRow; answer: GatewayTransaction }[]) => {
      const confirmed = await completeOperations(
        deps.orm,
        batch.map(({ operation, payment, answer }) => ({
          operationId: operation.id,
          message: answer.message || 'Approval',
          ...(answer.amountCents > 0 ? { amountCents: answer.amountCents } : {}),
          audit: auditLine(actor, 'capture', payment, undefined, 'success', 'approved'),
        })),
      );
      const confirmedIds = new Set(confirmed.map((operation) => operation.id));
      return batch.map(({ operation }) => confirmedIds.has(operation.id));
    },
    // Nothing but the answer at the end waits on a confirmation, so each waits to be written with more.
    { gatherMs: CONFIRMATIONS_GATHERED_MS },
  );

  const results: CaptureAllResult[] = new Array(targets.length);
  const record = (index: number, outcome: { success: boolean; message: string }) => {
    const payment = targets[index]!;
    results[index] = {
      paymentId: payment.id,
      requestId: payment.requestId,
      orderId: payment.orderId,
      ...outcome,
    };
  };
  /** A payment's outcome; a failure is reported with the message of its refusal. */
  const outcomeOf = async (payment: PaymentRow, work: () => Promise<string>) => {
    try {
      return { success: true, message: await work() };
    } catch (error) {
      // One payment's trouble must not stop the others, nor leave them running unobserved.
      if (!(error instanceof AppError)) {
        (deps.log ?? quietLog).error({ err: error, paymentId: payment.id }, 'capture-all: capture failed');
      }
      return {
        success: false,
        message: error instanceof AppError ? error.message : 'Failed to capture payment',
      };
    }
  };
  /** Refused, unanswered, or settled meanwhile by reconciliation: as one capture's answer would be. */
  const settleOne = async (
    payment: PaymentRow,
    operation: MoneyOperationRow,
    answer: GatewayResult<GatewayTransaction>,
  ) => {
    const settled = await settle(deps, operation, answer);
    await audit(
      deps.orm,
      actor,
      'capture',
      payment,
      operation.amountCents,
      auditOutcome(settled),
      outcomeDetail(settled, answer),
    );
    return (await answerFor(deps, operation, settled, answer.ok ? '' : answer.message)).message;
  };
  const refuse = async (payment: PaymentRow): Promise<never> => {
    // Not reserved: captured, voided or expired meanwhile, or a capture or void of it is under way.
    const now = await findPayment(deps.orm, payment.id);
    const error = refusal(
      now?.captureStatus === 'authorized'
        ? { ok: false, reason: 'busy', payment: now }
        : { ok: false, reason: now ? 'not_authorized' : 'not_found', payment: now },
      'capture',
    );
    await audit(deps.orm, actor, 'capture', now ?? payment, undefined, 'failure', error.message);
    throw error;
  };

  // The payments are reserved a group at a time, as many as may be at the gateway at once, in one
  // statement; the next group is reserved as soon as the first payment of a group is taken, so the workers
  // do not wait for the database between two gateway calls. Each worker keeps one capture at the gateway:
  // an approved one is handed to the group confirmation and the worker goes on with the next payment;
  // anything else it settles itself (which may ask the gateway).
  const concurrency = deps.captureAllConcurrency ?? DEFAULT_CAPTURE_ALL_CONCURRENCY;
  const groups = new Map<number, Promise<Map<string, MoneyOperationRow>>>();
  const reserveGroup = (group: number) => {
    if (groups.has(group) || group * concurrency >= targets.length) return;
    const members = targets.slice(group * concurrency, (group + 1) * concurrency);
    const reserved = reserveCaptures(
      deps.orm,
      members.map((payment) => payment.id),
      actor,
    ).then((operations) => new Map(operations.map((operation) => [operation.paymentId, operation])));
    // Read when its payments' turn comes: a failure is their outcome, not an unobserved rejection before.
    reserved.catch(() => undefined);
    groups.set(group, reserved);
    groups.delete(group - 2);
  };
  const reservationOf = async (index: number) => {
    const group = Math.floor(index / concurrency);
    reserveGroup(group);
    if (index % concurrency === 0) reserveGroup(group + 1);
    return (await groups.get(group)!).get(targets[index]!.id);
  };
  const confirmations: Promise<void>[] = [];
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const index = next++;
      const payment = targets[index]!;
      let sent: { operation: MoneyOperationRow; answer: GatewayResult<GatewayTransaction> } | undefined;
      const outcome = await outcomeOf(payment, async () => {
        const operation = (await reservationOf(index)) ?? (await refuse(payment));
        const answer = await deps.gateway.capture({
          retref: payment.retref,
          amountCents: operation.amountCents,
        });
        sent = { operation, answer };
        return answer.ok ? '' : settleOne(payment, operation, answer);
      });
      const approved = sent?.answer.ok ? { operation: sent.operation, answer: sent.answer } : undefined;
      if (!approved) {
        record(index, outcome);
        continue;
      }
      confirmations.push(
        outcomeOf(payment, async () =>
          (await confirm({ operation: approved.operation, payment, answer: approved.answer.value }))
            ? 'Payment captured'
            : settleOne(payment, approved.operation, approved.answer),
        ).then((confirmed) => record(index, confirmed)),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker));
  await Promise.all(confirmations);
  const successCount = results.filter((result) => result.success).length;
  await audit(
    deps.orm,
    actor,
    'capture_all',
    undefined,
    undefined,
    successCount === results.length ? 'success' : 'failure',
    `${successCount} of ${results.length} captured`,
  );
  return { successCount, failureCount: results.length - successCount, results };
}

/**
 * How many payments reconciliation settles at once, each with a question to the gateway. A crash during
 * Capture All leaves up to a few times `captureAllConcurrency` operations unconfirmed: one after the other,
 * at a few hundred milliseconds a question, they would take tens of seconds; eight at a time asks little
 * more of the gateway than one browser does.
 */
const PAYMENTS_RECONCILED_AT_ONCE = 8;

/**
 * Settles operations left pending by a crash or a lost answer. Only operations older than `olderThanMs`
 * are touched, so that a call still in flight on another server is not taken for a lost one. Settling is
 * guarded by the operation's status, so two servers reconciling at once settle each operation once.
 */
export async function reconcilePendingOperations(
  deps: OperationsDependencies,
  olderThanMs: number,
): Promise<{ succeeded: number; failed: number; pending: number }> {
  const counts = { succeeded: 0, failed: 0, pending: 0 };
  // The operations of one payment in turn, oldest first (they lock the same row, and the gateway's records
  // of two refunds of one payment are told apart by what is already recorded); several payments at once.
  const byPayment = new Map<string, MoneyOperationRow[]>();
  for (const operation of await listPendingOperations(deps.orm, new Date(Date.now() - olderThanMs))) {
    byPayment.set(operation.paymentId, [...(byPayment.get(operation.paymentId) ?? []), operation]);
  }
  const queue = [...byPayment.values()];
  const worker = async () => {
    for (let operations = queue.shift(); operations; operations = queue.shift()) {
      for (const operation of operations) {
        try {
          counts[await reconcileOperation(deps, operation, { releaseIfNotDone: true })] += 1;
        } catch (error) {
          // One operation that cannot be settled must not keep the others waiting.
          (deps.log ?? quietLog).error(
            { err: error, operationId: operation.id },
            'reconciliation: operation could not be settled',
          );
          counts.pending += 1;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAYMENTS_RECONCILED_AT_ONCE, queue.length) }, worker));
  return counts;
}
