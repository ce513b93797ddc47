import { EMAIL_HIDDEN_CHARACTER, INVALID_EMAIL, STORE_NAME } from '@store/core';
import { ensureSandboxCredentials } from '@store/sandbox-gateway';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { MAIL_MAX_ATTEMPTS, queueMail } from '../../db/mail-outbox-store';
import type { Log } from '../../log';
import {
  refusingPort,
  startSilentServer,
  startTestMailServer,
  type TestMailServer,
} from '../../testing/mail-server';
import { moneyMessagesOf, setOrderContact } from '../../testing/outbox';
import {
  adminCookie,
  authorizedPayment,
  capturedPayment,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
} from '../../testing/test-server';
import { refundConfirmation } from './messages';
import { createMailSender, refusedRecipientError } from './sender';

/**
 * Sending the outbox over SMTP, to a real SMTP server on the loopback interface (`smtp-server`): each message
 * once with its own Message-ID, however many servers send from one database; a mail server that refuses
 * or hangs holds up no refund, and its messages go out once it is back; the last try gives a message up.
 */
describe.each(testDatabaseKinds())('sending the outbox, on $name', (kind) => {
  let database: Database;
  const closing: (() => Promise<unknown>)[] = [];
  const FROM = `${STORE_NAME} <orders@shop.example>`;
  // The sandbox merchant refunds unsettled captures, so that a part refund is done at once.
  const REFUNDS_AT_ONCE = { SANDBOX_UNSETTLED_REFUNDS: 'true' };

  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(() => database.close());
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
    await database.sql.query('delete from mail_outbox');
  });

  async function mailServer(
    port?: number,
    refuseRecipient?: (address: string) => { code: number; message: string } | undefined,
  ): Promise<TestMailServer> {
    const server = await startTestMailServer({ port, refuseRecipient });
    closing.push(() => server.close());
    return server;
  }
  async function store(environment: Record<string, string>, on: Database = database): Promise<TestServer> {
    const server = await startTestServer(on, environment, { upkeep: true });
    closing.push(() => server.close());
    return server;
  }
  function queue(key: string, recipient = 'pat@example.com') {
    return queueMail(
      database.orm,
      {
        kind: 'refund_confirmation',
        dedupeKey: key,
        recipient,
        ...refundConfirmation({
          storeName: STORE_NAME,
          orderId: 'CC-0123456789AB',
          recipientName: 'Pat Shopper',
          amountCents: 820,
          paymentMethod: { brand: 'VISA', last4: '1111' },
        }),
      },
      'shop.example',
    );
  }
  async function outbox() {
    const { rows } = await database.sql.query<{
      dedupe_key: string;
      recipient: string;
      message_id: string;
      status: string;
      attempts: number;
      last_error: string | null;
      leased_until: unknown;
      next_attempt_at: string | Date;
    }>('select * from mail_outbox order by created_at, id');
    return rows;
  }
  /** Pat's captured $68.20 order, $5 of it refunded from the console: the refund is done. */
  async function refundFive(server: TestServer): Promise<{ orderId: string }> {
    const cookie = await adminCookie(server.url);
    const { orderId, paymentId } = await capturedPayment(server, cookie);
    await setOrderContact(database, orderId);
    const refund = await server.post(
      '/api/admin/refund',
      { transaction: { paymentId }, amount: 5 },
      { cookie },
    );
    expect(refund.status).toBe(200);
    expect(refund.body.status).toBe('success');
    return { orderId };
  }
  const sentCount = async () => (await outbox()).filter((row) => row.status === 'sent').length;

  it('sends a due message with its own Message-ID, from MAIL_FROM, in text and HTML, and marks it sent', async () => {
    const mail = await mailServer();
    await queue('money-operation:one');
    const sender = createMailSender({ orm: database.orm }, { smtpUrl: mail.url, from: FROM });
    closing.push(async () => sender.close());
    expect(await sender.sendDue()).toEqual({ sent: 1, failed: 0, full: false });
    expect(await sender.sendDue()).toEqual({ sent: 0, failed: 0, full: false });
    const [row] = await outbox();
    expect(row!.status).toBe('sent');
    expect(mail.received).toHaveLength(1);
    const received = mail.received[0]!;
    expect(received).toMatchObject({
      from: 'orders@shop.example',
      to: ['pat@example.com'],
      messageId: row!.message_id,
      subject: `Refund of $8.20 for your ${STORE_NAME} order CC-0123456789AB`,
    });
    expect(received.raw).toMatch(/^Content-Type: text\/plain/im);
    expect(received.raw).toMatch(/^Content-Type: text\/html/im);
    expect(received.raw).toMatch(/^Auto-Submitted: auto-generated/im);
  });

  it('sends each message exactly once from two servers on one database', async () => {
    const mail = await mailServer();
    const MESSAGES = 23;
    for (let index = 0; index < MESSAGES; index += 1) await queue(`money-operation:${index}`);
    // PostgreSQL: each server with its own connections, as two processes would be; PGlite has one.
    let second = database;
    if (database.url) {
      const own = await openDatabase({ databaseUrl: database.url });
      closing.push(() => own.close());
      second = own;
    }
    // The sandbox gateway's tables first: its own set-up is not made for two first starts at once.
    await ensureSandboxCredentials(database.sql);
    await Promise.all([store({ SMTP_URL: mail.url }), store({ SMTP_URL: mail.url }, second)]);
    await expect.poll(sentCount, { timeout: 30_000, interval: 200 }).toBe(MESSAGES);
    const sent = (await outbox()).map((row) => row.message_id).sort();
    expect(mail.received.map((received) => received.messageId).sort()).toEqual(sent);
    expect(new Set(sent).size).toBe(MESSAGES);
  });

  it('holds up no refund while the mail server refuses connections, and sends the message once it is back', async () => {
    const port = await refusingPort();
    const server = await store({ SMTP_URL: `smtp://127.0.0.1:${port}`, ...REFUNDS_AT_ONCE });
    const { orderId } = await refundFive(server);
    // Upkeep tried, was refused, and will try again later.
    await expect
      .poll(async () => (await moneyMessagesOf(database, orderId))[0]?.attempts, { timeout: 20_000 })
      .toBe(1);
    const [waiting] = await moneyMessagesOf(database, orderId);
    expect(waiting).toMatchObject({ status: 'pending', kind: 'refund_confirmation' });
    expect(waiting!.last_error).toMatch(/ECONNREFUSED/);

    const mail = await mailServer(port);
    const sender = createMailSender(
      { orm: database.orm },
      { smtpUrl: server.config.mail.smtpUrl!, from: server.config.mail.from },
    );
    closing.push(async () => sender.close());
    // Not before its next try is due; then it goes (with whatever else is due by then, the order's own
    // confirmation among them).
    expect((await sender.sendDue()).sent).toBe(0);
    await sender.sendDue({ now: new Date(waiting!.next_attempt_at) });
    const [sent] = await moneyMessagesOf(database, orderId);
    expect(sent!.status).toBe('sent');
    const received = mail.received.filter((message) => message.messageId === waiting!.message_id);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['pat@example.com']);
  });

  it('holds up no payment while the mail server refuses connections, and the confirmation goes once it is back', async () => {
    const port = await refusingPort();
    const server = await store({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    // The shopper's payment is answered as ever: its confirmation only waits in the outbox.
    const { orderId } = await authorizedPayment(server);
    const confirmation = async () =>
      (
        await database.sql.query<{
          status: string;
          attempts: number;
          message_id: string;
          next_attempt_at: Date;
        }>(
          `select status, attempts, message_id, next_attempt_at from mail_outbox
            where order_id = $1 and kind = 'order_confirmation'`,
          [orderId],
        )
      ).rows;
    await expect.poll(async () => (await confirmation())[0]?.attempts, { timeout: 20_000 }).toBe(1);
    const [waiting] = await confirmation();
    expect(waiting!.status).toBe('pending');

    const mail = await mailServer(port);
    const sender = createMailSender(
      { orm: database.orm },
      { smtpUrl: server.config.mail.smtpUrl!, from: server.config.mail.from },
    );
    closing.push(async () => sender.close());
    await sender.sendDue({ now: new Date(waiting!.next_attempt_at) });
    expect((await confirmation())[0]!.status).toBe('sent');
    const received = mail.received.filter((message) => message.messageId === waiting!.message_id);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['shopper@example.com']);
    expect(received[0]!.subject).toContain(orderId);
  });

  it('holds up no refund while the mail server hangs, and a stopping store gives its messages back', async () => {
    const silent = await startSilentServer();
    closing.push(() => silent.close());
    await queue('money-operation:stuck');
    const server = await startTestServer(
      database,
      { SMTP_URL: silent.url, ...REFUNDS_AT_ONCE },
      { upkeep: true },
    );
    let closed = false;
    closing.push(async () => {
      if (!closed) await server.close();
    });
    // The first mail pass is waiting for the mail server's greeting, which never comes.
    await expect.poll(() => silent.open(), { timeout: 10_000 }).toBeGreaterThan(0);
    const { orderId } = await refundFive(server);
    expect(silent.open()).toBeGreaterThan(0);
    expect((await moneyMessagesOf(database, orderId)).map((row) => row.status)).toEqual(['pending']);

    await server.close();
    closed = true;
    // Stopped, not failed: the message is due again at once, its tries unspent.
    const [stuck] = (await outbox()).filter((row) => row.dedupe_key === 'money-operation:stuck');
    expect(stuck).toMatchObject({ status: 'pending', attempts: 0, leased_until: null, last_error: null });
  });

  it('gives a message up after its last try and tells the operator, with the mail server’s answer kept', async () => {
    const port = await refusingPort();
    await queue('money-operation:refused');
    const lines: { level: string; message: string; details: object }[] = [];
    const log: Log = {
      error: (details, message) => lines.push({ level: 'error', message, details }),
      warn: (details, message) => lines.push({ level: 'warn', message, details }),
    };
    const sender = createMailSender(
      { orm: database.orm, log },
      { smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM },
    );
    closing.push(async () => sender.close());
    const first = new Date();
    expect(await sender.sendDue({ now: first })).toEqual({ sent: 0, failed: 1, full: false });
    const [once] = await outbox();
    expect(new Date(once!.next_attempt_at).getTime() - first.getTime()).toBe(30_000);
    expect(lines).toEqual([
      {
        level: 'warn',
        message: 'mail not sent; it will be tried again',
        details: expect.objectContaining({ attempts: 1 }),
      },
    ]);
    // The tries in between, as the store's own passes would make them. Due a second ago: the column keeps
    // milliseconds, rounded, so "now" could land just after this process's own clock.
    await database.sql.query(
      "update mail_outbox set attempts = $1, next_attempt_at = now() - interval '1 second'",
      [MAIL_MAX_ATTEMPTS - 1],
    );
    expect((await sender.sendDue()).failed).toBe(1);
    const [given] = await outbox();
    expect(given).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS, leased_until: null });
    expect(given!.last_error).toMatch(/ECONNREFUSED/);
    expect(lines.at(-1)).toMatchObject({
      level: 'error',
      message: 'mail not sent after its last try: given up',
    });
    // No line names the customer.
    expect(JSON.stringify(lines)).not.toContain('pat@example.com');
    expect(await sender.sendDue({ now: new Date(Date.now() + 365 * 24 * 3600_000) })).toEqual({
      sent: 0,
      failed: 0,
      full: false,
    });
  });
  it('sends to exactly the address the console shows, and to no one else', async () => {
    const mail = await mailServer();
    const shown = "Ada.Lovelace+o'brien@mail.example.com";
    await queue('money-operation:one', shown);
    const sender = createMailSender({ orm: database.orm }, { smtpUrl: mail.url, from: FROM });
    closing.push(async () => sender.close());
    expect(await sender.sendDue()).toEqual({ sent: 1, failed: 0, full: false });
    const [row] = await outbox();
    expect(row).toMatchObject({ recipient: shown, status: 'sent' });
    expect(mail.recipientsTried).toEqual([shown]);
    expect(mail.received.map((received) => received.to)).toEqual([[shown]]);
    expect(mail.received[0]!.raw).toMatch(/^To: Ada\.Lovelace\+o'brien@mail\.example\.com\r?$/im);
  });

  it('sends nothing to a recipient kept before the one-mailbox rule: failed at once, with the reason', async () => {
    const mail = await mailServer();
    const refused = [
      ['postmaster,spy@evil.test', INVALID_EMAIL],
      ['ada.lovelace<spy@evil.test>', INVALID_EMAIL],
      ['g:postmaster,spy@evil.test;', INVALID_EMAIL],
      ['ad\u200Ba@example.com', EMAIL_HIDDEN_CHARACTER],
    ] as const;
    for (const [index, [recipient]] of refused.entries()) await queue(`money-operation:${index}`, recipient);
    const lines: { message: string; details: object }[] = [];
    const log: Log = {
      error: (details, message) => lines.push({ message, details }),
      warn: (details, message) => lines.push({ message, details }),
    };
    const sender = createMailSender({ orm: database.orm, log }, { smtpUrl: mail.url, from: FROM });
    closing.push(async () => sender.close());
    expect(await sender.sendDue()).toEqual({ sent: 0, failed: refused.length, full: false });
    expect(mail.recipientsTried).toEqual([]);
    expect(mail.received).toEqual([]);
    const rows = await outbox();
    // Queued in one instant, the messages have no order among themselves: each is compared with its own.
    const byRecipient = (a: { recipient: string }, b: { recipient: string }) =>
      a.recipient.localeCompare(b.recipient);
    expect(
      rows
        .map(({ recipient, status, attempts, last_error }) => ({
          recipient,
          status,
          attempts,
          last_error,
        }))
        .sort(byRecipient),
    ).toEqual(
      refused
        .map(([recipient, problem]) => ({
          recipient,
          status: 'failed',
          attempts: 1,
          last_error: refusedRecipientError(problem),
        }))
        .sort(byRecipient),
    );
    expect(lines.map((line) => line.message)).toEqual(
      refused.map(() => 'mail not sent: its recipient address is refused'),
    );
    expect(JSON.stringify(lines)).not.toContain('evil.test');
  });

  it('gives a message up at once when the mail server refuses its recipient as an address, and retries a refusal for now', async () => {
    const refusals: Record<string, { code: number; message: string }> = {
      'syntax@example.com': { code: 501, message: '5.1.3 Bad recipient address syntax' },
      'not-allowed@example.com': { code: 553, message: '5.1.3 Mailbox name not allowed' },
      'later@example.com': { code: 450, message: '4.2.1 Mailbox busy, try again later' },
    };
    const mail = await mailServer(undefined, (address) => refusals[address]);
    for (const recipient of Object.keys(refusals)) await queue(`money-operation:${recipient}`, recipient);
    const sender = createMailSender({ orm: database.orm }, { smtpUrl: mail.url, from: FROM });
    closing.push(async () => sender.close());
    const now = new Date();
    expect(await sender.sendDue({ now })).toEqual({ sent: 0, failed: 3, full: false });
    expect(mail.recipientsTried).toEqual(Object.keys(refusals));
    const rows = await outbox();
    const byRecipient = Object.fromEntries(rows.map((row) => [row.recipient, row]));
    expect(byRecipient['syntax@example.com']).toMatchObject({ status: 'failed', attempts: 1 });
    expect(byRecipient['syntax@example.com']!.last_error).toMatch(/501 5\.1\.3 Bad recipient address syntax/);
    expect(byRecipient['not-allowed@example.com']).toMatchObject({ status: 'failed', attempts: 1 });
    expect(byRecipient['not-allowed@example.com']!.last_error).toMatch(/553/);
    // A temporary refusal keeps the retry schedule: 30 s after the first try.
    const later = byRecipient['later@example.com']!;
    expect(later).toMatchObject({ status: 'pending', attempts: 1 });
    expect(new Date(later.next_attempt_at).getTime() - now.getTime()).toBe(30_000);
    // Nothing more is tried of the two given up, however late the next pass.
    mail.recipientsTried.length = 0;
    await sender.sendDue({ now: new Date(now.getTime() + 24 * 3600_000) });
    expect(mail.recipientsTried).toEqual(['later@example.com']);
  });
});
