import { createOrderId, type AdminCustomer, type AdminCustomerRow } from '@store/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addressBookAt } from '../../testing/address-book';
import { shoppersAt, VISA, type Shopper } from '../../testing/shoppers';
import {
  countRows,
  testDatabaseKinds,
  useAdminSession,
  useTestServer,
  type TestServer,
} from '../../testing/test-server';

const MASTERCARD = '5454 5454 5454 5454';
const AMEX = '3782 822463 10005';

async function readCustomer(server: TestServer, customerId: string | number, cookie?: string) {
  const response = await fetch(`${server.url}/api/admin/customers/${customerId}`, {
    headers: cookie ? { cookie } : {},
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as Record<string, unknown> };
}

async function customerIdOf(server: TestServer, shopper: Shopper): Promise<number> {
  const { rows } = await server.database.sql.query<{ numeric_id: number }>(
    'select numeric_id from customers where id = $1',
    [shopper.id],
  );
  return Number(rows[0]!.numeric_id);
}

async function viewLines(server: TestServer) {
  const { rows } = await server.database.sql.query<{ actor: string; detail: string; outcome: string }>(
    "select actor, detail, outcome from audit_events where action = 'view_customer' order by at, id",
  );
  return rows;
}

describe.each(testDatabaseKinds())("the console's Customers, on $name", (kind) => {
  const server = useTestServer(kind);
  const admin = useAdminSession(server);
  const shoppers = shoppersAt(server);
  const book = addressBookAt(server);
  const people = {} as Record<'ada' | 'grace' | 'byron' | 'pat1' | 'pat2', Shopper>;
  const ids = {} as Record<keyof typeof people, number>;
  const orderIds: string[] = [];

  const search = async (body: Record<string, unknown>) => {
    const answer = await admin.post('/api/admin/customers', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.customers as AdminCustomerRow[];
  };
  const found = async (text: string) => (await search({ search: text })).map((row) => row.customerId);

  beforeAll(async () => {
    // Opened in this order: Ada first, so the newest is the last one.
    people.ada = await shoppers.register({ name: 'Ada Lovelace', email: 'Ada.Lovelace@Example.com' });
    people.grace = await shoppers.register({ name: 'Grace Hopper', email: 'grace.hopper@navy.example' });
    people.byron = await shoppers.register({ name: 'Ada Byron', email: 'byron@example.com' });
    people.pat1 = await shoppers.register({ name: 'Pat Shopper', email: 'pat1@example.com' });
    people.pat2 = await shoppers.register({ name: 'Pat Shopper', email: 'pat2@example.com' });
    for (const name of Object.keys(people) as (keyof typeof people)[]) {
      ids[name] = await customerIdOf(server, people[name]);
    }
    // Ada: three cards and a bank account, two addresses, two orders paid with her first card.
    const visa = await shoppers.saveCard(people.ada, VISA);
    await shoppers.saveCard(people.ada, MASTERCARD);
    await shoppers.saveCard(people.ada, AMEX);
    await shoppers.saveBankAccount(people.ada);
    await book.added(people.ada, { name: 'Ada Lovelace', address: '12 St James Square', city: 'London' });
    await book.added(people.ada, { name: 'Ada at work', address: '1 Analytical Row', city: 'Austin' });
    for (let order = 0; order < 2; order += 1) {
      const orderId = createOrderId('card');
      const paid = await shoppers.pay(people.ada, visa.id, { orderId });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      orderIds.push(orderId);
    }
  });

  it('lists customers newest first, with their saved methods, orders and last order', async () => {
    const rows = await search({});
    expect(rows.map((row) => row.customerId)).toEqual([ids.pat2, ids.pat1, ids.byron, ids.grace, ids.ada]);
    const ada = rows.find((row) => row.customerId === ids.ada)!;
    expect(ada).toMatchObject({
      name: 'Ada Lovelace',
      email: 'Ada.Lovelace@Example.com',
      savedMethodCount: 4,
      orderCount: 2,
    });
    expect(Date.parse(ada.createdAt)).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(Date.parse(ada.lastOrderAt!)).toBeGreaterThanOrEqual(Date.parse(ada.createdAt));
    expect(rows.find((row) => row.customerId === ids.grace)).toMatchObject({
      savedMethodCount: 0,
      orderCount: 0,
      lastOrderAt: null,
    });
  });

  it('finds a customer by Customer ID, exactly', async () => {
    expect(await found(String(ids.grace))).toEqual([ids.grace]);
    expect(await found(` ${ids.ada} `)).toEqual([ids.ada]);
    // Not a Customer ID: too short, too long, or below the first one.
    expect(await found(String(ids.grace).slice(0, 5))).toEqual([]);
    expect(await found(`${ids.grace}0000`)).toEqual([]);
    expect(await found('100000')).toEqual([]);
    expect(await found('999999')).toEqual([]);
  });

  it("finds a customer by the starts of their name's words, any case, in any order", async () => {
    expect(await found('ada')).toEqual([ids.byron, ids.ada]);
    expect(await found('ada love')).toEqual([ids.ada]);
    expect(await found('LOVELACE ada')).toEqual([ids.ada]);
    expect(await found('hop')).toEqual([ids.grace]);
    // Words from their start only.
    expect(await found('velace')).toEqual([]);
    expect(await found('ada hopper')).toEqual([]);
  });

  it('finds a customer by the start of their email, any case', async () => {
    expect(await found('GRACE.HOPPER@NAVY')).toEqual([ids.grace]);
    expect(await found('ada.lovelace@example.com')).toEqual([ids.ada]);
    expect(await found('pat')).toEqual([ids.pat2, ids.pat1]);
    expect(await found('pat2@')).toEqual([ids.pat2]);
    expect(await found('@example.com')).toEqual([]);
  });

  it('finds nothing for a search that could match nothing', async () => {
    expect(await found('$15.74')).toEqual([]);
    expect(await found('CC-7QX2')).toEqual([]);
  });

  it('pages through the customers, each once, with a cursor', async () => {
    const seen: number[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const answer = await admin.post('/api/admin/customers', { limit: 2, ...(cursor ? { cursor } : {}) });
      expect(answer.status).toBe(200);
      seen.push(...(answer.body.customers as AdminCustomerRow[]).map((row) => row.customerId));
      cursor = answer.body.nextCursor as string | null;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual([ids.pat2, ids.pat1, ids.byron, ids.grace, ids.ada]);
    // A search pages the same way.
    const first = await admin.post('/api/admin/customers', { search: 'ada', limit: 1 });
    expect((first.body.customers as AdminCustomerRow[]).map((row) => row.customerId)).toEqual([ids.byron]);
    const second = await admin.post('/api/admin/customers', {
      search: 'ada',
      limit: 1,
      cursor: first.body.nextCursor,
    });
    expect((second.body.customers as AdminCustomerRow[]).map((row) => row.customerId)).toEqual([ids.ada]);
  });

  it('refuses a cursor it did not give, a search too long and a limit out of range', async () => {
    for (const body of [
      { cursor: 'abc' },
      { cursor: '0' },
      { search: 'a'.repeat(101) },
      { limit: 0 },
      { limit: 101 },
      { search: 42 },
    ]) {
      const answer = await admin.post('/api/admin/customers', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.status).toBe('error');
    }
  });

  it('treats a search as data: quotes, wildcards and text search operators match only themselves', async () => {
    const before = await countRows(server.database, 'customers');
    for (const text of [
      "' or 1=1 --",
      "ada'; drop table customers;--",
      '%',
      '_',
      '\\',
      'x%y',
      'ada | grace',
      'ada & grace',
      '1 = 1',
      "o'hara",
    ]) {
      expect(await found(text), text).toEqual([]);
    }
    // Operators are not operators: what is left of the text is its words, searched as words.
    for (const text of ['ada:*', '!ada', "ada'", '(ada)', 'ada\\']) {
      expect(await found(text), text).toEqual([ids.byron, ids.ada]);
    }
    expect(await countRows(server.database, 'customers')).toBe(before);
  });

  it("shows a customer's page: saved methods, addresses, orders; never a gateway id or a card number", async () => {
    const answer = await readCustomer(server, ids.ada, admin.cookie);
    expect(answer.status, answer.text).toBe(200);
    const customer = answer.body.customer as AdminCustomer;
    expect(customer).toMatchObject({
      customerId: ids.ada,
      name: 'Ada Lovelace',
      email: 'Ada.Lovelace@Example.com',
      orderCount: 2,
    });
    expect(Date.parse(customer.createdAt)).not.toBeNaN();

    // The default (the first saved) first, then the oldest first; only what a person may see, and the
    // store's own id of each method (what a telephone order names it by).
    const { rows: methodIds } = await server.database.sql.query<{ id: string }>(
      `select id::text as id from saved_payment_methods where customer_id = $1
       order by is_default desc, created_at, id`,
      [people.ada.id],
    );
    expect(customer.savedMethods).toEqual([
      {
        id: methodIds[0]!.id,
        kind: 'card',
        cardBrand: 'VISA',
        last4: '1111',
        expiryMonth: 12,
        expiryYear: 2030,
        isDefault: true,
      },
      {
        id: methodIds[1]!.id,
        kind: 'card',
        cardBrand: 'MASTERCARD',
        last4: '5454',
        expiryMonth: 12,
        expiryYear: 2030,
        isDefault: false,
      },
      {
        id: methodIds[2]!.id,
        kind: 'card',
        cardBrand: 'AMEX',
        last4: '0005',
        expiryMonth: 12,
        expiryYear: 2030,
        isDefault: false,
      },
      { id: methodIds[3]!.id, kind: 'ach', bankName: 'First Sandbox Bank', last4: '3210', isDefault: false },
    ]);

    // The address book: the default (the first added) first, then the newest, each with the store's id.
    expect(customer.addresses.map((address) => [address.name, address.isDefault])).toEqual([
      ['Ada Lovelace', true],
      ['Ada at work', false],
    ]);
    expect(customer.addresses[0]).toMatchObject({ address: '12 St James Square', city: 'London' });
    const { rows: addressIds } = await server.database.sql.query<{ id: string }>(
      'select id::text as id from customer_addresses where customer_id = $1',
      [people.ada.id],
    );
    expect(customer.addresses.map((address) => address.id).sort()).toEqual(
      addressIds.map((row) => row.id).sort(),
    );

    // Newest first, with the status the shopper reads.
    expect(customer.orders.map((order) => order.orderId)).toEqual([...orderIds].reverse());
    for (const order of customer.orders) {
      expect(order).toEqual({
        orderId: expect.stringMatching(/^CC-/),
        placedAt: expect.any(String),
        total: 10.49,
        orderStatus: 'authorized',
        statusAmount: 10.49,
        statusHeld: true,
      });
    }

    // Nothing the gateway identifies the customer or an account by, nor any card or account number.
    const { rows: secrets } = await server.database.sql.query<{ secret: string }>(
      `select gateway_profile_id as secret from customers where id = $1 and gateway_profile_id is not null
       union all select gateway_account_id from saved_payment_methods where customer_id = $1
       union all select password_hash from customers where id = $1
       union all select id::text from customers where id = $1`,
      [people.ada.id],
    );
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    for (const { secret } of secrets) {
      // Gateway account ids are short numbers ("1"): compared as values, not as text within the answer.
      if (secret.length < 6) expect(JSON.stringify(customer.savedMethods)).not.toContain(`"${secret}"`);
      else expect(answer.text).not.toContain(secret);
    }
    for (const number of [VISA, MASTERCARD, AMEX, '9876543210', '036001808']) {
      expect(answer.text).not.toContain(number.replaceAll(' ', ''));
    }
    expect(answer.text).not.toMatch(/profile|acctid|accountId|holder|routing|password/i);
  });

  it('shows a customer with nothing yet', async () => {
    const answer = await readCustomer(server, ids.grace, admin.cookie);
    expect(answer.status).toBe(200);
    expect(answer.body.customer).toMatchObject({
      customerId: ids.grace,
      savedMethods: [],
      addresses: [],
      orders: [],
      orderCount: 0,
    });
  });

  it('audits every view of a page with the operator and the Customer ID; a search is not a view', async () => {
    const before = (await viewLines(server)).length;
    await readCustomer(server, ids.byron, admin.cookie);
    await readCustomer(server, ids.byron, admin.cookie);
    await search({ search: String(ids.byron) });
    await search({});
    const lines = (await viewLines(server)).slice(before);
    expect(lines).toEqual([
      { actor: 'admin', detail: `Customer ID ${ids.byron}`, outcome: 'success' },
      { actor: 'admin', detail: `Customer ID ${ids.byron}`, outcome: 'success' },
    ]);
  });

  it('answers 404 for a Customer ID nobody has, 400 for one that is no number', async () => {
    const before = (await viewLines(server)).length;
    for (const id of ['999999', '100000', '0', '9999999999', '2147483648']) {
      const answer = await readCustomer(server, id, admin.cookie);
      expect(answer.status, id).toBe(404);
      expect(answer.body).toEqual({ status: 'error', message: 'Customer not found', error: 'not_found' });
    }
    for (const id of ['abc', '12a', '-1', '1.5', '12345678901']) {
      const answer = await readCustomer(server, id, admin.cookie);
      expect(answer.status, id).toBe(400);
      expect(answer.body.status).toBe('error');
    }
    expect((await viewLines(server)).length).toBe(before);
  });

  it('answers 401 without an admin session, reading and auditing nothing', async () => {
    const before = (await viewLines(server)).length;
    const page = await readCustomer(server, ids.ada);
    expect(page.status).toBe(401);
    expect(page.text).not.toContain('Lovelace');
    const list = await server.post('/api/admin/customers', { search: 'ada' });
    expect(list.status).toBe(401);
    expect(JSON.stringify(list.body)).not.toContain('Lovelace');
    // A customer's own session is not an admin's.
    const asCustomer = await readCustomer(server, ids.ada, people.ada.cookie);
    expect(asCustomer.status).toBe(401);
    expect((await viewLines(server)).length).toBe(before);
  });
});
