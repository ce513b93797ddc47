import type { PaymentRow } from '../../db/checkout-store';
import type { AuditLine } from '../../db/ledger-moves';
import {
  releaseOperation,
  scheduleRefund,
  setRefundMethod,
  type MoneyOperationRow,
} from '../../db/ledger-store';
import type { GatewayFailure, GatewayResult, GatewayTransaction } from '../../gateway/payment-gateway';
import { AppError } from '../../errors';
import type { OperationsDependencies, Settled } from './dependencies';

/**
 * How money goes back to a customer, decided here and nowhere else (docs/payment-lifecycle.md, "Refund"):
 * - the whole of a capture the gateway has not settled yet is sent as a void of the capture (the charge is
 *   cancelled, the customer never sees it); a void refused because the batch closed meanwhile becomes a refund;
 * - part of a capture, or a settled one, is sent as a refund;
 * - a refund the gateway declines because its capture has not settled yet is scheduled to run after the
 *   settlement (`REFUNDS_BEFORE_SETTLEMENT=schedule`, the default) or refused with that explanation (`refuse`);
 * - Cancel charge is a whole refund sent as a void, refused once anything is refunded or the capture settled.
 */

/** What the operator reads about a refund kept until the capture settles. */
export const REFUND_SCHEDULED_MESSAGE = "Scheduled: runs after tonight's settlement";

/** What the operator reads when such a refund is refused instead (REFUNDS_BEFORE_SETTLEMENT=refuse). */
export const REFUND_BEFORE_SETTLEMENT_REFUSED =
  "Not refunded: this payment has not settled yet, and the gateway refunds a payment only after its settlement. Refund it after tonight's settlement, or refund all of it now to cancel the charge.";

/** Why a charge cannot be cancelled once its capture is in the gateway's batch. */
export const CHARGE_SETTLED_MESSAGE =
  'This charge has already gone into the gateway’s settlement batch, so it can no longer be cancelled. Refund it instead.';

/** What became of a refund that reached the gateway before its capture settled. */
export type RefundBeforeSettlement =
  | { scheduled: true; changed: boolean }
  | { scheduled: false; changed: boolean; explanation: string };

/**
 * A reserved refund the gateway cannot take yet, because its capture has not settled (declined as such, or
 * found not done at the gateway while the capture is still unsettled): kept, its amount still reserved, for
 * upkeep to send once the capture settles; or, where the store refuses such refunds, released with the
 * explanation. `changed` is false when another server settled the operation first. The one place this is
 * decided, for the refund's own answer (runner.ts) and for reconciliation.
 */
export async function refundBeforeSettlement(
  deps: OperationsDependencies,
  operation: MoneyOperationRow,
  gatewayMessage: string,
  audit?: (settled: Settled) => AuditLine,
): Promise<RefundBeforeSettlement> {
  if ((deps.refundsBeforeSettlement ?? 'schedule') === 'schedule') {
    const scheduled = await scheduleRefund(
      deps.orm,
      operation.id,
      REFUND_SCHEDULED_MESSAGE,
      audit && (() => audit({ state: 'scheduled' })),
    );
    return { scheduled: true, changed: scheduled !== undefined };
  }
  const explanation = REFUND_BEFORE_SETTLEMENT_REFUSED;
  const released = await releaseOperation(deps.orm, operation.id, gatewayMessage, {
    ...(audit ? { audit: () => audit({ state: 'failed', explanation }) } : {}),
  });
  return { scheduled: false, changed: released !== undefined, explanation };
}

/** The gateway refunds a capture only once it has settled (unless the merchant takes unsettled refunds). */
export function isDeclinedAsNotSettled(result: GatewayResult<GatewayTransaction>): boolean {
  return !result.ok && result.kind === 'declined' && result.reason === 'not_settled';
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

/** The capture is in a batch (or settled) and can no longer be voided. */
export function isBatched(failure: GatewayFailure): boolean {
  return failure.kind !== 'unavailable' && failure.kind !== 'rejected' && failure.reason === 'batched';
}

/**
 * Notes how a reserved refund is sent, before the call, on the row and on the caller's copy (its answer and
 * an immediate reconciliation read it).
 */
async function sendAs(
  deps: OperationsDependencies,
  operation: MoneyOperationRow,
  method: 'void' | 'refund',
): Promise<void> {
  await setRefundMethod(deps.orm, operation.id, method);
  operation.method = method;
}

/** Sends a reserved refund the way the gateway takes it: a void of a whole unsettled capture, else a refund. */
export async function sendRefund(
  deps: OperationsDependencies,
  payment: PaymentRow,
  operation: MoneyOperationRow,
): Promise<GatewayResult<GatewayTransaction>> {
  if (isWholeUnsettledCapture(payment, operation)) {
    const voided = await sendCancellation(deps, payment, operation);
    if (voided.ok || voided.kind === 'unavailable') return voided;
  }
  await sendAs(deps, operation, 'refund');
  return deps.gateway.refund({ retref: payment.retref, amountCents: operation.amountCents });
}

/** Sends a reserved whole refund as a void of the capture (Cancel charge). */
export async function sendCancellation(
  deps: OperationsDependencies,
  payment: PaymentRow,
  operation: MoneyOperationRow,
): Promise<GatewayResult<GatewayTransaction>> {
  await sendAs(deps, operation, 'void');
  return deps.gateway.voidAuthorization({ retref: payment.retref });
}

/**
 * Why a debit the bank returned is neither refunded nor cancelled (decision 036): the money is back with
 * its owner already, and either would pay them twice.
 */
export const RETURNED_REFUND_REFUSAL =
  'The bank returned this debit: the money is back in the customer’s account, so there is nothing to refund';

/** Why a payment's charge cannot be cancelled whole, or undefined when it can. */
export function cancellationRefusal(payment: PaymentRow | undefined): AppError | undefined {
  if (!payment) return new AppError('not_found', 'Payment not found');
  if (payment.returnedAt) return new AppError('conflict', RETURNED_REFUND_REFUSAL);
  if (payment.captureStatus === 'settled') return new AppError('conflict', CHARGE_SETTLED_MESSAGE);
  if (!['captured', 'partially_captured'].includes(payment.captureStatus)) {
    return new AppError('conflict', 'Only a captured payment has a charge to cancel');
  }
  if (payment.refundedCents > 0) {
    return new AppError(
      'conflict',
      'Part of this payment is already refunded or scheduled for refund, so its charge can no longer be cancelled whole. Refund the rest instead.',
    );
  }
  return undefined;
}
