import {
  ATTEMPT_RETURN_PARAM,
  AUTHORIZATION_LIFETIME_MS,
  CANCELLED_ON_PAYMENT_PAGE,
  centsToDollars,
  orderChannelOf,
  walletNameOf,
  type createPaymentRequestSchema,
  type CancelPaymentResponse,
  type CreatePaymentResponse,
  type VerifyPaymentResponse,
} from '@store/core';
import type { z } from 'zod';
import {
  closePendingRequest,
  findPaymentRequest,
  markPaymentRequest,
  paysForLink,
  recordAuthorization,
} from '../../db/checkout-store';
import {
  findUnsettledStoreRequest,
  listClosedToRecheck,
  listPendingPaymentRequests,
  markAbandonedLookedAt,
} from '../../db/open-attempts';
import {
  findPaymentRequestWithOrder,
  type OrderSummaryRecord,
  type ResultPayment,
} from '../../db/order-store';
import type { GatewayTransaction } from '../../gateway/payment-gateway';
import { insertAuditEvent } from '../../db/audit-store';
import { AppError } from '../../errors';
import { quietLog } from '../../log';
import { orderSummaryOf, queueOrderConfirmation } from '../orders/receipts';
import { keptAnswerOf } from './gateway-answer';
import { cartPaidBy, whyNotPayable } from './attempts';
import { recordOrder, type CheckoutDependencies } from './orders';
import { NO_LONGER_VALID, SHOPPER_DECLINE, SHOPPER_RETRY } from './shopper-answers';

/**
 * The hosted payment page: the order is recorded and the shopper sent to the gateway's page; on return the
 * payment is confirmed with the gateway (never by trusting the browser) and recorded once. Upkeep confirms
 * those whose shopper never came back.
 */

const RESULT_PATH = '/payment-complete';

/**
 * The result page's address for one attempt: it names the attempt (`attempt`), so that a payer who paid an
 * older page of the same cart or link (Back, a second tab) is told about that payment, not the newest one's
 * (decision 047).
 */
export function returnUrlOf(redirectUrl: string, requestId: string): string {
  const url = new URL(redirectUrl);
  url.searchParams.set(ATTEMPT_RETURN_PARAM, requestId);
  return url.href;
}

/** The hosted page may only send the shopper back to this store's result page (no open redirect). */
export function checkRedirectUrl(redirectUrl: string, publicUrl: string): void {
  let target: URL;
  try {
    target = new URL(redirectUrl);
  } catch {
    throw new AppError('invalid', 'Redirect URL is not valid');
  }
  if (target.origin !== new URL(publicUrl).origin || target.pathname !== RESULT_PATH || target.username) {
    throw new AppError('invalid', 'Redirect URL must point back to this store');
  }
}

/**
 * Records the order and answers where the shopper pays it: the hosted payment page. A signed-in customer
 * whose payment with a saved method or a wallet is still unsettled (its answer was lost, and the void
 * that releases it has not been confirmed yet) must wait for it: the same cart is never authorized twice.
 */
export async function createPayment(
  deps: CheckoutDependencies,
  input: z.output<typeof createPaymentRequestSchema> & { customerId?: string },
): Promise<CreatePaymentResponse> {
  checkRedirectUrl(input.redirectUrl, deps.publicUrl);
  if (
    input.customerId &&
    (await findUnsettledStoreRequest(
      deps.orm,
      input.customerId,
      new Date(Date.now() - AUTHORIZATION_LIFETIME_MS),
    ))
  ) {
    throw new AppError('conflict', PREVIOUS_PAYMENT_UNSETTLED);
  }
  const { requestId, totalCents } = await recordOrder(deps.orm, {
    orderId: input.orderId,
    channel: 'card',
    customerName: input.customerName,
    items: input.items,
    amountCents: input.amount,
    delivery: input.delivery,
    customerId: input.customerId,
    paysFor: cartPaidBy(input.cartId),
  });
  return {
    status: 'success',
    requestId,
    paymentUrl: deps.gateway.hostedPaymentUrl({
      orderId: input.orderId,
      amountCents: totalCents,
      returnUrl: returnUrlOf(input.redirectUrl, requestId),
      // The page asks for the billing ZIP for the address check; the delivery's is a likely one.
      billZip: input.delivery.address.zip,
    }),
    message: 'Payment request created',
  };
}

