import { DISPUTED_REFUND_WARNING } from '@store/core';
import { findPayment } from '../../db/checkout-store';
import { reserveCaptureOrVoid, reserveRefund } from '../../db/ledger-store';
import { AppError } from '../../errors';
import { audit } from './audit';
import type { OperationAnswer, OperationRequest, OperationsDependencies } from './dependencies';
import {
  cancellationRefusal,
  CHARGE_SETTLED_MESSAGE,
  isBatched,
  sendCancellation,
  sendRefund,
} from './refund-policy';
import { runOperation } from './runner';
import { learnSettlement } from './settlement';

/**
 * The money calls the console makes on one payment: capture (whole or part), void, refund and cancel
 * charge, each one run of the operation runner (`runner.ts`).
 */

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
 * Refunds captured money, sent as the refund policy says (`refund-policy.ts`). A payment the cardholder
 * disputed is refunded only once the operator confirms it (decision 036): the chargeback may already have
 * given the money back.
 */
export async function refundPayment(
  deps: OperationsDependencies,
  request: OperationRequest & { amountCents: number; confirmDisputed?: boolean },
): Promise<OperationAnswer> {
  if (!request.confirmDisputed && (await findPayment(deps.orm, request.paymentId))?.disputedAt) {
    throw new AppError('conflict', DISPUTED_REFUND_WARNING);
  }
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
    (payment, operation) => sendRefund(deps, payment, operation),
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
  const refusedBecause = cancellationRefusal(payment);
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
      const voided = await sendCancellation(deps, reserved, operation);
      // Batched or settled meanwhile: learn it now, so the console stops offering to cancel.
      if (!voided.ok && isBatched(voided)) await learnSettlement(deps, reserved, new Date());
      return voided;
    },
    (failure) => (isBatched(failure) ? CHARGE_SETTLED_MESSAGE : undefined),
  );
}
