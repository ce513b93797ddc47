import {
  describePaymentFailure,
  formatCents,
  wordsBesideHeadline,
  orderSummarySchema,
  parseDollars,
  type OrderSummary,
  type PaymentDetails,
  type VerifyPaymentResponse,
} from '@store/core';
import type { StoredPaymentRequest } from '../../../lib/payment-storage';

/** What the success view shows, already formatted except the date (formatted in the reader's locale). */
export interface PaymentReceipt {
  orderId: string | null;
  amountPaid: string | null;
  paymentMethod: string | null;
  authorizationCode: string | null;
  /** ISO 8601, as the server sent it. */
  transactionDate: string | null;
  testMode: boolean;
  testModeReason: string | null;
  /** Paid from a bank account (ACH): no card, and no card authorization code. */
  bankPayment: boolean;
}

/**
 * Why a payment failed, as far as the shopper needs to know to act: declined (pay another way or ask the
 * bank), no answer in time (pay again), not completed for another reason, not confirmed (the check itself
 * failed: ask again), or no payment to show.
 */
export type FailureKind = 'declined' | 'no-answer' | 'not-completed' | 'unconfirmed' | 'no-payment';

export type PaymentOutcome =
  /**
   * The shopper cancelled on the hosted payment page: not a failure, so no result to show. `requestId`: the
   * attempt cancelled, named in the address, which the store is told of so that it closes it at once.
   */
  | { state: 'cancelled'; requestId: string | null }
  | { state: 'processing'; requestId: string; storedAmount: string | null }
  /** `order`: what was bought and where it goes; null when the server did not say (or said it unreadably). */
  | { state: 'success'; receipt: PaymentReceipt; order: OrderSummary | null }
  | { state: 'failed'; kind: FailureKind; message: string; details: string | null };

export const RESULT_MESSAGES = {
  processingFailed: 'Payment processing failed',
  noPaymentInformation: 'No payment information found. Please return to the store.',
  incomplete: 'Payment information incomplete. No request ID found.',
  verificationFailed: 'Payment verification failed',
  verificationError: 'Payment verification error',
  serverStatus: (status: number) => `Server returned ${status} status code`,
} as const;

export interface InitialOutcomeInput {
  /**
   * The `status` query parameter of the result page URL: `failed` after a wallet failure, `cancelled` from
   * the hosted payment page's Cancel.
   */
  urlStatus: string | null;
  /** What a wallet flow left in storage when it failed. */
  walletError: string | null;
  stored: StoredPaymentRequest;
  /**
   * The `attempt` query parameter: the payment attempt the hosted page sends the shopper back from (decision
   * 047). It differs from the stored one when the shopper paid an older page of the same cart or link (Back,
   * a second tab): that payment is the one to tell them about.
   */
  urlAttempt?: string | null;
}

const ATTEMPT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Decides, before any call, whether the page can verify a payment or has already failed. */
export function resolveInitialOutcome({
  urlStatus,
  walletError,
  stored,
  urlAttempt,
}: InitialOutcomeInput): PaymentOutcome {
  const status = urlStatus?.trim().toLowerCase();
  const attempt = urlAttempt?.trim().toLowerCase();
  const namedAttempt = attempt && ATTEMPT_ID.test(attempt) ? attempt : null;
  // The attempt the page sent the shopper back from, named in the address; never the stored one, which may
  // be a newer attempt started in another tab.
  if (status === 'cancelled') return { state: 'cancelled', requestId: namedAttempt };
  if (status === 'failed' || walletError !== null) {
    return walletFailure(walletError, status === 'failed');
  }
  switch (stored.kind) {
    case 'none':
      return {
        state: 'failed',
        kind: 'no-payment',
        message: RESULT_MESSAGES.noPaymentInformation,
        details: null,
      };
    case 'incomplete':
      return { state: 'failed', kind: 'no-payment', message: RESULT_MESSAGES.incomplete, details: null };
    case 'fresh': {
      // Within the stored request's 30 minutes, the attempt the shopper came back from is the one verified;
      // the stored amount is that of the stored attempt, so another's is the server's to tell.
      if (namedAttempt && namedAttempt !== stored.requestId.toLowerCase()) {
        return { state: 'processing', requestId: namedAttempt, storedAmount: null };
      }
      return { state: 'processing', requestId: stored.requestId, storedAmount: stored.amount };
    }
  }
}

