import { describe, expect, it } from 'vitest';
import {
  hasAnotherSavedMethod,
  isMethodExpired,
  methodDetail,
  methodTitle,
  preselectedMethod,
} from './method-label';

describe('saved method labels', () => {
  it('names a card by brand, last 4 and expiry', () => {
    const card = {
      id: '1',
      paymentType: 'CC',
      cardType: 'VISA',
      last4: '1111',
      holderName: 'Pat',
      expiryMonth: '04',
      expiryYear: '2031',
      isDefault: true,
    } as const;
    expect(methodTitle(card)).toBe('VISA •••• 1111');
    expect(methodDetail(card, new Date(2026, 10, 25))).toBe('Expires 04/2031');
    expect(methodDetail({ ...card, expiryMonth: '01', expiryYear: '2026' }, new Date(2026, 10, 25))).toBe(
      'Expired 01/2026',
    );
  });

  it('names a bank account by type, bank, last 4 and routing end', () => {
    const bank = {
      id: '2',
      paymentType: 'ACH',
      cardType: 'ACH',
      last4: '3210',
      holderName: 'Pat',
      isDefault: false,
      bankName: 'First Bank',
      accountType: 'SAVINGS',
      routingNumberLast4: '1808',
    } as const;
    expect(methodTitle(bank)).toBe('Savings · First Bank •••• 3210');
    expect(methodDetail(bank)).toBe('Routing •••• 1808');
  });
});

describe('the method the cart preselects', () => {
  const method = (id: string, isDefault: boolean) =>
    ({ id, paymentType: 'CC', cardType: 'VISA', last4: '1111', holderName: 'Pat', isDefault }) as const;

  it('is the default one, wherever it stands', () => {
    expect(preselectedMethod([method('a', false), method('b', true)])?.id).toBe('b');
  });

  it('is the first one when none is the default, and nothing when there is none', () => {
    expect(preselectedMethod([method('a', false), method('b', false)])?.id).toBe('a');
    expect(preselectedMethod([])).toBeUndefined();
  });
});

describe('expired saved cards', () => {
  const now = new Date(2026, 10, 25);
  const card = (id: string, isDefault: boolean, expiryMonth: string, expiryYear: string) =>
    ({
      id,
      paymentType: 'CC',
      cardType: 'VISA',
      last4: '1111',
      holderName: 'Pat',
      isDefault,
      expiryMonth,
      expiryYear,
    }) as const;

  it('are known by their month, and bank accounts never expire', () => {
    expect(isMethodExpired(card('a', true, '10', '2026'), now)).toBe(true);
    expect(isMethodExpired(card('a', true, '11', '2026'), now)).toBe(false);
    expect(
      isMethodExpired(
        { id: 'b', paymentType: 'ACH', cardType: 'ACH', last4: '6789', holderName: 'Pat', isDefault: true },
        now,
      ),
    ).toBe(false);
  });

  it('are not preselected, even as the default; with none usable the cart offers the hosted page', () => {
    expect(preselectedMethod([card('a', true, '01', '2026'), card('b', false, '12', '2030')], now)?.id).toBe(
      'b',
    );
    expect(preselectedMethod([card('a', true, '01', '2026')], now)).toBeUndefined();
  });
});

describe('after a saved method did not go through', () => {
  const NOW = new Date(2026, 10, 25);
  const card = (id: string, expiryYear = '2031') =>
    ({
      id,
      paymentType: 'CC',
      cardType: 'VISA',
      last4: id.padStart(4, '0'),
      holderName: 'Pat',
      expiryMonth: '04',
      expiryYear,
      isDefault: id === '1',
    }) as const;

  it('offers the choice when another saved method can pay, and falls back to the hosted page when none can', () => {
    expect(hasAnotherSavedMethod([card('1'), card('2')], '1', new Set(), NOW)).toBe(true);
    // Only the one that failed.
    expect(hasAnotherSavedMethod([card('1')], '1', new Set(), NOW)).toBe(false);
    // The other one expired, or was declined in this cart already.
    expect(hasAnotherSavedMethod([card('1'), card('2', '2025')], '1', new Set(), NOW)).toBe(false);
    expect(hasAnotherSavedMethod([card('1'), card('2')], '1', new Set(['2']), NOW)).toBe(false);
    expect(hasAnotherSavedMethod([card('1'), card('2'), card('3')], '1', new Set(['2']), NOW)).toBe(true);
  });
});
