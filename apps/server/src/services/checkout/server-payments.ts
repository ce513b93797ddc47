import { AUTHORIZATION_LIFETIME_MS, type VerifyPaymentResponse } from '@store/core';
import { insertAuditEvent } from '../../db/audit-store';
import { findPaymentRequest, markPaymentRequest } from '../../db/checkout-store';
import { listPendingPaymentRequests } from '../../db/open-attempts';
import type { GatewayResult, GatewayTransaction } from '../../gateway/payment-gateway';
import { AppError } from '../../errors';
import { quietLog } from '../../log';
import { keptAnswerOf } from './gateway-answer';
import { verifyPayment } from './hosted-page';
import type { CheckoutDependencies } from './orders';
import { refusalError, SHOPPER_DECLINE, SHOPPER_RETRY } from './shopper-answers';

/**
 * Payments the store authorizes itself (a saved method, a wallet): the answer is settled from the gateway's
 * record of the order, and an authorization whose answer was lost is voided, never made capturable.
 */

/**
 * What follows a payment made by the server itself (a saved method, a wallet): a refusal closes the request
 * with the issuer's reason, audited for the operator, and the shopper is told in words that do not give the
 * reason away; an approval, or no answer at all, is settled by the gateway's record of the order, exactly
 * as a hosted-page payment is (verify-payment).
 */
export async function confirmServerPayment(
  deps: CheckoutDependencies,
  input: {
    requestId: string;
    authorized: GatewayResult<GatewayTransaction>;
    /** The shopper's headline for a refusal, e.g. "Google Pay payment failed". */
    failure: string;
    /** Who the audit log names as paying, e.g. "customer 100001". */
    payer: string;
    /** Added to the audit line of a refusal, e.g. that further attempts are slowed down. */
    refusalNote?: string;
  },
): Promise<{ status: 'success'; transactionId: string; requestId: string; message: string }> {
  const { requestId, authorized, failure } = input;
  if (!authorized.ok && authorized.kind !== 'unavailable') {
    const request = await findPaymentRequest(deps.orm, requestId);
    await markPaymentRequest(
      deps.orm,
      requestId,
      'declined',
      authorized.message,
      authorized.kind === 'rejected' ? {} : keptAnswerOf(authorized),
    );
    const code = 'respcode' in authorized ? ` (${authorized.respcode})` : '';
    await insertAuditEvent(deps.orm, {
      actor: input.payer,
      action: 'payment_declined',
      orderId: request?.orderId ?? null,
      amountCents: request?.amountCents ?? null,
      outcome: 'failure',
      detail: [`${authorized.message}${code}`, input.refusalNote].filter(Boolean).join('; '),
    });
    if (authorized.kind === 'declined') {
      throw new AppError('unprocessable', SHOPPER_DECLINE[request?.methodKind ?? 'card']);
    }
    if (authorized.kind === 'retry') throw new AppError('unprocessable', SHOPPER_RETRY);
    throw refusalError(authorized, failure);
  }
  // The authorization's answer was lost: the gateway's record of the order decides, and if the shopper is
  // told the payment failed, no authorization may be left holding their funds.
  const answerLost = !authorized.ok;
  let verified: VerifyPaymentResponse;
  try {
    verified = await verifyPayment(deps, requestId, authorized.ok ? authorized.value : undefined);
  } catch (error) {
    if (answerLost) await voidLostAuthorization(deps, requestId, { cause: ANSWER_LOST, settled: false });
    throw error;
  }
  if (verified.status !== 'success' || !verified.paymentDetails) {
    if (answerLost && verified.errorcode === 'not_found') {
      await voidLostAuthorization(deps, requestId, { cause: ANSWER_LOST, settled: false });
    }
    throw new AppError('unprocessable', verified.message || failure);
  }
  return {
    status: 'success',
    transactionId: verified.paymentDetails.transaction,
    requestId,
    message: 'Payment approved',
  };
}

