import type { AdminTransaction } from '@store/core';
import { describe, expect, it } from 'vitest';
import {
  buildTransactionsCsv,
  csvField,
  TRANSACTION_CSV_COLUMNS,
  transactionsCsvFileName,
} from './transactions-csv';

const payment: AdminTransaction = {
  id: 'row-1',
  paymentId: '7b0f7a52-4a55-4f4b-9d0e-6f1c1d1e8d2b',
  orderId: 'CC-7QX2MB4K9Z1A',
  requestId: 'req-1',
  amount: 68.2,
  cardType: 'VISA',
  last4: '1111',
  transactionDate: '2026-03-01T12:00:00.000Z',
  timestamp: '2026-03-01T12:00:00.000Z',
  captureStatus: 'partially_captured',
  isRefunded: false,
  isPartialRefund: true,
  refundAmount: 10,
  isDemoRefund: false,
  isPartialCapture: true,
  captureAmount: 45.1,
  originalAmount: 68.2,
  refundableAmount: 35.1,
};

const refund: AdminTransaction = {
  ...payment,
  id: 'row-2',
  amount: 10,
  captureStatus: null,
  isRefunded: true,
  isPartialRefund: true,
  refundAmount: 10,
  refundType: 'refund',
  isDemoRefund: true,
  refundedOrderId: 'CC-7QX2MB4K9Z1A',
  refundDate: '2026-03-02T09:30:00.000Z',
  refundableAmount: 0,
};

describe('buildTransactionsCsv', () => {
  it('writes a header with every spec field plus the label, and one line per row', () => {
    const csv = buildTransactionsCsv([payment, refund]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'orderId,requestId,amount,cardType,last4,transactionDate,captureStatus,isRefunded,isPartialRefund,' +
        'refundAmount,refundType,creditType,isDemoRefund,refundedOrderId,isPartialCapture,captureAmount,' +
        'originalAmount,refundDate,label',
    );
    expect(lines[1]).toBe(
      'CC-7QX2MB4K9Z1A,req-1,68.20,VISA,1111,2026-03-01T12:00:00.000Z,partially_captured,false,true,' +
        '10.00,,,false,,true,45.10,68.20,,Partial Refund',
    );
    expect(lines[2]).toBe(
      'CC-7QX2MB4K9Z1A,req-1,10.00,VISA,1111,2026-03-01T12:00:00.000Z,,true,true,10.00,refund,,true,' +
        'CC-7QX2MB4K9Z1A,true,45.10,68.20,2026-03-02T09:30:00.000Z,Demo Refund',
    );
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
    expect(TRANSACTION_CSV_COLUMNS).toHaveLength(19);
  });

  it('gives a header only for no rows', () => {
    expect(buildTransactionsCsv([])).toBe(`${TRANSACTION_CSV_COLUMNS.join(',')}\r\n`);
  });

  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(false)).toBe('false');
    const odd = buildTransactionsCsv([{ ...payment, cardType: 'VI,SA', requestId: null }]);
    expect(odd.split('\r\n')[1]).toMatch(/^CC-7QX2MB4K9Z1A,,68\.20,"VI,SA",1111,/);
  });
});

describe('transactionsCsvFileName', () => {
  it('is transactions-YYYY-MM-DD.csv in local time', () => {
    expect(transactionsCsvFileName(new Date(2026, 0, 5, 23, 59))).toBe('transactions-2026-01-05.csv');
    expect(transactionsCsvFileName(new Date(2026, 11, 31))).toBe('transactions-2026-12-31.csv');
  });
});