function successAnswer(
  payment: ResultPayment,
  order: OrderSummaryRecord | undefined,
  applePayTestModeReason?: string,
): VerifyPaymentResponse {
  const wallet = walletNameOf(payment.orderId);
  const testMode = applePayTestModeReason && orderChannelOf(payment.orderId) === 'applepay';
  return {
    status: 'success',
    message: 'Payment authorized',
    paymentDetails: {
      orderId: payment.orderId,
      ...(wallet ? { wallet } : {}),
      ...(testMode ? { testMode: true, testModeReason: applePayTestModeReason } : {}),
      paymentMethod: payment.cardBrand,
      transactionStatus: 'Authorized',
      transaction: payment.retref,
      amount: centsToDollars(payment.authorizedCents),
      last4: payment.last4,
      authorizationCode: payment.authCode,
      transactionDate: payment.authorizedAt.toISOString(),
    },
    ...(order ? { order: orderSummaryOf(order) } : {}),
  };
}

/** Why the hosted page may not be used yet by a customer whose previous payment is unsettled. */
const PREVIOUS_PAYMENT_UNSETTLED =
  'Your previous payment is still being checked with the bank. Nothing new was charged; try again in a few minutes.';

function failureAnswer(message: string, errorcode: string): VerifyPaymentResponse {
  return { status: 'error', message, error: message, errorcode };
}

/** The transaction that decides an order's outcome: its approval if there is one, else its latest attempt. */
function decidingTransaction(transactions: GatewayTransaction[]): GatewayTransaction | undefined {
  return transactions.find((transaction) => transaction.approved) ?? transactions.at(-1);
}

/**
 * Confirms a hosted-page payment with the gateway (inquireByOrderid), never by trusting the browser, and
 * records the authorization once, keeping what the gateway said of it (decision 029).
 */
export async function verifyPayment(
  deps: CheckoutDependencies,
  requestId: string,
  /**
   * The authorization's own answer, when the store asked for it itself (a saved method, a wallet): the
   * AVS and CVV results and BIN facts are in it only, not in inquire answers.
   */
  answered?: GatewayTransaction,
): Promise<VerifyPaymentResponse> {
  // The request, its order, the order's lines and its payment once recorded, in one read: a reload is
  // answered from it.
  const found = await findPaymentRequestWithOrder(deps.orm, requestId);
  if (!found) throw new AppError('not_found', 'Payment request not found');
  const { request, order } = found;
  if (order.payment) return successAnswer(order.payment, order, deps.applePayTestModeReason);
  // Paid when it could no longer be, and voided for it (decision 047): a reload reads the same.
  if (request.failure === 'superseded')
    return failureAnswer(request.message ?? NO_LONGER_VALID, 'superseded');

  const inquiry = await deps.gateway.inquireByOrderId(request.orderId);
  if (!inquiry.ok) {
    throw new AppError(
      'gateway_unavailable',
      'The payment could not be confirmed right now. Please try again.',
    );
  }
  const transaction = decidingTransaction(inquiry.value);
  if (!transaction) {
    return failureAnswer('No payment was made for this order', 'not_found');
  }
  // Its own answer speaks of this authorization only: another one under the order id keeps its own record.
  const checks = answered?.retref === transaction.retref ? answered : transaction;
  if (!transaction.approved || transaction.settlement === 'voided' || transaction.settlement === 'expired') {
    const reason = transaction.message || 'Payment declined';
    await markPaymentRequest(
      deps.orm,
      requestId,
      'declined',
      reason,
      keptAnswerOf({ ...checks, respcode: transaction.respcode }),
    );
    if (transaction.approved) return failureAnswer(NO_LONGER_VALID, transaction.settlement);
    return transaction.retry
      ? failureAnswer(SHOPPER_RETRY, 'retry')
      : failureAnswer(SHOPPER_DECLINE[request.methodKind ?? 'card'], 'declined');
  }
  if (transaction.amountCents !== request.amountCents) {
    // The hosted page was paid with another amount than the order's: give the hold back, never ship on it.
    const voided = await deps.gateway.voidAuthorization({ retref: transaction.retref });
    if (!voided.ok) {
      (deps.log ?? quietLog).error(
        { orderId: request.orderId, retref: transaction.retref, reason: voided.message },
        'verify-payment: could not void an authorization of the wrong amount',
      );
    }
    const message = 'The amount paid does not match the order total';
    await markPaymentRequest(
      deps.orm,
      requestId,
      'failed',
      message,
      keptAnswerOf({ ...checks, respcode: transaction.respcode }),
    );
    return failureAnswer(message, 'amount_mismatch');
  }
  // A payment with a bank account is an ACH debit: its brand is ACH, and it was captured at once. What was
  // charged is the request's record, written before the call, not the saved method, which may be gone.
  const bank = request.methodKind === 'ach';
  const brand = !bank && transaction.account ? await deps.gateway.cardBin(transaction.account) : undefined;
  const recorded = await recordAuthorization(
    deps.orm,
    {
      orderId: request.orderId,
      requestId,
      retref: transaction.retref,
      cardBrand: bank ? 'ACH' : brand?.ok ? brand.value.brand : 'UNKNOWN',
      bankName: bank ? request.bankName : null,
      captured: bank && transaction.settlement === 'captured',
      last4: transaction.last4 ?? '0000',
      authCode: transaction.authCode ?? '',
      authorizedCents: transaction.amountCents,
      // The request was made just before the shopper paid: the authorization's age (and so its expiry) is
      // never understated, however late the payment is confirmed.
      authorizedAt: request.createdAt,
      // The BIN service's facts stand in where the authorization gave none (a hosted-page payment).
      gatewayAnswer: keptAnswerOf(
        { ...checks, respcode: transaction.respcode },
        brand?.ok ? brand.value : undefined,
      ),
    },
    (tx, payment) => queueOrderConfirmation(tx, deps.publicUrl, order, payment),
    whyNotPayable,
  );
  if ('refused' in recorded) {
    return voidUnpayableApproval(deps, { ...request, requestId }, transaction, recorded.refused);
  }
  return successAnswer(recorded.recorded, order, deps.applePayTestModeReason);
}

