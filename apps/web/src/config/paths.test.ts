import { describe, expect, it } from 'vitest';
import {
  adminSignInPath,
  consoleReturnTarget,
  isReceiptPath,
  paymentLinkPath,
  paymentLinkReturnUrl,
  paymentLinkTokenOf,
} from './paths';

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

describe('back to the console page after signing in', () => {
  it('lands on the console page the operator was going to, with its query and fragment', () => {
    expect(consoleReturnTarget('/admin/orders/CC-0123456789AB')).toBe('/admin/orders/CC-0123456789AB');
    expect(consoleReturnTarget('/admin/customers/100001')).toBe('/admin/customers/100001');
    expect(consoleReturnTarget('/admin/dashboard?tab=customers')).toBe('/admin/dashboard?tab=customers');
    expect(consoleReturnTarget('/admin/orders/GP-1%2F2#timeline')).toBe('/admin/orders/GP-1%2F2#timeline');
  });

  it('follows nothing but a path of this store under /admin/: no open redirect', () => {
    for (const target of [
      null,
      undefined,
      '',
      '/admin',
      '/',
      '/account',
      'https://elsewhere.example/admin/orders/1',
      '//elsewhere.example/admin/orders/1',
      '/\\elsewhere.example/admin/',
      '/admin/\\elsewhere.example',
      '\\elsewhere.example/admin/orders/1',
      'javascript:alert(1)//admin/',
      '/admin/../account',
      '/admin/%2e%2e/account',
      '/admin/orders/1\n//elsewhere.example',
      ' /admin/orders/1',
      `/admin/${'a'.repeat(2001)}`,
    ]) {
      expect(consoleReturnTarget(target), String(target)).toBe('/admin/dashboard');
    }
  });

  it('sends a console page met without a session to sign in, naming the page', () => {
    expect(adminSignInPath({ pathname: '/admin/orders/CC-0123456789AB', search: '', hash: '' })).toBe(
      '/admin?next=%2Fadmin%2Forders%2FCC-0123456789AB',
    );
    expect(adminSignInPath({ pathname: '/admin/dashboard', search: '?tab=customers' })).toBe(
      '/admin?next=%2Fadmin%2Fdashboard%3Ftab%3Dcustomers',
    );
    // The dashboard is where signing in lands anyway.
    expect(adminSignInPath({ pathname: '/admin/dashboard' })).toBe('/admin');
  });
});
