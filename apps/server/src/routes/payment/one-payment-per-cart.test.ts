import { randomUUID } from 'node:crypto';
import { createOrderId, PAYMENT_LINK_MESSAGES } from '@store/core';
import { describe, expect, it } from 'vitest';
import { closePendingRequest } from '../../db/checkout-store';
import { createPostgresTestDatabase } from '../../db/test-database';
import { CART_PAID_ALREADY, UNPAYABLE_ATTEMPT } from '../../services/checkout/attempts';
import { confirmUnverifiedPayments } from '../../services/checkout/hosted-page';
import { DECLINING_VISA, VISA } from '../../testing/shoppers';
import {
  payOnHostedPage,
  postJson,
  TEST_DELIVERY,
  TEST_PUBLIC_URL,
  testDatabaseKinds,
  THREE_PENS_TWO_REAMS,
  useAdminSession,
  useSecondServer,
  useTestServer,
  type TestServer,
} from '../../testing/test-server';

/**
 * Decision 047: a cart or a payment link is paid once, whatever its attempts do. An approval for an attempt
 * that may no longer be paid (a newer attempt, a paid cart or link, a cancelled or expired link, a closed
 * attempt) is voided at the gateway, audited and never recorded; the payer reads why and that nothing was
 * charged.
 */

/** The sandbox's approving Visa test card, as the payment page takes it. */
const GOOD_CARD = VISA.replaceAll(' ', '');

/** What the store knows of an order's payment, and what the gateway holds under its order id. */
async function moneyOf(server: TestServer, orderId: string) {
  const { rows: payments } = await server.database.sql.query<{ id: string }>(
    'select id from payments where order_id = $1',
    [orderId],
  );
  const { rows: requests } = await server.database.sql.query<{ status: string; failure: string | null }>(
    'select status, failure from payment_requests where order_id = $1',
    [orderId],
  );
  const inquiry = await server.gateway.inquireByOrderId(orderId);
  if (!inquiry.ok) throw new Error(inquiry.message);
  const approved = inquiry.value.filter((transaction) => transaction.approved);
  return {
    recorded: payments.length,
    request: requests[0],
    heldAtGateway: approved.filter((transaction) => transaction.settlement !== 'voided').length,
    voidedAtGateway: approved.filter((transaction) => transaction.settlement === 'voided').length,
  };
}

