import { buildTransactionsCsv, TRANSACTIONS_CSV_HEADER, type AdminTransaction } from '@store/core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authorizedPayment,
  countRows,
  testDatabaseKinds,
  useAdminSession,
  useTestServer,
  type TestServer,
} from '../../testing/test-server';

/** One payment of the fixture: how it was paid, for whom, when. */
interface Seeded {
  orderId: string;
  channel: 'card' | 'googlepay' | 'applepay';
  deliveryName: string;
  email: string;
  customer?: 'grace';
  saved?: 'card' | 'ach';
  brand: string;
  last4: string;
  cents: number;
  at: string;
  /** Captured in full and refunded this much, a day later. */
  refundCents?: number;
}

/**
 * Payments of every channel, made on known days of March 2025 (Chicago is five hours behind UTC then), for
 * guests and for one signed-in customer (Grace Hopper) who pays with a saved card and a bank account.
 */
const SEEDED = {
  ada: {
    orderId: 'CC-7QX2K9M4P1AA',
    channel: 'card',
    deliveryName: 'Ada Lovelace',
    email: 'Ada.Lovelace@example.com',
    brand: 'MC',
    last4: '5454',
    cents: 1574,
    at: '2025-03-10T12:00:00.000Z',
  },
  navy: {
    orderId: 'CC-8RZ3L0N5Q2BB',
    channel: 'card',
    deliveryName: 'Navy Office',
    email: 'orders@navy.example',
    customer: 'grace',
    saved: 'card',
    brand: 'VISA',
    last4: '1881',
    cents: 3148,
    // March 11 in UTC, still the evening of March 10 in Chicago.
    at: '2025-03-11T03:30:00.000Z',
  },
  bank: {
    orderId: 'CC-9SV4M1P6R3CC',
    channel: 'card',
    deliveryName: 'Grace Hopper',
    email: 'grace@navy.example',
    customer: 'grace',
    saved: 'ach',
    brand: 'ACH',
    last4: '6789',
    cents: 5000,
    at: '2025-03-12T15:00:00.000Z',
    refundCents: 1000,
  },
  zoe: {
    orderId: 'GP-2TW5N2Q7S4DD',
    channel: 'googlepay',
    deliveryName: 'Zoë Ångström',
    email: 'zoe@example.com',
    brand: 'VISA',
    last4: '1111',
    cents: 1574,
    at: '2025-03-14T09:00:00.000Z',
  },
  byron: {
    orderId: 'AP-3VX6P3R8T5EE',
    channel: 'applepay',
    deliveryName: 'Ada Byron',
    email: 'byron@example.com',
    brand: 'AMEX',
    last4: '0005',
    cents: 2099,
    at: '2025-03-15T09:00:00.000Z',
  },
  hostile: {
    orderId: 'CC-4WY7Q4S9V6FF',
    channel: 'card',
    deliveryName: "Robert'); drop table payments;--",
    email: "o'hara%_\\@example.com",
    brand: 'VISA',
    last4: '0002',
    cents: 999,
    at: '2025-03-16T09:00:00.000Z',
  },
} satisfies Record<string, Seeded>;
type Name = keyof typeof SEEDED;

