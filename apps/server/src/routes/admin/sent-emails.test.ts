import { createOrderId } from '@store/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueMail } from '../../db/mail-outbox-store';
import { createPgliteTestDatabase } from '../../db/test-database';
import { SENT_EMAIL_PAGE_POLICY } from '../../http/security-headers';
import {
  sandboxAsCardPointe,
  startStandaloneSandbox,
  type StandaloneSandbox,
} from '../../testing/standalone-sandbox';
import { shoppersAt } from '../../testing/shoppers';
import {
  adminCookie,
  authorizedPayment,
  postJson,
  startTestServer,
  TEST_DELIVERY,
  TEST_PUBLIC_URL,
  testDatabaseKinds,
  useAdminSession,
  useTestServer,
  type TestServer,
} from '../../testing/test-server';

interface ListedEmail {
  id: string;
  kind: string;
  orderId: string | null;
  recipient: string;
  subject: string;
  status: string;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
  lastError: string | null;
  textBody: string;
}

function htmlOf(server: TestServer, id: string, cookie?: string) {
  return fetch(`${server.url}/api/admin/emails/${id}/html`, { headers: cookie ? { cookie } : {} });
}

describe.each(testDatabaseKinds())("the console's Sent emails in demo mode, on $name", (kind) => {
  const server = useTestServer(kind);
  const admin = useAdminSession(server);

  async function listAll(limit: number): Promise<{ emails: ListedEmail[]; pages: number }> {
    const emails: ListedEmail[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const answer = await admin.post('/api/admin/emails', { limit, cursor });
      expect(answer.status).toBe(200);
      emails.push(...(answer.body.emails as ListedEmail[]));
      cursor = (answer.body.nextCursor as string | null) ?? undefined;
      pages += 1;
    } while (cursor && pages < 50);
    return { emails, pages };
  }

  it('lists an order confirmation as it would arrive: who to, the subject, the text, still pending', async () => {
    const { orderId } = await authorizedPayment(server);
    const answer = await admin.post('/api/admin/emails', { limit: 10 });
    expect(answer.status).toBe(200);
    // No mail server is set here: the console is told nothing is sent.
    expect(answer.body.mailServer).toBe(false);
    const email = (answer.body.emails as ListedEmail[]).find((listed) => listed.orderId === orderId);
    expect(email).toMatchObject({
      kind: 'order_confirmation',
      recipient: TEST_DELIVERY.email,
      status: 'pending',
      attempts: 0,
      sentAt: null,
      lastError: null,
    });
    expect(email!.subject).toContain(orderId);
    expect(email!.textBody).toContain(orderId);
    expect(email!.textBody).toContain(`${TEST_PUBLIC_URL}/receipt/`);
    // What the outbox keeps for sending is not the console's to read.
    expect(Object.keys(email!).sort()).toEqual(
      [
        'attempts',
        'createdAt',
        'id',
        'kind',
        'lastError',
        'orderId',
        'recipient',
        'sentAt',
        'status',
        'subject',
        'textBody',
      ].sort(),
    );
  });

  it('pages through the outbox newest first, each message once', async () => {
    for (let index = 0; index < 7; index += 1) {
      await queueMail(
        server.database.orm,
        {
          kind: 'refund_confirmation',
          dedupeKey: `sent-emails-test:${kind.name}:${index}`,
          recipient: `pat+${index}@example.com`,
          subject: `Refund ${index}`,
          textBody: `Refund ${index}`,
          htmlBody: `<p>Refund ${index}</p>`,
        },
        'shop.example',
      );
    }
    const { emails, pages } = await listAll(3);
    const { emails: whole } = await listAll(500);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(emails.map((email) => email.id)).toEqual(whole.map((email) => email.id));
    expect(new Set(emails.map((email) => email.id)).size).toBe(emails.length);
    const times = emails.map((email) => Date.parse(email.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The last one queued comes first (or beside those queued in the same millisecond, in id order).
    const newest = emails.filter((email) => Date.parse(email.createdAt) === times[0]);
    expect(newest.map((email) => email.subject)).toContain('Refund 6');
  });

  it("refuses a cursor it did not give, in the other lists' words", async () => {
    const answer = await admin.post('/api/admin/emails', { cursor: 'not-a-cursor' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('The page cursor is not valid');
  });

  it("serves a message's HTML for a sandboxed frame: no script, its own strict headers", async () => {
    const { emails } = await listAll(500);
    const confirmation = emails.find((email) => email.kind === 'order_confirmation')!;
    const answer = await htmlOf(server, confirmation.id, admin.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('content-security-policy')).toBe(SENT_EMAIL_PAGE_POLICY);
    expect(answer.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; sandbox",
    );
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const html = await answer.text();
    expect(html).toContain(confirmation.orderId!);
    expect(html).toContain(`${TEST_PUBLIC_URL}/receipt/`);
  });

  it('serves markup a shopper typed into the delivery as text', async () => {
    const script = '<script>alert(1)</script>';
    const orderId = createOrderId('card');
    const created = await server.post('/api/payment/create-payment', {
      amount: 10.49,
      orderId,
      customerName: 'Guest',
      redirectUrl: `${TEST_PUBLIC_URL}/payment-complete`,
      items: [{ productId: 'paper-ream-500', quantity: 1 }],
      delivery: { ...TEST_DELIVERY, address: { ...TEST_DELIVERY.address, name: `Pat ${script}` } },
    });
    expect(created.status).toBe(200);
    await server.gateway.authorize({
      account: '4111111111111111',
      expiry: '1230',
      amountCents: 1049,
      orderId,
      capture: false,
    });
    const verified = await server.post('/api/payment/verify-payment', { requestId: created.body.requestId });
    expect(verified.body.status).toBe('success');
    const { emails } = await listAll(500);
    const email = emails.find((listed) => listed.orderId === orderId)!;
    expect(email.textBody).toContain(`Pat ${script}`);
    const html = await (await htmlOf(server, email.id, admin.cookie)).text();
    expect(html).not.toContain('<script');
    expect(html).toContain('Pat &lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('answers 404 for a message the outbox has not, and 400 for an id that is none', async () => {
    const missing = await htmlOf(server, '00000000-0000-4000-8000-000000000000', admin.cookie);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ status: 'error', message: 'Email not found', error: 'not_found' });
    const malformed = await htmlOf(server, 'nope', admin.cookie);
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toBe('Email ID is not valid');
  });

  it("is for a signed-in admin only: 401 without an admin's session, before the body or the id is read", async () => {
    const list = await server.post('/api/admin/emails', { cursor: 'not-a-cursor' });
    expect(list.status).toBe(401);
    const { emails } = await listAll(1);
    const html = await htmlOf(server, emails[0]!.id);
    expect(html.status).toBe(401);
    expect(html.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await html.text()).not.toContain('<');
    expect((await htmlOf(server, 'nope')).status).toBe(401);
    // A customer's session is not an admin's.
    const { cookie } = await shoppersAt(server).register({
      email: `ada-${kind.name.toLowerCase()}@example.com`,
    });
    expect((await server.post('/api/admin/emails', {}, { cookie })).status).toBe(401);
    expect((await htmlOf(server, emails[0]!.id, cookie)).status).toBe(401);
  });

  it('refuses the list to another site, as every admin call', async () => {
    const answer = await admin.post('/api/admin/emails', {}, { origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
  });

  it("never shows the mail server's address or a password from a failed try", async () => {
    await server.database.sql.query(
      `update mail_outbox set attempts = 1, last_error = $1
       where id = (select id from mail_outbox order by created_at desc, id desc limit 1)`,
      ['Invalid login for smtp://mailer:hunter2@mail.example:587: 535 5.7.8 refused'],
    );
    const answer = await admin.post('/api/admin/emails', { limit: 1 });
    const [email] = answer.body.emails as ListedEmail[];
    expect(email!.lastError).toBe('Invalid login for smtp://…@mail.example:587: 535 5.7.8 refused');
    expect(JSON.stringify(answer.body)).not.toContain('hunter2');
  });
});

describe('Sent emails with a real gateway', () => {
  let gateway: StandaloneSandbox;
  let server: TestServer;

  beforeAll(async () => {
    gateway = await startStandaloneSandbox();
    server = await startTestServer(await createPgliteTestDatabase(), {
      ...sandboxAsCardPointe(gateway.url),
      GATEWAY_TIMEOUT_MS: '3000',
    });
  });
  afterAll(async () => {
    await server?.close();
    await server?.database.close();
    await gateway?.close();
  });

  it('are not there: 404 for the signed-in admin and for anyone, and not in the API document', async () => {
    const cookie = await adminCookie(server.url);
    for (const session of [cookie, undefined]) {
      const list = await postJson(server.url, '/api/admin/emails', {}, { cookie: session });
      expect(list.status).toBe(404);
      const html = await htmlOf(server, '00000000-0000-4000-8000-000000000000', session);
      expect(html.status).toBe(404);
    }
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/admin/emails'))).toEqual([]);
    expect(document.paths['/api/admin/audit-log']).toBeDefined();
  });
});
