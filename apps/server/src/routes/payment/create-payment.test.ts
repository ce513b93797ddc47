import { createOrderId } from '@store/core';
import { describe, expect, it } from 'vitest';
import { TEST_DELIVERY, countRows, testDatabaseKinds, useTestServer } from '../../testing/test-server';

const PUBLIC_URL = 'http://127.0.0.1:3999';

function validBody(overrides: Record<string, unknown> = {}) {
  return {
    amount: 68.2,
    orderId: createOrderId('card'),
    customerName: 'Guest',
    redirectUrl: `${PUBLIC_URL}/payment-complete`,
    items: [
      { productId: 'pen-pack-100', quantity: 3 },
      { productId: 'paper-ream-500', quantity: 2 },
    ],
    delivery: TEST_DELIVERY,
    ...overrides,
  };
}

describe.each(testDatabaseKinds())('POST /api/payment/create-payment on $name', (kind) => {
  const server = useTestServer(kind, { PUBLIC_URL });

  it('records the order priced by the server and answers the hosted page address', async () => {
    const body = validBody();
    const { status, body: answer } = await server.post('/api/payment/create-payment', body);
    expect(status).toBe(200);
    expect(answer).toMatchObject({ status: 'success', message: 'Payment request created' });
    expect(answer.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const paymentUrl = new URL(String(answer.paymentUrl));
    expect(`${paymentUrl.origin}${paymentUrl.pathname}`).toBe(`${PUBLIC_URL}/sandbox/hpp`);
    expect(paymentUrl.searchParams.get('total')).toBe('68.20');
    expect(paymentUrl.searchParams.get('invoice')).toBe(body.orderId);
    // The result page, naming the attempt the shopper comes back from (decision 047).
    expect(paymentUrl.searchParams.get('returnUrl')).toBe(`${body.redirectUrl}?attempt=${answer.requestId}`);

    const { rows } = await server.database.sql.query<Record<string, unknown>>(
      'select subtotal_cents, tax_cents, total_cents, channel from orders where id = $1',
      [body.orderId],
    );
    expect(rows).toEqual([{ subtotal_cents: 6495, tax_cents: 325, total_cents: 6820, channel: 'card' }]);
    const lines = await server.database.sql.query(
      'select product_id, quantity, line_total_cents from order_lines where order_id = $1 order by product_id',
      [body.orderId],
    );
    expect(lines.rows).toEqual([
      { product_id: 'paper-ream-500', quantity: 2, line_total_cents: 1998 },
      { product_id: 'pen-pack-100', quantity: 3, line_total_cents: 4497 },
    ]);
    const requests = await server.database.sql.query(
      'select amount_cents, status from payment_requests where request_id = $1',
      [answer.requestId],
    );
    expect(requests.rows).toEqual([{ amount_cents: 6820, status: 'pending' }]);
  });

  it('accepts the amount as a decimal string too', async () => {
    const { status } = await server.post('/api/payment/create-payment', validBody({ amount: '68.20' }));
    expect(status).toBe(200);
  });

  const refusals: [string, unknown, number, string][] = [
    ['a tampered amount', validBody({ amount: 0.01 }), 400, 'Order total does not match the cart'],
    ['an amount off by one cent', validBody({ amount: 68.21 }), 400, 'Order total does not match the cart'],
    [
      'an amount with three decimals',
      validBody({ amount: '68.200' }),
      400,
      'Amount must have at most two decimals',
    ],
    ['a negative amount', validBody({ amount: -68.2 }), 400, 'Amount must be greater than zero'],
    ['a text amount', validBody({ amount: 'lots' }), 400, 'Amount must be a number'],
    ['a missing amount', validBody({ amount: undefined }), 400, 'Amount is required'],
    [
      'a foreign redirect',
      validBody({ redirectUrl: 'https://evil.example/payment-complete' }),
      400,
      'Redirect URL must point back to this store',
    ],
    [
      'a redirect to another page of the store',
      validBody({ redirectUrl: `${PUBLIC_URL}/admin` }),
      400,
      'Redirect URL must point back to this store',
    ],
    [
      'a redirect that is not a URL',
      validBody({ redirectUrl: 'javascript:alert(1)' }),
      400,
      'Redirect URL must point back to this store',
    ],
    [
      'an unknown product',
      validBody({ items: [{ productId: 'stapler', quantity: 1 }] }),
      400,
      'Unknown product',
    ],
    [
      'quantity 0',
      validBody({ items: [{ productId: 'pen-pack-100', quantity: 0 }] }),
      400,
      'Quantity must be at least 1',
    ],
    [
      'quantity 10,000',
      validBody({ items: [{ productId: 'pen-pack-100', quantity: 10000 }] }),
      400,
      'Quantity must be at most 999',
    ],
    [
      'a fractional quantity',
      validBody({ items: [{ productId: 'pen-pack-100', quantity: 1.5 }] }),
      400,
      'Quantity must be a whole number',
    ],
    [
      'a quantity of 2^53',
      validBody({ items: [{ productId: 'pen-pack-100', quantity: 2 ** 53 }] }),
      400,
      'Quantity must be at most 999',
    ],
    [
      'a NUL in the customer name',
      validBody({ customerName: '\u0000' }),
      400,
      'customerName must not contain control characters',
    ],
    ['an empty cart', validBody({ items: [] }), 400, 'The cart is empty'],
    [
      'a product listed twice',
      validBody({
        amount: 31.48,
        items: [
          { productId: 'pen-pack-100', quantity: 1 },
          { productId: 'pen-pack-100', quantity: 1 },
        ],
      }),
      400,
      'Each product may appear only once in the cart',
    ],
    [
      'an order id of another channel',
      validBody({ orderId: createOrderId('googlepay') }),
      400,
      'Order ID is not valid',
    ],
    [
      'a made-up order id',
      validBody({ orderId: "CC-1'; drop table orders;--" }),
      400,
      'Order ID is not valid',
    ],
    ['a missing customer name', validBody({ customerName: '  ' }), 400, 'Customer name is required'],
    [
      'a user id without a signed-in customer',
      validBody({ userId: 'someone-else' }),
      401,
      'Please log in to continue',
    ],
    ['malformed JSON', '{"amount": 68.2,', 400, 'The request body is not valid JSON'],
    ['a JSON array', '[1,2,3]', 400, 'The request body must be a JSON object'],
  ];

  it.each(refusals)('refuses %s with a clear %i and writes nothing', async (_case, body, status, message) => {
    const before = await Promise.all(
      ['orders', 'order_lines', 'payment_requests'].map((table) => countRows(server.database, table)),
    );
    const answer = await server.post('/api/payment/create-payment', body);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ status: 'error', message });
    const after = await Promise.all(
      ['orders', 'order_lines', 'payment_requests'].map((table) => countRows(server.database, table)),
    );
    expect(after).toEqual(before);
  });

  it('refuses an order id that was already used, keeping the first order', async () => {
    const body = validBody();
    expect((await server.post('/api/payment/create-payment', body)).status).toBe(200);
    const again = await server.post('/api/payment/create-payment', {
      ...body,
      items: [{ productId: 'paper-ream-500', quantity: 1 }],
      delivery: TEST_DELIVERY,
      amount: 10.49,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order ID has already been used');
    const { rows } = await server.database.sql.query('select total_cents from orders where id = $1', [
      body.orderId,
    ]);
    expect(rows).toEqual([{ total_cents: 6820 }]);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const answer = await server.post('/api/payment/no-such-call', {});
    expect(answer.status).toBe(404);
    expect(answer.body.status).toBe('error');
  });
});