/** Writes the fixture as the store records payments: order, payment request, payment (and refund). */
async function seed(server: TestServer): Promise<{ customerNumber: number }> {
  const query = server.database.sql.query.bind(server.database.sql);
  const { rows: customers } = await query<{ id: string; numeric_id: number }>(
    `insert into customers (name, email, password_hash) values ('Grace Hopper', 'Grace.Hopper@Navy.example', 'x')
     returning id, numeric_id`,
  );
  const customer = customers[0]!;
  const { rows: methods } = await query<{ kind: string; id: string }>(
    `insert into saved_payment_methods (customer_id, kind, gateway_account_id, card_brand, last4, holder_name,
       expiry_month, expiry_year, bank_name, account_type, routing_number_last4)
     values ($1, 'card', '1', 'VISA', '1881', 'Grace Hopper', 12, 2030, null, null, null),
            ($1, 'ach', '2', null, '6789', 'Grace Hopper', null, null, 'First Test Bank', 'CHECKING', '0021')
     returning kind, id`,
    [customer.id],
  );
  const methodOf = (kind: string) => methods.find((method) => method.kind === kind)!.id;
  let retref = 0;
  for (const payment of Object.values(SEEDED) as Seeded[]) {
    const customerId = payment.customer ? customer.id : null;
    await query(
      `insert into orders (id, channel, customer_name, subtotal_cents, tax_cents, total_cents, contact_email,
         delivery_name, delivery_address, delivery_city, delivery_state, delivery_zip, delivery_country,
         customer_id, created_at)
       values ($1, $2, $3, $4, 0, $4, $5, $3, '1 Test Street', 'Austin', 'TX', '78701', 'US', $6, $7)`,
      [
        payment.orderId,
        payment.channel,
        payment.deliveryName,
        payment.cents,
        payment.email,
        customerId,
        payment.at,
      ],
    );
    const { rows: requests } = await query<{ request_id: string }>(
      `insert into payment_requests (request_id, order_id, amount_cents, status, customer_id, saved_method_id,
         authorized_by, method_kind, bank_name, created_at)
       values (gen_random_uuid(), $1, $2, 'approved', $3, $4, $5, $6, $7, $8) returning request_id`,
      [
        payment.orderId,
        payment.cents,
        customerId,
        payment.saved ? methodOf(payment.saved) : null,
        payment.saved || payment.channel !== 'card' ? 'store' : 'hosted_page',
        payment.saved === 'ach' ? 'ach' : payment.channel === 'card' && !payment.saved ? null : 'card',
        payment.saved === 'ach' ? 'First Test Bank' : null,
        payment.at,
      ],
    );
    const refund = payment.refundCents ?? 0;
    const { rows: made } = await query<{ id: string }>(
      `insert into payments (order_id, request_id, retref, card_brand, last4, bank_name, auth_code,
         authorized_cents, captured_cents, refunded_cents, capture_status, authorized_at, captured_at, created_at)
       values ($1, $2, $3, $4, $5, $6, 'A1', $7, $8, $9, $10, $11, $12, $11) returning id`,
      [
        payment.orderId,
        requests[0]!.request_id,
        `search-${++retref}`,
        payment.brand,
        payment.last4,
        payment.saved === 'ach' ? 'First Test Bank' : null,
        payment.cents,
        refund > 0 ? payment.cents : 0,
        refund,
        refund > 0 ? 'captured' : 'authorized',
        payment.at,
        refund > 0 ? payment.at : null,
      ],
    );
    if (refund > 0) {
      await query(
        `insert into money_operations (payment_id, kind, amount_cents, status, method, actor, created_at,
           completed_at)
         values ($1, 'refund', $2, 'succeeded', 'refund', 'admin', $3::timestamptz + interval '1 day',
           $3::timestamptz + interval '1 day')`,
        [made[0]!.id, refund, payment.at],
      );
    }
  }
  return { customerNumber: customer.numeric_id };
}

