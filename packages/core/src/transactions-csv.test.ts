import { describe, expect, it } from 'vitest';
import { csvCell } from './csv';
import { centsToDecimalString, parseDollars } from './money';
import type { AdminTransaction } from './schemas/admin';
import { transactionLabel } from './transaction-label';
import {
  buildTransactionsCsv,
  FAILED_ATTEMPTS_CSV_HEADER,
  failedAttemptCsvLines,
  TRANSACTION_CSV_COLUMNS,
  TRANSACTIONS_CSV_HEADER,
  transactionCsvLine,
  transactionsCsvFileName,
  transactionsCsvQuerySchema,
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
  it("writes a header with every spec field, the label and the order's contact and delivery, and one line per row", () => {
    const csv = buildTransactionsCsv([payment, refund]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'orderId,requestId,amount,cardType,last4,transactionDate,captureStatus,isRefunded,isPartialRefund,' +
        'refundAmount,refundType,creditType,isDemoRefund,refundedOrderId,isPartialCapture,captureAmount,' +
        'originalAmount,refundDate,label,contactEmail,deliverTo,scheduledRefundAmount,takenBackAmount,' +
        'refundableAmount',
    );
    expect(lines[1]).toBe(
      'CC-7QX2MB4K9Z1A,req-1,68.20,VISA,1111,2026-03-01T12:00:00.000Z,partially_captured,false,true,' +
        '10.00,,,false,,true,45.10,68.20,,Partial Refund,,,,,35.10',
    );
    expect(lines[2]).toBe(
      'CC-7QX2MB4K9Z1A,req-1,10.00,VISA,1111,2026-03-01T12:00:00.000Z,,true,true,10.00,refund,,true,' +
        'CC-7QX2MB4K9Z1A,true,45.10,68.20,2026-03-02T09:30:00.000Z,Demo Refund,,,,,',
    );
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
    expect(TRANSACTION_CSV_COLUMNS).toHaveLength(24);
  });

  it('labels a cancelled charge and a settled partial capture as the console does', () => {
    const cancelled = transactionCsvLine({
      ...payment,
      captureStatus: 'captured',
      isPartialCapture: false,
      captureAmount: 68.2,
      isRefunded: true,
      isPartialRefund: false,
      refundAmount: 68.2,
      chargeCancelled: true,
      refundableAmount: 0,
    });
    expect(cancelled).toMatch(/,Cancelled,,,,,0\.00\r\n$/);
    expect(transactionCsvLine({ ...refund, refundMethod: 'void' })).toMatch(/,Charge Cancelled,,,,,\r\n$/);
    const settled = transactionCsvLine({
      ...payment,
      captureStatus: 'settled',
      isPartialRefund: false,
      refundAmount: 0,
    });
    expect(settled).toMatch(/,settled,.*,Partially Captured,,,,,35\.10\r\n$/);
  });

  it('tells what a scheduled refund, a chargeback and a bank return leave, as the history row does', () => {
    expect(transactionCsvLine({ ...payment, scheduledRefundAmount: 5, refundableAmount: 30.1 })).toMatch(
      /,Partial Refund,,,5\.00,,30\.10\r\n$/,
    );
    expect(transactionCsvLine({ ...payment, disputedAmount: 45.1 })).toMatch(
      /,Disputed,,,,45\.10,35\.10\r\n$/,
    );
    expect(transactionCsvLine({ ...payment, returnedByBank: true, refundableAmount: 0 })).toMatch(
      /,Returned by Bank,,,,45\.10,0\.00\r\n$/,
    );
  });

  it('gives a header only for no rows', () => {
    expect(buildTransactionsCsv([])).toBe(`${TRANSACTION_CSV_COLUMNS.join(',')}\r\n`);
    expect(TRANSACTIONS_CSV_HEADER).toBe(`${TRANSACTION_CSV_COLUMNS.join(',')}\r\n`);
  });

  it('is the header followed by the lines of the rows, so that it can be written a page at a time', () => {
    expect(buildTransactionsCsv([payment, refund])).toBe(
      TRANSACTIONS_CSV_HEADER + transactionCsvLine(payment) + transactionCsvLine(refund),
    );
  });

  it('writes its amounts as number cells and guards only its text, in both files', () => {
    const hostile = { ...payment, last4: '-1', requestId: '-5', contactEmail: '=HYPERLINK("x")' };
    const cells = transactionCsvLine(hostile).split(',');
    expect(cells[1]).toBe("'-5");
    expect(cells[2]).toBe('68.20');
    expect(cells[4]).toBe("'-1");
    expect(cells[9]).toBe('10.00');
    expect(cells[15]).toBe('45.10');
    const failed = failedAttemptCsvLines([
      { ...hostile, attempt: { outcome: 'failed', reason: '-x', paidWith: '@card' } },
    ]);
    expect(failed).toBe(
      `CC-7QX2MB4K9Z1A,'-5,68.20,'@card,2026-03-01T12:00:00.000Z,Failed,'-x,,,"'=HYPERLINK(""x"")",\r\n`,
    );
  });

  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas in text', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(false)).toBe('false');
    // Numbers are not text a person typed: a negative one keeps its sign.
    expect(csvCell(-1)).toBe('-1');
    const odd = buildTransactionsCsv([{ ...payment, cardType: 'VI,SA', requestId: null }]);
    expect(odd.split('\r\n')[1]).toMatch(/^CC-7QX2MB4K9Z1A,,68\.20,"VI,SA",1111,/);
    // What a shopper typed for the delivery is text, quoted where it must be, never a formula.
    const typed = transactionCsvLine({
      ...payment,
      contactEmail: '=cmd@example.com',
      deliverTo: '<script>alert(1)</script>, 1 "Main" St, Austin, TX 78701, United States',
    });
    expect(typed).toMatch(
      /,'=cmd@example\.com,"<script>alert\(1\)<\/script>, 1 ""Main"" St, Austin, TX 78701, United States",,,35\.10\r\n$/,
    );
  });
});

