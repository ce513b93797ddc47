import { describe, expect, it } from 'vitest';
import { adminTransactionSchema, TRANSACTION_FILTERS } from './admin';
import {
  adminTransactionsRequestSchema,
  historySearchTerms,
  isCalendarDate,
  isKnownTimeZone,
} from './history-query';

describe('historySearchTerms: what a Transaction History search looks for', () => {
  it('reads a dollar amount exactly, with its sign, cents or thousands separators', () => {
    expect(historySearchTerms('15.74')).toEqual({ amountCents: 1574 });
    expect(historySearchTerms('$15.74')).toEqual({ amountCents: 1574 });
    expect(historySearchTerms(' $ 15.7 ')).toEqual({ amountCents: 1570 });
    expect(historySearchTerms('$15')).toEqual({ amountCents: 1500 });
    expect(historySearchTerms('$1,234.50')).toEqual({ amountCents: 123450 });
    expect(historySearchTerms('1,234')).toEqual({ amountCents: 123400 });
    expect(historySearchTerms('0.10')).toEqual({ amountCents: 10 });
    // Nothing an amount could match: a search that finds nothing rather than everything.
    expect(historySearchTerms('$0.00')).toEqual({});
    expect(historySearchTerms('$99999999999')).toEqual({});
    expect(historySearchTerms('$')).toEqual({});
  });

  it('reads 4 digits as last 4, 6 to 9 digits from 100001 as a Customer ID, and both as an order id part', () => {
    expect(historySearchTerms('5454')).toEqual({ last4: '5454', orderBodyPrefix: '5454' });
    expect(historySearchTerms('100001')).toEqual({ customerNumber: 100001, orderBodyPrefix: '100001' });
    expect(historySearchTerms('100000')).toEqual({ orderBodyPrefix: '100000' });
    expect(historySearchTerms('54545')).toEqual({ orderBodyPrefix: '54545' });
    expect(historySearchTerms('545')).toEqual({});
  });

  it('reads an order id or the part after its channel', () => {
    expect(historySearchTerms('cc-7qx')).toEqual({ orderIdPrefix: 'CC-7QX' });
    expect(historySearchTerms('GP-2TW5N2Q7S4DD')).toEqual({ orderIdPrefix: 'GP-2TW5N2Q7S4DD' });
    expect(historySearchTerms('cc-7 qx')).toEqual({});
    expect(historySearchTerms('7qx2')).toMatchObject({ orderBodyPrefix: '7QX2' });
    expect(historySearchTerms('ABCDEFGH')).toMatchObject({ orderBodyPrefix: 'ABCDEFGH' });
    // Letters the order ids never use (I, L, O, U) or too few characters: not an order id.
    expect(historySearchTerms('lovelace').orderBodyPrefix).toBeUndefined();
    expect(historySearchTerms('abcd').orderBodyPrefix).toBeUndefined();
    expect(historySearchTerms('cc')).toEqual({ orderIdPrefix: 'CC', emailPrefix: 'cc', nameWords: ['cc'] });
  });

  it('reads an email by its start, in lower case', () => {
    expect(historySearchTerms('Ada.Lovelace@Example.com')).toEqual({
      emailPrefix: 'ada.lovelace@example.com',
    });
    expect(historySearchTerms('@example')).toEqual({ emailPrefix: '@example' });
  });

  it('reads words as the starts of name words, and a single one as an email start too', () => {
    expect(historySearchTerms('Ada')).toEqual({ emailPrefix: 'ada', nameWords: ['ada'] });
    expect(historySearchTerms('  ada   LOVE ')).toEqual({ nameWords: ['ada', 'love'] });
    expect(historySearchTerms("O'Hara")).toEqual({ emailPrefix: "o'hara", nameWords: ['o', 'hara'] });
    expect(historySearchTerms('Zoë Ångström')).toEqual({ nameWords: ['zoë', 'ångström'] });
    expect(historySearchTerms('a b c d e f g h').nameWords).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(historySearchTerms('ada:* | b')).toEqual({ nameWords: ['ada', 'b'] });
    expect(historySearchTerms('%')).toEqual({ emailPrefix: '%' });
    expect(historySearchTerms('1 = 1')).toEqual({});
    expect(historySearchTerms('   ')).toEqual({});
  });
});

describe('the history request', () => {
  const message = (body: unknown) => {
    const parsed = adminTransactionsRequestSchema.safeParse(body);
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  };

  it('takes calendar days that exist, from 2000', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('1999-12-31')).toBe(false);
    expect(isCalendarDate('9999-12-31')).toBe(true);
    expect(isCalendarDate('2025-1-01')).toBe(false);
    expect(isCalendarDate('2025-01-01T00:00')).toBe(false);
  });

  it('takes the time zones the platform knows', () => {
    expect(isKnownTimeZone('America/Chicago')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone("UTC'--")).toBe(false);
    expect(isKnownTimeZone('x'.repeat(65))).toBe(false);
  });

  it('says what is wrong, in the order of the fields', () => {
    expect(message({ from: '2025-03-02', to: '2025-03-01' })).toBe(
      'The From date must not be after the To date',
    );
    expect(message({ from: '2025-03-01', to: '2025-03-01' })).toBeUndefined();
    expect(message({ channel: 'saved_card', status: 'refund', search: 'ada' })).toBeUndefined();
    expect(message({ channel: 'fax' })).toBe('Unknown channel filter');
    expect(message({ search: ['ada'] })).toBe('Search must be text');
    expect(message({ timeZone: 3 })).toBe('Unknown time zone');
  });
});

describe('the Failed filter', () => {
  it('is a status filter of the history, after the money ones', () => {
    expect(TRANSACTION_FILTERS.at(-1)).toBe('failed');
    expect(adminTransactionsRequestSchema.parse({ status: 'failed' })).toEqual({ status: 'failed' });
  });

  it('adds a failed attempt to a history row and nothing to the others', () => {
    const row = {
      id: 'f0d0c0b0-0000-4000-8000-000000000001',
      paymentId: '',
      orderId: 'CC-7QX2MB4K9Z1A',
      requestId: 'f0d0c0b0-0000-4000-8000-000000000001',
      amount: 68.2,
      cardType: '',
      last4: '',
      transactionDate: '2026-03-01T12:00:00.000Z',
      timestamp: '2026-03-01T12:00:00.000Z',
      captureStatus: null,
      isRefunded: false,
      isPartialRefund: false,
      refundAmount: 0,
      isDemoRefund: false,
      isPartialCapture: false,
      captureAmount: 0,
      originalAmount: 68.2,
      refundableAmount: 0,
    };
    expect(adminTransactionSchema.parse(row)).not.toHaveProperty('attempt');
    const attempt = {
      outcome: 'abandoned',
      reason: 'The shopper never came back',
      paidWith: 'Card (payment page)',
    };
    expect(adminTransactionSchema.parse({ ...row, attempt })).toMatchObject({ attempt });
    expect(
      adminTransactionSchema.safeParse({ ...row, attempt: { ...attempt, outcome: 'lost' } }).success,
    ).toBe(false);
  });
});