describe.each(testDatabaseKinds())('Transaction History search and filters on $name', (kind) => {
  const server = useTestServer(kind);
  const admin = useAdminSession(server);
  let customerNumber: number;
  let shopper: { orderId: string; paymentId: string };

  beforeAll(async () => {
    ({ customerNumber } = await seed(server));
    // A payment made as a shopper makes it today, through the hosted page: Pat Shopper, VISA 1111, $68.20.
    shopper = await authorizedPayment(server);
  });

  async function listed(body: Record<string, unknown>): Promise<AdminTransaction[]> {
    const answer = await admin.post('/api/admin/transactions', { limit: 500, ...body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.transactions as AdminTransaction[];
  }

  /** The seeded payments a query lists (a refund row as "name refund"), newest first; the shopper as "shopper". */
  async function found(body: Record<string, unknown>): Promise<string[]> {
    return (await listed(body)).map((row) => {
      const name =
        row.orderId === shopper.orderId
          ? 'shopper'
          : (Object.keys(SEEDED) as Name[]).find((key) => SEEDED[key].orderId === row.orderId);
      return row.refundType === 'refund' ? `${name} refund` : String(name);
    });
  }

  async function refusal(body: Record<string, unknown>): Promise<string> {
    const answer = await admin.post('/api/admin/transactions', body);
    expect(answer.status, JSON.stringify(body)).toBe(400);
    expect(answer.body.status).toBe('error');
    return String(answer.body.message);
  }

  it('finds a payment by the words of its delivery name or its customer’s name, from their start', async () => {
    expect(await found({ search: 'ada' })).toEqual(['byron', 'ada']);
    expect(await found({ search: 'Lovelace' })).toEqual(['ada']);
    expect(await found({ search: '  ADA   love ' })).toEqual(['ada']);
    expect(await found({ search: 'lovelace ada' })).toEqual(['ada']);
    // The customer's own name finds every order of theirs, whatever name the delivery carries.
    expect(await found({ search: 'grace' })).toEqual(['bank refund', 'bank', 'navy']);
    expect(await found({ search: 'hopp' })).toEqual(['bank refund', 'bank', 'navy']);
    expect(await found({ search: 'zoë' })).toEqual(['zoe']);
    expect(await found({ search: 'ÅNGSTRÖM' })).toEqual(['zoe']);
    expect(await found({ search: 'pat' })).toEqual(['shopper']);
    // Words are matched from their start, not inside them.
    expect(await found({ search: 'velace' })).toEqual([]);
    expect(await found({ search: 'ada lovelace smith' })).toEqual([]);
  });

  it('finds a payment by the start of the order email or the customer’s email, whatever its case', async () => {
    expect(await found({ search: 'ada.lovelace@example.com' })).toEqual(['ada']);
    expect(await found({ search: 'ADA.LOVELACE@EXAMPLE.COM' })).toEqual(['ada']);
    expect(await found({ search: 'ada.love' })).toEqual(['ada']);
    expect(await found({ search: 'orders@navy' })).toEqual(['navy']);
    // The account's email finds the customer's orders, whatever contact email each gave.
    expect(await found({ search: 'grace.hopper@navy.example' })).toEqual(['bank refund', 'bank', 'navy']);
    expect(await found({ search: 'shopper@example.com' })).toEqual(['shopper']);
    expect(await found({ search: 'ada.lovelace@example.co.uk' })).toEqual([]);
  });

  it('finds a payment by last 4, Customer ID, amount or order id', async () => {
    expect(await found({ search: '5454' })).toEqual(['ada']);
    expect(await found({ search: '6789' })).toEqual(['bank refund', 'bank']);
    expect(await found({ search: '1111' })).toEqual(['shopper', 'zoe']);
    expect(await found({ search: String(customerNumber) })).toEqual(['bank refund', 'bank', 'navy']);
    expect(await found({ search: '15.74' })).toEqual(['zoe', 'ada']);
    expect(await found({ search: '$15.74' })).toEqual(['zoe', 'ada']);
    expect(await found({ search: '$50' })).toEqual(['bank refund', 'bank']);
    expect(await found({ search: '50.00' })).toEqual(['bank refund', 'bank']);
    expect(await found({ search: '68.2' })).toEqual(['shopper']);
    expect(await found({ search: '15.7' })).toEqual([]);
    expect(await found({ search: 'cc-7qx2' })).toEqual(['ada']);
    expect(await found({ search: SEEDED.byron.orderId })).toEqual(['byron']);
    expect(await found({ search: 'gp-' })).toEqual(['zoe']);
    // The part after the channel, as read out from a receipt without its "CC-".
    expect(await found({ search: '7qx2k' })).toEqual(['ada']);
    expect(await found({ search: shopper.orderId.slice(3) })).toEqual(['shopper']);
  });

  it('filters by channel: card on the hosted page, saved card, bank account, Google Pay, Apple Pay', async () => {
    expect(await found({ channel: 'card' })).toEqual(['shopper', 'hostile', 'ada']);
    expect(await found({ channel: 'saved_card' })).toEqual(['navy']);
    expect(await found({ channel: 'ach' })).toEqual(['bank refund', 'bank']);
    expect(await found({ channel: 'googlepay' })).toEqual(['zoe']);
    expect(await found({ channel: 'applepay' })).toEqual(['byron']);
    expect((await found({ channel: 'all' })).length).toBe(8);
  });

  it('filters by calendar days, both included, in the time zone given (UTC without one)', async () => {
    expect(await found({ from: '2025-03-10', to: '2025-03-10' })).toEqual(['ada']);
    expect(await found({ from: '2025-03-10', to: '2025-03-10', timeZone: 'America/Chicago' })).toEqual([
      'navy',
      'ada',
    ]);
    expect(await found({ from: '2025-03-11', to: '2025-03-12' })).toEqual(['bank', 'navy']);
    // A refund row is listed on its own day.
    expect(await found({ from: '2025-03-13', to: '2025-03-13' })).toEqual(['bank refund']);
    expect(await found({ from: '2025-03-15' })).toEqual(['shopper', 'hostile', 'byron']);
    expect(await found({ to: '2025-03-10' })).toEqual(['ada']);
    expect(await found({ from: '2025-03-15', to: '2025-03-15', timeZone: 'Asia/Tokyo' })).toEqual(['byron']);
    // Fourteen hours ahead of UTC: March 14 there began on March 13 at 10:00 UTC.
    expect(await found({ from: '2025-03-14', to: '2025-03-14', timeZone: 'Pacific/Kiritimati' })).toEqual([
      'zoe',
      'bank refund',
    ]);
  });

  it('combines the search with every filter', async () => {
    expect(await found({ search: 'ada', channel: 'applepay' })).toEqual(['byron']);
    expect(await found({ search: 'grace', channel: 'ach' })).toEqual(['bank refund', 'bank']);
    expect(await found({ search: 'grace', channel: 'saved_card' })).toEqual(['navy']);
    expect(await found({ search: '6789', status: 'refund' })).toEqual(['bank refund']);
    expect(await found({ search: 'grace', status: 'pending' })).toEqual(['navy']);
    expect(await found({ search: '15.74', from: '2025-03-01', to: '2025-03-13' })).toEqual(['ada']);
    expect(
      await found({
        search: '1111',
        channel: 'card',
        from: '2025-01-01',
        to: '2025-12-31',
        status: 'pending',
      }),
    ).toEqual([]);
    expect(await found({ search: 'grace', from: '2025-03-12', to: '2025-03-13' })).toEqual([
      'bank refund',
      'bank',
    ]);
  });

  it('pages through a searched list without losing or repeating a row', async () => {
    const whole = await found({ search: 'grace' });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const answer = await admin.post('/api/admin/transactions', { search: 'grace', limit: 1, cursor });
      expect(answer.status).toBe(200);
      for (const row of answer.body.transactions as AdminTransaction[]) {
        seen.push(`${row.orderId} ${row.refundType ?? 'payment'}`);
      }
      cursor = (answer.body.nextCursor as string | null) ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(whole.length);
    expect(new Set(seen).size).toBe(whole.length);
  });

  it('reads a searched list afresh after a change made behind the store’s back', async () => {
    expect(await found({ search: 'ada' })).toEqual(['byron', 'ada']);
    await server.database.sql.query("update orders set delivery_name = 'Eve Byrne' where id = $1", [
      SEEDED.byron.orderId,
    ]);
    try {
      expect(await found({ search: 'ada' })).toEqual(['ada']);
      expect(await found({ search: 'byrne' })).toEqual(['byron']);
    } finally {
      await server.database.sql.query("update orders set delivery_name = 'Ada Byron' where id = $1", [
        SEEDED.byron.orderId,
      ]);
    }
  });

  it('treats every search as text: quotes, wildcards and query operators match only themselves', async () => {
    const before = await countRows(server.database, 'payments');
    for (const search of [
      "'; drop table payments; --",
      "ada' or '1'='1",
      '%',
      '_',
      '%@%',
      '\\',
      'ada:* | b',
      '!ada',
      '(ada',
      "robert');",
      '$',
      '1 = 1',
    ]) {
      const rows = await found({ search });
      expect(rows, search).not.toContain('zoe');
      expect(rows.length, search).toBeLessThanOrEqual(2);
    }
    expect(await found({ search: "Robert'); drop" })).toEqual(['hostile']);
    expect(await found({ search: "o'hara%_\\@" })).toEqual(['hostile']);
    expect(await found({ search: "o'hara%_\\@example.com" })).toEqual(['hostile']);
    expect(await found({ search: '%hara' })).toEqual([]);
    expect(await countRows(server.database, 'payments')).toBe(before);
  });

  it('refuses bad searches and filters with a clear 400, never a 500', async () => {
    expect(await refusal({ search: 'x'.repeat(101) })).toBe('Search is too long');
    expect(await refusal({ search: 42 })).toBe('Search must be text');
    expect(await refusal({ channel: 'cash' })).toBe('Unknown channel filter');
    expect(await refusal({ status: 'lost' })).toBe('Unknown status filter');
    expect(await refusal({ from: '2025-02-30' })).toBe('From date must be a date written YYYY-MM-DD');
    expect(await refusal({ from: '10/03/2025' })).toBe('From date must be a date written YYYY-MM-DD');
    expect(await refusal({ to: 'yesterday' })).toBe('To date must be a date written YYYY-MM-DD');
    expect(await refusal({ to: '1999-12-31' })).toBe('To date must be a date written YYYY-MM-DD');
    expect(await refusal({ to: 20250310 })).toBe('To date must be a date written YYYY-MM-DD');
    expect(await refusal({ from: '2025-03-12', to: '2025-03-11' })).toBe(
      'The From date must not be after the To date',
    );
    expect(await refusal({ from: '2025-03-10', timeZone: 'Mars/Olympus_Mons' })).toBe('Unknown time zone');
    expect(await refusal({ timeZone: "UTC'; select 1" })).toBe('Unknown time zone');
    // The widest range there is still answers.
    expect(
      (await found({ from: '2000-01-01', to: '9999-12-31', timeZone: 'Pacific/Kiritimati' })).length,
    ).toBe(8);
  });

  it('exports what the searched and filtered list shows', async () => {
    const download = async (query: Record<string, string>) => {
      const answer = await fetch(
        `${server.url}/api/admin/transactions.csv?${new URLSearchParams(query).toString()}`,
        { headers: { cookie: admin.cookie } },
      );
      return { status: answer.status, text: await answer.text() };
    };
    const queries: Record<string, string>[] = [
      { search: 'grace', channel: 'ach' },
      { search: 'ada' },
      { search: '$15.74' },
      { channel: 'googlepay' },
      { from: '2025-03-10', to: '2025-03-10', timeZone: 'America/Chicago' },
      { search: '6789', status: 'refund' },
    ];
    for (const query of queries) {
      const csv = await download(query);
      expect(csv.status, JSON.stringify(query)).toBe(200);
      expect(csv.text, JSON.stringify(query)).toBe(buildTransactionsCsv(await listed(query)));
      expect(csv.text.length).toBeGreaterThan(TRANSACTIONS_CSV_HEADER.length);
    }
    const chicago = await download({ from: '2025-03-10', to: '2025-03-10', timeZone: 'America/Chicago' });
    expect(chicago.text.split('\r\n').filter((line) => line !== '')).toHaveLength(3);

    const refused = await download({ from: '2025-03-12', to: '2025-03-11' });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toEqual({
      status: 'error',
      message: 'The From date must not be after the To date',
      error: 'invalid',
    });
    for (const [query, message] of [
      [{ channel: 'cash' }, 'Unknown channel filter'],
      [{ timeZone: 'Nowhere/Else' }, 'Unknown time zone'],
      [{ to: '2025-13-01' }, 'To date must be a date written YYYY-MM-DD'],
    ] as const) {
      const answer = await download(query);
      expect(answer.status).toBe(400);
      expect((JSON.parse(answer.text) as { message: string }).message).toBe(message);
    }
  });

  it('audits an export with its search and filters', async () => {
    const answer = await fetch(
      `${server.url}/api/admin/transactions.csv?search=grace&channel=ach&from=2025-03-01&to=2025-03-31&timeZone=America%2FChicago`,
      { headers: { cookie: admin.cookie } },
    );
    await answer.text();
    const events = (await admin.post('/api/admin/audit-log', { limit: 1 })).body.events as {
      detail: string;
    }[];
    expect(events[0]!.detail).toBe(
      'transaction history CSV: 2 rows (status all, channel ach, from 2025-03-01, to 2025-03-31, time zone America/Chicago, search "grace")',
    );
  });
});