/**
 * A wallet's failure (product §8: `status=failed`, or the error a wallet flow stored): headlined as every way
 * to pay headlines it (`describePaymentFailure`), so a declined Google Pay or Apple Pay card reads "Your
 * card was declined…" as a hosted-page decline does; the wallet's own words ("Google Pay payment failed")
 * stay under Error details. A failure that is no decline keeps the spec's "Payment processing failed".
 */
function walletFailure(walletError: string | null, sentFailed: boolean): PaymentOutcome {
  const said = walletError?.trim() || null;
  const { kind, headline } = describePaymentFailure({
    texts: [said],
    otherwise: RESULT_MESSAGES.processingFailed,
  });
  if (kind === 'not-completed') {
    return {
      state: 'failed',
      kind,
      message: headline,
      details: said ?? (sentFailed ? 'The payment was not completed.' : null),
    };
  }
  return { state: 'failed', kind, message: headline, details: wordsBesideHeadline(said, headline) };
}

function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Dollars (number or string) to "$68.20"; null when the value is not an exact amount. */
function formatDollars(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = parseDollars(value);
  return parsed.ok ? formatCents(parsed.cents) : null;
}

/**
 * "VISA •••• 1111", "Bank account •••• 6789"; just the brand or just the masked digits when only one is known; a wallet's name in
 * front: "Google Pay · VISA •••• 1111".
 */
export function describePaymentMethod(brand: unknown, last4: unknown, wallet?: unknown): string | null {
  const name = text(brand) === 'ACH' ? 'Bank account' : text(brand);
  const digits = text(last4)?.replace(/\D/g, '').slice(-4) || null;
  const card = name && digits ? `${name} •••• ${digits}` : digits ? `Card •••• ${digits}` : name;
  const walletName = text(wallet);
  if (!walletName) return card;
  return card ? `${walletName} · ${card}` : walletName;
}

type WirePaymentDetails = Partial<PaymentDetails> & { testMode?: unknown; testModeReason?: unknown };

function receiptFrom(details: WirePaymentDetails | undefined, storedAmount: string | null): PaymentReceipt {
  const wire: WirePaymentDetails = details ?? {};
  return {
    orderId: text(wire.orderId),
    amountPaid: formatDollars(wire.amount) ?? formatDollars(storedAmount),
    paymentMethod: describePaymentMethod(wire.paymentMethod, wire.last4, wire.wallet),
    authorizationCode: text(wire.authorizationCode),
    transactionDate: text(wire.transactionDate),
    testMode: wire.testMode === true,
    testModeReason: text(wire.testModeReason),
    bankPayment: text(wire.paymentMethod) === 'ACH',
  };
}

/**
 * The order of a successful answer, checked against its schema: the payment's own details are shown
 * whatever this holds, so an order that does not read right is left out rather than shown in part.
 */
function orderFrom(order: unknown): OrderSummary | null {
  if (order === undefined || order === null) return null;
  const parsed = orderSummarySchema.safeParse(order);
  return parsed.success ? parsed.data : null;
}

/** Turns a verify-payment answer (HTTP status below 400, valid JSON) into the page's final state. */
export function interpretVerifyResponse(body: unknown, storedAmount: string | null): PaymentOutcome {
  if (typeof body !== 'object' || body === null) {
    return {
      state: 'failed',
      kind: 'unconfirmed',
      message: RESULT_MESSAGES.verificationFailed,
      details: null,
    };
  }
  const response = body as Partial<VerifyPaymentResponse> & { status?: unknown };
  // The spec's original server answered "Y" for an approved payment; ours answers "success".
  const status: unknown = response.status;
  if (status === 'success' || status === 'Y') {
    return {
      state: 'success',
      receipt: receiptFrom(response.paymentDetails, storedAmount),
      order: orderFrom(response.order),
    };
  }
  const serverMessage = text(response.message) ?? RESULT_MESSAGES.verificationFailed;
  const serverError = text(response.error);
  // A decline or no answer reads as every way to pay words it; the server's other words, if any, below.
  const { kind, headline } = describePaymentFailure({
    errorCode: response.errorcode,
    texts: [serverMessage, serverError],
    otherwise: serverMessage,
  });
  // The code (`declined`, `not_found` …) is the store's own sorting of the failure, said in words already.
  const besides = [serverMessage, serverError].find((said) => said !== null && said !== headline) ?? null;
  return { state: 'failed', kind, message: headline, details: besides };
}

