import { GOOGLE_PAY_FALLBACK_AMOUNT, PAYMENT_REQUEST_MAX_AGE_MS } from '../config/payment';
import { getLocalStorage, type KeyValueStorage } from './browser-storage';

/**
 * Every browser-storage key the payment flows use (SPEC §3 "Browser storage keys"), in one place.
 * The names are the original client's, so records written by one part of the app are read by another.
 */
export const PAYMENT_STORAGE_KEYS = {
  /** The `requestId` returned by create-payment: what the result page verifies. */
  requestId: 'lastPaymentRequestId',
  /** When that request was created, milliseconds since the epoch. */
  requestTime: 'lastPaymentRequestTime',
  /** The amount sent to the payment page, dollars with two decimals ("68.20"). */
  paymentAmount: 'lastPaymentAmount',
  /** The order total, dollars with two decimals ("68.20"). */
  orderAmount: 'lastOrderAmount',
  /** 'true' when the last payment went through Google Pay. */
  usedGooglePay: 'usedGooglePay',
  /** 'true' when the last payment went through Apple Pay. */
  usedApplePay: 'usedApplePay',
  /** Set by a wallet flow that failed before reaching the result page. */
  walletPaymentError: 'walletPaymentError',
} as const;

/** The keys that describe one payment request; a wallet's failure replaces them. */
const REQUEST_KEYS = [
  PAYMENT_STORAGE_KEYS.requestId,
  PAYMENT_STORAGE_KEYS.requestTime,
  PAYMENT_STORAGE_KEYS.paymentAmount,
  PAYMENT_STORAGE_KEYS.orderAmount,
] as const;

export interface CardPaymentRequestRecord {
  requestId: string;
  /** Milliseconds since the epoch. */
  requestTime: number;
  /** Dollars with two decimals, e.g. "68.20". */
  amount: string;
}

/** Records a card payment (hosted page or saved method) just before the browser goes to its next page. */
export function saveCardPaymentRequest(
  record: CardPaymentRequestRecord,
  storage: KeyValueStorage = getLocalStorage(),
): void {
  savePaymentRequest(record, null, storage);
}

export type WalletName = 'googlepay' | 'applepay';

/** Records a wallet payment the server approved, for the result page to verify. */
export function saveWalletPaymentRequest(
  record: CardPaymentRequestRecord,
  wallet: WalletName,
  storage: KeyValueStorage = getLocalStorage(),
): void {
  savePaymentRequest(record, wallet, storage);
}

/** Records why a wallet payment failed, for the result page (SPEC §8 "a stored wallet error"). */
export function saveWalletPaymentError(
  message: string,
  wallet: WalletName,
  storage: KeyValueStorage = getLocalStorage(),
): void {
  for (const key of REQUEST_KEYS) storage.removeItem(key);
  storage.setItem(PAYMENT_STORAGE_KEYS.usedGooglePay, String(wallet === 'googlepay'));
  storage.setItem(PAYMENT_STORAGE_KEYS.usedApplePay, String(wallet === 'applepay'));
  storage.setItem(PAYMENT_STORAGE_KEYS.walletPaymentError, message);
}

function savePaymentRequest(
  record: CardPaymentRequestRecord,
  wallet: WalletName | null,
  storage: KeyValueStorage,
): void {
  storage.setItem(PAYMENT_STORAGE_KEYS.requestId, record.requestId);
  storage.setItem(PAYMENT_STORAGE_KEYS.requestTime, String(record.requestTime));
  storage.setItem(PAYMENT_STORAGE_KEYS.paymentAmount, record.amount);
  storage.setItem(PAYMENT_STORAGE_KEYS.orderAmount, record.amount);
  storage.setItem(PAYMENT_STORAGE_KEYS.usedGooglePay, String(wallet === 'googlepay'));
  storage.setItem(PAYMENT_STORAGE_KEYS.usedApplePay, String(wallet === 'applepay'));
  // A wallet failure from an earlier attempt must not mask the result of this payment.
  storage.removeItem(PAYMENT_STORAGE_KEYS.walletPaymentError);
}

/** The stored order amount in dollars, for Google Pay's record-payment; the spec's 99.99 when none is kept. */
export function readStoredOrderAmount(storage: KeyValueStorage = getLocalStorage()): number {
  const stored = Number(storage.getItem(PAYMENT_STORAGE_KEYS.orderAmount));
  return Number.isFinite(stored) && stored > 0 ? stored : GOOGLE_PAY_FALLBACK_AMOUNT;
}

/** What the result page finds in storage, already judged against the 30-minute rule. */
export type StoredPaymentRequest =
  | { kind: 'fresh'; requestId: string; amount: string | null }
  | { kind: 'incomplete' }
  | { kind: 'none' };

/**
 * A request id is used only if it is under 30 minutes old. A stale id (or one whose time is missing
 * or unreadable, so its age cannot be shown to be under 30 minutes) counts as nothing stored. An amount
 * or time without any request id is an incomplete record.
 */
export function readStoredPaymentRequest(
  storage: KeyValueStorage = getLocalStorage(),
  now: number = Date.now(),
): StoredPaymentRequest {
  const requestId = storage.getItem(PAYMENT_STORAGE_KEYS.requestId)?.trim() || null;
  const rawTime = storage.getItem(PAYMENT_STORAGE_KEYS.requestTime);
  const amount =
    storage.getItem(PAYMENT_STORAGE_KEYS.paymentAmount) ?? storage.getItem(PAYMENT_STORAGE_KEYS.orderAmount);

  if (!requestId) {
    return rawTime !== null || amount !== null ? { kind: 'incomplete' } : { kind: 'none' };
  }
  return isRequestFresh(rawTime, now) ? { kind: 'fresh', requestId, amount } : { kind: 'none' };
}

/** True when the stored time is a valid epoch-ms value at most 30 minutes (exclusive) in the past. */
export function isRequestFresh(rawTime: string | null, now: number): boolean {
  if (rawTime === null || !/^\d+$/.test(rawTime.trim())) return false;
  const age = now - Number(rawTime);
  return age >= 0 && age < PAYMENT_REQUEST_MAX_AGE_MS;
}

/** The error a wallet flow left behind, if any. */
export function readWalletPaymentError(storage: KeyValueStorage = getLocalStorage()): string | null {
  return storage.getItem(PAYMENT_STORAGE_KEYS.walletPaymentError);
}