/**
 * CardPointe's advice for an authorization whose answer is lost and whose outcome the shopper is told is a
 * failure: void it by order id (the adapter tries three times). Audited either way. When the void is
 * confirmed, the request is closed as failed; otherwise it stays pending, and reconciliation voids it
 * again later (`reconcileLostAuthorizations`): it is never confirmed as a payment to capture. When the
 * gateway has nothing for the order, the request is closed only once no authorization can still be on its
 * way (`settled`), since right after a time-out the gateway may not have recorded it yet.
 */
async function voidLostAuthorization(
  deps: CheckoutDependencies,
  requestId: string,
  options: { cause: string; settled: boolean },
): Promise<'voided' | 'nothing_held' | 'unresolved'> {
  const request = await findPaymentRequest(deps.orm, requestId);
  if (!request || request.status !== 'pending') return 'nothing_held';
  const voided = await deps.gateway.voidByOrderId(request.orderId);
  // After voidByOrderId answers "not found" or "already voided", nothing of the order is held.
  const notFound = !voided.ok && voided.kind === 'declined' && voided.reason === 'not_found';
  const alreadyVoided = !voided.ok && voided.kind === 'declined' && voided.reason === 'already_voided';
  let detail: string;
  let result: 'voided' | 'nothing_held' | 'unresolved';
  if (voided.ok || alreadyVoided) {
    await markPaymentRequest(deps.orm, requestId, 'not_confirmed', LOST_AUTHORIZATION_VOIDED);
    detail = voided.ok
      ? `${options.cause}: voided by order id (retref ${voided.value.retref}).`
      : `${options.cause}: already voided at the gateway.`;
    result = 'voided';
  } else if (notFound) {
    if (options.settled) {
      await markPaymentRequest(deps.orm, requestId, 'not_confirmed', 'No payment was made for this order');
    }
    detail = `${options.cause}: the gateway has no approval for this order, nothing to void.`;
    result = options.settled ? 'nothing_held' : 'unresolved';
  } else {
    detail = `${options.cause}: voiding it by order id failed (${voided.message}); it will be voided again.`;
    (deps.log ?? quietLog).error(
      { orderId: request.orderId, reason: voided.message },
      'voidByOrderId failed: the authorization will be voided again',
    );
    result = 'unresolved';
  }
  await insertAuditEvent(deps.orm, {
    actor: 'store',
    action: 'void_lost_authorization',
    orderId: request.orderId,
    amountCents: request.amountCents,
    outcome: voided.ok || alreadyVoided || notFound ? 'success' : 'failure',
    detail,
  });
  return result;
}

const ANSWER_LOST = "The authorization's answer was lost and the shopper was told the payment failed";
const STORE_STOPPED =
  'The store stopped before it answered the shopper, who was not told the payment succeeded';

/**
 * Payments the store asked the gateway for itself (a saved method, a wallet) and never answered the
 * shopper about: the store stopped mid-call, or the answer and the void that followed were both lost.
 * Whatever the gateway approved is voided by order id, audited, and never made capturable. Run by
 * reconciliation for requests older than `olderThanMs`, when no call of theirs can still be under way.
 */
export async function reconcileLostAuthorizations(
  deps: CheckoutDependencies,
  olderThanMs: number,
  now = new Date(),
): Promise<{ voided: number; nothingHeld: number; unresolved: number }> {
  const requests = await listPendingPaymentRequests(deps.orm, {
    authorizedBy: 'store',
    createdBefore: new Date(now.getTime() - olderThanMs),
    createdAfter: new Date(now.getTime() - AUTHORIZATION_LIFETIME_MS),
    limit: 100,
  });
  const counts = { voided: 0, nothingHeld: 0, unresolved: 0 };
  for (const request of requests) {
    try {
      const result = await voidLostAuthorization(deps, request.requestId, {
        cause: STORE_STOPPED,
        settled: true,
      });
      counts[result === 'nothing_held' ? 'nothingHeld' : result] += 1;
    } catch (error) {
      (deps.log ?? quietLog).error(
        { err: error, requestId: request.requestId },
        'reconciling a lost authorization failed',
      );
      counts.unresolved += 1;
    }
  }
  return counts;
}

/** Why a request whose authorization answer was lost, and which was then voided, failed. */
const LOST_AUTHORIZATION_VOIDED = 'The gateway did not answer in time; the authorization was voided';
