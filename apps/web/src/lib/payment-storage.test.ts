import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from './browser-storage';
import {
  PAYMENT_STORAGE_KEYS,
  isRequestFresh,
  readStoredPaymentRequest,
  saveCardPaymentRequest,
} from './payment-storage';

const NOW = 1_750_000_000_000;
const MINUTE = 60_000;

describe('saveCardPaymentRequest', () => {
  it('writes the spec keys, wallet flags off, and forgets an older wallet error', () => {
    const storage = createMemoryStorage({ walletPaymentError: 'Google Pay payment failed' });
    saveCardPaymentRequest({ requestId: 'req-1', requestTime: NOW, amount: '68.20' }, storage);
    expect(Object.fromEntries(storage.data)).toEqual({
      lastPaymentRequestId: 'req-1',
      lastPaymentRequestTime: String(NOW),
      lastPaymentAmount: '68.20',
      lastOrderAmount: '68.20',
      usedGooglePay: 'false',
      usedApplePay: 'false',
    });
  });
});

describe('readStoredPaymentRequest', () => {
  const stored = (minutesAgo: number) =>
    createMemoryStorage({
      [PAYMENT_STORAGE_KEYS.requestId]: 'req-1',
      [PAYMENT_STORAGE_KEYS.requestTime]: String(NOW - minutesAgo * MINUTE),
      [PAYMENT_STORAGE_KEYS.paymentAmount]: '68.20',
    });

  it('uses a request id under 30 minutes old', () => {
    expect(readStoredPaymentRequest(stored(29), NOW)).toEqual({
      kind: 'fresh',
      requestId: 'req-1',
      amount: '68.20',
    });
  });

  it('treats a request id 30 minutes old or more as nothing stored', () => {
    expect(readStoredPaymentRequest(stored(30), NOW)).toEqual({ kind: 'none' });
    expect(readStoredPaymentRequest(stored(120), NOW)).toEqual({ kind: 'none' });
  });

  it('reports nothing stored when the storage is empty', () => {
    expect(readStoredPaymentRequest(createMemoryStorage(), NOW)).toEqual({ kind: 'none' });
  });

  it('reports an amount or time without a request id as incomplete', () => {
    expect(readStoredPaymentRequest(createMemoryStorage({ lastPaymentAmount: '68.20' }), NOW)).toEqual({
      kind: 'incomplete',
    });
    expect(
      readStoredPaymentRequest(createMemoryStorage({ lastPaymentRequestTime: String(NOW) }), NOW),
    ).toEqual({
      kind: 'incomplete',
    });
  });

  it('does not use a request id whose age cannot be shown', () => {
    expect(readStoredPaymentRequest(createMemoryStorage({ lastPaymentRequestId: 'req-1' }), NOW)).toEqual({
      kind: 'none',
    });
    expect(isRequestFresh('yesterday', NOW)).toBe(false);
    expect(isRequestFresh(String(NOW + MINUTE), NOW)).toBe(false);
  });
});
