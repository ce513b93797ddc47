import { randomUUID } from 'node:crypto';
import { createOrderId } from '@store/core';
import { describe, expect, it } from 'vitest';
import { googlePayToken as walletToken, shoppersAt } from '../../testing/shoppers';
import {
  TEST_DELIVERY,
  adminCookie,
  countRows,
  testDatabaseKinds,
  useTestServer,
} from '../../testing/test-server';

/** Parsed JSON the test reaches into, field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Parsed = Record<string, any>;

const TWO_REAMS = [{ productId: 'paper-ream-500', quantity: 2 }];
/** 2 × $9.99 + 5% tax. */
const TWO_REAMS_TOTAL = 20.98;

describe.each(testDatabaseKinds())('Google Pay on $name', (kind) => {
  const server = useTestServer(kind);

  /** What Google hands the storefront for this test's two reams. */
  const googlePayToken = (cardId = 'visa', gatewayMerchantId?: string) =>
    walletToken(server, { cardId, totalPrice: '20.98', gatewayMerchantId });

  const pay = async (overrides: Record<string, unknown> = {}, options: { cookie?: string } = {}) =>
    server.post(
      '/api/googlepay/process-with-googlepay',
      {
        paymentToken: await googlePayToken(),
        amount: TWO_REAMS_TOTAL,
        orderId: createOrderId('googlepay'),
        email: 'shopper@example.com',
        gateway: 'cardconnect',
        items: TWO_REAMS,
        delivery: TEST_DELIVERY,
        ...overrides,
      },
      options,
    );

  const paymentsOf = async (orderId: string) =>
    (
      await server.database.sql.query<{
        card_brand: string;
        last4: string;
        authorized_cents: number;
        capture_status: string;
      }>('select card_brand, last4, authorized_cents, capture_status from payments where order_id = $1', [
        orderId,
      ])
    ).rows;

  it('tells the storefront how to set up Google Pay, with the sandbox wallet', async () => {
    const response = await fetch(`${server.url}/api/wallets/config`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      sandboxWalletUrl: '/sandbox/sandbox-wallet',
      googlePay: { environment: 'TEST', gatewayMerchantId: server.config.gateway.merchantId },
    });
  });

  it('authorizes the server-computed total, records a Google Pay payment and verifies like any other', async () => {
    const orderId = createOrderId('googlepay');
    const answer = await pay({ orderId });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'success', message: 'Payment approved' });
    expect(answer.body.transactionId).toMatch(/^\d{12}$/);
    expect(await paymentsOf(orderId)).toEqual([
      { card_brand: 'VISA', last4: '1111', authorized_cents: 2098, capture_status: 'authorized' },
    ]);

    const verified = await server.post('/api/payment/verify-payment', { requestId: answer.body.requestId });
    expect(verified.body).toMatchObject({
      status: 'success',
      paymentDetails: { orderId, wallet: 'Google Pay', paymentMethod: 'VISA', last4: '1111', amount: 20.98 },
    });

    // The operator sees it awaiting capture and captures it like a card payment.
    const cookie = await adminCookie(server.url);
    const pending = await server.post('/api/admin/payments', { limit: 500 }, { cookie });
    const listed = (pending.body.payments as Record<string, unknown>[]).find(
      (row) => row.orderId === orderId,
    );
    expect(listed).toMatchObject({ cardType: 'VISA', last4: '1111', amount: 20.98 });
    const captured = await server.post('/api/admin/capture-payment', { payment: listed }, { cookie });
    expect(captured.status).toBe(200);
    expect((await paymentsOf(orderId))[0]!.capture_status).toBe('captured');

    // And refunds it in part, like a card payment.
    const history = await server.post('/api/admin/transactions', { limit: 500 }, { cookie });
    const transaction = (history.body.transactions as Parsed[]).find(
      (row) => row.orderId === orderId && row.captureStatus === 'captured',
    );
    expect(transaction).toMatchObject({ wallet: 'Google Pay', cardType: 'VISA' });
    const refunded = await server.post('/api/admin/refund', { transaction, amount: 5 }, { cookie });
    expect(refunded.status).toBe(200);
    const { rows } = await server.database.sql.query<{ refunded_cents: number }>(
      'select refunded_cents from payments where order_id = $1',
      [orderId],
    );
    expect(rows[0]!.refunded_cents).toBe(500);
  });

  it('refuses an amount that is not the cart total, and records nothing', async () => {
    const orders = await countRows(server.database, 'orders');
    const answer = await pay({ amount: 0.01 });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Order total does not match the cart');
    expect(await countRows(server.database, 'orders')).toBe(orders);
  });

  it('refuses a forged, an altered or a replayed token with "Google Pay payment failed", and authorizes nothing', async () => {
    const payments = await countRows(server.database, 'payments');
    const replayed = await googlePayToken();
    expect((await pay({ paymentToken: replayed })).status).toBe(200);
    const altered = JSON.parse(await googlePayToken()) as Record<string, string>;
    altered.signature = JSON.parse(await googlePayToken()).signature;
    const refusals = [
      replayed,
      JSON.stringify(altered),
      JSON.stringify({
        protocolVersion: 'ECv2',
        signature: 'x',
        signedMessage: '{}',
        intermediateSigningKey: {},
      }),
      await googlePayToken('visa', '800000000999'),
    ];
    for (const paymentToken of refusals) {
      const answer = await pay({ paymentToken });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe('Google Pay payment failed: Decryption failure.');
    }
    expect(await countRows(server.database, 'payments')).toBe(payments + 1);
  });

  it('answers a declining wallet card with the decline, and records no payment', async () => {
    const orderId = createOrderId('googlepay');
    const answer = await pay({ orderId, paymentToken: await googlePayToken('visa-declined') });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toMatch(/^Google Pay payment failed: /);
    expect(await paymentsOf(orderId)).toEqual([]);
  });

  it('refuses what is not a Google Pay order: a card order id, no token, another gateway, broken JSON', async () => {
    const cases: [Record<string, unknown> | string, number, string][] = [
      [{ orderId: createOrderId('card') }, 400, 'Order ID is not valid'],
      [{ paymentToken: '' }, 400, 'No payment token found in Google Pay or Apple Pay response'],
      [{ gateway: 'stripe' }, 400, 'gateway must be cardconnect'],
    ];
    for (const [overrides, status, message] of cases) {
      const answer = await pay(overrides as Record<string, unknown>);
      expect(answer.status).toBe(status);
      expect(answer.body.message).toBe(message);
    }
    const broken = await server.post('/api/googlepay/process-with-googlepay', '{"paymentToken": ');
    expect(broken.status).toBe(400);
    expect(broken.body.status).toBe('error');
  });

  it('takes a userId only from its signed-in owner: 401 without a session, 403 for another customer', async () => {
    const shoppers = shoppersAt(server);
    const owner = await shoppers.register({ name: 'Wallet Customer' });
    const other = await shoppers.register({ name: 'Wallet Customer' });
    expect((await pay({ userId: owner.id })).status).toBe(401);
    expect((await pay({ userId: owner.id }, { cookie: other.cookie })).status).toBe(403);
    const orderId = createOrderId('googlepay');
    const answer = await pay({ userId: owner.id, orderId }, { cookie: owner.cookie });
    expect(answer.status).toBe(200);
    const { rows } = await server.database.sql.query<{ customer_name: string }>(
      'select customer_name from orders where id = $1',
      [orderId],
    );
    expect(rows[0]!.customer_name).toBe('Wallet Customer');
  });

  it("keeps the browser's record of a result without taking its amount for the order's", async () => {
    const answer = await pay();
    const recorded = await server.post('/api/googlepay/record-payment', {
      requestId: answer.body.requestId,
      amount: 99.99,
      timestamp: Date.now(),
    });
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({ status: 'success', amount: TWO_REAMS_TOTAL });
    const { rows } = await server.database.sql.query<{
      browser_recorded_at: Date | null;
      amount_cents: number;
    }>('select browser_recorded_at, amount_cents from payment_requests where request_id = $1', [
      answer.body.requestId,
    ]);
    expect(rows[0]!.browser_recorded_at).not.toBeNull();
    expect(rows[0]!.amount_cents).toBe(2098);
    const unknown = await server.post('/api/googlepay/record-payment', { requestId: randomUUID() });
    expect(unknown.status).toBe(404);
  });
});
