import { describe, expect, it } from 'vitest';
import { methodDetail, methodTitle, preselectedMethod } from './method-label';

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
    expect(methodDetail(card)).toBe('Expires 04/2031');
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
