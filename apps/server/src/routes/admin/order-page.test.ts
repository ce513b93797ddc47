import { createOrderId } from '@store/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStoreBehindFaultyGateway } from '../../testing/faulty-gateway';
import {
  adminCookie,
  authorizedPayment,
  countRows,
  createOrder,
  payOnHostedPage,
  TEST_ADMIN,
  TEST_DELIVERY,
  testDatabaseKinds,
  useAdminSession,
  useTestServer,
  type TestServer,
} from '../../testing/test-server';

interface TimelineStep {
  at: string;
  title: string;
  by: string;
  tone: string;
  detail?: string;
  badges?: { label: string; tone: string }[];
}

interface AdminOrder {
  orderId: string;
  items: { productId: string; quantity: number }[];
  total: number;
  contactEmail?: string;
  deliveryAddress?: { name: string; city: string };
  paymentWay: string;
  orderStatus: string;
  fulfilment: { status: string; shippedBy?: string; carrier?: string; trackingNumber?: string };
  transaction?: { paymentId: string; captureStatus: string; captureAmount: number; refundableAmount: number };
  authorizationExpiresAt?: string;
  gatewayChecks: { label: string; tone: string }[];
  actions: Record<'capture' | 'void' | 'refund' | 'cancelCharge' | 'ship', boolean>;
  timeline: TimelineStep[];
}

