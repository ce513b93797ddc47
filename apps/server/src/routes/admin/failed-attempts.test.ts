import {
  createOrderId,
  FAILED_ATTEMPTS_CSV_HEADER,
  failedAttemptCsvLines,
  type AdminTransaction,
  type OrderDelivery,
} from '@store/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DECLINE_ADVICE_TEXT } from '../../gateway/cardpointe-codes';
import { confirmUnverifiedPayments } from '../../services/checkout/hosted-page';
import { DECLINING_VISA, googlePayToken as walletToken, shoppersAt } from '../../testing/shoppers';
import {
  authorizedPayment,
  payOnHostedPage,
  TEST_PUBLIC_URL,
  testDatabaseKinds,
  THREE_PENS_TWO_REAMS,
  useAdminSession,
  useTestServer,
  type TestServer,
} from '../../testing/test-server';

const DECLINING_CARD = '4387751111111038';
const TODAY = new Date().toISOString().slice(0, 10);

/** A delivery of its own for each attempt, so that a search can tell them apart. */
function deliveryFor(name: string, email: string): OrderDelivery {
  return {
    email,
    address: {
      name,
      address: '12 Paper Lane',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
    },
  };
}

/** A guest's hosted-page order of $68.20, created as the storefront creates it. */
async function hostedPageOrder(server: TestServer, delivery: OrderDelivery) {
  const orderId = createOrderId('card');
  const answer = await server.post('/api/payment/create-payment', {
    amount: 68.2,
    orderId,
    customerName: 'Guest',
    redirectUrl: `${TEST_PUBLIC_URL}/payment-complete`,
    items: THREE_PENS_TWO_REAMS,
    delivery,
  });
  if (answer.status !== 200) throw new Error(`create-payment failed: ${JSON.stringify(answer.body)}`);
  return { orderId, requestId: String(answer.body.requestId) };
}

/** What Google hands the storefront for one ream. */
const googlePayToken = (server: TestServer, cardId: string) =>
  walletToken(server, { cardId, totalPrice: '10.49' });

