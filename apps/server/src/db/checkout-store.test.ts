import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderId, type OrderDelivery } from '@store/core';
import { insertOrderWithPaymentRequest, type NewOrder } from './checkout-store';
import type { Database } from './client';
import { findPaymentRequestWithOrder } from './order-store';
import { testDatabaseKinds } from './test-database';

const DELIVERY: OrderDelivery = {
  email: 'shopper@example.com',
  address: {
    name: "Pat O'Shopper",
    address: '12 Paper Lane',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    country: 'US',
  },
};

/** An order of `pens` pens at $1.25 and a ream at $6.50, 8% tax. */
function order(pens: number, id = createOrderId('card')): NewOrder {
  const subtotalCents = pens * 125 + 650;
  const taxCents = Math.round(subtotalCents * 0.08);
  return {
    id,
    channel: 'card',
    customerName: `Shopper ${pens}`,
    subtotalCents,
    taxCents,
    totalCents: subtotalCents + taxCents,
    delivery: DELIVERY,
    receiptToken: randomUUID(),
    lines: [
      {
        productId: 'pens',
        productName: 'Pens',
        unitPriceCents: 125,
        quantity: pens,
        lineTotalCents: pens * 125,
      },
      { productId: 'ream', productName: 'Ream', unitPriceCents: 650, quantity: 1, lineTotalCents: 650 },
    ],
  };
}

// Checkouts that arrive together are written by one statement, and result pages asked for together are read
// by one: each shopper must still get exactly their own order, and one refused order must fail alone.
describe.each(testDatabaseKinds())('checkouts written and read together ($name)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await kind.create();
    // This test's own catalog: pens at $1.25 and a ream at $6.50.
    await database.sql.query(
      `insert into products (id, sku, name, price_cents) values ('pens', 'PENS', 'Pens', 125), ('ream', 'REAM', 'Ream', 650)`,
    );
  });
  afterAll(async () => {
    await database.close();
  });

  it('writes each of many simultaneous orders with its own lines and payment request, and reads each back', async () => {
    const orders = Array.from({ length: 40 }, (_, index) => order(index + 1));
    const requestIds = orders.map(() => randomUUID());
    const written = await Promise.all(
      orders.map((each, index) => insertOrderWithPaymentRequest(database.orm, each, requestIds[index]!)),
    );
    expect(written.every((answer) => answer.inserted)).toBe(true);

    const read = await Promise.all(requestIds.map((id) => findPaymentRequestWithOrder(database.orm, id)));
    read.forEach((found, index) => {
      const expected = orders[index]!;
      expect(found!.request).toMatchObject({
        requestId: requestIds[index],
        orderId: expected.id,
        amountCents: expected.totalCents,
      });
      expect(found!.order.order).toMatchObject({
        id: expected.id,
        totalCents: expected.totalCents,
        deliveryName: "Pat O'Shopper",
        receiptToken: expected.receiptToken,
      });
      expect(found!.order.lines.map((line) => [line.productId, line.quantity])).toEqual([
        ['pens', index + 1],
        ['ream', 1],
      ]);
      expect(found!.order.payment).toBeUndefined();
    });
    // What the result page does not read was written too, each order's own.
    const { rows } = await database.sql.query<{
      request_id: string;
      status: string;
      authorized_by: string;
      customer_name: string;
      subtotal_cents: number;
      tax_cents: number;
    }>(
      `select r.request_id, r.status, r.authorized_by, o.customer_name, o.subtotal_cents, o.tax_cents
       from payment_requests r join orders o on o.id = r.order_id where r.request_id = any($1::uuid[])`,
      [requestIds],
    );
    const byRequest = new Map(rows.map((row) => [row.request_id, row]));
    orders.forEach((expected, index) => {
      expect(byRequest.get(requestIds[index]!)).toMatchObject({
        status: 'pending',
        authorized_by: 'hosted_page',
        customer_name: expected.customerName,
        subtotal_cents: expected.subtotalCents,
        tax_cents: expected.taxCents,
      });
    });
    // Nothing else was read into them: an unknown request, and one written in capitals, asked at once.
    const [unknown, capitals] = await Promise.all([
      findPaymentRequestWithOrder(database.orm, randomUUID()),
      findPaymentRequestWithOrder(database.orm, requestIds[0]!.toUpperCase()),
    ]);
    expect(unknown).toBeUndefined();
    expect(capitals!.order.order.id).toBe(orders[0]!.id);
  });

  it('writes an order id given twice at once only once, with the lines of the one written', async () => {
    const id = createOrderId('card');
    const first = order(3, id);
    const second = order(7, id);
    const [a, b, c] = await Promise.all([
      insertOrderWithPaymentRequest(database.orm, first, randomUUID()),
      insertOrderWithPaymentRequest(database.orm, second, randomUUID()),
      insertOrderWithPaymentRequest(database.orm, order(2), randomUUID()),
    ]);
    expect([a.inserted, b.inserted, c.inserted]).toEqual([true, false, true]);
    const { rows } = await database.sql.query<{ quantity: number; requests: number }>(
      `select (select quantity from order_lines where order_id = $1 and product_id = 'pens') as quantity,
         (select count(*)::int from payment_requests where order_id = $1) as requests`,
      [id],
    );
    expect(rows[0]).toEqual({ quantity: 3, requests: 1 });
  });

  it('fails an order the database refuses on its own, and writes the others sent with it', async () => {
    const bad = order(1);
    bad.lines[0]!.quantity = 0;
    bad.lines[0]!.lineTotalCents = 0;
    const good = [order(4), order(5)];
    const answers = await Promise.allSettled([
      insertOrderWithPaymentRequest(database.orm, good[0]!, randomUUID()),
      insertOrderWithPaymentRequest(database.orm, bad, randomUUID()),
      insertOrderWithPaymentRequest(database.orm, good[1]!, randomUUID()),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const { rows } = await database.sql.query<{ id: string; lines: number; requests: number }>(
      `select o.id, (select count(*)::int from order_lines l where l.order_id = o.id) as lines,
         (select count(*)::int from payment_requests r where r.order_id = o.id) as requests
       from orders o where o.id = any($1::text[]) order by o.total_cents`,
      [[bad.id, ...good.map((each) => each.id)]],
    );
    // The refused order left nothing behind, not even its order row.
    expect(rows).toEqual(good.map((each) => ({ id: each.id, lines: 2, requests: 1 })));
  });
});