async function readOrder(server: TestServer, cookie: string, orderId: string) {
  const response = await fetch(`${server.url}/api/admin/orders/${encodeURIComponent(orderId)}`, {
    headers: { cookie },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function orderOf(answer: { body: Record<string, unknown> }): AdminOrder {
  return answer.body.order as AdminOrder;
}

async function outboxOf(server: TestServer, orderId: string) {
  const { rows } = await server.database.sql.query<{ kind: string; recipient: string; text_body: string }>(
    'select kind, recipient, text_body from mail_outbox where order_id = $1 order by created_at',
    [orderId],
  );
  return rows;
}

describe.each(testDatabaseKinds())("the console's order page, on $name", (kind) => {
  const server = useTestServer(kind);
  const admin = useAdminSession(server);

  it('shows what was bought, where it goes, the payment and what can be done with it now', async () => {
    const { orderId, paymentId } = await authorizedPayment(server);
    const answer = await readOrder(server, admin.cookie, orderId);
    expect(answer.status).toBe(200);
    expect(answer.body.captureOnShipment).toBe(true);
    const order = orderOf(answer);
    expect(order).toMatchObject({
      orderId,
      total: 68.2,
      contactEmail: TEST_DELIVERY.email,
      deliveryAddress: { name: TEST_DELIVERY.address.name, city: TEST_DELIVERY.address.city },
      paymentWay: 'card',
      orderStatus: 'authorized',
      fulfilment: { status: 'unfulfilled' },
      transaction: { paymentId, captureStatus: 'authorized', refundableAmount: 0 },
      actions: { capture: true, void: true, refund: false, cancelCharge: false, ship: true },
    });
    expect(order.items.map((item) => item.productId).sort()).toEqual(['paper-ream-500', 'pen-pack-100']);
    expect(Date.parse(order.authorizationExpiresAt!)).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    const titles = order.timeline.map((step) => step.title);
    expect(titles[0]).toBe('Order placed');
    expect(titles).toContain('Authorized $68.20');
    expect(titles).toContain('Email: Order confirmation');
    const times = order.timeline.map((step) => Date.parse(step.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The card's checks, as badges on the page and on the authorization's step.
    expect(order.gatewayChecks.map((badge) => badge.label).join(' ')).toMatch(/AVS: .*CVV /);
    expect(order.timeline.find((step) => step.title === 'Authorized $68.20')?.badges).toEqual(
      order.gatewayChecks,
    );
  });

  it('answers 404 for an order it does not know, and 401 without a session', async () => {
    const unknown = await readOrder(server, admin.cookie, createOrderId('card'));
    expect(unknown).toMatchObject({ status: 404, body: { status: 'error', message: 'Order not found' } });
    const odd = await readOrder(server, admin.cookie, 'X'.repeat(60));
    expect(odd.status).toBe(404);
    const tooLong = await readOrder(server, admin.cookie, 'X'.repeat(101));
    // Longer than any path parameter the server takes (Fastify's limit): refused before any route runs.
    expect(tooLong).toEqual({
      status: 414,
      body: { status: 'error', message: 'The request address is too long', error: 'invalid' },
    });
    const { orderId } = await authorizedPayment(server);
    const anonymous = await readOrder(server, '', orderId);
    expect(anonymous.status).toBe(401);
    const shipAnonymous = await server.post(`/api/admin/orders/${orderId}/ship`, {});
    expect(shipAnonymous.status).toBe(401);
  });

  it('ships nothing on an authorization that has lapsed: it could no longer be captured', async () => {
    const { orderId, paymentId } = await authorizedPayment(server);
    await server.database.sql.query(
      "update payments set authorized_at = now() - interval '8 days' where id = $1",
      [paymentId],
    );
    const order = orderOf(await readOrder(server, admin.cookie, orderId));
    expect(order.actions).toMatchObject({ capture: false, ship: false });
    expect(await admin.post(`/api/admin/orders/${orderId}/ship`, {})).toMatchObject({
      status: 409,
      body: {
        message: "This order's authorization has lapsed and can no longer be captured: it cannot be shipped",
      },
    });
    const { rows } = await server.database.sql.query<{ fulfilment_status: string }>(
      'select fulfilment_status from orders where id = $1',
      [orderId],
    );
    expect(rows).toEqual([{ fulfilment_status: 'unfulfilled' }]);
  });

  it('tells a declined attempt: no payment, nothing to do, what the gateway said', async () => {
    const { orderId, requestId } = await createOrder(server);
    await payOnHostedPage(server, orderId, '4387751111111038');
    await server.post('/api/payment/verify-payment', { requestId });
    const order = orderOf(await readOrder(server, admin.cookie, orderId));
    expect(order.orderStatus).toBe('payment_failed');
    expect(order.transaction).toBeUndefined();
    expect(order.actions).toEqual({
      capture: false,
      void: false,
      refund: false,
      cancelCharge: false,
      ship: false,
      restock: false,
    });
    const declined = order.timeline.find((step) => step.title === 'Payment declined');
    expect(declined).toMatchObject({ by: 'Gateway', tone: 'danger' });
    expect(declined?.detail).toMatch(/^Card •••• 1038: The issuer refused the payment/);
  });

  it('marks an order shipped, capturing it on shipment, once; the customer is told with the tracking number', async () => {
    const { orderId, paymentId } = await authorizedPayment(server);
    const shipped = await admin.post(
      `/api/admin/orders/${orderId}/ship`,
      { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      { 'idempotency-key': `ship-${orderId}` },
    );
    expect(shipped.status).toBe(200);
    expect(shipped.body).toEqual({
      status: 'success',
      message: 'Captured $68.20 and marked as shipped',
      captured: true,
    });

    const order = orderOf(await readOrder(server, admin.cookie, orderId));
    expect(order).toMatchObject({
      orderStatus: 'shipped',
      fulfilment: {
        status: 'shipped',
        shippedBy: TEST_ADMIN.username,
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
      },
      transaction: { paymentId, captureStatus: 'captured', captureAmount: 68.2 },
      actions: { capture: false, void: false, refund: true, cancelCharge: true, ship: false },
    });
    const step = order.timeline.find((entry) => entry.title === 'Marked as shipped');
    expect(step).toMatchObject({ by: TEST_ADMIN.username, tone: 'success' });
    expect(step?.detail).toContain('tracking 1Z999AA10123456784');
    expect(order.timeline.map((entry) => entry.title)).toContain('Capture $68.20');

    const mail = await outboxOf(server, orderId);
    const notice = mail.find((message) => message.kind === 'order_shipped');
    expect(notice?.recipient).toBe(TEST_DELIVERY.email);
    expect(notice?.text_body).toContain('1Z999AA10123456784');
    expect(notice?.text_body).toContain('UPS');

    // The same request again is the same answer; a new one is refused: shipped once, captured once.
    const replay = await admin.post(
      `/api/admin/orders/${orderId}/ship`,
      { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      { 'idempotency-key': `ship-${orderId}` },
    );
    expect(replay.body).toEqual(shipped.body);
    const again = await admin.post(`/api/admin/orders/${orderId}/ship`, {});
    expect(again).toMatchObject({
      status: 409,
      body: { status: 'error', message: 'This order has already been marked as shipped' },
    });
    const { rows } = await server.database.sql.query<{ count: string }>(
      "select count(*) as count from money_operations where payment_id = $1 and kind = 'capture'",
      [paymentId],
    );
    expect(Number(rows[0]!.count)).toBe(1);
    expect(
      (await outboxOf(server, orderId)).filter((message) => message.kind === 'order_shipped'),
    ).toHaveLength(1);

    // The receipt says so too.
    const { rows: tokens } = await server.database.sql.query<{ receipt_token: string }>(
      'select receipt_token from orders where id = $1',
      [orderId],
    );
    const receipt = (await (
      await fetch(`${server.url}/api/receipts/${tokens[0]!.receipt_token}`)
    ).json()) as {
      order: { orderStatus: string; shipment?: Record<string, string> };
    };
    expect(receipt.order.orderStatus).toBe('shipped');
    // With the carrier and tracking number the shipping email gave.
    expect(receipt.order.shipment).toEqual({
      shippedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
  });

  it('ships a captured order without capturing again, and refuses one whose payment was voided', async () => {
    const { orderId, paymentId } = await authorizedPayment(server);
    await admin.post('/api/admin/capture-payment', {
      payment: { paymentId, originalAmount: 68.2, amount: 50 },
    });
    const shipped = await admin.post(`/api/admin/orders/${orderId}/ship`, {});
    expect(shipped.body).toEqual({ status: 'success', message: 'Marked as shipped', captured: false });
    expect(orderOf(await readOrder(server, admin.cookie, orderId)).transaction?.captureAmount).toBe(50);

    const voided = await authorizedPayment(server);
    await admin.post('/api/admin/void-payment', { payment: { paymentId: voided.paymentId } });
    const refused = await admin.post(`/api/admin/orders/${voided.orderId}/ship`, {});
    expect(refused).toMatchObject({
      status: 409,
      body: { message: "This order's payment is voided: it cannot be shipped" },
    });
    const order = orderOf(await readOrder(server, admin.cookie, voided.orderId));
    expect(order.fulfilment.status).toBe('unfulfilled');
    expect(order.actions.ship).toBe(false);
    const audit = order.timeline.find((step) => step.title === 'Mark as shipped refused or failed');
    expect(audit?.detail).toContain('voided');
  });

  it("tells the settlement in the timeline, with the merchant's batch", async () => {
    const { orderId, paymentId } = await authorizedPayment(server);
    await admin.post('/api/admin/capture-payment', { payment: { paymentId } });
    const settled = await admin.post('/api/admin/sandbox/settle', {});
    expect(settled.status).toBe(200);
    const order = orderOf(await readOrder(server, admin.cookie, orderId));
    const step = order.timeline.find((entry) => entry.title === 'Settled $68.20');
    expect(step).toMatchObject({ by: 'Gateway', tone: 'success' });
    const { rows } = await server.database.sql.query<{ settlement_batch: string | null }>(
      'select settlement_batch from payments where id = $1',
      [paymentId],
    );
    expect(rows[0]!.settlement_batch).toMatch(/^[A-Za-z0-9-]+$/);
    expect(step?.detail).toContain(`batch ${rows[0]!.settlement_batch}`);
    expect(order.actions).toMatchObject({ cancelCharge: false, refund: true });
  });

  it('refuses a carrier or tracking number too long or with hidden characters, in words', async () => {
    const { orderId } = await authorizedPayment(server);
    const long = await admin.post(`/api/admin/orders/${orderId}/ship`, { carrier: 'C'.repeat(61) });
    expect(long).toMatchObject({ status: 400, body: { message: 'Carrier must be at most 60 characters' } });
    const hidden = await admin.post(`/api/admin/orders/${orderId}/ship`, { trackingNumber: '1Z\u200b99' });
    expect(hidden).toMatchObject({
      status: 400,
      body: { message: 'Tracking number must not contain invisible characters' },
    });
    expect(orderOf(await readOrder(server, admin.cookie, orderId)).fulfilment.status).toBe('unfulfilled');
  });
});

describe('Mark as shipped with capture on shipment off', () => {
  const [kind] = testDatabaseKinds();
  const server = useTestServer(kind!, { CAPTURE_ON_SHIPMENT: 'false' });
  const admin = useAdminSession(server);

  it('ships without capturing: the payment still awaits capture, and Pending Payments says it shipped', async () => {
    const { orderId, paymentId } = await authorizedPayment(server);
    const shipped = await admin.post(`/api/admin/orders/${orderId}/ship`, { carrier: 'USPS' });
    expect(shipped.body).toEqual({ status: 'success', message: 'Marked as shipped', captured: false });
    const order = orderOf(await readOrder(server, admin.cookie, orderId));
    expect(order).toMatchObject({
      orderStatus: 'shipped',
      transaction: { captureStatus: 'authorized' },
      actions: { capture: true, ship: false },
    });
    const pending = await admin.post('/api/admin/payments', { limit: 100 });
    const row = (pending.body.payments as { paymentId: string; shipped: boolean }[]).find(
      (payment) => payment.paymentId === paymentId,
    );
    expect(row?.shipped).toBe(true);
  });
});

describe('Mark as shipped when the capture fails', () => {
  const bench = useStoreBehindFaultyGateway({ GATEWAY_TIMEOUT_MS: '1000', RECONCILE_AFTER_MS: '60000' });
  let cookie: string;

  beforeAll(async () => {
    cookie = await adminCookie(bench.store.url);
  });

  it('leaves the order unshipped, says why, and sends no shipping notice', async () => {
    const { orderId } = await authorizedPayment(bench.store);
    bench.proxy.faults.capture = 'unavailable';
    const answer = await bench.store.post(`/api/admin/orders/${orderId}/ship`, {}, { cookie });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(String(answer.body.message)).toMatch(/^Not shipped: The gateway did not confirm the capture/);
    const order = orderOf(await readOrder(bench.store, cookie, orderId));
    expect(order.fulfilment.status).toBe('unfulfilled');
    expect((await outboxOf(bench.store, orderId)).map((message) => message.kind)).toEqual([
      'order_confirmation',
    ]);
    expect(await countRows(bench.store.database, "orders where fulfilment_status = 'shipped'")).toBe(0);
  });
});

/** Two operators at once, one pressing Capture and one Mark as shipped: one capture, whatever the order. */
describe.each(testDatabaseKinds().filter((kind) => kind.name === 'PostgreSQL'))(
  'capture on shipment racing a manual capture, on $name',
  (kind) => {
    const server = useTestServer(kind);
    const admin = useAdminSession(server);

    it('captures once, and ships unless the other capture was still in flight', async () => {
      for (let round = 0; round < 8; round += 1) {
        const { orderId, paymentId } = await authorizedPayment(server);
        const [ship, capture] = await Promise.all([
          admin.post(`/api/admin/orders/${orderId}/ship`, {}),
          admin.post('/api/admin/capture-payment', { payment: { paymentId } }),
        ]);
        const { rows } = await server.database.sql.query<{
          captures: string;
          captured_cents: number;
          fulfilment_status: string;
        }>(
          `select (select count(*) from money_operations o where o.payment_id = p.id and o.kind = 'capture'
                     and o.status <> 'failed') as captures,
                  p.captured_cents, ord.fulfilment_status
             from payments p join orders ord on ord.id = p.order_id where p.id = $1`,
          [paymentId],
        );
        expect(Number(rows[0]!.captures)).toBe(1);
        expect(rows[0]!.captured_cents).toBe(6820);
        expect(rows[0]!.fulfilment_status).toBe(ship.status === 200 ? 'shipped' : 'unfulfilled');
        expect(ship.status === 200 || capture.status === 200).toBe(true);
        if (ship.status !== 200) expect(String(ship.body.message)).toMatch(/^Not shipped: /);
      }
    });
  },
);