/**
 * The export as the console's browser used to build it from the rows it had loaded (apps/web's former
 * utils/transactions-csv.ts and its dollarsToCents, verbatim): the shared module must write the same bytes.
 */
const formerBrowserCsv = (() => {
  type FormerValue = string | number | boolean | null | undefined;
  const dollarsToCents = (dollars: number | null | undefined): number => {
    if (dollars === null || dollars === undefined) return 0;
    const parsed = parseDollars(dollars);
    if (parsed.ok) return parsed.cents;
    return Number.isFinite(dollars) ? Math.max(0, Math.round(dollars * 100)) : 0;
  };
  const money = (dollars: number | null | undefined): string =>
    dollars === null || dollars === undefined ? '' : centsToDecimalString(dollarsToCents(dollars));
  const cells: Record<(typeof TRANSACTION_CSV_COLUMNS)[number], (row: AdminTransaction) => FormerValue> = {
    orderId: (row) => row.orderId,
    requestId: (row) => row.requestId,
    amount: (row) => money(row.amount),
    cardType: (row) => row.cardType,
    last4: (row) => row.last4,
    transactionDate: (row) => row.transactionDate,
    captureStatus: (row) => row.captureStatus,
    isRefunded: (row) => row.isRefunded,
    isPartialRefund: (row) => row.isPartialRefund,
    refundAmount: (row) => money(row.refundAmount),
    refundType: (row) => row.refundType,
    creditType: (row) => row.creditType,
    isDemoRefund: (row) => row.isDemoRefund,
    refundedOrderId: (row) => row.refundedOrderId,
    isPartialCapture: (row) => row.isPartialCapture,
    captureAmount: (row) => money(row.captureAmount),
    originalAmount: (row) => money(row.originalAmount),
    refundDate: (row) => row.refundDate,
    label: (row) => transactionLabel(row),
    // Added with the orders' delivery (decision 027): written as any other text.
    contactEmail: (row) => row.contactEmail,
    deliverTo: (row) => row.deliverTo,
    // Added with the payment's figures (decision 048).
    scheduledRefundAmount: (row) => money(row.scheduledRefundAmount),
    takenBackAmount: (row) =>
      money(row.disputedAmount ?? (row.returnedByBank ? row.captureAmount : undefined)),
    refundableAmount: (row) => (row.refundType === 'refund' ? undefined : money(row.refundableAmount)),
  };
  const field = (value: FormerValue): string => {
    if (value === null || value === undefined) return '';
    let text = String(value);
    if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return (rows: readonly AdminTransaction[]): string => {
    const lines = [TRANSACTION_CSV_COLUMNS.join(',')];
    for (const row of rows)
      lines.push(TRANSACTION_CSV_COLUMNS.map((column) => field(cells[column](row))).join(','));
    return `${lines.join('\r\n')}\r\n`;
  };
})();

describe('the shared export and the browser export it replaced', () => {
  const samples: AdminTransaction[] = [
    payment,
    refund,
    { ...payment, id: 'settled', captureStatus: 'settled', isPartialRefund: false, refundAmount: 0 },
    { ...payment, id: 'voided', captureStatus: 'voided', captureAmount: 0, isPartialCapture: false },
    { ...payment, id: 'expired', captureStatus: 'expired', requestId: null, amount: 0.01 },
    {
      ...payment,
      id: 'authorized',
      captureStatus: 'authorized',
      amount: 1_000_000,
      originalAmount: 1_000_000,
    },
    { ...refund, id: 'scheduled', refundState: 'scheduled', isDemoRefund: false, refundMethod: 'refund' },
    { ...refund, id: 'void', refundMethod: 'void', isDemoRefund: false, amount: 45.1, refundAmount: 45.1 },
    { ...payment, id: 'credit', creditType: 'credit' },
    { ...payment, id: 'fully', isRefunded: true, isPartialRefund: false, refundAmount: 45.1 },
    { ...payment, id: 'bank', cardType: 'ACH', last4: '6789', bankName: 'First Bank' },
    { ...payment, id: 'wallet', orderId: 'GP-0123456789AB', wallet: 'Google Pay' },
    // Text a spreadsheet would run, and text that needs quoting, in every kind of text column.
    {
      ...payment,
      id: 'formula',
      orderId: '=HYPERLINK("http://x","y")',
      requestId: '+cmd|/C calc',
      last4: '-1',
    },
    { ...refund, id: 'quotes', cardType: 'say "hi", then\r\nleave', refundedOrderId: '@SUM(1)' },
    { ...payment, id: 'tab', cardType: '\tVISA', refundDate: '\r2026' },
    // Amounts that are not plain decimals (never sent by this server) take the same fallback as before.
    {
      ...payment,
      id: 'odd',
      amount: 0.005,
      refundAmount: 1.005,
      captureAmount: Number.NaN,
      originalAmount: -3,
    },
  ];

  it('writes byte for byte what the browser wrote, for each sample and for all of them at once', () => {
    for (const sample of samples) {
      expect(buildTransactionsCsv([sample]), sample.id).toBe(formerBrowserCsv([sample]));
    }
    expect(buildTransactionsCsv(samples)).toBe(formerBrowserCsv(samples));
    expect(buildTransactionsCsv([])).toBe(formerBrowserCsv([]));
  });
});

describe("the Failed filter's file", () => {
  const attempt: AdminTransaction = {
    ...payment,
    id: 'req-9',
    paymentId: '',
    captureStatus: null,
    isPartialRefund: false,
    refundAmount: 0,
    isPartialCapture: false,
    captureAmount: 0,
    refundableAmount: 0,
    cardType: '',
    last4: '',
    contactEmail: 'hana@example.com',
    attempt: {
      outcome: 'declined',
      reason: 'The issuer refused the payment without giving a reason.',
      respcode: '05',
      advice: 'retry_later',
      adviceText:
        'Retry later: the issuer may approve it on another day, or once the customer has called them.',
      paidWith: 'Card (payment page)',
    },
  };

  it('has columns of its own: how it was to be paid, the outcome, the reason, the code and the advice', () => {
    expect(FAILED_ATTEMPTS_CSV_HEADER).toBe(
      'orderId,requestId,amount,paidWith,transactionDate,label,reason,respcode,advice,contactEmail,deliverTo\r\n',
    );
    expect(failedAttemptCsvLines([attempt])).toBe(
      'CC-7QX2MB4K9Z1A,req-1,68.20,Card (payment page),2026-03-01T12:00:00.000Z,Declined,' +
        'The issuer refused the payment without giving a reason.,05,Retry later,hana@example.com,\r\n',
    );
    const abandoned: AdminTransaction = {
      ...attempt,
      attempt: { outcome: 'abandoned', reason: '=cmd, "x"', paidWith: 'Google Pay' },
    };
    expect(failedAttemptCsvLines([abandoned])).toBe(
      `CC-7QX2MB4K9Z1A,req-1,68.20,Google Pay,2026-03-01T12:00:00.000Z,Abandoned,"'=cmd, ""x""",,,hana@example.com,\r\n`,
    );
  });

  it("leaves the money history's file as it was", () => {
    expect(TRANSACTIONS_CSV_HEADER.startsWith('orderId,requestId,amount,cardType,last4,')).toBe(true);
    expect(TRANSACTIONS_CSV_HEADER).not.toContain('reason');
  });
});

describe('transactionsCsvFileName', () => {
  it('is transactions-YYYY-MM-DD.csv, dated in UTC like the times in the file', () => {
    expect(transactionsCsvFileName(new Date(Date.UTC(2026, 0, 5, 23, 59)))).toBe(
      'transactions-2026-01-05.csv',
    );
    expect(transactionsCsvFileName(new Date(Date.UTC(2026, 11, 31)))).toBe('transactions-2026-12-31.csv');
  });
});

describe('transactionsCsvQuerySchema', () => {
  const firstMessage = (query: unknown) => {
    const result = transactionsCsvQuerySchema.safeParse(query);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it('takes the history filters, trimmed, and nothing is required', () => {
    expect(transactionsCsvQuerySchema.parse({})).toEqual({});
    expect(transactionsCsvQuerySchema.parse({ status: 'refund', search: '  cc-7q ' })).toEqual({
      status: 'refund',
      search: 'cc-7q',
    });
  });

  it('refuses with the messages of the history list', () => {
    expect(firstMessage({ status: 'lost' })).toBe('Unknown status filter');
    expect(firstMessage({ search: 'x'.repeat(101) })).toBe('Search is too long');
    expect(firstMessage({ channel: 'cash' })).toBe('Unknown channel filter');
    expect(firstMessage({ from: '2026-02-29' })).toBe('From date must be a date written YYYY-MM-DD');
    expect(firstMessage({ to: '2026-1-5' })).toBe('To date must be a date written YYYY-MM-DD');
    expect(firstMessage({ from: '2026-01-06', to: '2026-01-05' })).toBe(
      'The From date must not be after the To date',
    );
    expect(firstMessage({ timeZone: 'Europe/Atlantis' })).toBe('Unknown time zone');
  });

  it('takes the channel, the dates and their time zone as the history list does', () => {
    const query = {
      channel: 'applepay',
      from: '2026-01-05',
      to: '2026-01-05',
      timeZone: 'America/Chicago',
      search: ' ada ',
    };
    expect(transactionsCsvQuerySchema.parse(query)).toEqual({ ...query, search: 'ada' });
    expect(transactionsCsvQuerySchema.parse({ status: 'failed' })).toEqual({ status: 'failed' });
  });
});
