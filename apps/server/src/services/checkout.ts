import { randomUUID } from 'node:crypto';
import {
  AUTHORIZATION_LIFETIME_MS,
  centsToDollars,
  computeCartTotals,
  orderChannelOf,
  walletNameOf,
  type CartLine,
  type OrderChannel,
  type createPaymentRequestSchema,
  type CreatePaymentResponse,
  type VerifyPaymentResponse,
} from '@store/core';
import type { z } from 'zod';
import {
  findPaymentByOrder,
  findPaymentRequest,
  insertOrderWithPaymentRequest,
  findUnsettledStoreRequest,
  listPendingPaymentRequests,
  markPaymentRequest,
  recordAuthorization,
  type PaymentRequestPayer,
  type PaymentRow,
} from '../db/checkout-store';
import { insertAuditEvent } from '../db/audit-store';
import type { Orm } from '../db/client';
import type {
  GatewayFailure,
  GatewayResult,
  GatewayTransaction,
  PaymentGateway,
} from '../gateway/payment-gateway';
import { AppError } from '../errors';
import { quietLog, type Log } from '../log';

export interface CheckoutDependencies {
  orm: Orm;
  gateway: PaymentGateway;
  /** Where shoppers reach the store; the only place the hosted page may send them back to. */
  publicUrl: string;
  /** Set when Apple Pay runs in test mode: why, for the result page's notice (product §2). */
  applePayTestModeReason?: string;
  /** Where the unexpected is reported; nothing is written without one. */
  log?: Log;
}

const RESULT_PATH = '/payment-complete';

/** The hosted page may only send the shopper back to this store's result page (no open redirect). */
function checkRedirectUrl(redirectUrl: string, publicUrl: string): void {
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
 * Prices the cart from the catalog, refuses an amount that differs, and records the order with its
 * payment request (for a saved method, whose and which). Answers the request id the browser verifies.
 */
export async function recordOrder(
  orm: Orm,
  input: {
    orderId: string;
    /** How the order is paid: its id must carry this channel's prefix. */
    channel: OrderChannel;
    customerName: string;
    items: CartLine[];
    amountCents: number;
    /** Who pays and how, as far as known before the gateway is asked. */
    payer?: PaymentRequestPayer;
  },
): Promise<{ requestId: string; totalCents: number }> {
  if (orderChannelOf(input.orderId) !== input.channel) {
    throw new AppError('invalid', 'Order ID is not valid');
  }
  const totals = computeCartTotals(input.items);
  if (totals.totalCents !== input.amountCents) {
    throw new AppError('invalid', 'Order total does not match the cart');
  }
  const requestId = randomUUID();
  const { inserted } = await insertOrderWithPaymentRequest(
    orm,
    {
      id: input.orderId,
      channel: input.channel,
      customerName: input.customerName,
      subtotalCents: totals.subtotalCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      lines: totals.lines.map(({ productId, unitPriceCents, quantity, lineTotalCents }) => ({
        productId,
        unitPriceCents,
        quantity,
        lineTotalCents,
      })),
    },
    requestId,
    input.payer,
  );
  if (!inserted) throw new AppError('conflict', 'This order ID has already been used');
  return { requestId, totalCents: totals.totalCents };
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
  });
  return {
    status: 'success',
    requestId,
    paymentUrl: deps.gateway.hostedPaymentUrl({
      orderId: input.orderId,
      amountCents: totalCents,
      returnUrl: input.redirectUrl,
    }),
    message: 'Payment request created',
  };
}

function successAnswer(payment: PaymentRow, applePayTestModeReason?: string): VerifyPaymentResponse {
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
  };
}

/** Why the hosted page may not be used yet by a customer whose previous payment is unsettled. */
export const PREVIOUS_PAYMENT_UNSETTLED =
  'Your previous payment is still being checked with the bank. Nothing new was charged; try again in a few minutes.';

/**
 * What a shopper is told of a refusal. The issuer's reason ("Do not honor", "Expired card", "Insufficient
 * funds") tells a card tester which stolen numbers are live, so the shopper gets the same words for every
 * decline; the operator reads the reason in the audit log and on the payment request.
 */
