import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderId } from '@store/core';
import { insertOrderWithPaymentRequest } from './checkout-store';
import type { Database } from './client';
import { forgetOldListChanges, listRowsUnchanged } from './list-changes';
import { TEST_DELIVERY } from '../testing/test-server';
import { testDatabaseKinds } from './test-database';

// A kept list answer stands in a newer snapshot only when no row a list can show changed between the two
// (decision 042): every write the lists can show must count as a change, and a checkout must not.
describe.each(testDatabaseKinds())('list rows compared across snapshots ($name)', (kind) => {
  let database: Database;
  const customerId = randomUUID();
  const methodId = randomUUID();
  const orderId = createOrderId('card');
  let paymentId = '';

  const snapshot = async () =>
    (await database.sql.query<{ s: string }>('select pg_current_snapshot()::text as s')).rows[0]!.s;

  /** Whether the lists read before `change` would still be exact after it, asked both ways round. */
  async function unchangedBy(change: () => Promise<unknown>): Promise<boolean> {
    const before = await snapshot();
    await change();
    const after = await snapshot();
    expect(after).not.toBe(before);
    const forwards = await listRowsUnchanged(database.orm, before, after);
    expect(await listRowsUnchanged(database.orm, after, before)).toBe(forwards);
    return forwards;
  }

  beforeAll(async () => {
    database = await kind.create();
    // This test's own catalog: pens at $1.25 and a ream at $6.50.
    await database.sql.query(
      `insert into products (id, sku, name, price_cents) values ('pens', 'PENS', 'Pens', 125), ('ream', 'REAM', 'Ream', 650)`,
    );
    await database.sql.query(
      `insert into customers (id, name, email, password_hash) values ($1, 'Ada Member', 'ada@example.com', 'x')`,
      [customerId],
    );
    await database.sql.query(
      `insert into saved_payment_methods (id, customer_id, kind, gateway_account_id, card_brand, last4, holder_name)
       values ($1, $2, 'card', '1', 'VISA', '1111', 'Ada Member')`,
      [methodId, customerId],
    );
    await database.sql.query(
      `insert into orders (id, channel, customer_name, subtotal_cents, tax_cents, total_cents, customer_id)
       values ($1, 'card', 'Ada Member', 1000, 80, 1080, $2)`,
      [orderId, customerId],
    );
    const { rows } = await database.sql.query<{ id: string }>(
      `insert into payments (order_id, retref, card_brand, last4, auth_code, authorized_cents, capture_status,
         authorized_at)
       values ($1, '100000000001', 'VISA', '1111', 'A1B2C3', 1080, 'authorized', now()) returning id`,
      [orderId],
    );
    paymentId = rows[0]!.id;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('counts a checkout, a pending request and a commit elsewhere as no change', async () => {
    const checkout = createOrderId('card');
    expect(
      await unchangedBy(() =>
        insertOrderWithPaymentRequest(
          database.orm,
          {
            id: checkout,
            channel: 'card',
            customerName: 'Shopper',
            subtotalCents: 650,
            taxCents: 52,
            totalCents: 702,
            receiptToken: randomUUID(),
            delivery: TEST_DELIVERY,
            lines: [
              {
                productId: 'ream',
                productName: 'Ream',
                unitPriceCents: 650,
                quantity: 1,
                lineTotalCents: 650,
              },
            ],
          },
          randomUUID(),
        ),
      ),
    ).toBe(true);
    expect(
      await unchangedBy(() =>
        database.sql.query(
          `insert into customers (id, name, email, password_hash) values ($1, 'New', 'new@example.com', 'x')`,
          [randomUUID()],
        ),
      ),
    ).toBe(true);
    // A write to payments undone: nothing a list shows changed.
    expect(
      await unchangedBy(async () => {
        await database.sql.query('begin');
        await database.sql.query(`update payments set last4 = '9999' where id = $1`, [paymentId]);
        await database.sql.query('rollback');
      }),
    ).toBe(true);
  });

  it.each([
    [
      'a payment captured',
      `update payments set capture_status = 'captured', captured_cents = 1080 where id = $P`,
    ],
    [
      'a money operation written',
      `insert into money_operations (payment_id, kind, amount_cents, status, actor)
       values ($P, 'refund', 100, 'pending', 'admin')`,
    ],
    [
      'an order shipped',
      `update orders set fulfilment_status = 'shipped', shipped_at = now(), shipped_by = 'admin' where id = $O`,
    ],
    ['a customer renamed', `update customers set name = 'Ada Renamed' where id = $C`],
    ['a saved method changed', `update saved_payment_methods set holder_name = 'A. Member' where id = $M`],
    [
      'a request declined',
      `update payment_requests set status = 'declined', failure = 'declined' where status = 'pending'`,
    ],
    [
      'a request written declined',
      `insert into payment_requests (request_id, order_id, amount_cents, status, failure)
       values (gen_random_uuid(), $O, 1080, 'declined', 'declined')`,
    ],
  ])('counts %s as a change', async (_name, statement) => {
    const text = statement
      .replace('$P', `'${paymentId}'`)
      .replace('$O', `'${orderId}'`)
      .replace('$C', `'${customerId}'`)
      .replace('$M', `'${methodId}'`);
    expect(await unchangedBy(() => database.sql.query(text))).toBe(false);
  });

  it('keeps what a comparison may still ask about when housekeeping forgets old changes', async () => {
    const before = await snapshot();
    await database.sql.query(`update payments set last4 = '2222' where id = $1`, [paymentId]);
    const after = await snapshot();
    await forgetOldListChanges(database.orm);
    expect(await listRowsUnchanged(database.orm, before, after)).toBe(false);
  });

  // Two servers: a transaction still running when one snapshot is taken commits after a later one has
  // committed. It is newer than the oldest running transaction of both snapshots, seen by neither until it
  // commits, and must count from then on. (PGlite has one connection: no transaction runs beside another.)
  if (kind.name === 'PostgreSQL') {
    it('sees a change whose transaction began before a snapshot and committed after a later one', async () => {
      const other = new pg.Client({ connectionString: database.url! });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(`update payments set last4 = '3333' where id = $1`, [paymentId]);
        const during = await snapshot();
        await database.sql.query(
          `insert into customers (id, name, email, password_hash) values ($1, 'Later', 'later@example.com', 'x')`,
          [randomUUID()],
        );
        const afterLater = await snapshot();
        expect(afterLater).not.toBe(during);
        expect(await listRowsUnchanged(database.orm, during, afterLater)).toBe(true);
        await other.query('commit');
        const afterBoth = await snapshot();
        expect(await listRowsUnchanged(database.orm, afterLater, afterBoth)).toBe(false);
        expect(await listRowsUnchanged(database.orm, afterBoth, during)).toBe(false);
      } finally {
        await other.end();
      }
    });
  }
});
