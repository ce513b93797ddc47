import { describe, expect, it } from 'vitest';
import { isReceiptPath, paymentLinkPath, paymentLinkReturnUrl, paymentLinkTokenOf } from './paths';

describe('isReceiptPath', () => {
  it("follows only this store's receipt pages", () => {
    expect(isReceiptPath('/receipt/Ab3_-Zq9xY2kLmNoPqRsTuVwXyZ0123456789abcdE')).toBe(true);
    for (const path of [
      'https://elsewhere.example/receipt/abc',
      '//elsewhere.example/receipt/abc',
      'javascript:alert(1)',
      '/receipt/',
      '/receipt/abc/../../admin',
      '/receipt/abc?next=/admin',
      '/account',
    ]) {
      expect(isReceiptPath(path), path).toBe(false);
    }
  });
});

const TOKEN = 'Ab3_-Zq9xY2kLmNoPqRsTuVwXyZ0123456789abcdEF';

describe('payment links on the result page', () => {
  it("sends a link's payer back to the result page with the link's token", () => {
    expect(paymentLinkReturnUrl('https://shop.example', TOKEN)).toBe(
      `https://shop.example/payment-complete?link=${TOKEN}`,
    );
    expect(new URL(paymentLinkReturnUrl('http://127.0.0.1:3400', TOKEN)).searchParams.get('link')).toBe(
      TOKEN,
    );
  });

  it("takes only a link token from the address, and leads back to that link's page", () => {
    expect(paymentLinkTokenOf(TOKEN)).toBe(TOKEN);
    expect(paymentLinkPath(TOKEN)).toBe(`/pay/${TOKEN}`);
    for (const value of [
      null,
      undefined,
      '',
      TOKEN.slice(1),
      `${TOKEN}A`,
      `${TOKEN.slice(1)}/`,
      `${TOKEN.slice(3)}../`,
      `${TOKEN.slice(1)}%`,
      'javascript:alert(1)//////////////////////////',
    ]) {
      expect(paymentLinkTokenOf(value), String(value)).toBeNull();
    }
  });
});