export const SHOPPER_DECLINE = {
  card: 'Your card was declined. Try another card or contact your bank.',
  ach: 'Your bank declined this payment. Try another payment method or contact your bank.',
} as const;
/** A processor that did not answer in time (respstat B): nothing was approved, the shopper may try again. */
const SHOPPER_RETRY = 'The bank did not answer in time. Nothing was charged; please try again.';
const NO_LONGER_VALID = 'This payment is no longer valid. Nothing was charged.';

function failureAnswer(message: string, errorcode: string): VerifyPaymentResponse {
  return { status: 'error', message, error: message, errorcode };
}

/** The transaction that decides an order's outcome: its approval if there is one, else its latest attempt. */
function decidingTransaction(transactions: GatewayTransaction[]): GatewayTransaction | undefined {
  return transactions.find((transaction) => transaction.approved) ?? transactions.at(-1);
}

/**
 * Confirms a hosted-page payment with the gateway (inquireByOrderid), never by trusting the browser, and
 * records the authorization once.
 */
export async function verifyPayment(
  deps: CheckoutDependencies,
  requestId: string,
): Promise<VerifyPaymentResponse> {
  const request = await findPaymentRequest(deps.orm, requestId);
  if (!request) throw new AppError('not_found', 'Payment request not found');

  const recorded = await findPaymentByOrder(deps.orm, request.orderId);
  if (recorded) return successAnswer(recorded, deps.applePayTestModeReason);

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
  if (!transaction.approved || transaction.settlement === 'voided' || transaction.settlement === 'expired') {
    const reason = transaction.message || 'Payment declined';
    await markPaymentRequest(deps.orm, requestId, 'declined', reason);
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
    await markPaymentRequest(deps.orm, requestId, 'failed', message);
    return failureAnswer(message, 'amount_mismatch');
  }
  // A payment with a bank account is an ACH debit: its brand is ACH, and it was captured at once. What was
  // charged is the request's record, written before the call, not the saved method, which may be gone.
  const bank = request.methodKind === 'ach';
  const brand = !bank && transaction.account ? await deps.gateway.cardBin(transaction.account) : undefined;
  const payment = await recordAuthorization(deps.orm, {
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
  });
  return successAnswer(payment, deps.applePayTestModeReason);
}

const CONFIRM_AFTER_MS = 10 * 60 * 1000;
const GIVE_UP_AFTER_MS = 60 * 60 * 1000;

/**
 * Confirms hosted-page payments whose shopper never came back to the result page (tab closed, redirect
 * misconfigured): without this, the card would stay on hold and the order never reach Pending Payments.
 * A request with nothing paid an hour after it was made is closed as abandoned.
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
        await markPaymentRequest(deps.orm, request.requestId, 'failed', 'No payment was made for this order');
      }
    } catch (error) {
      (deps.log ?? quietLog).error(
        { err: error, requestId: request.requestId },
        'confirming an unverified payment failed',
      );
    }
  }
  return confirmed;
}

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
    await markPaymentRequest(deps.orm, requestId, 'declined', authorized.message);
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
    verified = await verifyPayment(deps, requestId);
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
    await markPaymentRequest(deps.orm, requestId, 'failed', LOST_AUTHORIZATION_VOIDED);
    detail = voided.ok
      ? `${options.cause}: voided by order id (retref ${voided.value.retref}).`
      : `${options.cause}: already voided at the gateway.`;
    result = 'voided';
  } else if (notFound) {
    if (options.settled) {
      await markPaymentRequest(deps.orm, requestId, 'failed', 'No payment was made for this order');
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
export const LOST_AUTHORIZATION_VOIDED = 'The gateway did not answer in time; the authorization was voided';

/** A gateway failure as a shopper's call answers it: a refusal is 422 with its reason, no answer is 502. */
export function refusalError(failure: GatewayFailure, fallback: string): AppError {
  if (failure.kind === 'unavailable') return new AppError('gateway_unavailable', failure.message);
  if (failure.kind === 'rejected') return new AppError('gateway_unavailable', fallback);
  return new AppError('unprocessable', failure.message || fallback);
}
