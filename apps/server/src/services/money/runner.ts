import { formatCents } from '@store/core';
import { findPayment, type PaymentRow } from '../../db/checkout-store';
import { refundableCentsOf } from '../../db/payment-money';
import { releaseOperation, type MoneyOperationRow, type Reservation } from '../../db/ledger-store';
import { findOperation, findOperationByKey } from '../../db/ledger-reads';
import type { GatewayFailure, GatewayResult, GatewayTransaction } from '../../gateway/payment-gateway';
import { AppError } from '../../errors';
import { insertAuditEvents } from '../../db/audit-store';
import { audit, auditLine, auditOutcome, outcomeDetail } from './audit';
import { confirmOperation } from './customer-messages';
import type { OperationAnswer, OperationRequest, OperationsDependencies, Settled } from './dependencies';
import { adoptGatewayChanges } from './gateway-changes';
import { reconcileOperation, settledState } from './reconciliation';
import {
  isDeclinedAsNotSettled,
  refundBeforeSettlement,
  REFUND_SCHEDULED_MESSAGE,
  RETURNED_REFUND_REFUSAL,
} from './refund-policy';

/**
 * The operation runner. Captures, voids and refunds each follow reserve → call the gateway → confirm or
 * release: the reservation is a row written before the call, so no lock is held across the network, the
 * database refuses a second capture or an over-refund, and an answer lost on the way is recovered by asking
 * the gateway (`reconciliation.ts`) instead of by sending the money call again.
 */

const UNCONFIRMED: Record<MoneyOperationRow['kind'], string> = {
  capture:
    'The gateway did not confirm the capture. It will be checked again automatically; do not capture again.',
  void: 'The gateway did not confirm the void. It will be checked again automatically.',
  refund:
    'The gateway did not confirm the refund. It will be checked again automatically; do not refund again.',
};

/** What the operator is told when the database refused the reservation, by its reason. */
export function refusal(
  reservation: Exclude<Reservation, { ok: true }>,
  kind: MoneyOperationRow['kind'],
): AppError {
  const payment = reservation.payment;
  switch (reservation.reason) {
    case 'not_found':
      return new AppError('not_found', 'Payment not found');
    case 'busy':
      // Another capture or void of it is under way (another operator, Capture All, a shipment): it may
      // still fail, so this is not an answer to keep.
      return new AppError(
        'busy',
        'A capture or void of this payment is in progress: look again in a moment, then try again if it still awaits capture',
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
            `The refund cannot exceed the ${formatCents(payment ? refundableCentsOf(payment) : 0)} still refundable`,
          )
        : new AppError(
            'invalid',
            `The capture cannot exceed the authorized ${formatCents(payment?.authorizedCents ?? 0)}`,
          );
    case 'not_captured':
      return new AppError('conflict', 'Only captured payments can be refunded');
    case 'returned':
      return new AppError('conflict', RETURNED_REFUND_REFUSAL);
  }
}

/** Who asked for a money call, and how its audit line names it ("capture", "cancel_charge" …). */
export interface AuditedAs {
  actor: string;
  action: string;
  /** Words before the outcome in the line's detail ("scheduled refund sent after settlement: "). */
  detailPrefix?: string;
}

/**
 * Applies the gateway's answer to a reserved operation of `payment` (the caller's copy: only its fixed
 * fields, such as the retref, are read before the books change). The call's audit line is written with the
 * move it makes (done, scheduled, released), in the same transaction; only when it makes none (the answer
 * was lost, or another server settled the operation first) is the line written alone.
 */
export async function settle(
  deps: OperationsDependencies,
  payment: PaymentRow,
  operation: MoneyOperationRow,
  result: GatewayResult<GatewayTransaction>,
  auditedAs: AuditedAs,
  explainRefusal?: (failure: GatewayFailure) => string | undefined,
): Promise<Settled> {
  const lineOf = (settled: Settled) =>
    auditLine(
      auditedAs.actor,
      auditedAs.action,
      payment,
      operation.amountCents,
      auditOutcome(settled),
      `${auditedAs.detailPrefix ?? ''}${outcomeDetail(settled, result)}`,
    );
  /** The line of a call whose outcome this server did not write itself. */
  const alone = async (settled: Settled) => {
    await insertAuditEvents(deps.orm, [lineOf(settled)]);
    return settled;
  };
  if (result.ok) {
    // A refund sent as a void of the capture answers with the payment's own retref: no refund retref.
    const refundRetref =
      operation.kind === 'refund' && result.value.retref !== payment.retref ? result.value.retref : undefined;
    const completed = await confirmOperation(deps, payment, operation, {
      message: result.value.message || 'Approval',
      ...(operation.kind === 'capture' && result.value.amountCents > 0
        ? { amountCents: result.value.amountCents }
        : {}),
      ...(refundRetref ? { gatewayRetref: refundRetref } : {}),
      audit: lineOf({ state: 'succeeded' }),
    });
    if (completed) return { state: 'succeeded' };
    // Only possible if reconciliation settled it first, which its age threshold is there to prevent.
    await insertAuditEvents(deps.orm, [
      auditLine(
        operation.actor,
        operation.kind,
        payment,
        operation.amountCents,
        'failure',
        `the gateway approved it (retref ${result.value.retref}) after it was settled without that answer: review`,
      ),
    ]);
    // Reconciliation's record says how it was settled.
    return alone({ state: await settledState(deps.orm, operation.id) });
  }
  if (result.kind === 'unavailable') {
    // The outcome is unknown: ask the gateway now, and leave the reservation in place if it cannot say.
    return alone({ state: await reconcileOperation(deps, operation, { releaseIfNotDone: false, payment }) });
  }
  if (operation.kind === 'refund' && isDeclinedAsNotSettled(result)) {
    const held = await refundBeforeSettlement(deps, operation, result.message, lineOf);
    if (!held.changed) return alone({ state: await settledState(deps.orm, operation.id) });
    return held.scheduled ? { state: 'scheduled' } : { state: 'failed', explanation: held.explanation };
  }
  // The gateway answered and refused (declined, retry later, or the request itself): nothing was done.
  // A refusal may mean the payment was changed at the gateway itself: its record is the truth, adopt it
  // (with its own audit line), once the reservation is released.
  const explained = explainRefusal?.(result);
  const released = await releaseOperation(deps.orm, operation.id, result.message, {
    expireAuthorization: 'reason' in result && result.reason === 'expired' && operation.kind !== 'refund',
    audit: () => lineOf({ state: 'failed', ...(explained ? { explanation: explained } : {}) }),
  });
  // Read again: what the gateway's record is compared with is the payment as the release left it.
  const now = await findPayment(deps.orm, operation.paymentId);
  const explanation = explained ?? (now ? await adoptGatewayChanges(deps, now) : undefined);
  const settled: Settled = { state: 'failed', ...(explanation ? { explanation } : {}) };
  return released ? settled : alone(settled);
}

/** The answer of a settled operation, or the error that says why it was not done (or not yet). */
export async function answerFor(
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

/**
 * One money call from start to end: a retry with the same Idempotency-Key resumes its operation; otherwise
 * `reserve` writes the operation (the database refuses what the money rules forbid), `callGateway` sends it,
 * `settle` confirms or releases it, with the outcome's audit line under `auditAction`.
 */
export async function runOperation(
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
  const settled = await settle(
    deps,
    payment,
    operation,
    result,
    {
      actor: request.actor,
      action: auditAction(payment, operation.amountCents),
      ...(request.auditNote ? { detailPrefix: request.auditNote } : {}),
    },
    explainRefusal,
  );
  return answerFor(deps, operation, settled, result.ok ? '' : result.message);
}