/**
 * An approval for an attempt that may no longer be paid (decision 047: its cart or link was paid, it was
 * started again, the link was cancelled or the attempt closed): voided by order id, audited, the attempt
 * closed as superseded, nothing recorded to capture; the payer reads why and that nothing was charged. When
 * the void is not confirmed, nothing is closed and the payer is asked to try again, which voids it again.
 */
async function voidUnpayableApproval(
  deps: CheckoutDependencies,
  request: { requestId: string; orderId: string },
  transaction: GatewayTransaction,
  reason: string,
): Promise<VerifyPaymentResponse> {
  const voided = await deps.gateway.voidByOrderId(request.orderId);
  const alreadyVoided = !voided.ok && voided.kind === 'declined' && voided.reason === 'already_voided';
  await insertAuditEvent(deps.orm, {
    actor: 'store',
    action: 'void_unpayable_approval',
    orderId: request.orderId,
    amountCents: transaction.amountCents,
    outcome: voided.ok || alreadyVoided ? 'success' : 'failure',
    detail:
      voided.ok || alreadyVoided
        ? `${reason} (retref ${transaction.retref} voided)`
        : `${reason} Voiding retref ${transaction.retref} failed (${voided.message}); it is voided again on the next look.`,
  });
  if (!voided.ok && !alreadyVoided) {
    (deps.log ?? quietLog).error(
      { orderId: request.orderId, retref: transaction.retref, reason: voided.message },
      'verify-payment: could not void an approval that may not be recorded',
    );
    throw new AppError(
      'gateway_unavailable',
      'The payment could not be confirmed right now. Please try again.',
    );
  }
  await markPaymentRequest(deps.orm, request.requestId, 'superseded', reason, keptAnswerOf(transaction));
  return failureAnswer(reason, 'superseded');
}

/**
 * The shopper pressed Cancel on the hosted page: the store closes the attempt at once, so that the units its
 * order held go back to stock now rather than when it is closed as abandoned (decision 062). The gateway is
 * asked first, as for a result, since a Cancel proves nothing (the page may have been paid in another tab):
 * a payment it has is recorded as any other. Closed this way, a cart's attempt is looked at again like an
 * abandoned one, so a payment made after it (Back to the page) is still found. Left as they are: an attempt
 * already ended, one the store authorized itself (a saved method, a wallet: no page to cancel on), and a
 * payment link's, which the link's page pays again with the same attempt (and which another person may be
 * paying with at that moment): it ends when the link is paid, cancelled or abandoned.
 */
