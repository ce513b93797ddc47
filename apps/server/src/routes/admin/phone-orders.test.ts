import { beforeAll, describe, expect, it } from 'vitest';
import { SHOPPER_DECLINE } from '../../services/checkout/shopper-answers';
import { FREE_SAVED_PAYMENTS } from '../../services/accounts/throttles';
import { addressBookAt } from '../../testing/address-book';
import { DECLINING_VISA, shoppersAt, type Shopper } from '../../testing/shoppers';
import {
  TEST_ADMIN,
  testDatabaseKinds,
  THREE_PENS_TWO_REAMS,
  useAdminSession,
  useTestServer,
  type TestServer,
} from '../../testing/test-server';

async function customerIdOf(server: TestServer, shopper: Shopper): Promise<number> {
  const { rows } = await server.database.sql.query<{ numeric_id: number }>(
    'select numeric_id from customers where id = $1',
    [shopper.id],
  );
  return Number(rows[0]!.numeric_id);
}

describe.each(testDatabaseKinds())('orders taken by telephone, on $name', (kind) => {
  const server = useTestServer(kind);
  const admin = useAdminSession(server);
  const shoppers = shoppersAt(server);
  const addresses = addressBookAt(server);
  let caller: Shopper;
  let callerId: number;
  let card: string;
  let address: string;
  let other: Shopper;
  let othersCard: string;
  let othersAddress: string;

  beforeAll(async () => {
    caller = await shoppers.register({ name: 'Ada Caller' });
    callerId = await customerIdOf(server, caller);
    card = (await shoppers.saveCard(caller)).id;
    address = (
      await addresses.added(caller, { name: 'Ada Caller', city: 'Denver', state: 'CO', zip: '80202' })
    ).id;
    other = await shoppers.register({ name: 'Otto Other' });
    othersCard = (await shoppers.saveCard(other)).id;
    othersAddress = (await addresses.added(other)).id;
  });

  const order = (
    overrides: Record<string, unknown> = {},
    headers: Record<string, string> = {},
    customer = callerId,
  ) =>
    admin.post(
      `/api/admin/customers/${customer}/phone-orders`,
      { items: THREE_PENS_TWO_REAMS, amount: 68.2, addressId: address, methodId: card, ...overrides },
      headers,
    );

  it("authorizes the customer's saved card as a telephone order that then behaves as any order", async () => {
    const answer = await order();
    expect(answer.status).toBe(200);
    const orderId = String(answer.body.orderId);
    expect(orderId).toMatch(/^PH-[0-9A-Z]{12}$/);
    expect(answer.body.message).toBe(`Order ${orderId} authorized: it awaits capture`);

    const pending = await admin.post('/api/admin/payments', { limit: 500 });
    expect(
      (pending.body.payments as { orderId: string; amount: number }[]).find((row) => row.orderId === orderId),
    ).toMatchObject({ amount: 68.2 });
    const page = await fetch(`${server.url}/api/admin/orders/${orderId}`, {
      headers: { cookie: admin.cookie },
    });
    const { order: shown } = (await page.json()) as {
      order: {
        paymentWay: string;
        customer: { customerId: number };
        deliveryAddress: { city: string };
        contactEmail: string;
        timeline: { title: string; by: string }[];
      };
    };
    expect(shown).toMatchObject({
      paymentWay: 'phone',
      customer: { customerId: callerId },
      deliveryAddress: { city: 'Denver' },
      contactEmail: caller.email,
    });
    expect(shown.timeline).toContainEqual(
      expect.objectContaining({ title: 'Phone order $68.20', by: TEST_ADMIN.username }),
    );

    // The gateway was told it is a telephone order with a customer-initiated stored credential.
    const { rows } = await server.database.sql.query<Record<string, string>>(
      "select ecomind, cof, cofscheduled from sandbox_gateway.transactions where orderid = $1 and kind = 'auth'",
      [orderId],
    );
    expect(rows).toEqual([{ ecomind: 'T', cof: 'C', cofscheduled: 'N' }]);

    // The customer is sent the confirmation, and sees the order in My Account.
    const { rows: mail } = await server.database.sql.query<{ recipient: string }>(
      "select recipient from mail_outbox where order_id = $1 and kind = 'order_confirmation'",
      [orderId],
    );
    expect(mail).toEqual([{ recipient: caller.email }]);
    const mine = await fetch(`${server.url}/api/users/orders`, { headers: { cookie: caller.cookie } });
    expect(
      ((await mine.json()) as { orders: { orderId: string }[] }).orders.map((row) => row.orderId),
    ).toContain(orderId);
  });

  it("refuses another customer's saved method or address, an unknown customer, and a total that is not the server's", async () => {
    expect(await order({ methodId: othersCard })).toMatchObject({
      status: 404,
      body: { message: 'Payment method not found' },
    });
    expect(await order({ addressId: othersAddress })).toMatchObject({
      status: 404,
      body: { message: 'Address not found' },
    });
    expect(await order({}, {}, 999999)).toMatchObject({
      status: 404,
      body: { message: 'Customer not found' },
    });
    expect(await order({ amount: 60 })).toMatchObject({
      status: 400,
      body: { message: 'Order total does not match the cart' },
    });
    const { rows } = await server.database.sql.query<{ count: string }>(
      "select count(*) as count from payments where order_id like 'PH-%' and order_id in (select id from orders where customer_id = $1)",
      [other.id],
    );
    expect(Number(rows[0]!.count)).toBe(0);
  });

  it("debits the customer's saved bank account at once, as a telephone entry, and says so", async () => {
    const bank = (await shoppers.saveBankAccount(caller)).id;
    const answer = await order({ methodId: bank });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const orderId = String(answer.body.orderId);
    expect(answer.body.message).toBe(`Order ${orderId} debited from the bank account: nothing to capture`);

    // An ACH debit is taken whole when it is made: nothing awaits capture, the history has it captured.
    const pending = await admin.post('/api/admin/payments', { limit: 500 });
    expect((pending.body.payments as { orderId: string }[]).map((row) => row.orderId)).not.toContain(orderId);
    const history = await admin.post('/api/admin/transactions', { limit: 500, search: orderId });
    expect(history.body.transactions).toEqual([
      expect.objectContaining({
        orderId,
        cardType: 'ACH',
        bankName: 'First Sandbox Bank',
        last4: '3210',
        captureStatus: 'captured',
        captureAmount: 68.2,
      }),
    ]);

    // The gateway was told the debit was authorized by telephone (its SEC code TEL), on the stored profile.
    const { rows } = await server.database.sql.query<Record<string, string>>(
      "select ecomind, cof from sandbox_gateway.transactions where orderid = $1 and kind = 'auth'",
      [orderId],
    );
    expect(rows).toEqual([{ ecomind: 'T', cof: 'C' }]);
    // The customer is told in writing at once: the order's confirmation, to the account's email.
    const { rows: mail } = await server.database.sql.query<{ recipient: string }>(
      "select recipient from mail_outbox where order_id = $1 and kind = 'order_confirmation'",
      [orderId],
    );
    expect(mail).toEqual([{ recipient: caller.email }]);
    const audit = await admin.post('/api/admin/audit-log', { limit: 50 });
    expect(audit.body.events).toContainEqual(
      expect.objectContaining({
        actor: TEST_ADMIN.username,
        action: 'phone_order',
        orderId,
        outcome: 'success',
        detail: `customer ${callerId}: debited by telephone from a saved bank account`,
      }),
    );
  });

  it('takes a double submit once: one order, one authorization', async () => {
    const before = await server.database.sql.query<{ count: string }>(
      "select count(*) as count from payments where order_id like 'PH-%'",
    );
    const key = { 'idempotency-key': `phone-${Date.now()}` };
    const [first, second] = await Promise.all([order({}, key), order({}, key)]);
    expect(first.body.orderId).toBe(second.body.orderId);
    const after = await server.database.sql.query<{ count: string }>(
      "select count(*) as count from payments where order_id like 'PH-%'",
    );
    expect(Number(after.rows[0]!.count) - Number(before.rows[0]!.count)).toBe(1);
  });

  it("tells the operator why a card was declined, and audits it with the operator's name", async () => {
    const declining = (await shoppers.saveCard(caller, DECLINING_VISA)).id;
    const answer = await order({ methodId: declining });
    expect(answer.status).toBe(422);
    // The issuer's reason, not the words a shopper is given.
    expect(String(answer.body.message)).not.toBe(SHOPPER_DECLINE.card);
    expect(String(answer.body.message)).toMatch(/\w+/);
    const audit = await admin.post('/api/admin/audit-log', { limit: 20 });
    expect(audit.body.events).toContainEqual(
      expect.objectContaining({ actor: TEST_ADMIN.username, action: 'phone_order', outcome: 'failure' }),
    );
  });

  it('takes a busy desk’s orders one after another, but stops trying a card that keeps being declined', async () => {
    // More orders for one customer, from one office address, than a shopper may pay for in a row online.
    for (let n = 0; n < FREE_SAVED_PAYMENTS.perCustomer + 2; n += 1) {
      const answer = await order();
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const declining = (await shoppers.saveCard(caller, DECLINING_VISA)).id;
    const answers = [];
    for (let n = 0; n < FREE_SAVED_PAYMENTS.declinesPerCustomer + 3; n += 1) {
      const key = { 'idempotency-key': `declining-${Date.now()}-${n}` };
      answers.push({ key, answer: await order({ methodId: declining }, key) });
    }
    const statuses = answers.map(({ answer }) => answer.status);
    expect(statuses.slice(0, FREE_SAVED_PAYMENTS.declinesPerCustomer)).toEqual(
      Array.from({ length: FREE_SAVED_PAYMENTS.declinesPerCustomer }, () => 422),
    );
    const slowed = answers.find(({ answer }) => answer.status === 429);
    expect(String(slowed?.answer.body.message)).toMatch(/^Too many payments were attempted/);

    // "Try again in …": the same send (same key) once the wait is over is tried again, not answered with
    // the refusal kept under its key.
    let retried = slowed!.answer;
    for (let waited = 0; retried.status === 429 && waited < 20_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      retried = await order({ methodId: declining }, slowed!.key);
    }
    expect(retried.status).toBe(422);
  }, 30_000);

  it('is for the console only', async () => {
    const anonymous = await server.post(`/api/admin/customers/${callerId}/phone-orders`, {
      items: THREE_PENS_TWO_REAMS,
      amount: 68.2,
      addressId: address,
      methodId: card,
    });
    expect(anonymous.status).toBe(401);
    const asCustomer = await server.post(
      `/api/admin/customers/${callerId}/phone-orders`,
      { items: THREE_PENS_TWO_REAMS, amount: 68.2, addressId: address, methodId: card },
      { cookie: caller.cookie },
    );
    expect(asCustomer.status).toBe(401);
  });
});
