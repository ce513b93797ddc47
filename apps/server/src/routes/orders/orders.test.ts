import { createOrderId } from '@store/core';
import { describe, expect, it } from 'vitest';
import { shoppersAt } from '../../testing/shoppers';
import {
  authorizedPayment,
  countRows,
  createOrder,
  payOnHostedPage,
  settleSandbox,
  TEST_DELIVERY,
  TEST_PUBLIC_URL,
  testDatabaseKinds,
  useAdminSession,
  useTestServer,
  type TestServer,
} from '../../testing/test-server';

async function getJson(server: TestServer, path: string, cookie?: string) {
  const response = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

function orderBody(delivery: unknown) {
  return {
    amount: 10.49,
    orderId: createOrderId('card'),
    customerName: 'Guest',
    redirectUrl: `${TEST_PUBLIC_URL}/payment-complete`,
    items: [{ productId: 'paper-ream-500', quantity: 1 }],
    delivery,
  };
}

const address = TEST_DELIVERY.address;

describe.each(testDatabaseKinds())('orders with a contact and a delivery address, on $name', (kind) => {
  const server = useTestServer(kind);
  const admin = useAdminSession(server);
  const shoppers = shoppersAt(server);

  it.each([
    ['no delivery at all', undefined, 'Contact and delivery details are required'],
    ['no address', { email: 'pat@example.com' }, 'Contact and delivery details are required'],
    ['no email (and no name)', { email: ' ', address: { ...address, name: '' } }, 'Email is required'],
    ['an email without a domain', { email: 'pat@', address }, 'Please enter a valid email address'],
    [
      'no recipient (and no city)',
      { email: 'p@x.io', address: { ...address, name: '', city: '' } },
      'Full name is required',
    ],
    ['no street', { email: 'p@x.io', address: { ...address, address: '  ' } }, 'Address is required'],
    ['no city', { email: 'p@x.io', address: { ...address, city: '' } }, 'City is required'],
    ['no state', { email: 'p@x.io', address: { ...address, state: '' } }, 'State is required'],
    [
      'a US state spelled out',
      { email: 'p@x.io', address: { ...address, state: 'Texas' } },
      'Please enter a valid 2-letter state code (e.g., TX, CA, NY)',
    ],
    ['no ZIP code', { email: 'p@x.io', address: { ...address, zip: '' } }, 'ZIP code is required'],
    [
      'a phone written otherwise',
      { email: 'p@x.io', address: { ...address, phone: '5551234567' } },
      'Please enter the phone number as 123-456-7890',
    ],
    [
      'a country the store does not ship to',
      { email: 'p@x.io', address: { ...address, country: 'FR' } },
      'Country must be US, CA or MX',
    ],
  ])(
    'refuses an order with %s, in the form’s words, and writes nothing',
    async (_case, delivery, message) => {
      const before = await countRows(server.database, 'orders');
      const answer = await server.post('/api/payment/create-payment', orderBody(delivery));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ status: 'error', message });
      expect(await countRows(server.database, 'orders')).toBe(before);
    },
  );

  it('keeps the delivery with the order, and the result page and the receipt show what was bought', async () => {
    const delivery = {
      email: '  pat@example.com ',
      address: { ...address, address2: 'Suite 4', state: 'tx', phone: '512-555-0100' },
    };
    const body = orderBody(delivery);
    const created = await server.post('/api/payment/create-payment', body);
    expect(created.status).toBe(200);
    await payOnHostedPage(server, body.orderId, '4111111111111111', 1049);
    const verified = await server.post('/api/payment/verify-payment', { requestId: created.body.requestId });
    const order = verified.body.order as Record<string, unknown>;
    expect(order).toMatchObject({
      orderId: body.orderId,
      items: [
        {
          productId: 'paper-ream-500',
          name: 'Premium Copy Paper 500 sheets',
          quantity: 1,
          unitPrice: 9.99,
          lineTotal: 9.99,
        },
      ],
      subtotal: 9.99,
      tax: 0.5,
      total: 10.49,
      contactEmail: 'pat@example.com',
      deliveryAddress: { ...address, address2: 'Suite 4', state: 'TX', phone: '512-555-0100' },
    });
    const receiptPath = String(order.receiptPath);
    expect(receiptPath).toMatch(/^\/receipt\/[A-Za-z0-9_-]{43}$/);

    const receipt = await getJson(server, `/api${receiptPath.replace('/receipt/', '/receipts/')}`);
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('cache-control')).toBe('no-store');
    expect(receipt.body.order).toMatchObject({
      ...order,
      orderStatus: 'authorized',
      paymentMethod: 'VISA •••• 1111',
      refunds: [],
      refundedTotal: 0,
    });

    // A reload of the result page shows the same order.
    const again = await server.post('/api/payment/verify-payment', { requestId: created.body.requestId });
    expect(again.body.order).toEqual(order);

    // The confirmation was queued once, with the payment, to the contact email, with the receipt's link.
    const { rows } = await server.database.sql.query<{
      kind: string;
      recipient: string;
      subject: string;
      text_body: string;
      html_body: string;
    }>('select kind, recipient, subject, text_body, html_body from mail_outbox where order_id = $1', [
      body.orderId,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'order_confirmation', recipient: 'pat@example.com' });
    expect(rows[0]!.text_body).toContain(`${server.config.publicUrl}${receiptPath}`);
    expect(rows[0]!.text_body).toContain('Premium Copy Paper 500 sheets');
    expect(rows[0]!.text_body).toContain('$10.49');
    expect(rows[0]!.text_body).toContain('1111');
    expect(rows[0]!.text_body).not.toContain('4111111111111111');
  });

  it('tells a receipt’s status and refunds as they happen', async () => {
    const { orderId, paymentId } = await authorizedPayment(server);
    const { rows } = await server.database.sql.query<{ receipt_token: string }>(
      'select receipt_token from orders where id = $1',
      [orderId],
    );
    const path = `/api/receipts/${rows[0]!.receipt_token}`;
    await server.post('/api/admin/capture-payment', { payment: { paymentId } }, { cookie: admin.cookie });
    expect(((await getJson(server, path)).body.order as { orderStatus: string }).orderStatus).toBe('paid');

    // After tonight's settlement, a refund goes back to the card at once.
    await settleSandbox(server);
    const refunded = await server.post(
      '/api/admin/refund',
      { transaction: { paymentId }, amount: 20 },
      { cookie: admin.cookie },
    );
    expect(refunded.status).toBe(200);
    const receipt = (await getJson(server, path)).body.order as Record<string, unknown>;
    expect(receipt).toMatchObject({ orderStatus: 'partially_refunded', refundedTotal: 20 });
    expect(receipt.refunds).toEqual([{ amount: 20, at: expect.any(String) }]);
  });

  it('tells the customer what their money went through: a refund only once done, a cancelled charge as cancelled', async () => {
    const receiptOf = async (orderId: string) => {
      const { rows } = await server.database.sql.query<{ receipt_token: string }>(
        'select receipt_token from orders where id = $1',
        [orderId],
      );
      return (await getJson(server, `/api/receipts/${rows[0]!.receipt_token}`)).body.order as Record<
        string,
        unknown
      >;
    };
    const asAdmin = (path: string, body: Record<string, unknown>) =>
      server.post(path, body, { cookie: admin.cookie });

    // Captured today, not settled: a partial refund waits for settlement, so nothing is given back yet; the
    // receipt says it is scheduled (decision 048).
    const waiting = await authorizedPayment(server);
    await asAdmin('/api/admin/capture-payment', { payment: { paymentId: waiting.paymentId } });
    const scheduled = await asAdmin('/api/admin/refund', {
      transaction: { paymentId: waiting.paymentId },
      amount: 5,
    });
    expect(scheduled.status).toBe(200);
    expect(await receiptOf(waiting.orderId)).toMatchObject({
      orderStatus: 'refund_scheduled',
      statusAmount: 5,
      refunds: [],
      refundedTotal: 0,
    });

    // Its charge cancelled before settlement: never on the statement, so no refund either.
    const cancelled = await authorizedPayment(server);
    await asAdmin('/api/admin/capture-payment', { payment: { paymentId: cancelled.paymentId } });
    expect(
      (await asAdmin('/api/admin/cancel-charge', { payment: { paymentId: cancelled.paymentId } })).status,
    ).toBe(200);
    expect(await receiptOf(cancelled.orderId)).toMatchObject({
      orderStatus: 'cancelled',
      refunds: [],
      refundedTotal: 0,
    });
  });

  it('answers "not found" for a link it never gave, whatever its shape', async () => {
    for (const token of ['x'.repeat(43), 'short', `${'a'.repeat(42)}%20`, 'a'.repeat(100)]) {
      const answer = await getJson(server, `/api/receipts/${token}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ status: 'error', message: 'Receipt not found' });
    }
  });

  it('keeps markup in every field as text, and gives it back exactly as typed', async () => {
    const script = '<script>alert(1)</script>';
    const delivery = {
      email: 'pat@example.com',
      address: {
        name: `Pat ${script}`,
        address: `1 ${script} St`,
        address2: script,
        city: `Austin ${script}`,
        state: `ON${script}`,
        zip: `K1A ${script}`,
        country: 'CA',
        phone: undefined,
      },
    };
    const body = orderBody(delivery);
    const created = await server.post('/api/payment/create-payment', body);
    expect(created.status).toBe(200);
    await payOnHostedPage(server, body.orderId, '4111111111111111', 1049);
    const verified = await server.post('/api/payment/verify-payment', { requestId: created.body.requestId });
    const order = verified.body.order as { deliveryAddress: Record<string, string>; receiptPath: string };
    expect(order.deliveryAddress).toEqual({ ...delivery.address, phone: undefined });
    const receipt = await getJson(server, `/api/receipts/${order.receiptPath.split('/').pop()}`);
    expect((receipt.body.order as typeof order).deliveryAddress.name).toBe(`Pat ${script}`);
    expect(receipt.headers.get('content-type')).toMatch(/^application\/json/);

    // In the confirmation's HTML, the markup is text; in its plain text, it is as typed.
    const { rows } = await server.database.sql.query<{ text_body: string; html_body: string }>(
      'select text_body, html_body from mail_outbox where order_id = $1',
      [body.orderId],
    );
    expect(rows[0]!.html_body).not.toContain('<script>');
    expect(rows[0]!.html_body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(rows[0]!.text_body).toContain(`Pat ${script}`);
  });

  it("lists a customer's own orders, newest first, and no one else's", async () => {
    const ada = await shoppers.register({ name: 'Ada' });
    const bob = await shoppers.register({ name: 'Bob' });
    const card = await shoppers.saveCard(ada);
    const first = await shoppers.pay(ada, card.id);
    expect(first.status).toBe(200);
    const second = await shoppers.pay(ada, card.id);
    expect(second.status).toBe(200);
    // A guest order from the same browser is not Ada's.
    await createOrder(server);

    const list = await getJson(server, '/api/users/orders', ada.cookie);
    expect(list.status).toBe(200);
    const orders = list.body.orders as {
      orderId: string;
      total: number;
      itemCount: number;
      orderStatus: string;
      receiptPath: string;
    }[];
    expect(orders).toHaveLength(2);
    expect(orders.map((order) => order.total)).toEqual([10.49, 10.49]);
    expect(orders.every((order) => order.itemCount === 1 && order.orderStatus === 'authorized')).toBe(true);
    expect(orders.every((order) => /^\/receipt\//.test(order.receiptPath))).toBe(true);
    const placed = orders.map((order) => order.orderId);
    const { rows } = await server.database.sql.query<{ id: string }>(
      'select id from orders where customer_id = $1 order by created_at desc',
      [ada.id],
    );
    expect(placed).toEqual(rows.map((row) => row.id));

    expect((await getJson(server, '/api/users/orders', bob.cookie)).body.orders).toEqual([]);
    const signedOut = await getJson(server, '/api/users/orders');
    expect(signedOut.status).toBe(401);
    expect((await getJson(server, '/api/users/orders?cursor=not-a-cursor', ada.cookie)).status).toBe(400);
  });

  it('pages through many orders without repeating or skipping one', async () => {
    const cy = await shoppers.register({ name: 'Cy' });
    // Orders placed for the hosted page count as Cy's as soon as they are made, paid or not.
    for (let made = 0; made < 22; made += 1) {
      const answer = await shoppers.as(cy, '/api/payment/create-payment', {
        ...orderBody(TEST_DELIVERY),
        userId: cy.id,
      });
      expect(answer.status).toBe(200);
    }
    const first = await getJson(server, '/api/users/orders', cy.cookie);
    const firstPage = first.body.orders as { orderId: string }[];
    expect(firstPage).toHaveLength(20);
    const second = await getJson(
      server,
      `/api/users/orders?cursor=${encodeURIComponent(String(first.body.nextCursor))}`,
      cy.cookie,
    );
    const secondPage = second.body.orders as { orderId: string }[];
    expect(secondPage).toHaveLength(2);
    expect(second.body.nextCursor).toBeUndefined();
    const all = [...firstPage, ...secondPage].map((order) => order.orderId);
    expect(new Set(all).size).toBe(22);
  });
});
