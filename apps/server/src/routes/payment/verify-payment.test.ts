import { describe, expect, it } from 'vitest';
import { confirmUnverifiedPayments } from '../../services/checkout/hosted-page';
import {
  createOrder as createTestOrder,
  payOnHostedPage as payWithCard,
  testDatabaseKinds,
  useTestServer,
} from '../../testing/test-server';

const PUBLIC_URL = 'http://127.0.0.1:3999';

describe.each(testDatabaseKinds())('POST /api/payment/verify-payment on $name', (kind) => {
  const server = useTestServer(kind, { PUBLIC_URL });

  const createOrder = () => createTestOrder(server);
  const payOnHostedPage = (orderId: string, card: string, amountCents?: number) =>
    payWithCard(server, orderId, card, amountCents);

  it('confirms an approved payment with the gateway and records it once', async () => {
    const { orderId, requestId } = await createOrder();
    const authorization = await payOnHostedPage(orderId, '4111111111111111');
    expect(authorization.ok).toBe(true);

    const first = await server.post('/api/payment/verify-payment', { requestId });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'success',
      message: 'Payment authorized',
      paymentDetails: {
        orderId,
        paymentMethod: 'VISA',
        transactionStatus: 'Authorized',
        amount: 68.2,
        last4: '1111',
      },
    });
    const details = first.body.paymentDetails as Record<string, string>;
    expect(details.transactionDate).toBeDefined();
    expect(details.authorizationCode).toMatch(/^[0-9A-Z]{6}$/);
    expect(Date.now() - Date.parse(details.transactionDate ?? '')).toBeLessThan(60_000);
    expect(details.transaction).toBe(authorization.ok ? authorization.value.retref : '');

    const again = await server.post('/api/payment/verify-payment', { requestId });
    expect(again.body).toEqual(first.body);
    const { rows } = await server.database.sql.query(
      'select authorized_cents, captured_cents, refunded_cents, capture_status, card_brand, last4 from payments where order_id = $1',
      [orderId],
    );
    expect(rows).toEqual([
      {
        authorized_cents: 6820,
        captured_cents: 0,
        refunded_cents: 0,
        capture_status: 'authorized',
        card_brand: 'VISA',
        last4: '1111',
      },
    ]);
    const request = await server.database.sql.query(
      'select status from payment_requests where request_id = $1',
      [requestId],
    );
    expect(request.rows).toEqual([{ status: 'approved' }]);
  });

  const DECLINED = 'Your card was declined. Try another card or contact your bank.';
  const NO_ANSWER = 'The bank did not answer in time. Nothing was charged; please try again.';
  it.each([
    ['4387751111111038', 'Do not honor', DECLINED, 'declined'],
    ['4387751111111046', 'Expired card', DECLINED, 'declined'],
    ['4387751111111053', 'Insufficient funds', DECLINED, 'declined'],
    ['4999006200620062', 'Timed out', NO_ANSWER, 'retry'],
  ])(
    'tells the shopper of card %s only that it failed, keeping the issuer’s “%s” for the operator',
    async (card, reason, message, errorcode) => {
      const { orderId, requestId } = await createOrder();
      await payOnHostedPage(orderId, card);
      const answer = await server.post('/api/payment/verify-payment', { requestId });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ status: 'error', message, error: message, errorcode });
      const payments = await server.database.sql.query('select 1 from payments where order_id = $1', [
        orderId,
      ]);
      expect(payments.rows).toHaveLength(0);
      const request = await server.database.sql.query(
        'select status, message from payment_requests where request_id = $1',
        [requestId],
      );
      expect(request.rows).toEqual([{ status: 'declined', message: reason }]);
    },
  );

  it('takes the approval when a decline came first on the hosted page', async () => {
    const { orderId, requestId } = await createOrder();
    await payOnHostedPage(orderId, '4387751111111038');
    await payOnHostedPage(orderId, '5454545454545454');
    const answer = await server.post('/api/payment/verify-payment', { requestId });
    expect(answer.body).toMatchObject({
      status: 'success',
      paymentDetails: { paymentMethod: 'MASTERCARD', last4: '5454' },
    });
  });

  it('says so when nothing was paid for the order', async () => {
    const { requestId } = await createOrder();
    const answer = await server.post('/api/payment/verify-payment', { requestId });
    expect(answer.body).toMatchObject({ status: 'error', message: 'No payment was made for this order' });
  });

  it('voids an authorization for another amount than the order’s and fails the payment', async () => {
    const { orderId, requestId } = await createOrder();
    const authorization = await payOnHostedPage(orderId, '4111111111111111', 1);
    if (!authorization.ok) throw new Error('authorization failed');
    const answer = await server.post('/api/payment/verify-payment', { requestId });
    expect(answer.body).toMatchObject({
      status: 'error',
      message: 'The amount paid does not match the order total',
    });
    const inquiry = await server.gateway.inquire(authorization.value.retref);
    expect(inquiry.ok && inquiry.value.settlement).toBe('voided');
    const payments = await server.database.sql.query('select 1 from payments where order_id = $1', [orderId]);
    expect(payments.rows).toHaveLength(0);
  });

  it.each([
    [{ requestId: '6f1c1d1e-8d2b-4a55-9a43-1f7a1b2c3d4e' }, 404, 'Payment request not found'],
    [{ requestId: 'not-a-uuid' }, 400, 'Request ID is not valid'],
    [{}, 400, 'Request ID is required'],
    ['{"requestId":', 400, 'The request body is not valid JSON'],
  ])('refuses %j with %i', async (body, status, message) => {
    const answer = await server.post('/api/payment/verify-payment', body);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ status: 'error', message });
  });

  it('has the mounted hosted page send shoppers back only to this store', async () => {
    const { orderId } = await createOrder();
    const page = (returnUrl: string) =>
      fetch(
        `${server.url}/sandbox/hpp?total=68.20&invoice=${orderId}&returnUrl=${encodeURIComponent(returnUrl)}`,
      );
    expect((await page(`${PUBLIC_URL}/payment-complete`)).status).toBe(200);
    const foreign = await page('https://evil.example/payment-complete');
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain('returnUrl must point back to the store');
  });

  it('confirms a payment whose shopper never came back, and closes one that was never paid', async () => {
    const paid = await createOrder();
    await payOnHostedPage(paid.orderId, '4111111111111111');
    const abandoned = await createOrder();
    const deps = { orm: server.database.orm, gateway: server.gateway, publicUrl: PUBLIC_URL };
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

    expect(await confirmUnverifiedPayments(deps, later(1))).toBe(0);
    expect(await confirmUnverifiedPayments(deps, later(11))).toBe(1);
    const payment = await server.database.sql.query(
      'select authorized_cents, capture_status from payments where order_id = $1',
      [paid.orderId],
    );
    expect(payment.rows).toEqual([{ authorized_cents: 6820, capture_status: 'authorized' }]);

    await confirmUnverifiedPayments(deps, later(61));
    const requests = await server.database.sql.query<{ request_id: string; status: string }>(
      'select request_id, status from payment_requests where request_id = any($1)',
      [[paid.requestId, abandoned.requestId]],
    );
    expect(Object.fromEntries(requests.rows.map((row) => [row.request_id, row.status]))).toEqual({
      [paid.requestId]: 'approved',
      [abandoned.requestId]: 'failed',
    });
  });

  it('records a payment made on a payment page left open after its request was closed as abandoned', async () => {
    const late = await createOrder();
    const never = await createOrder();
    const deps = { orm: server.database.orm, gateway: server.gateway, publicUrl: PUBLIC_URL };
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    const stateOf = async (requestId: string) =>
      (
        await server.database.sql.query<{ status: string; failure: string | null; payments: number }>(
          `select r.status, r.failure, (select count(*)::int from payments p where p.request_id = r.request_id) as payments
           from payment_requests r where r.request_id = $1`,
          [requestId],
        )
      ).rows[0];

    await confirmUnverifiedPayments(deps, later(61));
    expect(await stateOf(late.requestId)).toMatchObject({ status: 'failed', failure: 'abandoned' });

    // The shopper comes back to the page they left open, and pays.
    expect((await payOnHostedPage(late.orderId, '4111111111111111')).ok).toBe(true);
    // Looked at again once it has been closed as long as it had been open (and at least an hour).
    await confirmUnverifiedPayments(deps, later(90));
    expect(await stateOf(late.requestId)).toMatchObject({ status: 'failed', payments: 0 });
    expect(await confirmUnverifiedPayments(deps, later(125))).toBe(1);
    expect(await stateOf(late.requestId)).toMatchObject({ status: 'approved', failure: null, payments: 1 });
    const { rows: mail } = await server.database.sql.query(
      "select kind from mail_outbox where order_id = $1 and kind = 'order_confirmation'",
      [late.orderId],
    );
    expect(mail).toHaveLength(1);
    // Nobody paid the other: still abandoned, and not looked at again before its next time.
    expect(await stateOf(never.requestId)).toMatchObject({
      status: 'failed',
      failure: 'abandoned',
      payments: 0,
    });
    const { rows } = await server.database.sql.query<{ looked: string }>(
      'select verified_at as looked from payment_requests where request_id = $1',
      [never.requestId],
    );
    expect(new Date(rows[0]!.looked).getTime()).toBeGreaterThan(later(124).getTime());
    // Its receipt says it was not paid, not that a payment failed.
    const { rows: tokens } = await server.database.sql.query<{ receipt_token: string }>(
      'select receipt_token from orders where id = $1',
      [never.orderId],
    );
    const receipt = await fetch(`${server.url}/api/receipts/${tokens[0]!.receipt_token}`);
    expect(((await receipt.json()) as { order: { orderStatus: string } }).order.orderStatus).toBe('not_paid');
  });
});
