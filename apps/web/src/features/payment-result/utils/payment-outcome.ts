import { formatCents, parseDollars, type PaymentDetails, type VerifyPaymentResponse } from '@store/core';
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
}

export type PaymentOutcome =
  /** The shopper cancelled on the hosted payment page: not a failure, so no result to show. */
  | { state: 'cancelled' }
  | { state: 'processing'; requestId: string; storedAmount: string | null }
  | { state: 'success'; receipt: PaymentReceipt }
  | { state: 'failed'; message: string; details: string | null };

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
}

/** Decides, before any call, whether the page can verify a payment or has already failed. */
export function resolveInitialOutcome({
  urlStatus,
  walletError,
  stored,
}: InitialOutcomeInput): PaymentOutcome {
  const status = urlStatus?.trim().toLowerCase();
  if (status === 'cancelled') return { state: 'cancelled' };
  if (status === 'failed') {
    return {
      state: 'failed',
      message: RESULT_MESSAGES.processingFailed,
      details: walletError?.trim() || 'The payment was not completed.',
    };
  }
  if (walletError !== null) {
    return {
      state: 'failed',
      message: RESULT_MESSAGES.processingFailed,
      details: walletError.trim() || null,
    };
  }
  switch (stored.kind) {
    case 'none':
      return { state: 'failed', message: RESULT_MESSAGES.noPaymentInformation, details: null };
    case 'incomplete':
      return { state: 'failed', message: RESULT_MESSAGES.incomplete, details: null };
    case 'fresh':
      return { state: 'processing', requestId: stored.requestId, storedAmount: stored.amount };
  }
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
 * "VISA •••• 1111"; just the brand or just the masked digits when only one is known; a wallet's name in
 * front: "Google Pay · VISA •••• 1111".
 */
export function describePaymentMethod(brand: unknown, last4: unknown, wallet?: unknown): string | null {
  const name = text(brand);
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
  };
}

/** The error details line: the gateway's error and/or its code. */
export function describeErrorDetails(error: unknown, errorCode: unknown): string | null {
  const errorText = text(error);
  const code = text(errorCode);
  if (errorText && code) return `${errorText} (error code ${code})`;
  if (code) return `Error code ${code}`;
  return errorText;
}

/** Turns a verify-payment answer (HTTP status below 400, valid JSON) into the page's final state. */
export function interpretVerifyResponse(body: unknown, storedAmount: string | null): PaymentOutcome {
  if (typeof body !== 'object' || body === null) {
    return { state: 'failed', message: RESULT_MESSAGES.verificationFailed, details: null };
  }
  const response = body as Partial<VerifyPaymentResponse> & { status?: unknown };
  // The spec's original server answered "Y" for an approved payment; ours answers "success".
  const status: unknown = response.status;
  if (status === 'success' || status === 'Y') {
    return { state: 'success', receipt: receiptFrom(response.paymentDetails, storedAmount) };
  }
  const message = text(response.message) ?? RESULT_MESSAGES.verificationFailed;
  // Our server repeats the gateway's text in `error`; show it once.
  const error = text(response.error) === message ? null : response.error;
  return { state: 'failed', message, details: describeErrorDetails(error, response.errorcode) };
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
    return { state: 'failed', message: RESULT_MESSAGES.serverStatus(httpStatus), details: serverMessage };
  }
  return { state: 'failed', message: RESULT_MESSAGES.verificationError, details: reason };
}
