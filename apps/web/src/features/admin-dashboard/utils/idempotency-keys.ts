import { ApiError } from '../../../lib/api-client';
import { isDisputedRefundWarning } from './admin-errors';

/** A random v4 UUID; `crypto.randomUUID` exists only in secure contexts, `getRandomValues` everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * True when a money call ended without a final answer, so the same action may be retried with the same
 * key: no answer or a garbled one, a 5xx (502: "not confirmed yet"), 409 (a request with this key is
 * still running, or the payment is busy) and 429. A retry with the same key is settled by the server from
 * its own record, so it can never capture or refund twice. A refund refused because the payment is disputed
 * is a final answer: the operator's confirmation is another request, with a key of its own.
 */
export function isUnsettledFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (isDisputedRefundWarning(error)) return false;
  if (error.kind === 'network' || error.kind === 'parse') return true;
  if (error.kind === 'http' && error.status !== null) {
    return error.status >= 500 || error.status === 409 || error.status === 429;
  }
  return false;
}

/**
 * One Idempotency-Key per user action. An action is named by what it does ("refund:<payment>:<cents>"):
 * a fresh key is made the first time, kept while the action has no final answer, and forgotten once it
 * has one, so the next deliberate action gets a new key.
 */
export class IdempotencyKeys {
  private readonly keys = new Map<string, string>();

  constructor(private readonly generate: () => string = newIdempotencyKey) {}

  keyFor(action: string): string {
    let key = this.keys.get(action);
    if (!key) {
      key = this.generate();
      this.keys.set(action, key);
    }
    return key;
  }

  /** Call with no error after a success; with the error after a failure. */
  settle(action: string, error?: unknown): void {
    if (error !== undefined && isUnsettledFailure(error)) return;
    this.keys.delete(action);
  }

  /** Runs `call` with this action's key and settles the key from its outcome. */
  async run<T>(action: string, call: (key: string) => Promise<T>): Promise<T> {
    const key = this.keyFor(action);
    try {
      const result = await call(key);
      this.settle(action);
      return result;
    } catch (error) {
      this.settle(action, error ?? new Error('Unknown failure'));
      throw error;
    }
  }
}

/** The console's keys, kept for the life of the page. */
export const moneyActionKeys = new IdempotencyKeys();