describe.each(testDatabaseKinds())('Transaction History: failed attempts on $name', (kind) => {
  const server = useTestServer(kind, { TRUST_PROXY: 'loopback' });
  const admin = useAdminSession(server);
  const shoppers = shoppersAt(server);
  const made = {} as Record<'hosted' | 'saved' | 'googlePay' | 'abandoned', string>;
  let customerNumber: number;
  /** The money lists and the CSV of "All" as they were before any attempt failed. */
  let moneyBefore: Awaited<ReturnType<typeof moneyViews>>;

  async function listed(body: Record<string, unknown>): Promise<AdminTransaction[]> {
    const answer = await admin.post('/api/admin/transactions', { limit: 500, ...body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.transactions as AdminTransaction[];
  }

  async function download(query: Record<string, string>) {
    const answer = await fetch(
      `${server.url}/api/admin/transactions.csv?${new URLSearchParams(query).toString()}`,
      { headers: { cookie: admin.cookie } },
    );
    return { status: answer.status, text: await answer.text() };
  }

  /** Everything that counts money: Pending Payments (rows, count), the history's rows, the CSV of All. */
  async function moneyViews() {
    const pending = await admin.post('/api/admin/payments', { limit: 500 });
    const { payments, total, totalIsCapped } = pending.body;
    return {
      pending: { payments, total, totalIsCapped },
      history: await listed({}),
      csv: (await download({})).text,
    };
  }

  const failedIds = async (body: Record<string, unknown> = {}) =>
    (await listed({ status: 'failed', ...body })).map((row) => row.orderId);

  beforeAll(async () => {
    // Money that counts: a payment awaiting capture, and one captured and partly refunded.
    await authorizedPayment(server);
    const { paymentId } = await authorizedPayment(server);
    await admin.post('/api/admin/capture-payment', { payment: { paymentId } });
    const history = await listed({});
    const transaction = history.find((row) => row.paymentId === paymentId);
    await admin.post('/api/admin/refund', { transaction, amount: 5 });
    moneyBefore = await moneyViews();

    // A guest's card declined on the hosted page, confirmed when the shopper comes back.
    const hosted = await hostedPageOrder(server, deliveryFor('Hana Hosted', 'hana.hosted@example.com'));
    await payOnHostedPage(server, hosted.orderId, DECLINING_CARD);
    const verified = await server.post('/api/payment/verify-payment', { requestId: hosted.requestId });
    expect(verified.body.status).toBe('error');
    made.hosted = hosted.orderId;

    // A customer's saved card, declined when they pay with it.
    const customer = await shoppers.register({
      name: 'Dana Saved',
      email: 'dana.saved@example.com',
      address: '198.51.100.7',
    });
    const card = await shoppers.saveCard(customer, DECLINING_VISA);
    made.saved = createOrderId('card');
    const paid = await shoppers.pay(customer, card.id, {
      orderId: made.saved,
      delivery: deliveryFor('Dana Saved', 'dana.saved@example.com'),
    });
    expect(paid.status).toBe(422);
    const { rows } = await server.database.sql.query<{ numeric_id: number }>(
      'select numeric_id from customers where id = $1',
      [customer.id],
    );
    customerNumber = rows[0]!.numeric_id;

    // A guest's Google Pay card, declined.
    made.googlePay = createOrderId('googlepay');
    const wallet = await shoppers.payWithGooglePay(
      await googlePayToken(server, 'visa-declined'),
      made.googlePay,
    );
    expect(wallet.status).toBe(422);

    // A guest who went to the payment page and never came back: closed by upkeep an hour later.
    const abandoned = await hostedPageOrder(server, deliveryFor('Abel Away', 'abel.away@example.com'));
    made.abandoned = abandoned.orderId;
    const deps = { orm: server.database.orm, gateway: server.gateway, publicUrl: TEST_PUBLIC_URL };
    await confirmUnverifiedPayments(deps, new Date(Date.now() + 61 * 60_000));
  });

  it('lists every failed attempt under Failed, newest first, and none under All', async () => {
    expect(await failedIds()).toEqual([made.abandoned, made.googlePay, made.saved, made.hosted]);
    const all = (await listed({})).map((row) => row.orderId);
    for (const orderId of Object.values(made)) expect(all).not.toContain(orderId);
  });

  it('says why each failed, in plain words, with the advice for a decline', async () => {
    const rows = new Map((await listed({ status: 'failed' })).map((row) => [row.orderId, row]));
    const doNotHonor = {
      outcome: 'declined',
      reason: 'The issuer refused the payment without giving a reason.',
      advice: 'retry_later',
      adviceText: DECLINE_ADVICE_TEXT.retry_later,
    };
    expect(rows.get(made.hosted)).toMatchObject({
      amount: 68.2,
      paymentId: '',
      captureStatus: null,
      refundableAmount: 0,
      contactEmail: 'hana.hosted@example.com',
      cardType: '',
      last4: '1038',
      attempt: { ...doNotHonor, paidWith: 'Card (payment page) •••• 1038' },
    });
    expect(rows.get(made.saved)).toMatchObject({
      amount: 10.49,
      cardType: 'VISA',
      last4: '1038',
      attempt: { ...doNotHonor, paidWith: 'Saved card · VISA •••• 1038' },
    });
    expect(rows.get(made.googlePay)).toMatchObject({
      amount: 10.49,
      wallet: 'Google Pay',
      last4: '1038',
      attempt: { outcome: 'declined', paidWith: 'Google Pay •••• 1038' },
    });
    expect(rows.get(made.googlePay)!.attempt!.advice).toBeDefined();
    expect(rows.get(made.abandoned)).toMatchObject({
      amount: 68.2,
      attempt: {
        outcome: 'abandoned',
        reason: 'The shopper never came back from the payment page, and the gateway has no payment for it.',
        paidWith: 'Card (payment page)',
      },
    });
    expect(rows.get(made.abandoned)!.attempt!.advice).toBeUndefined();
    expect(rows.get(made.hosted)!.attempt!.respcode).toMatch(/^\w+$/);
  });

  it('counts none of them: Pending Payments, the history and the CSV of All are unchanged', async () => {
    const after = await moneyViews();
    expect(after.pending).toEqual(moneyBefore.pending);
    expect(after.history).toEqual(moneyBefore.history);
    expect(after.csv).toBe(moneyBefore.csv);
    expect(moneyBefore.pending.total).toBe(1);
  });

  it('finds them by order id, name, email, Customer ID, last 4 and amount', async () => {
    expect(await failedIds({ search: made.hosted })).toEqual([made.hosted]);
    expect(await failedIds({ search: made.saved.slice(3, 11) })).toEqual([made.saved]);
    expect(await failedIds({ search: 'hana.hosted@' })).toEqual([made.hosted]);
    expect(await failedIds({ search: 'HANA.HOSTED@EXAMPLE.COM' })).toEqual([made.hosted]);
    expect(await failedIds({ search: 'abel away' })).toEqual([made.abandoned]);
    expect(await failedIds({ search: 'dana' })).toEqual([made.saved]);
    expect(await failedIds({ search: String(customerNumber) })).toEqual([made.saved]);
    // The same declining card on the hosted page, in a saved method and in Google Pay: the gateway named its
    // last 4 in each answer. The abandoned attempt was never answered, so it has none.
    expect(await failedIds({ search: '1038' })).toEqual([made.googlePay, made.saved, made.hosted]);
    expect(await failedIds({ search: '1111' })).toEqual([]);
    expect(await failedIds({ search: '$68.20' })).toEqual([made.abandoned, made.hosted]);
    expect(await failedIds({ search: '10.49' })).toEqual([made.googlePay, made.saved]);
    expect(await failedIds({ search: 'gp' })).toEqual([made.googlePay]);
    expect(await failedIds({ search: 'nobody-here' })).toEqual([]);
    expect(await failedIds({ search: "'; drop table payment_requests;--" })).toEqual([]);
  });

  it('filters them by channel and by day', async () => {
    expect(await failedIds({ channel: 'card' })).toEqual([made.abandoned, made.hosted]);
    expect(await failedIds({ channel: 'saved_card' })).toEqual([made.saved]);
    expect(await failedIds({ channel: 'googlepay' })).toEqual([made.googlePay]);
    expect(await failedIds({ channel: 'applepay' })).toEqual([]);
    expect(await failedIds({ channel: 'ach' })).toEqual([]);
    expect(await failedIds({ from: TODAY, to: TODAY, timeZone: 'UTC' })).toHaveLength(4);
    expect(await failedIds({ from: '2025-01-01', to: '2025-01-31' })).toEqual([]);
    expect(await failedIds({ channel: 'card', search: 'hana' })).toEqual([made.hosted]);
  });

  it('pages them with the history cursor, to the microsecond the database keeps', async () => {
    // Two attempts in the same millisecond, apart by microseconds: a cursor cut to milliseconds would lose one.
    await server.database.sql.query(
      `update payment_requests set created_at = case order_id when $1 then '2024-01-02T10:00:00.123789Z'::timestamptz
         else '2024-01-02T10:00:00.123456Z'::timestamptz end where order_id in ($1, $2)`,
      [made.hosted, made.saved],
    );
    try {
      const pages: string[][] = [];
      let cursor: string | undefined;
      do {
        const answer = await admin.post('/api/admin/transactions', { status: 'failed', limit: 1, cursor });
        expect(answer.status).toBe(200);
        pages.push((answer.body.transactions as AdminTransaction[]).map((row) => row.orderId));
        cursor = (answer.body.nextCursor as string | null) ?? undefined;
      } while (cursor);
      expect(pages.flat()).toEqual([made.abandoned, made.googlePay, made.hosted, made.saved]);
      const day = await listed({ status: 'failed', from: '2024-01-02', to: '2024-01-02' });
      expect(day.map((row) => row.orderId)).toEqual([made.hosted, made.saved]);
      expect(day[0]!.transactionDate).toBe('2024-01-02T10:00:00.123Z');
    } finally {
      await server.database.sql.query(
        `update payment_requests set created_at = now() - interval '1 minute' where order_id in ($1, $2)`,
        [made.hosted, made.saved],
      );
    }
    const bad = await admin.post('/api/admin/transactions', { status: 'failed', cursor: 'not-a-cursor' });
    expect(bad.status).toBe(400);
    const notIso = Buffer.from(`March 5 2026|${crypto.randomUUID()}`).toString('base64url');
    expect((await admin.post('/api/admin/transactions', { status: 'failed', cursor: notIso })).status).toBe(
      400,
    );
  });

  it('exports them with their reasons; the other filters keep their file', async () => {
    const failed = await download({ status: 'failed' });
    expect(failed.status).toBe(200);
    expect(failed.text).toBe(
      FAILED_ATTEMPTS_CSV_HEADER + failedAttemptCsvLines(await listed({ status: 'failed' })),
    );
    expect(failed.text).toContain('Declined,The issuer refused the payment without giving a reason.');
    expect(failed.text).toContain('Retry later');
    expect(failed.text).toContain('Abandoned');
    const searched = await download({ status: 'failed', search: 'dana' });
    expect(searched.text.split('\r\n')).toHaveLength(3);
    expect(searched.text).toContain('Saved card · VISA •••• 1038');
    expect((await download({})).text).toBe(moneyBefore.csv);
  });

  it('shows a new failed attempt at the next read (decision 021)', async () => {
    const before = await failedIds();
    const late = await hostedPageOrder(server, deliveryFor('Lee Late', 'lee.late@example.com'));
    expect(await failedIds()).toEqual(before);
    // Closed behind the store's back, as another server would.
    await server.database.sql.query(
      `update payment_requests set status = 'declined', failure = 'declined', message = 'Insufficient funds', respcode = 'NU'
       where request_id = $1`,
      [late.requestId],
    );
    const rows = await listed({ status: 'failed', search: 'lee late' });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.attempt).toMatchObject({
      reason: 'Not enough money or credit is available on the card.',
      advice: 'retry_later',
    });
  });
});
