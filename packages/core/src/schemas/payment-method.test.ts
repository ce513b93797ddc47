import { describe, expect, it } from 'vitest';
import { isValidRoutingNumber } from '../card-brand';
import { customerLoginRequestSchema, registerRequestSchema } from './account';
import {
  expiryMonthsFor,
  firstPaymentMethodProblem,
  isCardExpired,
  formatCardNumberInput,
  formatPhoneInput,
  PAYMENT_METHOD_MESSAGES as M,
  type PaymentMethodForm,
} from './payment-method';

const CARD: PaymentMethodForm = {
  mode: 'CC',
  name: 'Pat Shopper',
  address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
  email: 'pat@example.com',
  accountNumber: '4111 1111 1111 1111',
  expiryMonth: '12',
  expiryYear: '2030',
};
const BANK: PaymentMethodForm = {
  ...CARD,
  mode: 'ACH',
  accountNumber: '123456789',
  routingNumber: '036001808',
  bankName: 'First Bank',
  accountType: 'CHECKING',
};

describe('the Add Payment Method checks, in product §5 order and words', () => {
  it('reports the first problem of an empty form, then the next as each is fixed', () => {
    const form: PaymentMethodForm = {
      mode: 'CC',
      name: '',
      address: '',
      city: '',
      state: '',
      zip: '',
      country: 'US',
      email: '',
      accountNumber: '',
    };
    const seen: string[] = [];
    const fixes: [keyof PaymentMethodForm, string][] = [
      ['name', 'Pat'],
      ['address', '1 Main St'],
      ['city', 'Austin'],
      ['state', 'T'],
      ['state', 'TX'],
      ['zip', '78701'],
      ['email', 'pat@'],
      ['email', 'pat@example.com'],
      ['accountNumber', '4111 1111 1111 11'],
      ['accountNumber', '4111 1111 1111 1111'],
      ['expiryMonth', '12'],
      ['expiryYear', '2030'],
    ];
    for (const [field, value] of fixes) {
      seen.push(firstPaymentMethodProblem(form) ?? 'ok');
      (form as unknown as Record<string, string>)[field] = value;
    }
    seen.push(firstPaymentMethodProblem(form) ?? 'ok');
    expect(seen).toEqual([
      M.holderName,
      M.address,
      M.city,
      M.state,
      M.usState,
      M.zip,
      M.email,
      M.invalidEmail,
      M.cardNumber,
      M.cardNumber,
      M.expiry,
      M.expiry,
      'ok',
    ]);
  });

  it('refuses a card whose expiry month has ended, with the spec words', () => {
    const now = new Date(2026, 10, 25);
    expect(firstPaymentMethodProblem({ ...CARD, expiryMonth: '10', expiryYear: '2026' }, now)).toBe(M.expiry);
    expect(firstPaymentMethodProblem({ ...CARD, expiryMonth: '12', expiryYear: '2025' }, now)).toBe(M.expiry);
    expect(
      firstPaymentMethodProblem({ ...CARD, expiryMonth: '11', expiryYear: '2026' }, now),
    ).toBeUndefined();
    expect(
      firstPaymentMethodProblem({ ...CARD, expiryMonth: '01', expiryYear: '2027' }, now),
    ).toBeUndefined();
  });

  it('asks a 2-letter state only in the US', () => {
    expect(firstPaymentMethodProblem({ ...CARD, state: 'Texas' })).toBe(M.usState);
    expect(firstPaymentMethodProblem({ ...CARD, country: 'CA', state: 'ON' })).toBeUndefined();
  });

  it('checks a bank account: routing number, account number, bank name', () => {
    expect(firstPaymentMethodProblem(BANK)).toBeUndefined();
    expect(firstPaymentMethodProblem({ ...BANK, routingNumber: '03600180' })).toBe(M.routingNumber);
    expect(firstPaymentMethodProblem({ ...BANK, routingNumber: '036001809' })).toBe(M.routingNumber);
    expect(firstPaymentMethodProblem({ ...BANK, accountNumber: '1234' })).toBe(M.accountNumber);
    expect(firstPaymentMethodProblem({ ...BANK, bankName: ' ' })).toBe(M.bankName);
  });

  it('takes a phone number only as 123-456-7890, and none at all', () => {
    expect(firstPaymentMethodProblem({ ...CARD, phone: '' })).toBeUndefined();
    expect(firstPaymentMethodProblem({ ...CARD, phone: '512-555-0100' })).toBeUndefined();
    expect(firstPaymentMethodProblem({ ...CARD, phone: '5125550100' })).toBe(M.phone);
  });

  it('formats a card number as typed and as printed: a space every 4, AMEX 4-6-5, 19 characters at most', () => {
    expect(formatCardNumberInput('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumberInput('4111-1111 1111 1111 9999')).toBe('4111 1111 1111 1111');
    expect(formatCardNumberInput('2223003122003222')).toBe('2223 0031 2200 3222');
    expect(formatCardNumberInput('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumberInput('3782 822463 10005 99')).toBe('3782 822463 10005');
    expect(formatCardNumberInput('37828')).toBe('3782 8');
    expect(formatCardNumberInput('4111 11')).toBe('4111 11');
    expect(formatPhoneInput('5125550100')).toBe('512-555-0100');
    expect(formatPhoneInput('512')).toBe('512');
  });

  it('knows an ABA routing number by its checksum', () => {
    expect(isValidRoutingNumber('036001808')).toBe(true);
    expect(isValidRoutingNumber('011000015')).toBe(true);
    expect(isValidRoutingNumber('036001809')).toBe(false);
    expect(isValidRoutingNumber('03600180')).toBe(false);
    expect(isValidRoutingNumber('03600180a')).toBe(false);
  });
});

describe('account forms (product §5)', () => {
  it('says "All fields are required" for any missing registration field', () => {
    for (const body of [
      {},
      { name: 'A', email: 'a@example.com' },
      { name: ' ', email: 'a@example.com', password: 'long enough' },
    ]) {
      expect(registerRequestSchema.safeParse(body).error?.issues[0]?.message).toBe('All fields are required');
    }
  });

  it('says "Email and password are required" for a log-in without them', () => {
    expect(customerLoginRequestSchema.safeParse({ email: 'a@example.com' }).error?.issues[0]?.message).toBe(
      'Email and password are required',
    );
  });
});

describe('expiry dates', () => {
  const now = new Date(2026, 10, 25);

  it('offers no month already past in the current year, every month in later years', () => {
    expect(expiryMonthsFor('2026', now)).toEqual(['11', '12']);
    expect(expiryMonthsFor('2027', now)).toHaveLength(12);
    expect(expiryMonthsFor('', now)).toHaveLength(12);
    expect(expiryMonthsFor('2026', new Date(2026, 0, 1))).toHaveLength(12);
    expect(expiryMonthsFor('2026', new Date(2026, 11, 31))).toEqual(['12']);
  });

  it('counts a card valid to the end of its expiry month', () => {
    expect(isCardExpired('11', '2026', now)).toBe(false);
    expect(isCardExpired('10', '2026', now)).toBe(true);
    expect(isCardExpired('01', '2026', now)).toBe(true);
    expect(isCardExpired('12', '2025', now)).toBe(true);
    expect(isCardExpired('01', '2027', now)).toBe(false);
  });
});