export async function cancelPayment(
  deps: CheckoutDependencies,
  requestId: string,
): Promise<CancelPaymentResponse> {
  const request = await findPaymentRequest(deps.orm, requestId);
  if (!request) throw new AppError('not_found', 'Payment request not found');
  if (request.status === 'approved') return { outcome: 'paid' };
  const closable =
    request.status === 'pending' && request.authorizedBy === 'hosted_page' && !paysForLink(request);
  if (!closable) return { outcome: 'left' };
  const answer = await verifyPayment(deps, requestId);
  if (answer.status === 'success') return { outcome: 'paid' };
  if (answer.errorcode === 'not_found') {
    await closePendingRequest(deps.orm, requestId, CANCELLED_ON_PAYMENT_PAGE);
  }
  return { outcome: 'closed' };
}

const CONFIRM_AFTER_MS = 10 * 60 * 1000;
/**
 * The hosted page's life (the spec's 30 minutes for a stored payment request): a request with nothing paid
 * after it is closed as abandoned, and the units its order held go back to stock (decision 061).
 */
const GIVE_UP_AFTER_MS = 30 * 60 * 1000;

/**
 * Confirms hosted-page payments whose shopper never came back to the result page (tab closed, redirect
 * misconfigured): without this, the card would stay on hold and the order never reach Pending Payments.
 * A request with nothing paid 30 minutes after it was made is closed as abandoned.
 */
export async function confirmUnverifiedPayments(
  deps: CheckoutDependencies,
  now = new Date(),
): Promise<number> {
  const requests = await listPendingPaymentRequests(deps.orm, {
    authorizedBy: 'hosted_page',
    createdBefore: new Date(now.getTime() - CONFIRM_AFTER_MS),
    createdAfter: new Date(now.getTime() - AUTHORIZATION_LIFETIME_MS),
    limit: 100,
  });
  let confirmed = 0;
  for (const request of requests) {
    try {
      const answer = await verifyPayment(deps, request.requestId);
      if (answer.status === 'success') confirmed += 1;
      else if (
        answer.errorcode === 'not_found' &&
        now.getTime() - request.createdAt.getTime() > GIVE_UP_AFTER_MS
      ) {
        await markPaymentRequest(
          deps.orm,
          request.requestId,
          'abandoned',
          'No payment was made for this order',
        );
      }
    } catch (error) {
      (deps.log ?? quietLog).error(
        { err: error, requestId: request.requestId },
        'confirming an unverified payment failed',
      );
    }
  }
  return confirmed + (await recheckClosedPayments(deps, now));
}

/**
 * Looks again, on a widening schedule (`listClosedToRecheck`), at hosted-page requests closed as abandoned,
 * and at those declined while paying for a cart or a link. A shopper who left the payment page open for more
 * than 30 minutes may still pay there, and that authorization must be recorded (the order then awaits capture,
 * the shopper gets the confirmation) rather than hold the card's money for days with no order; a page paid
 * after its cart or link moved on (Back to a declined page, a second tab) is voided (decision 047) even when
 * the payer's result page looked at another attempt. A decline found this way is recorded as one.
 */
async function recheckClosedPayments(deps: CheckoutDependencies, now: Date): Promise<number> {
  const requestIds = await listClosedToRecheck(deps.orm, {
    now,
    createdAfter: new Date(now.getTime() - AUTHORIZATION_LIFETIME_MS),
    limit: 50,
  });
  let confirmed = 0;
  for (const requestId of requestIds) {
    try {
      const answer = await verifyPayment(deps, requestId);
      if (answer.status === 'success') confirmed += 1;
      else if (answer.errorcode === 'not_found') await markAbandonedLookedAt(deps.orm, requestId, now);
    } catch (error) {
      (deps.log ?? quietLog).error({ err: error, requestId }, 'looking again at an abandoned payment failed');
    }
  }
  return confirmed;
}
