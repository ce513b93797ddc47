import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setHostedPageWebhookUrl } from './hpp/webhook';
import {
  MERCHID,
  openTestDatabase,
  startGateway,
  TEST_BACKENDS,
  type RunningGateway,
  type TestDatabase,
} from './test-support';

const RETURN_URL = 'http://127.0.0.1:5173/payment-complete?requestId=req-1';

interface Received {
  contentType: string | undefined;
  body: string;
}

/** A merchant's webhook receiver: records what it is sent, and answers with the status a test sets. */
async function startReceiver(): Promise<{
  url: string;
  received: Received[];
  answer: { status: number; delayMs: number };
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const answer = { status: 200, delayMs: 0 };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ contentType: request.headers['content-type'], body });
      setTimeout(() => response.writeHead(answer.status).end(), answer.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/webhook?key=secret-123`,
    received,
    answer,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

let invoiceCounter = 0;
function nextInvoice(): string {
  invoiceCounter += 1;
  return `CC-HOOK${String(invoiceCounter).padStart(8, '0')}`;
}

describe.each(TEST_BACKENDS)('The hosted page webhook (%s)', (backend) => {
  let database: TestDatabase;
  let gateway: RunningGateway;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    gateway = await startGateway(database.db);
    receiver = await startReceiver();
  });

  afterAll(async () => {
    await gateway?.close();
    await receiver?.close();
    await database?.close();
  });

  async function pay(fields: Record<string, string>): Promise<Response> {
    const response = await fetch(`${gateway.baseUrl}/hpp/pay`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        cardNumber: '4111 1111 1111 1111',
        expiry: '12/30',
        cvv: '123',
        name: 'Pat Q Shopper',
        total: '68.20',
        returnUrl: RETURN_URL,
        ...fields,
      }),
    });
    await response.body?.cancel();
    return response;
  }

  function payloadOf(received: Received): Record<string, unknown> {
    return JSON.parse(decodeURIComponent(received.body)) as Record<string, unknown>;
  }

  it('posts nothing while the merchant has no webhook URL', async () => {
    expect((await pay({ invoice: nextInvoice() })).status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).toEqual([]);
  });

  it("posts each approval to the merchant's URL as URL-encoded JSON, with the checks the form's ZIP and CVV give", async () => {
    await setHostedPageWebhookUrl(database.db, MERCHID, receiver.url, gateway.schema);
    const invoice = nextInvoice();
    expect((await pay({ invoice, billZip: '78113', cvv: '111' })).status).toBe(303);
    await until(() => receiver.received.length === 1);
    const [received] = receiver.received.splice(0);
    expect(received!.contentType).toBe('application/x-www-form-urlencoded');
    const payload = payloadOf(received!);
    expect(payload).toMatchObject({
      merchantId: MERCHID,
      paymentType: 'CC',
      type: 'Pay',
      total: '68.20',
      invoice,
      cardType: 'Visa',
      number: '**** 1111',
      expirationDateMonth: '12',
      expirationDateYear: '2030',
      billFName: 'Pat',
      billLName: 'Q Shopper',
      billZip: '78113',
      avsResponseCode: 'Z',
      cvvResponseCode: 'N',
      responseCode: '00',
      responseText: 'Approval',
    });
    expect(payload.gatewayTransactionId).toMatch(/^\d{12}$/);
    expect(payload.authCode).toMatch(/^[0-9A-Z]{6}$/);
    expect(payload.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The card number and its CVV never leave the page.
    expect(received!.body).not.toContain('4111111111111111');
    expect(Object.values(payload)).not.toContain('111');
  });

  it('posts a declined attempt too, with its code and no checks', async () => {
    const invoice = nextInvoice();
    expect((await pay({ invoice, cardNumber: '4387751111111038' })).status).toBe(303);
    await until(() => receiver.received.length === 1);
    const payload = payloadOf(receiver.received.splice(0)[0]!);
    expect(payload).toMatchObject({ invoice, avsResponseCode: '', cvvResponseCode: '', authCode: '' });
    expect(payload.responseCode).not.toBe('00');
  });

  it('sends the shopper back at once, whatever the receiver does, and tries once', async () => {
    receiver.answer.status = 500;
    receiver.answer.delayMs = 1_500;
    try {
      const invoice = nextInvoice();
      const started = Date.now();
      const response = await pay({ invoice });
      expect(response.status).toBe(303);
      expect(Date.now() - started).toBeLessThan(1_000);
      await until(() => receiver.received.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 1_700));
      expect(receiver.received).toHaveLength(1);
      receiver.received.splice(0);
      const inquiry = await fetch(
        `${gateway.baseUrl}/hpp?total=68.20&invoice=${invoice}&returnUrl=${encodeURIComponent(RETURN_URL)}`,
      );
      // Paid: the page says so instead of offering the form again.
      expect(await inquiry.text()).toContain('This invoice is paid');
    } finally {
      receiver.answer.status = 200;
      receiver.answer.delayMs = 0;
    }
  });

  it('still takes the payment when nobody listens at the URL', async () => {
    await setHostedPageWebhookUrl(database.db, MERCHID, 'http://127.0.0.1:9/nobody', gateway.schema);
    expect((await pay({ invoice: nextInvoice() })).status).toBe(303);
    await until(() => gateway.logs.some((line) => line.includes('hosted page webhook not delivered')));
    const logged = gateway.logs.filter((line) => line.includes('hosted page webhook'));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toContain('4111');
    await setHostedPageWebhookUrl(database.db, MERCHID, receiver.url, gateway.schema);
  });

  it('refuses a webhook URL that is not http(s)', async () => {
    await expect(
      setHostedPageWebhookUrl(database.db, MERCHID, 'file:///etc/passwd', gateway.schema),
    ).rejects.toThrow();
  });
});
