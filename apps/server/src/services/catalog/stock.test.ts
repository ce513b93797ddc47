import { randomUUID } from 'node:crypto';
import { RESTOCK_MESSAGES } from '@store/core';
import { describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../db/test-database';
import { addTestProduct, amountOf, checkoutProduct, putJson, readTestProduct } from '../../testing/catalog';
import { DECLINING_VISA, VISA } from '../../testing/shoppers';
import {
  payOnHostedPage,
  TEST_PUBLIC_URL,
  testDatabaseKinds,
  useAdminSession,
  useSecondServer,
  useTestServer,
  type TestServer,
} from '../../testing/test-server';
import { confirmUnverifiedPayments } from '../checkout/hosted-page';

/**
 * Stock held, never oversold (decision 061): a unit is taken when the order's payment attempt is recorded,
 * given back once when the attempt ends without the money (declined, abandoned, voided, expired, a newer
 * attempt of the same cart), kept when captured, and not given back by a refund.
 */

const CARD = VISA.replaceAll(' ', '');
const DECLINING_CARD = DECLINING_VISA.replaceAll(' ', '');
const PRICE_CENTS = 450;

function checkout(baseUrl: string, productId: string, quantity = 1, cartId: string = randomUUID()) {
  return checkoutProduct(baseUrl, { id: productId, priceCents: PRICE_CENTS }, quantity, cartId);
}

describe.each(testDatabaseKinds())('stock held and given back, on $name', (kind) => {
  const server = useTestServer(kind);
  const admin = useAdminSession(server);
  let products = 0;

  async function product(stockOnHand: number | null, lowStockThreshold?: number) {
    products += 1;
    return addTestProduct(server, admin.cookie, {
      name: `Sticky notes ${products}`,
      sku: `STICKY-${products}`,
      price: '4.50',
      stockOnHand,
      ...(lowStockThreshold === undefined ? {} : { lowStockThreshold }),
    });
  }
  const stockOf = async (id: string) => (await readTestProduct(server, admin.cookie, id)).stockOnHand;
  const heldOf = async (id: string) => (await readTestProduct(server, admin.cookie, id)).stockHeld;
  const deps = () => ({ orm: server.database.orm, gateway: server.gateway, publicUrl: TEST_PUBLIC_URL });
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  async function paid(orderId: string, requestId: string, quantity = 1, card = CARD) {
    await payOnHostedPage(
      server as TestServer,
      orderId,
      card,
      Math.round(amountOf(PRICE_CENTS, quantity) * 100),
    );
    return server.post('/api/payment/verify-payment', { requestId });
  }
  async function paymentIdOf(orderId: string): Promise<string> {
    const { rows } = await server.database.sql.query<{ id: string }>(
      'select id from payments where order_id = $1',
      [orderId],
    );
    return rows[0]!.id;
  }

  it('takes units as the order is recorded, refuses what is not there in the shopper’s words, and writes nothing', async () => {
    const notes = await product(3);
    const first = await checkout(server.url, notes.id, 2);
    expect(first.status).toBe(200);
    expect(await stockOf(notes.id)).toBe(1);
    expect(await heldOf(notes.id)).toBe(2);

    const tooMany = await checkout(server.url, notes.id, 2);
    expect(tooMany).toMatchObject({ status: 409, body: { message: `Only 1 left of ${notes.name}` } });
    const { rows } = await server.database.sql.query('select 1 from orders where id = $1', [tooMany.orderId]);
    expect(rows).toHaveLength(0);

    expect((await checkout(server.url, notes.id, 1)).status).toBe(200);
    expect(await stockOf(notes.id)).toBe(0);
    expect(await checkout(server.url, notes.id, 1)).toMatchObject({
      status: 409,
      body: { message: `${notes.name} is out of stock` },
    });
    // The storefront reads it out of stock.
    const catalog = (await (await fetch(`${server.url}/api/catalog`)).json()) as {
      products: { id: string; inStock: boolean }[];
    };
    expect(catalog.products.find((entry) => entry.id === notes.id)?.inStock).toBe(false);
  });

  it('gives the units back when the payment is declined, and keeps them when it is captured; a refund gives none back', async () => {
    const notes = await product(5);
    const declined = await checkout(server.url, notes.id, 2);
    expect(await stockOf(notes.id)).toBe(3);
    expect((await paid(declined.orderId, declined.requestId, 2, DECLINING_CARD)).body.status).toBe('error');
    expect(await stockOf(notes.id)).toBe(5);

    const bought = await checkout(server.url, notes.id, 2);
    expect((await paid(bought.orderId, bought.requestId, 2)).body.status).toBe('success');
    const paymentId = await paymentIdOf(bought.orderId);
    expect((await admin.post('/api/admin/capture-payment', { payment: { paymentId } })).status).toBe(200);
    expect(await stockOf(notes.id)).toBe(3);
    expect(await heldOf(notes.id)).toBe(0);
    await admin.post('/api/admin/sandbox-settle', {});
    const refund = await admin.post('/api/admin/refund', { transaction: { paymentId }, amount: 1 });
    expect(refund.status).toBe(200);
    expect(await stockOf(notes.id)).toBe(3);
    // The operator says the goods came back: the units go back once, and the order page offers it until then.
    const orderPage = async () =>
      (await (
        await fetch(`${server.url}/api/admin/orders/${bought.orderId}`, { headers: { cookie: admin.cookie } })
      ).json()) as { order: { actions: { restock: boolean } } };
    expect((await orderPage()).order.actions.restock).toBe(true);
    const restock = `/api/admin/orders/${bought.orderId}/restock`;
    expect(await admin.post(restock, {})).toMatchObject({
      status: 200,
      body: { message: '2 units back in stock', units: 2 },
    });
    expect(await stockOf(notes.id)).toBe(5);
    expect((await orderPage()).order.actions.restock).toBe(false);
    expect(await admin.post(restock, {})).toMatchObject({
      status: 409,
      body: { message: RESTOCK_MESSAGES.nothingHeld },
    });
    expect(await stockOf(notes.id)).toBe(5);
    // An order still awaiting capture is not restocked by hand: voiding it gives its units back.
    const open = await checkout(server.url, notes.id, 1);
    await paid(open.orderId, open.requestId);
    expect(await admin.post(`/api/admin/orders/${open.orderId}/restock`, {})).toMatchObject({
      status: 409,
      body: { message: RESTOCK_MESSAGES.notCaptured },
    });
    const { rows } = await server.database.sql.query<{ detail: string }>(
      `select detail from audit_events where action = 'restock' and order_id = $1`,
      [bought.orderId],
    );
    expect(rows.map((row) => row.detail)).toEqual(['2 units back in stock']);
  });

  it('gives the units back when the authorization is voided or expires, once', async () => {
    const notes = await product(4);
    const voided = await checkout(server.url, notes.id, 1);
    await paid(voided.orderId, voided.requestId);
    const expired = await checkout(server.url, notes.id, 2);
    await paid(expired.orderId, expired.requestId, 2);
    expect(await stockOf(notes.id)).toBe(1);
    const paymentId = await paymentIdOf(voided.orderId);
    expect((await admin.post('/api/admin/void-payment', { payment: { paymentId } })).status).toBe(200);
    expect(await stockOf(notes.id)).toBe(2);
    expect((await admin.post('/api/admin/void-payment', { payment: { paymentId } })).status).toBe(409);
    expect(await stockOf(notes.id)).toBe(2);
    await server.database.sql.query(`update payments set capture_status = 'expired' where order_id = $1`, [
      expired.orderId,
    ]);
    expect(await stockOf(notes.id)).toBe(4);
  });

  it('gives an older attempt’s units back when the same cart pays again (Back, then Pay)', async () => {
    const notes = await product(2);
    const cartId = randomUUID();
    expect((await checkout(server.url, notes.id, 2, cartId)).status).toBe(200);
    expect(await stockOf(notes.id)).toBe(0);
    // The same shopper, back from the payment page, pays again: the cart's newest attempt holds the units.
    expect((await checkout(server.url, notes.id, 2, cartId)).status).toBe(200);
    expect(await stockOf(notes.id)).toBe(0);
    expect(await heldOf(notes.id)).toBe(2);
    // Another cart finds none.
    expect((await checkout(server.url, notes.id, 1)).status).toBe(409);
  });

  it('gives an abandoned attempt’s units back after the payment page’s 30 minutes, and takes them again if it is paid after all', async () => {
    const notes = await product(1, 0);
    const left = await checkout(server.url, notes.id, 1);
    expect(await stockOf(notes.id)).toBe(0);
    await confirmUnverifiedPayments(deps(), later(29));
    expect(await stockOf(notes.id)).toBe(0);
    await confirmUnverifiedPayments(deps(), later(31));
    expect(await stockOf(notes.id)).toBe(1);

    // Someone else buys the unit; then the first shopper pays on the page they left open.
    const other = await checkout(server.url, notes.id, 1);
    expect((await paid(other.orderId, other.requestId)).body.status).toBe('success');
    await payOnHostedPage(server as TestServer, left.orderId, CARD, Math.round(amountOf(PRICE_CENTS) * 100));
    expect(await confirmUnverifiedPayments(deps(), later(125))).toBe(1);
    // Their money is taken, so the unit is too: the console shows the product oversold.
    const oversold = await readTestProduct(server, admin.cookie, notes.id);
    expect(oversold).toMatchObject({ stockOnHand: -1, lowStock: true });
  });

  it('gives the units back at once when the shopper cancels on the payment page, once, and takes them again if that page is paid after all', async () => {
    const notes = await product(3);
    const cancelled = await checkout(server.url, notes.id, 2);
    expect(await stockOf(notes.id)).toBe(1);
    const cancel = () => server.post('/api/payment/cancel-payment', { requestId: cancelled.requestId });
    expect(await cancel()).toMatchObject({ status: 200, body: { outcome: 'closed' } });
    expect(await stockOf(notes.id)).toBe(3);
    expect(await heldOf(notes.id)).toBe(0);
    // A second Cancel (the way back from the payment page taken twice) closes nothing more.
    expect(await cancel()).toMatchObject({ status: 200, body: { outcome: 'left' } });
    expect(await stockOf(notes.id)).toBe(3);
    // The order page says why the attempt took no money.
    const orderPage = await fetch(`${server.url}/api/admin/orders/${cancelled.orderId}`, {
      headers: { cookie: admin.cookie },
    });
    expect(JSON.stringify(await orderPage.json())).toContain(
      'The shopper pressed Cancel on the payment page, and the gateway has no payment for it.',
    );

    // Back to the page, which the shopper pays after all: the payment is found and its units taken again.
    await payOnHostedPage(
      server as TestServer,
      cancelled.orderId,
      CARD,
      Math.round(amountOf(PRICE_CENTS, 2) * 100),
    );
    expect(await confirmUnverifiedPayments(deps(), later(125))).toBe(1);
    expect(await stockOf(notes.id)).toBe(1);

    // A Cancel pressed after the page was paid (another tab) closes nothing: the payment is recorded.
    const paidElsewhere = await checkout(server.url, notes.id, 1);
    await payOnHostedPage(
      server as TestServer,
      paidElsewhere.orderId,
      CARD,
      Math.round(amountOf(PRICE_CENTS) * 100),
    );
    expect(
      await server.post('/api/payment/cancel-payment', { requestId: paidElsewhere.requestId }),
    ).toMatchObject({ status: 200, body: { outcome: 'paid' } });
    expect(await stockOf(notes.id)).toBe(0);
    // Both paid orders await capture: their 2 and 1 units are held.
    expect(await heldOf(notes.id)).toBe(3);
    expect((await server.post('/api/payment/cancel-payment', { requestId: randomUUID() })).status).toBe(404);
  });

  it('keeps the units of a charge cancelled in the console, as of a refund, until the operator puts them back', async () => {
    const notes = await product(2);
    const bought = await checkout(server.url, notes.id, 2);
    await paid(bought.orderId, bought.requestId, 2);
    const paymentId = await paymentIdOf(bought.orderId);
    expect((await admin.post('/api/admin/capture-payment', { payment: { paymentId } })).status).toBe(200);
    expect((await admin.post('/api/admin/cancel-charge', { payment: { paymentId } })).status).toBe(200);
    expect(await stockOf(notes.id)).toBe(0);
    expect(await admin.post(`/api/admin/orders/${bought.orderId}/restock`, {})).toMatchObject({
      status: 200,
      body: { units: 2 },
    });
    expect(await stockOf(notes.id)).toBe(2);
  });

  it('leaves stock alone for a product it does not count, and keeps counting when the owner starts to', async () => {
    const pens = await product(null);
    expect((await checkout(server.url, pens.id, 3)).status).toBe(200);
    expect(await stockOf(pens.id)).toBeNull();
    const counted = await putJson(
      server.url,
      `/api/admin/products/${pens.id}`,
      { ...pens, price: '4.50', stockOnHand: 1, stockWas: null },
      admin.cookie,
    );
    expect(counted.status).toBe(200);
    expect((await checkout(server.url, pens.id, 1)).status).toBe(200);
    expect(await stockOf(pens.id)).toBe(0);
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)('never oversold across two servers on PostgreSQL', () => {
  const server = useTestServer({
    name: 'PostgreSQL',
    create: () => createPostgresTestDatabase(postgresUrl!),
  });
  const admin = useAdminSession(server);
  const second = useSecondServer(server);

  it('accepts exactly 3 of 50 checkouts at once for the last 3 units, refuses the rest in words, with no 5xx', async () => {
    const notes = await addTestProduct(server, admin.cookie, {
      name: 'Last reams',
      sku: 'LAST-REAMS',
      price: '4.50',
      stockOnHand: 3,
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => checkout(index % 2 ? second.url : server.url, notes.id, 1)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(47);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(String(refused.body.message)).toMatch(
        /^(Only [12] left of Last reams|Last reams is out of stock)$/,
      );
    }
    const product = await readTestProduct(server, admin.cookie, notes.id);
    expect(product).toMatchObject({ stockOnHand: 0, stockHeld: 3 });
    const { rows } = await server.database.sql.query<{ orders: number }>(
      `select count(*)::int as orders from order_lines where product_id = $1`,
      [notes.id],
    );
    expect(rows[0]!.orders).toBe(3);
  }, 60_000);
});
