import { DISPUTED_REFUND_WARNING } from '@store/core';
import { ApiError } from '../../../lib/api-client';

/**
 * The text for a failed admin call (product §8): the server's message as returned; with no answer, why the
 * call got none ("Could not reach the server…"); otherwise the given fallback.
 */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.kind === 'network') return error.message;
  }
  return fallback;
}

/** A 502 from a money call: the gateway has not confirmed it yet, and it must not be repeated. */
export function isUnconfirmed(error: unknown): boolean {
  return error instanceof ApiError && error.status === 502;
}

/**
 * A call that made something new with money (a phone order) answered with a server failure: 502 (the
 * gateway has not confirmed it), or another 5xx after which the server may have gone as far as the
 * gateway. Either way it may have been done, and sending it again could make it twice: the operator looks
 * first. No answer at all is not this: the same send with the same key gets the first one's answer, or
 * is tried again if the first one failed (the server keeps no answer of a failure).
 */
export function mayHaveBeenDone(error: unknown): boolean {
  return error instanceof ApiError && error.status !== null && error.status >= 500;
}

/**
 * A refund of a payment the cardholder disputed, refused until the operator confirms it (decision 036): a
 * final answer (409 with the server's warning), not a conflict to retry.
 */
export function isDisputedRefundWarning(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.serverMessage === DISPUTED_REFUND_WARNING;
}

/** "Capture failed: {message}" (product §8), with "Failed to capture payment" when there is no message. */
export function captureFailureText(error: unknown): string {
  return `Capture failed: ${failureText(error, 'Failed to capture payment')}`;
}

/**
 * Loading a list: a server refusal reads "Failed to fetch …" (or the server's message), no answer at all
 * reads "Failed to load …" for transactions (product §8 names both).
 */
export function listFailureText(
  error: unknown,
  list:
    | 'payments'
    | 'transactions'
    | 'audit'
    | 'emails'
    | 'links'
    | 'deposits'
    | 'disputes'
    | 'staff'
    | 'products',
): string {
  const fetchFallback = {
    payments: 'Failed to fetch payments',
    transactions: 'Failed to fetch transactions',
    audit: 'Failed to fetch the audit log',
    emails: 'Failed to fetch emails',
    links: 'Failed to fetch payment links',
    deposits: 'Failed to fetch deposits',
    disputes: 'Failed to fetch disputes',
    staff: 'Failed to fetch staff',
    products: 'Failed to fetch products',
  }[list];
  const loadFallback = {
    payments: 'Failed to fetch payments',
    transactions: 'Failed to load transactions',
    audit: 'Failed to load the audit log',
    emails: 'Failed to load emails',
    links: 'Failed to load payment links',
    deposits: 'Failed to load deposits',
    disputes: 'Failed to load disputes',
    staff: 'Failed to load staff',
    products: 'Failed to load products',
  }[list];
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.kind === 'network') return `${loadFallback}. ${error.message}`;
  }
  return fetchFallback;
}
