import { randomUUID } from 'node:crypto';
import { createOrderId, type SavedPaymentMethod } from '@store/core';
import { describe, expect, it } from 'vitest';
import {
  BANK_ACCOUNT,
  bankForm,
  cardForm,
  DECLINING_VISA,
  shoppersAt,
  VISA,
  type Shopper,
} from '../../testing/shoppers';
import {
  adminCookie,
  countRows,
  testDatabaseKinds,
  useTestServer,
  type Answer,
} from '../../testing/test-server';

describe.each(testDatabaseKinds())('saved cards and bank accounts on $name', (kind) => {
  // Behind a proxy: each customer speaks from an address of its own, as shoppers do.
  const server = useTestServer(kind, { TRUST_PROXY: 'loopback' });
  const shoppers = shoppersAt(server);
  const { as, saveBankAccount } = shoppers;
  let sequence = 0;

  const newCustomer = () => shoppers.register({ address: `198.51.100.${++sequence}` });

  /** A card saved with a brand and last 4 of the browser's that the store must not take. */
  const saveCard = (customer: Shopper, number = VISA) =>
    shoppers.saveCard(customer, number, { cardType: 'AMEX', last4: '0000' });

  async function methods(customer: Shopper): Promise<SavedPaymentMethod[]> {
    const answer = await as(customer, '/api/payment/payment-methods', { userId: customer.id });
    expect(answer.status).toBe(200);
    return answer.body.paymentMethods as SavedPaymentMethod[];
  }

  const pay = (customer: Shopper, method: SavedPaymentMethod, extra = {}, key?: string) =>
    shoppers.pay(customer, method.id, extra, key ? { 'idempotency-key': key } : undefined);

  it('saves a card with the brand and last 4 the gateway gives, as the default', async () => {
    const customer = await newCustomer();
    const card = await saveCard(customer);
    expect(card).toMatchObject({
      paymentType: 'CC',
      cardType: 'VISA',
      last4: '1111',
      holderName: 'Pat Shopper',
      expiryMonth: '12',
      expiryYear: '2030',
      isDefault: true,
    });
    expect(await methods(customer)).toEqual([card]);
    const { rows } = await server.database.sql.query<{ gateway_profile_id: string }>(
      'select gateway_profile_id from customers where id = $1',
      [customer.id],
    );
    expect(rows[0]!.gateway_profile_id).toMatch(/^\d+$/);
  });

  it('saves a bank account, makes it the default, and keeps exactly one default', async () => {
    const customer = await newCustomer();
    const card = await saveCard(customer);
    const bank = await saveBankAccount(customer);
    expect(bank).toMatchObject({
      paymentType: 'ACH',
      cardType: 'ACH',
      last4: '3210',
      bankName: 'First Sandbox Bank',
      accountType: 'CHECKING',
      routingNumberLast4: '1808',
      isDefault: false,
    });
    const set = await as(customer, '/api/users/payment-methods/set-default', {
      userId: customer.id,
      paymentMethodId: bank.id,
    });
    expect(set.status).toBe(200);
    const listed = await methods(customer);
    expect(listed.map((method) => [method.id, method.isDefault])).toEqual([
      [bank.id, true],
      [card.id, false],
    ]);
  });

  it('leaves exactly one default however many set-defaults race', async () => {
    const customer = await newCustomer();
    const card = await saveCard(customer);
    const bank = await saveBankAccount(customer);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        as(customer, '/api/users/payment-methods/set-default', {
          userId: customer.id,
          paymentMethodId: index % 2 === 0 ? bank.id : card.id,
        }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const { rows } = await server.database.sql.query<{ defaults: number }>(
      'select count(*)::int as defaults from saved_payment_methods where customer_id = $1 and is_default',
      [customer.id],
    );
    expect(rows[0]!.defaults).toBe(1);
  });

  it('removes a method at the gateway and here; the default passes to the one left', async () => {
    const customer = await newCustomer();
    const card = await saveCard(customer);
    const bank = await saveBankAccount(customer);
    const removed = await as(customer, '/api/users/payment-methods/remove', {
      userId: customer.id,
      paymentMethodId: card.id,
    });
    expect(removed.status).toBe(200);
    expect(await methods(customer)).toEqual([{ ...bank, isDefault: true }]);
  });

  it.each([
    [
      'refuses a routing number that fails the ABA checksum, and saves nothing',
      bankForm({ routingNumber: '036001809' }),
      'Please enter a valid 9-digit routing number',
    ],
    [
      'refuses a form that breaks product §5 with its message, before anything reaches the gateway',
      cardForm(VISA, { state: 'Texas' }),
      'Please enter a valid 2-letter state code (e.g., TX, CA, NY)',
    ],
  ])('%s', async (_, form, message) => {
    const customer = await newCustomer();
    const answer = await shoppers.tokenize(customer, form);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(await methods(customer)).toEqual([]);
  });

  it('pays with a saved card: authorized for the operator to capture, confirmed like a hosted-page payment', async () => {
    const customer = await newCustomer();
    const card = await saveCard(customer);
    const answer = await pay(customer, card);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ status: 'success', message: 'Payment approved' });
    const verified = await server.post('/api/payment/verify-payment', { requestId: answer.body.requestId });
    expect(verified.body).toMatchObject({
      status: 'success',
      paymentDetails: {
        paymentMethod: 'VISA',
        last4: '1111',
        amount: 10.49,
        transaction: answer.body.transactionId,
      },
    });
    const cookie = await adminCookie(server.url);
    const pending = await server.post('/api/admin/payments', { limit: 500 }, { cookie });
    const listed = (pending.body.payments as { orderId: string; cardType: string }[]).find(
      (payment) =>
        payment.cardType === 'VISA' &&
        payment.orderId === (verified.body.paymentDetails as { orderId: string }).orderId,
    );
    expect(listed).toBeDefined();
  });

  it('refuses an amount other than the cart priced by the server, and records nothing', async () => {
    const customer = await newCustomer();
    const card = await saveCard(customer);
    const before = await countRows(server.database, 'orders');
    const answer = await pay(customer, card, { amount: 0.01 });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Order total does not match the cart');
    expect(await countRows(server.database, 'orders')).toBe(before);
  });

  it('charges once for a double submit with one Idempotency-Key, however many arrive at once', async () => {
    const customer = await newCustomer();
    const card = await saveCard(customer);
    const key = randomUUID();
    const orderId = createOrderId('card');
    const answers: Answer[] = await Promise.all(
      Array.from({ length: 5 }, () => pay(customer, card, { orderId }, key)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.transactionId)).size).toBe(1);
    const { rows } = await server.database.sql.query<{ count: number }>(
      'select count(*)::int as count from sandbox_gateway.transactions where orderid = $1',
      [orderId],
    );
    expect(rows[0]!.count).toBe(1);
  });

  it("answers a declining saved card with a generic decline, keeping the gateway's reason for the operator", async () => {
    const customer = await newCustomer();
    const card = await saveCard(customer, DECLINING_VISA);
    const answer = await pay(customer, card);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      status: 'error',
      message: 'Your card was declined. Try another card or contact your bank.',
    });
    const { rows } = await server.database.sql.query(
      'select status, message from payment_requests where customer_id = $1',
      [customer.id],
    );
    expect(rows).toEqual([{ status: 'declined', message: 'Do not honor' }]);
  });

  it('debits a saved bank account at once: captured, shown as a bank payment, refundable', async () => {
    const customer = await newCustomer();
    const bank = await saveBankAccount(customer);
    const answer = await pay(customer, bank);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { rows } = await server.database.sql.query<Record<string, unknown>>(
      'select id, card_brand, last4, bank_name, capture_status, captured_cents from payments where retref = $1',
      [answer.body.transactionId],
    );
    expect(rows[0]).toMatchObject({
      card_brand: 'ACH',
      last4: '3210',
      bank_name: 'First Sandbox Bank',
      capture_status: 'captured',
      captured_cents: 1049,
    });
    const cookie = await adminCookie(server.url);
    const refund = await server.post(
      '/api/admin/refund',
      { transaction: { paymentId: rows[0]!.id }, amount: 10.49 },
      { cookie },
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
  });

  it("answers 404 for another customer's method on every call that takes one", async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const card = await saveCard(owner);
    for (const path of ['/api/users/payment-methods/remove', '/api/users/payment-methods/set-default']) {
      const answer = await as(other, path, { userId: other.id, paymentMethodId: card.id });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Payment method not found');
    }
    const charged = await pay(other, card, { userId: other.id });
    expect(charged.status).toBe(404);
    expect(await methods(owner)).toHaveLength(1);
  });

  it('keeps no card or bank account number in any table', async () => {
    const { rows: tables } = await server.database.sql.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
       where table_schema in ('public', 'sandbox_gateway') and table_type = 'BASE TABLE'`,
    );
    for (const { schema, name } of tables) {
      const { rows } = await server.database.sql.query(`select * from "${schema}"."${name}"`);
      const text = JSON.stringify(rows);
      for (const secret of ['4111111111111111', '4387751111111038', BANK_ACCOUNT.accountNumber]) {
        expect(text.includes(secret), `${secret} found in ${schema}.${name}`).toBe(false);
      }
    }
  });
});
