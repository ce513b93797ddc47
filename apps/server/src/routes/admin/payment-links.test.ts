import { DELIVERY_REQUIRED, PAYMENT_LINK_MESSAGES } from '@store/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addressBookAt } from '../../testing/address-book';
import { DECLINING_VISA, shoppersAt, VISA, type Shopper } from '../../testing/shoppers';
import {
  payOnHostedPage,
  TEST_ADMIN,
  TEST_DELIVERY,
  TEST_PUBLIC_URL,
  testDatabaseKinds,
  THREE_PENS_TWO_REAMS,
  useAdminSession,
  useTestServer,
  type TestServer,
} from '../../testing/test-server';

/** The sandbox's approving test Visa, as the hosted page takes it. */
const GOOD_CARD = VISA.replaceAll(' ', '');

interface LinkAnswer {
  id: string;
  status: string;
  url: string;
  email: string;
  payerName: string;
  customerId?: number;
  total: number;
  orderId?: string;
  createdBy: string;
  cancelledBy?: string;
}

async function customerIdOf(server: TestServer, shopper: Shopper): Promise<number> {
  const { rows } = await server.database.sql.query<{ numeric_id: number }>(
    'select numeric_id from customers where id = $1',
    [shopper.id],
  );
  return Number(rows[0]!.numeric_id);
}

const tokenOf = (link: LinkAnswer) => link.url.split('/pay/')[1]!;

