import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../../lib/browser-storage';
import { PAYMENT_STORAGE_KEYS } from '../../../lib/payment-storage';
import { preparePaymentPage } from './leave-for-payment-page';

const ORIGIN = 'https://shop.example';
const NOW = 1_750_000_000_000;

describe('preparePaymentPage', () => {
  it('records the request for the result page as the cart does, and answers the payment page', () => {
    const storage = createMemoryStorage({ walletPaymentError: 'Google Pay payment failed' });
    const url = preparePaymentPage(
      { requestId: 'req-1', paymentUrl: '/sandbox/hpp?total=20.98', amount: 20.98 },
      { origin: ORIGIN, storage, now: NOW },
    );
    expect(url?.href).toBe('https://shop.example/sandbox/hpp?total=20.98');
    expect(Object.fromEntries(storage.data)).toEqual({
      [PAYMENT_STORAGE_KEYS.requestId]: 'req-1',
      [PAYMENT_STORAGE_KEYS.requestTime]: String(NOW),
      [PAYMENT_STORAGE_KEYS.paymentAmount]: '20.98',
      [PAYMENT_STORAGE_KEYS.orderAmount]: '20.98',
      [PAYMENT_STORAGE_KEYS.usedGooglePay]: 'false',
      [PAYMENT_STORAGE_KEYS.usedApplePay]: 'false',
    });
  });

  it('writes amounts with two decimals', () => {
    const storage = createMemoryStorage();
    preparePaymentPage(
      { requestId: 'req-2', paymentUrl: 'https://pay.example/hpp', amount: 21 },
      { origin: ORIGIN, storage, now: NOW },
    );
    expect(storage.getItem(PAYMENT_STORAGE_KEYS.paymentAmount)).toBe('21.00');
  });

  it('refuses an address that is not a web page, and records nothing', () => {
    const storage = createMemoryStorage();
    for (const paymentUrl of ['javascript:alert(1)', 'data:text/html,hi', 'http://[bad']) {
      expect(
        preparePaymentPage({ requestId: 'r', paymentUrl, amount: 1 }, { origin: ORIGIN, storage }),
      ).toBeNull();
    }
    expect(storage.data.size).toBe(0);
  });
});