describe.each(testDatabaseKinds())('one payment per cart and per payment link, on $name', (kind) => {
  const server = useTestServer(kind);
  const admin = useAdminSession(server);
  let keys = 0;

  const verify = (requestId: string) => server.post('/api/payment/verify-payment', { requestId });
  const checkout = (cartId?: string) =>
    server.post('/api/payment/create-payment', {
      amount: 68.2,
      orderId: createOrderId('card'),
      customerName: 'Guest',
      redirectUrl: `${TEST_PUBLIC_URL}/payment-complete`,
      items: THREE_PENS_TWO_REAMS,
      delivery: TEST_DELIVERY,
      ...(cartId ? { cartId } : {}),
    });
  const attempt = async (cartId?: string) => {
    const answer = await checkout(cartId);
    expect(answer.status).toBe(200);
    const { rows } = await server.database.sql.query<{ order_id: string }>(
      'select order_id from payment_requests where request_id = $1',
      [answer.body.requestId],
    );
    return { requestId: String(answer.body.requestId), orderId: rows[0]!.order_id };
  };

  const newLink = async () => {
    const created = await admin.post(
      '/api/admin/payment-links',
      { items: THREE_PENS_TWO_REAMS, amount: 68.2, delivery: TEST_DELIVERY },
      { 'idempotency-key': `one-payment-${Date.now()}-${(keys += 1)}` },
    );
    expect(created.status).toBe(200);
    const link = created.body.link as { id: string; url: string };
    return { id: link.id, token: link.url.split('/pay/')[1]! };
  };
  const pay = async (token: string) => {
    const answer = await server.post(`/api/payment-links/${token}/pay`, {
      redirectUrl: `${TEST_PUBLIC_URL}/payment-complete`,
    });
    expect(answer.status).toBe(200);
    return { requestId: String(answer.body.requestId), orderId: String(answer.body.orderId) };
  };
  const linkStatus = async (token: string) => {
    const answer = await fetch(`${server.url}/api/payment-links/${token}`);
    return ((await answer.json()) as { link: { status: string } }).link.status;
  };
  /** A link's first attempt, declined on the payment page and seen so by the result page: the link is open again. */
  const declinedAttempt = async (token: string) => {
    const first = await pay(token);
    await payOnHostedPage(server, first.orderId, DECLINING_VISA.replaceAll(' ', ''));
    expect((await verify(first.requestId)).body.status).toBe('error');
    expect(await linkStatus(token)).toBe('open');
    return first;
  };
  const expectVoidedNotRecorded = async (orderId: string) => {
    expect(await moneyOf(server, orderId)).toMatchObject({
      recorded: 0,
      request: { status: 'failed', failure: 'superseded' },
      heldAtGateway: 0,
      voidedAtGateway: 1,
    });
  };
  const expectAnswer = async (requestId: string, message: string) => {
    const answer = await verify(requestId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'error', message, errorcode: 'superseded' });
  };

  it('a Cancel on a link’s payment page leaves its attempt open: the link’s page pays again with it, once', async () => {
    const link = await newLink();
    const first = await pay(link.token);
    const cancel = (requestId: string) => server.post('/api/payment/cancel-payment', { requestId });
    expect(await cancel(first.requestId)).toMatchObject({ status: 200, body: { outcome: 'left' } });
    expect(await moneyOf(server, first.orderId)).toMatchObject({ request: { status: 'pending' } });
    // Back on the link's page, the payer presses Pay again and pays.
    const again = await pay(link.token);
    await payOnHostedPage(server, again.orderId, GOOD_CARD);
    expect((await verify(again.requestId)).body.status).toBe('success');
    expect(await linkStatus(link.token)).toBe('paid');
    expect(await moneyOf(server, again.orderId)).toMatchObject({ recorded: 1, heldAtGateway: 1 });

    // A cart's attempt declined before its Cancel arrives stays declined: the Cancel closes nothing.
    const declined = await attempt(randomUUID());
    await payOnHostedPage(server, declined.orderId, DECLINING_VISA.replaceAll(' ', ''));
    expect((await verify(declined.requestId)).body.status).toBe('error');
    expect(await cancel(declined.requestId)).toMatchObject({ status: 200, body: { outcome: 'left' } });
    expect(await moneyOf(server, declined.orderId)).toMatchObject({
      request: { status: 'declined', failure: 'declined' },
    });
    // Nor does one whose close is written just after the decline: only a pending attempt is closed.
    await closePendingRequest(server.database.orm, declined.requestId, 'Cancelled on the payment page');
    expect(await moneyOf(server, declined.orderId)).toMatchObject({
      request: { status: 'declined', failure: 'declined' },
    });
  });

  it('a link paid on an older attempt (Back, a second tab) while a newer one is open takes no money; the newer one pays it once', async () => {
    const link = await newLink();
    const first = await declinedAttempt(link.token);
    const second = await pay(link.token);
    expect(second.orderId).not.toBe(first.orderId);

    // The payer goes back to the first payment page and pays it with a good card.
    await payOnHostedPage(server, first.orderId, GOOD_CARD);
    await expectAnswer(first.requestId, UNPAYABLE_ATTEMPT.linkPageClosed);
    await expectVoidedNotRecorded(first.orderId);
    expect(await linkStatus(link.token)).toBe('paying');

    // Then pays the newer one: the link's one payment.
    await payOnHostedPage(server, second.orderId, GOOD_CARD);
    expect((await verify(second.requestId)).body.status).toBe('success');
    expect(await moneyOf(server, second.orderId)).toMatchObject({ recorded: 1, heldAtGateway: 1 });
    expect(await linkStatus(link.token)).toBe('paid');
    // A reload of the older attempt's result reads the same: now that the link is paid, it says so.
    await expectAnswer(first.requestId, UNPAYABLE_ATTEMPT.linkPageClosed);

    // Pending Payments holds the link's one order; the audit log names the void.
    const pending = await admin.post('/api/admin/payments', { limit: 500 });
    const orders = (pending.body.payments as { orderId: string }[]).map((row) => row.orderId);
    expect(orders).toContain(second.orderId);
    expect(orders).not.toContain(first.orderId);
    const { rows: audit } = await server.database.sql.query<{ outcome: string; detail: string }>(
      "select outcome, detail from audit_events where action = 'void_unpayable_approval' and order_id = $1",
      [first.orderId],
    );
    expect(audit).toEqual([
      { outcome: 'success', detail: expect.stringContaining(UNPAYABLE_ATTEMPT.linkPageClosed) },
    ]);
  });

  it("upkeep voids a declined page paid later whose payer's result page looked at another attempt", async () => {
    const link = await newLink();
    const first = await declinedAttempt(link.token);
    const second = await pay(link.token);
    await payOnHostedPage(server, first.orderId, GOOD_CARD);
    // Nobody asks about the first attempt: the payer's result page verified the second, still unpaid.
    expect((await verify(second.requestId)).body.status).toBe('error');
    expect(await moneyOf(server, first.orderId)).toMatchObject({ recorded: 0, heldAtGateway: 1 });

    const deps = { orm: server.database.orm, gateway: server.gateway, publicUrl: TEST_PUBLIC_URL };
    await confirmUnverifiedPayments(deps, new Date(Date.now() + 2 * 60 * 60_000));
    await expectVoidedNotRecorded(first.orderId);
    // The same pass closed the second attempt, unpaid two hours on: the link can be paid by a new one.
    expect(await linkStatus(link.token)).toBe('open');
  });

  it('an older attempt paid after the link was paid reads that the link is paid, and is voided', async () => {
    const link = await newLink();
    const first = await declinedAttempt(link.token);
    const second = await pay(link.token);
    await payOnHostedPage(server, second.orderId, GOOD_CARD);
    expect((await verify(second.requestId)).body.status).toBe('success');

    await payOnHostedPage(server, first.orderId, GOOD_CARD);
    await expectAnswer(first.requestId, UNPAYABLE_ATTEMPT.linkPaid);
    await expectVoidedNotRecorded(first.orderId);
    expect(await moneyOf(server, second.orderId)).toMatchObject({ recorded: 1, heldAtGateway: 1 });
  });

  it('a cancelled link takes no payment on the attempt its payer left open', async () => {
    const link = await newLink();
    const first = await declinedAttempt(link.token);
    const cancelled = await admin.post(`/api/admin/payment-links/${link.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(
      await server.post(`/api/payment-links/${link.token}/pay`, {
        redirectUrl: `${TEST_PUBLIC_URL}/payment-complete`,
      }),
    ).toMatchObject({ status: 409, body: { message: PAYMENT_LINK_MESSAGES.cancelled } });

    await payOnHostedPage(server, first.orderId, GOOD_CARD);
    await expectAnswer(first.requestId, UNPAYABLE_ATTEMPT.linkCancelled);
    await expectVoidedNotRecorded(first.orderId);
    expect(await linkStatus(link.token)).toBe('cancelled');
  });

  it('an expired link takes no payment on the attempt its payer left open', async () => {
    const link = await newLink();
    const first = await declinedAttempt(link.token);
    await server.database.sql.query(
      "update payment_links set created_at = now() - interval '8 days', expires_at = now() - interval '1 day' where id = $1",
      [link.id],
    );

    await payOnHostedPage(server, first.orderId, GOOD_CARD);
    await expectAnswer(first.requestId, UNPAYABLE_ATTEMPT.linkExpired);
    await expectVoidedNotRecorded(first.orderId);
    expect(await linkStatus(link.token)).toBe('expired');
  });

  it('an attempt under way when the link expires may still be paid: it began in time', async () => {
    const link = await newLink();
    const first = await pay(link.token);
    await server.database.sql.query(
      "update payment_links set created_at = now() - interval '8 days', expires_at = now() - interval '1 minute' where id = $1",
      [link.id],
    );
    await payOnHostedPage(server, first.orderId, GOOD_CARD);
    expect((await verify(first.requestId)).body.status).toBe('success');
    expect(await linkStatus(link.token)).toBe('paid');
  });

  it('a checkout started again for the same cart: the older payment page takes no money, the newer pays the cart once', async () => {
    const cartId = randomUUID();
    const first = await attempt(cartId);
    const second = await attempt(cartId);

    await payOnHostedPage(server, first.orderId, GOOD_CARD);
    await expectAnswer(first.requestId, UNPAYABLE_ATTEMPT.cartReplaced);
    await expectVoidedNotRecorded(first.orderId);

    await payOnHostedPage(server, second.orderId, GOOD_CARD);
    expect((await verify(second.requestId)).body.status).toBe('success');
    expect(await moneyOf(server, second.orderId)).toMatchObject({ recorded: 1, heldAtGateway: 1 });

    // The paid cart takes no new attempt: nothing is recorded and the gateway is not asked.
    expect(await checkout(cartId)).toMatchObject({ status: 409, body: { message: CART_PAID_ALREADY } });
    // Another cart (another tab's, or the next order) is its own.
    expect((await checkout(randomUUID())).status).toBe(200);
  });

  it('an older attempt of a cart paid after the newer one reads that the cart was paid, with its order', async () => {
    const cartId = randomUUID();
    const first = await attempt(cartId);
    const second = await attempt(cartId);
    await payOnHostedPage(server, second.orderId, GOOD_CARD);
    expect((await verify(second.requestId)).body.status).toBe('success');

    await payOnHostedPage(server, first.orderId, GOOD_CARD);
    await expectAnswer(first.requestId, UNPAYABLE_ATTEMPT.cartPaid(second.orderId));
    await expectVoidedNotRecorded(first.orderId);

    // The operator sees the voided attempt in the Failed list, with what the payer was told.
    const failed = await admin.post('/api/admin/transactions', { status: 'failed', limit: 500 });
    const row = (
      failed.body.transactions as { orderId: string; attempt?: { outcome: string; reason: string } }[]
    ).find((each) => each.orderId === first.orderId);
    expect(row?.attempt).toMatchObject({
      outcome: 'superseded',
      reason: expect.stringContaining(UNPAYABLE_ATTEMPT.cartPaid(second.orderId)),
    });
  });

  it('attempts that name no cart stand alone, as before', async () => {
    const first = await attempt();
    const second = await attempt();
    await payOnHostedPage(server, first.orderId, GOOD_CARD);
    await payOnHostedPage(server, second.orderId, GOOD_CARD);
    expect((await verify(first.requestId)).body.status).toBe('success');
    expect((await verify(second.requestId)).body.status).toBe('success');
  });

  it('refuses a cart id that is not one', async () => {
    expect(await checkout('not-a-uuid')).toMatchObject({
      status: 400,
      body: { message: 'Cart ID is not valid' },
    });
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)('one payment per cart across two servers on PostgreSQL', () => {
  const server = useTestServer({
    name: 'PostgreSQL',
    create: () => createPostgresTestDatabase(postgresUrl!),
  });
  const second = useSecondServer(server);

  const on = (index: number) => (index % 2 ? second.url : server.url);

  it('attempts of one cart verified at once on two servers, and a new attempt racing a verification: one payment per cart', async () => {
    for (let round = 0; round < 6; round += 1) {
      const cartId = randomUUID();
      const create = (index: number) =>
        postJson(on(index), '/api/payment/create-payment', {
          amount: 68.2,
          orderId: createOrderId('card'),
          customerName: 'Guest',
          redirectUrl: `${TEST_PUBLIC_URL}/payment-complete`,
          items: THREE_PENS_TWO_REAMS,
          delivery: TEST_DELIVERY,
          cartId,
        });
      const first = await create(0);
      expect(first.status).toBe(200);
      const firstRequest = String(first.body.requestId);
      const orderOf = async (requestId: string) =>
        (
          await server.database.sql.query<{ order_id: string }>(
            'select order_id from payment_requests where request_id = $1',
            [requestId],
          )
        ).rows[0]!.order_id;
      await payOnHostedPage(server, await orderOf(firstRequest), GOOD_CARD);

      // The first attempt is verified on both servers while a second attempt is made for the same cart.
      const [created, ...verified] = await Promise.all([
        create(round + 1),
        ...[0, 1, 2, 3].map((index) =>
          postJson(on(index + round), '/api/payment/verify-payment', { requestId: firstRequest }),
        ),
      ]);
      for (const answer of verified) expect(answer.status).toBeLessThan(500);
      const requestIds = [firstRequest];
      if (created!.status === 200) {
        const secondRequest = String(created!.body.requestId);
        requestIds.push(secondRequest);
        await payOnHostedPage(server, await orderOf(secondRequest), GOOD_CARD);
        const answers = await Promise.all(
          [0, 1, 2, 3].map((index) =>
            postJson(on(index), '/api/payment/verify-payment', {
              requestId: index % 2 ? secondRequest : firstRequest,
            }),
          ),
        );
        for (const answer of answers) expect(answer.status).toBeLessThan(500);
      } else {
        expect(created).toMatchObject({ status: 409, body: { message: CART_PAID_ALREADY } });
      }

      // Exactly one payment for the cart, and nothing else held at the gateway.
      const { rows } = await server.database.sql.query<{ order_id: string }>(
        'select p.order_id from payments p join payment_requests r on r.order_id = p.order_id where r.cart_key = $1',
        [`cart:${cartId}`],
      );
      expect(rows).toHaveLength(1);
      for (const requestId of requestIds) {
        const orderId = await orderOf(requestId);
        const inquiry = await server.gateway.inquireByOrderId(orderId);
        if (!inquiry.ok) throw new Error(inquiry.message);
        const held = inquiry.value.filter(
          (transaction) => transaction.approved && transaction.settlement !== 'voided',
        ).length;
        expect(held).toBe(orderId === rows[0]!.order_id ? 1 : 0);
      }
    }
  });
});
