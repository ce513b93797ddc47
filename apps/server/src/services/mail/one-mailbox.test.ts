import {
  ADDRESS_HIDDEN_CHARACTER_MESSAGES,
  createOrderId,
  EMAIL_HIDDEN_CHARACTER,
  INVALID_EMAIL,
  NAME_HIDDEN_CHARACTER,
} from '@store/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressBookAt } from '../../testing/address-book';
import { startTestMailServer, type TestMailServer } from '../../testing/mail-server';
import { shoppersAt } from '../../testing/shoppers';
import {
  countRows,
  TEST_DELIVERY,
  TEST_PUBLIC_URL,
  testDatabaseKinds,
  THREE_PENS_TWO_REAMS,
  useAdminSession,
  useTestServer,
} from '../../testing/test-server';
import { createMailSender } from './sender';

/**
 * A contact email is one mailbox and a delivery's text is what it shows (decision 045), through the real
 * routes: a payment link, a checkout or an address-book entry that is not is refused with the field's
 * message and nothing is written; one that is goes to exactly the address the console shows.
 */

const LIST_GROUP_AND_DISPLAY_NAME = [
  'postmaster,spy@evil.test',
  'ada.lovelace<spy@evil.test>',
  'g:postmaster,spy@evil.test;',
];
const WRITTEN = ['payment_links', 'mail_outbox', 'orders', 'audit_events', 'customer_addresses'];

describe.each(testDatabaseKinds())('one mailbox and visible text through the routes, on $name', (kind) => {
  let mail: TestMailServer;
  beforeAll(async () => {
    mail = await startTestMailServer();
  });
  afterAll(() => mail.close());
  // Without its upkeep: the test sends the outbox itself (below), so no pass of the store's own sender
  // claims the message first and leaves it half-sent when the console is read.
  const server = useTestServer(kind, () => ({ SMTP_URL: mail.url }), { upkeep: false });
  const admin = useAdminSession(server);
  const shoppers = shoppersAt(server);
  const addresses = addressBookAt(server);
  let keys = 0;

  const createLink = (delivery: unknown) =>
    admin.post(
      '/api/admin/payment-links',
      { items: THREE_PENS_TWO_REAMS, amount: 68.2, delivery },
      { 'idempotency-key': `one-mailbox-${Date.now()}-${(keys += 1)}` },
    );
  const checkout = (delivery: unknown) =>
    server.post('/api/payment/create-payment', {
      amount: 68.2,
      orderId: createOrderId('card'),
      customerName: 'Guest',
      redirectUrl: `${TEST_PUBLIC_URL}/payment-complete`,
      items: THREE_PENS_TWO_REAMS,
      delivery,
    });
  const counts = async () =>
    Object.fromEntries(
      await Promise.all(WRITTEN.map(async (table) => [table, await countRows(server.database, table)])),
    );
  /** Answers the status and message of `call`, and checks that it wrote nothing. */
  async function refusedWithoutWriting(
    call: () => Promise<{ status: number; body: Record<string, unknown> }>,
  ) {
    const before = await counts();
    const answer = await call();
    expect(await counts()).toEqual(before);
    return { status: answer.status, message: answer.body.message };
  }

  it.each(LIST_GROUP_AND_DISPLAY_NAME)(
    'refuses a payment link to %s with 400 and the message, and writes nothing',
    async (email) => {
      expect(await refusedWithoutWriting(() => createLink({ ...TEST_DELIVERY, email }))).toEqual({
        status: 400,
        message: INVALID_EMAIL,
      });
    },
  );

  it('refuses a payment link to an address with an invisible character, and writes nothing', async () => {
    expect(
      await refusedWithoutWriting(() => createLink({ ...TEST_DELIVERY, email: 'ad\u200Ba@example.com' })),
    ).toEqual({ status: 400, message: EMAIL_HIDDEN_CHARACTER });
  });

  it('refuses a checkout contact that is not one mailbox, and writes nothing', async () => {
    for (const email of LIST_GROUP_AND_DISPLAY_NAME) {
      expect(await refusedWithoutWriting(() => checkout({ ...TEST_DELIVERY, email }))).toEqual({
        status: 400,
        message: INVALID_EMAIL,
      });
    }
  });

  it('refuses text-direction and invisible characters in a payer, a checkout delivery and an address-book entry', async () => {
    const address = TEST_DELIVERY.address;
    const payer = { ...TEST_DELIVERY, address: { ...address, name: 'Pat \u202EreppohS' } };
    expect(await refusedWithoutWriting(() => createLink(payer))).toEqual({
      status: 400,
      message: NAME_HIDDEN_CHARACTER,
    });
    const delivery = { ...TEST_DELIVERY, address: { ...address, address: '12 Paper\u200B Lane' } };
    expect(await refusedWithoutWriting(() => checkout(delivery))).toEqual({
      status: 400,
      message: ADDRESS_HIDDEN_CHARACTER_MESSAGES.address,
    });
    const shopper = await shoppers.register({ name: 'Pat Shopper' });
    const entry = { ...address, city: '\u2066Austin\u2069' };
    expect(await refusedWithoutWriting(() => addresses.add(shopper, entry))).toEqual({
      status: 400,
      message: ADDRESS_HIDDEN_CHARACTER_MESSAGES.city,
    });
  });

  it('sends a link to exactly the address the console, the audit line and Sent emails show', async () => {
    const email = "Ada.Lovelace+o'brien@mail.example.com";
    const created = await createLink({ ...TEST_DELIVERY, email });
    expect(created.status).toBe(200);
    // A mail server is set: the email is queued, and sent below.
    expect(created.body).toMatchObject({
      message: `Payment link made; its email to ${email} is queued`,
      mailServer: true,
    });
    const linkId = (created.body.link as { id: string; email: string }).id;
    expect((created.body.link as { email: string }).email).toBe(email);

    const sender = createMailSender(
      { orm: server.database.orm },
      { smtpUrl: mail.url, from: server.config.mail.from },
    );
    try {
      await sender.sendDue();
    } finally {
      sender.close();
    }
    const listed = await admin.post('/api/admin/emails', { limit: 50 });
    expect(listed.body.mailServer).toBe(true);
    const shown = (listed.body.emails as { recipient: string; subject: string; status: string }[]).find(
      (message) => message.status === 'sent' && message.recipient === email,
    );
    expect(shown).toBeDefined();
    const { rows: audit } = await server.database.sql.query<{ detail: string }>(
      "select detail from audit_events where action = 'payment_link' and detail like $1",
      [`link ${linkId} %`],
    );
    expect(audit.map((row) => row.detail)).toEqual([`link ${linkId} emailed to ${email}`]);
    const received = mail.received.filter((message) => message.subject === shown!.subject);
    expect(received.map((message) => message.to)).toEqual([[email]]);
  });
});