export interface FailureAdvice {
  /** What happened, in plain words. */
  happened: string;
  /** What the shopper can do now. */
  next: string;
}

/**
 * Plain words for a failed payment, whatever the server's own text: what happened and what to do. A payer
 * who came from a payment link (`fromLink`) goes back to their order, not to a cart. The way on is Try
 * Again (`tryAgainOf`) whenever there is something to pay again.
 */
export function adviseOnFailure(kind: FailureKind, cartKept: boolean, fromLink = false): FailureAdvice {
  // "Your cart is saved: Try Again to …", from a payment link "Try Again to go back to your order and …",
  // with nothing to pay again "Return to the store to …".
  const again = (rest: string) =>
    fromLink
      ? `Try Again to go back to your order and ${rest}`
      : cartKept
        ? `Your cart is saved: Try Again to ${rest}`
        : `Return to the store to ${rest}`;
  switch (kind) {
    case 'declined':
      return {
        happened: 'Your payment was declined, so nothing was charged.',
        next: `${again('pay with another card or account.')} Only your bank can tell you why it declined the payment.`,
      };
    case 'no-answer':
      return {
        happened: 'The bank did not answer in time, so nothing was charged.',
        next: again('pay again in a moment.'),
      };
    case 'not-completed':
      return {
        happened: 'The payment did not go through, so nothing was charged.',
        next: again('pay again, or to pay another way.'),
      };
    case 'unconfirmed':
      return {
        happened: 'We could not confirm your payment with our payment partner just now.',
        next:
          cartKept && !fromLink
            ? 'Try Again in a moment to check it again. Your cart stays saved until a payment for it is confirmed.'
            : 'Try Again in a moment to check it again.',
      };
    case 'no-payment':
      return {
        happened: 'There is no payment from the last 30 minutes to show in this browser tab.',
        next: fromLink || cartKept ? again('pay for it.') : 'Return to the store to shop.',
      };
  }
}

/**
 * Where Try Again leads (decision 050): the one way on from a failed payment.
 * - `check-again`: the payment could not be confirmed, so asking again may answer: the page is loaded again
 *   (product §2's reload).
 * - `order`: a payment link's payer goes back to their order, to pay it again.
 * - `cart`: a shopper goes back to the store with their cart open as it was, to pay again (another card,
 *   a saved method, a wallet).
 * - null: nothing is left to pay again (no cart, no link): Try Again is not offered, Return to Store is the
 *   way on.
 * Loading the page again after a decline would only show the same decline.
 */
export type TryAgain = { to: 'check-again' } | { to: 'order'; linkToken: string } | { to: 'cart' };

export function tryAgainOf(kind: FailureKind, cartKept: boolean, linkToken: string | null): TryAgain | null {
  if (kind === 'unconfirmed') return { to: 'check-again' };
  if (linkToken) return { to: 'order', linkToken };
  if (cartKept) return { to: 'cart' };
  return null;
}

export interface VerifyFailureInfo {
  /** Set when the server answered with HTTP status 400 or above. */
  httpStatus: number | null;
  /** The server's message from that answer, if any. */
  serverMessage: string | null;
  /** Why the call itself failed (no answer, unreadable answer). */
  reason: string | null;
}

/** The page's state when the verify call itself failed. */
export function interpretVerifyFailure({
  httpStatus,
  serverMessage,
  reason,
}: VerifyFailureInfo): PaymentOutcome {
  if (httpStatus !== null) {
    return {
      state: 'failed',
      kind: 'unconfirmed',
      message: RESULT_MESSAGES.serverStatus(httpStatus),
      details: serverMessage,
    };
  }
  return {
    state: 'failed',
    kind: 'unconfirmed',
    message: RESULT_MESSAGES.verificationError,
    details: reason,
  };
}