describe.each(testDatabaseKinds())('payment links, on $name', (kind) => {
  const server = useTestServer(kind);
  const admin = useAdminSession(server);
  const shoppers = shoppersAt(server);
  const addresses = addressBookAt(server);
  let caller: Shopper;
  let callerId: number;
  let address: string;
  let othersAddress: string;
  let keys = 0;

  beforeAll(async () => {
    caller = await shoppers.register({ name: 'Ada Caller' });
    callerId = await customerIdOf(server, caller);
    address = (
      await addresses.added(caller, { name: 'Ada Caller', city: 'Denver', state: 'CO', zip: '80202' })
    ).id;
    othersAddress = (await addresses.added(await shoppers.register({ name: 'Otto Other' }))).id;
  });

  const create = (body: Record<string, unknown>, key = `link-${Date.now()}-${(keys += 1)}`) =>
    admin.post(
      '/api/admin/payment-links',
      { items: THREE_PENS_TWO_REAMS, amount: 68.2, ...body },
      { 'idempotency-key': key },
    );
  const guestLink = async (): Promise<LinkAnswer> => {
    const answer = await create({ delivery: TEST_DELIVERY });
    expect(answer.status).toBe(200);
    return answer.body.link as LinkAnswer;
  };
  const read = async (token: string) => {
    const answer = await fetch(`${server.url}/api/payment-links/${token}`);
    return {
      status: answer.status,
      body: (await answer.json()) as {
        message?: string;
        link: { status: string; receiptPath?: string; items: unknown[]; deliveryAddress: object };
      },
    };
  };
  const pay = (token: string) =>
    server.post(`/api/payment-links/${token}/pay`, { redirectUrl: `${TEST_PUBLIC_URL}/payment-complete` });
  const verify = (requestId: string) => server.post('/api/payment/verify-payment', { requestId });

  it('emails a guest a link that shows the order, pays it once on the hosted page, and is then paid', async () => {
    const created = await create({ delivery: TEST_DELIVERY });
    expect(created.status).toBe(200);
    const link = created.body.link as LinkAnswer;
    // No mail server is set here: the console is told the email will not be sent.
    expect(created.body).toMatchObject({
      message: `Payment link made; no mail server is set, so its email to ${TEST_DELIVERY.email} will not be sent`,
      mailServer: false,
    });
    expect(link).toMatchObject({
      status: 'open',
      email: TEST_DELIVERY.email,
      payerName: TEST_DELIVERY.address.name,
      total: 68.2,
      createdBy: TEST_ADMIN.username,
    });
    expect(link.url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/pay/[A-Za-z0-9_-]{43}$`));

    // The message carries the link, the order and its expiry.
    const { rows: mail } = await server.database.sql.query<{ recipient: string; text_body: string }>(
      "select recipient, text_body from mail_outbox where kind = 'payment_link' and dedupe_key = $1",
      [`payment-link:${link.id}`],
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.recipient).toBe(TEST_DELIVERY.email);
    expect(mail[0]!.text_body).toContain(`Pay here: ${link.url}`);
    expect(mail[0]!.text_body).toContain('2 × Premium Copy Paper 500 sheets');
    expect(mail[0]!.text_body).toContain('Total: $68.20');
    expect(mail[0]!.text_body).toMatch(/can be used until \w+day, \w+ \d+, \d{4}/);

    const shown = await read(tokenOf(link));
    expect(shown.status).toBe(200);
    expect(shown.body.link).toMatchObject({
      status: 'open',
      payerName: TEST_DELIVERY.address.name,
      subtotal: 64.95,
      tax: 3.25,
      total: 68.2,
      deliveryAddress: { city: TEST_DELIVERY.address.city },
    });
    expect(shown.body.link.items).toHaveLength(2);

    const started = await pay(tokenOf(link));
    expect(started.status).toBe(200);
    const orderId = String(started.body.orderId);
    expect(orderId).toMatch(/^PL-[0-9A-Z]{12}$/);
    expect(started.body.amount).toBe(68.2);
    expect(String(started.body.paymentUrl)).toContain(orderId);
    expect((await read(tokenOf(link))).body.link.status).toBe('paying');

    await payOnHostedPage(server, orderId, GOOD_CARD);
    expect((await verify(String(started.body.requestId))).body.status).toBe('success');

    const paid = await read(tokenOf(link));
    expect(paid.body.link.status).toBe('paid');
    expect(paid.body.link.receiptPath).toMatch(/^\/receipt\/[A-Za-z0-9_-]{43}$/);
    expect(await pay(tokenOf(link))).toMatchObject({
      status: 409,
      body: { message: PAYMENT_LINK_MESSAGES.paid },
    });

    // The order is like any other: awaiting capture, paid through a link, confirmed to the payer.
    const pending = await admin.post('/api/admin/payments', { limit: 500 });
    expect(
      (pending.body.payments as { orderId: string; amount: number }[]).find((row) => row.orderId === orderId),
    ).toMatchObject({ amount: 68.2 });
    const page = await fetch(`${server.url}/api/admin/orders/${orderId}`, {
      headers: { cookie: admin.cookie },
    });
    expect(((await page.json()) as { order: { paymentWay: string } }).order.paymentWay).toBe('link');
    const { rows: confirmation } = await server.database.sql.query<{ recipient: string }>(
      "select recipient from mail_outbox where order_id = $1 and kind = 'order_confirmation'",
      [orderId],
    );
    expect(confirmation).toEqual([{ recipient: TEST_DELIVERY.email }]);
    const listed = await fetch(`${server.url}/api/admin/payment-links`, {
      headers: { cookie: admin.cookie },
    });
    const links = ((await listed.json()) as { links: LinkAnswer[] }).links;
    expect(links.find((row) => row.id === link.id)).toMatchObject({ status: 'paid', orderId });
  });

  it("sends a customer's link to their account's email with one of their addresses; the order is theirs", async () => {
    const created = await create({ customerId: String(callerId), addressId: address });
    expect(created.status).toBe(200);
    const link = created.body.link as LinkAnswer;
    expect(link).toMatchObject({ email: caller.email, customerId: callerId, payerName: 'Ada Caller' });
    expect((await read(tokenOf(link))).body.link.deliveryAddress).toMatchObject({
      city: 'Denver',
      zip: '80202',
    });

    const started = await pay(tokenOf(link));
    await payOnHostedPage(server, String(started.body.orderId), GOOD_CARD);
    await verify(String(started.body.requestId));
    const mine = await fetch(`${server.url}/api/users/orders`, { headers: { cookie: caller.cookie } });
    expect(
      ((await mine.json()) as { orders: { orderId: string }[] }).orders.map((row) => row.orderId),
    ).toContain(started.body.orderId);
    const customerLinks = await fetch(`${server.url}/api/admin/payment-links?customerId=${callerId}`, {
      headers: { cookie: admin.cookie },
    });
    const rows = ((await customerLinks.json()) as { links: LinkAnswer[] }).links;
    expect(rows.map((row) => row.id)).toContain(link.id);
    expect(rows.every((row) => row.customerId === callerId)).toBe(true);
  });

  it("refuses another customer's address, an unknown customer, a missing delivery and a total that is not the server's", async () => {
    expect(await create({ customerId: String(callerId), addressId: othersAddress })).toMatchObject({
      status: 404,
      body: { message: 'Address not found' },
    });
    expect(await create({ customerId: '999999', addressId: address })).toMatchObject({
      status: 404,
      body: { message: 'Customer not found' },
    });
    expect(await create({})).toMatchObject({ status: 400, body: { message: DELIVERY_REQUIRED } });
    expect(await create({ customerId: String(callerId) })).toMatchObject({
      status: 400,
      body: { message: PAYMENT_LINK_MESSAGES.addressRequired },
    });
    expect(await create({ delivery: TEST_DELIVERY, amount: 60 })).toMatchObject({
      status: 400,
      body: { message: 'Order total does not match the cart' },
    });
    expect(await create({ delivery: { ...TEST_DELIVERY, email: 'not-an-email' } })).toMatchObject({
      status: 400,
      body: { message: 'Please enter a valid email address' },
    });
  });

  it('lets a declined payer try again, as a new order, and keeps the declined attempt', async () => {
    const link = await guestLink();
    const first = await pay(tokenOf(link));
    // Two presses of Pay while the first attempt is under way are the same attempt.
    const again = await pay(tokenOf(link));
    expect(again.body).toMatchObject({ orderId: first.body.orderId, requestId: first.body.requestId });

    await payOnHostedPage(server, String(first.body.orderId), DECLINING_VISA.replaceAll(' ', ''));
    expect((await verify(String(first.body.requestId))).body.status).toBe('error');
    expect((await read(tokenOf(link))).body.link.status).toBe('open');

    const second = await pay(tokenOf(link));
    expect(second.status).toBe(200);
    expect(second.body.orderId).not.toBe(first.body.orderId);
    await payOnHostedPage(server, String(second.body.orderId), GOOD_CARD);
    expect((await verify(String(second.body.requestId))).body.status).toBe('success');
    expect((await read(tokenOf(link))).body.link.status).toBe('paid');
    const { rows } = await server.database.sql.query<{ status: string }>(
      'select status from payment_requests where order_id = $1',
      [first.body.orderId],
    );
    expect(rows).toEqual([{ status: 'declined' }]);
  });

  it('shows a payer who paid, or was declined, and closed the payment page before coming back how it ended, and takes no second payment', async () => {
    // Paid on the hosted page; the tab closed before the result page confirmed it.
    const paidLink = await guestLink();
    const paying = await pay(tokenOf(paidLink));
    expect((await read(tokenOf(paidLink))).body.link.status).toBe('paying');
    await payOnHostedPage(server, String(paying.body.orderId), GOOD_CARD);
    // Pressing Pay again does not send them to pay twice.
    expect(await pay(tokenOf(paidLink))).toMatchObject({
      status: 409,
      body: { message: PAYMENT_LINK_MESSAGES.paid },
    });
    const back = await read(tokenOf(paidLink));
    expect(back.body.link.status).toBe('paid');
    expect(back.body.link.receiptPath).toMatch(/^\/receipt\/[A-Za-z0-9_-]{43}$/);
    // Recorded as the result page records it: awaiting capture, once, with the payer's confirmation.
    const pending = await admin.post('/api/admin/payments', { limit: 500 });
    expect(
      (pending.body.payments as { orderId: string }[]).filter((row) => row.orderId === paying.body.orderId),
    ).toHaveLength(1);
    expect((await verify(String(paying.body.requestId))).body.status).toBe('success');
    expect((await read(tokenOf(paidLink))).body.link.status).toBe('paid');

    // Declined there: the link is open again, for another try.
    const declinedLink = await guestLink();
    const declined = await pay(tokenOf(declinedLink));
    await payOnHostedPage(server, String(declined.body.orderId), DECLINING_VISA.replaceAll(' ', ''));
    expect((await read(tokenOf(declinedLink))).body.link.status).toBe('open');
    const { rows } = await server.database.sql.query<{ status: string }>(
      'select status from payment_requests where order_id = $1',
      [declined.body.orderId],
    );
    expect(rows).toEqual([{ status: 'declined' }]);
  });

  it('is cancelled by an operator, after which it pays nothing, even while its payer is at the payment page', async () => {
    const link = await guestLink();
    const cancelled = await admin.post(`/api/admin/payment-links/${link.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.link).toMatchObject({ status: 'cancelled', cancelledBy: TEST_ADMIN.username });
    expect((await read(tokenOf(link))).body.link.status).toBe('cancelled');
    expect(await pay(tokenOf(link))).toMatchObject({
      status: 409,
      body: { message: PAYMENT_LINK_MESSAGES.cancelled },
    });
    expect(await admin.post(`/api/admin/payment-links/${link.id}/cancel`, {})).toMatchObject({
      status: 409,
      body: { message: PAYMENT_LINK_MESSAGES.notCancellable },
    });

    // Its payer pressed Pay and is at the payment page: the operator need not wait for them.
    const beingPaid = await guestLink();
    const started = await pay(tokenOf(beingPaid));
    expect((await read(tokenOf(beingPaid))).body.link.status).toBe('paying');
    const stopped = await admin.post(`/api/admin/payment-links/${beingPaid.id}/cancel`, {});
    expect(stopped.status).toBe(200);
    expect(stopped.body.link).toMatchObject({ status: 'cancelled' });
    // The payer pays on the page they had open: the approval is voided, nothing is recorded as paid.
    await payOnHostedPage(server, String(started.body.orderId), GOOD_CARD);
    const answer = await verify(String(started.body.requestId));
    expect(answer.body.status).toBe('error');
    expect((await read(tokenOf(beingPaid))).body.link.status).toBe('cancelled');
    const { rows } = await server.database.sql.query('select id from payments where order_id = $1', [
      String(started.body.orderId),
    ]);
    expect(rows).toEqual([]);
    const audit = await admin.post('/api/admin/audit-log', { limit: 50 });
    expect(audit.body.events).toContainEqual(
      expect.objectContaining({ actor: TEST_ADMIN.username, action: 'cancel_payment_link' }),
    );
    expect(audit.body.events).toContainEqual(
      expect.objectContaining({ actor: TEST_ADMIN.username, action: 'payment_link' }),
    );
  });

  it('shows the prices it was sent with, and pays nothing if the catalog changed since', async () => {
    const link = await guestLink();
    // As if a ream had cost a dollar more when the link was made.
    await server.database.sql.query(
      `update payment_links set
         items = (select jsonb_agg(case when line->>'productId' = 'paper-ream-500'
           then line || jsonb_build_object('unitPriceCents', (line->>'unitPriceCents')::int + 100,
                                           'lineTotalCents', (line->>'lineTotalCents')::int + 200)
           else line end) from jsonb_array_elements(items) as line),
         subtotal_cents = subtotal_cents + 200, total_cents = total_cents + 200
       where id = $1`,
      [link.id],
    );
    const shown = await read(tokenOf(link));
    expect(shown.status).toBe(200);
    expect(shown.body.link).toMatchObject({ status: 'open', total: 70.2 });
    expect(await pay(tokenOf(link))).toMatchObject({
      status: 409,
      body: { message: PAYMENT_LINK_MESSAGES.pricesChanged },
    });
    // The console says so, for the operator to send another; a link priced as the catalog is says nothing.
    const fresh = await guestLink();
    expect(fresh).not.toHaveProperty('pricesChanged');
    const listed = await fetch(`${server.url}/api/admin/payment-links`, {
      headers: { cookie: admin.cookie },
    });
    const links = ((await listed.json()) as { links: LinkAnswer[] }).links;
    expect(links.find((row) => row.id === link.id)).toMatchObject({ status: 'open', pricesChanged: true });
    expect(links.find((row) => row.id === fresh.id)).not.toHaveProperty('pricesChanged');
  });

  it('expires after its seven days: it can then be neither paid nor cancelled', async () => {
    const link = await guestLink();
    await server.database.sql.query(
      "update payment_links set created_at = now() - interval '8 days', expires_at = now() - interval '1 day' where id = $1",
      [link.id],
    );
    expect((await read(tokenOf(link))).body.link.status).toBe('expired');
    expect(await pay(tokenOf(link))).toMatchObject({
      status: 409,
      body: { message: PAYMENT_LINK_MESSAGES.expired },
    });
    expect(await admin.post(`/api/admin/payment-links/${link.id}/cancel`, {})).toMatchObject({
      status: 409,
      body: { message: PAYMENT_LINK_MESSAGES.notCancellable },
    });
  });

  it('sends one link for a double submit, and makes one attempt when two payers press Pay at once', async () => {
    const before = await server.database.sql.query<{ count: string }>(
      'select count(*) as count from payment_links',
    );
    const key = `link-double-${Date.now()}`;
    const [first, second] = await Promise.all([
      create({ delivery: TEST_DELIVERY }, key),
      create({ delivery: TEST_DELIVERY }, key),
    ]);
    expect((first.body.link as LinkAnswer).id).toBe((second.body.link as LinkAnswer).id);
    const after = await server.database.sql.query<{ count: string }>(
      'select count(*) as count from payment_links',
    );
    expect(Number(after.rows[0]!.count) - Number(before.rows[0]!.count)).toBe(1);

    const link = first.body.link as LinkAnswer;
    const presses = await Promise.all([pay(tokenOf(link)), pay(tokenOf(link)), pay(tokenOf(link))]);
    expect(new Set(presses.map((press) => press.body.orderId)).size).toBe(1);
    expect(new Set(presses.map((press) => press.body.requestId)).size).toBe(1);
  });

  it('answers an unknown link and a redirect elsewhere plainly, and is for the console only to make', async () => {
    expect(await read('x'.repeat(43))).toMatchObject({
      status: 404,
      body: { message: PAYMENT_LINK_MESSAGES.notFound },
    });
    expect(await read('short')).toMatchObject({ status: 404 });
    const link = await guestLink();
    const elsewhere = await server.post(`/api/payment-links/${tokenOf(link)}/pay`, {
      redirectUrl: 'https://attacker.example/payment-complete',
    });
    expect(elsewhere.status).toBe(400);
    expect(
      await server.post('/api/admin/payment-links', {
        items: THREE_PENS_TWO_REAMS,
        amount: 68.2,
        delivery: TEST_DELIVERY,
      }),
    ).toMatchObject({ status: 401 });
    expect(
      await server.post(`/api/admin/payment-links/${link.id}/cancel`, {}, { cookie: caller.cookie }),
    ).toMatchObject({ status: 401 });
  });
});
