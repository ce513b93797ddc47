import { createServer, type Server } from 'node:http';
import { SANDBOX_CREDENTIALS, setHostedPageWebhookUrl } from '@store/sandbox-gateway';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../db/client';
import { HOSTED_PAGE_WEBHOOK_PATH } from '../../services/checkout/hosted-page-webhook';
import { registeredRoutes } from '../../testing/routes';
import { sandboxAsCardPointe, startStandaloneSandbox } from '../../testing/standalone-sandbox';
import {
  createOrder,
  PGLITE,
  startTestServer,
  TEST_PUBLIC_URL,
  testDatabaseKinds,
  useTestServer,
  type TestServer,
} from '../../testing/test-server';
import { parseWebhookBody } from './hosted-page-webhook';

/** A ZIP ending in 113 gives a ZIP-only match (Z), and CVV 111 no match (N), as in CardPointe's UAT. */
const PARTIAL_MATCH_ZIP = '78113';
const NON_MATCHING_CVV = '111';
const VISA = '4111111111111111';
const DECLINED_CARD = '4387751111111038';

interface Checks {
  status: string;
  respcode: string | null;
  avs_response: string | null;
  cvv_response: string | null;
}

async function checksOf(sql: SqlClient, orderId: string): Promise<Checks> {
  const { rows } = await sql.query<Checks>(
    'select status, respcode, avs_response, cvv_response from payment_requests where order_id = $1',
    [orderId],
  );
  return rows[0]!;
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** What the shopper does on the hosted page: the form post, as the storefront's browser journey makes it. */
async function payOnThePage(
  pageUrl: string,
  fields: { invoice: string; total: string; card?: string; cvv?: string; billZip?: string },
): Promise<number> {
  const answer = await fetch(`${pageUrl}/pay`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      cardNumber: fields.card ?? VISA,
      expiry: '12/30',
      cvv: fields.cvv ?? NON_MATCHING_CVV,
      name: 'Pat Shopper',
      total: fields.total,
      invoice: fields.invoice,
      returnUrl: `${TEST_PUBLIC_URL}/payment-complete`,
      billZip: fields.billZip ?? PARTIAL_MATCH_ZIP,
    }),
  });
  await answer.body?.cancel();
  return answer.status;
}

/** A receiver standing in for the store, to hold a webhook back and deliver it when a test chooses. */
async function startCatcher(): Promise<{ url: string; bodies: string[]; close(): Promise<void> }> {
  const bodies: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      bodies.push(body);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/caught`,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function configuredWebhookUrl(server: TestServer): Promise<string> {
  const { rows } = await server.database.sql.query<{ webhook_url: string }>(
    'select webhook_url from sandbox_gateway.hpp_settings where merchid = $1',
    [server.config.gateway.merchantId],
  );
  return rows[0]!.webhook_url;
}

async function postWebhook(url: string, body: string, contentType = 'application/x-www-form-urlencoded') {
  const answer = await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

describe.each(testDatabaseKinds())('the hosted payment page webhook on $name', (kind) => {
  const server = useTestServer(kind);
  let webhookUrl: string;

  beforeAll(async () => {
    webhookUrl = await configuredWebhookUrl(server);
  });

  async function newOrder(): Promise<{ orderId: string; requestId: string }> {
    return createOrder(server);
  }

  it('is set up by the store for its built-in sandbox, with a secret in the address', () => {
    const url = new URL(webhookUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.url}${HOSTED_PAGE_WEBHOOK_PATH}`);
    expect(url.searchParams.get('key')?.length).toBeGreaterThanOrEqual(40);
  });

  it('keeps a partial address match and a CVV mismatch of a hosted-page payment, arriving before verify-payment', async () => {
    const { orderId, requestId } = await newOrder();
    expect(await payOnThePage(`${server.url}/sandbox/hpp`, { invoice: orderId, total: '68.20' })).toBe(303);

    const before = await eventually(
      () => checksOf(server.database.sql, orderId),
      (checks) => checks.avs_response !== null,
    );
    // Only the checks: the payment is confirmed by verify-payment, as before.
    expect(before).toEqual({ status: 'pending', respcode: '00', avs_response: 'Z', cvv_response: 'N' });
    expect(
      await server.database.sql.query('select 1 from payments where order_id = $1', [orderId]),
    ).toMatchObject({
      rows: [],
    });

    const verified = await server.post('/api/payment/verify-payment', { requestId });
    expect(verified.body.status).toBe('success');
    expect(await checksOf(server.database.sql, orderId)).toEqual({
      status: 'approved',
      respcode: '00',
      avs_response: 'Z',
      cvv_response: 'N',
    });
  });

  it('keeps them when the webhook arrives after verify-payment, and a replay changes nothing', async () => {
    const catcher = await startCatcher();
    try {
      await setHostedPageWebhookUrl(server.database.sql, server.config.gateway.merchantId, catcher.url);
      const { orderId, requestId } = await newOrder();
      await payOnThePage(`${server.url}/sandbox/hpp`, { invoice: orderId, total: '68.20' });
      const caught = await eventually(
        async () => catcher.bodies,
        (bodies) => bodies.length > 0,
      );
      expect(caught).toHaveLength(1);
      const body = caught[0]!;
      // Never the card number or its CVV: only "**** " and the last four.
      expect(body).not.toContain(VISA);
      expect(parseWebhookBody(body)).toMatchObject({
        invoice: orderId,
        total: '68.20',
        number: '**** 1111',
        avsResponseCode: 'Z',
        cvvResponseCode: 'N',
        responseCode: '00',
        billZip: PARTIAL_MATCH_ZIP,
      });
      expect(JSON.stringify(parseWebhookBody(body))).not.toContain(`"${NON_MATCHING_CVV}"`);

      const verified = await server.post('/api/payment/verify-payment', { requestId });
      expect(verified.body.status).toBe('success');
      expect(await checksOf(server.database.sql, orderId)).toMatchObject({
        avs_response: null,
        cvv_response: null,
      });

      expect(await postWebhook(webhookUrl, body)).toEqual({
        status: 200,
        body: { status: 'success', message: 'Checks recorded' },
      });
      const { rows: after } = await server.database.sql.query(
        'select * from payment_requests where order_id = $1',
        [orderId],
      );
      expect(after[0]).toMatchObject({ status: 'approved', avs_response: 'Z', cvv_response: 'N' });

      expect(await postWebhook(webhookUrl, body)).toEqual({
        status: 200,
        body: { status: 'success', message: 'Nothing to change' },
      });
      const { rows: replayed } = await server.database.sql.query(
        'select * from payment_requests where order_id = $1',
        [orderId],
      );
      expect(replayed).toEqual(after);
    } finally {
      await setHostedPageWebhookUrl(server.database.sql, server.config.gateway.merchantId, webhookUrl);
      await catcher.close();
    }
  });

  describe('refuses what is not the gateway reporting this order, and writes nothing', () => {
    let orderId: string;
    let requestId: string;
    let retref: string;

    function webhookBody(fields: Record<string, string> = {}): string {
      return encodeURIComponent(
        JSON.stringify({
          invoice: orderId,
          total: '68.20',
          gatewayTransactionId: retref,
          avsResponseCode: 'Y',
          cvvResponseCode: 'M',
          responseCode: '00',
          ...fields,
        }),
      );
    }

    async function snapshot(): Promise<unknown> {
      const { rows } = await server.database.sql.query(
        'select r.*, p.retref, p.capture_status from payment_requests r left join payments p using (order_id) where r.order_id = $1',
        [orderId],
      );
      return rows;
    }

    beforeAll(async () => {
      await setHostedPageWebhookUrl(server.database.sql, server.config.gateway.merchantId, null);
      ({ orderId, requestId } = await newOrder());
      await payOnThePage(`${server.url}/sandbox/hpp`, { invoice: orderId, total: '68.20' });
      const inquiry = await server.gateway.inquireByOrderId(orderId);
      retref = inquiry.ok ? inquiry.value[0]!.retref : '';
      await setHostedPageWebhookUrl(server.database.sql, server.config.gateway.merchantId, webhookUrl);
    });

    const forgeries: [string, () => { url: string; body: string }, number][] = [
      [
        'without the secret',
        () => ({ url: webhookUrl.replace(/key=[^&]+/, 'key=guess'), body: webhookBody() }),
        401,
      ],
      ['with no key at all', () => ({ url: webhookUrl.split('?')[0]!, body: webhookBody() }), 400],
      [
        'for an unknown order',
        () => ({ url: webhookUrl, body: webhookBody({ invoice: 'CC-0000000000AB' }) }),
        404,
      ],
      [
        'for another transaction',
        () => ({ url: webhookUrl, body: webhookBody({ gatewayTransactionId: '123456789012' }) }),
        404,
      ],
      ['for another amount', () => ({ url: webhookUrl, body: webhookBody({ total: '0.01' }) }), 404],
    ];

    it.each(forgeries)('%s, before the payment is confirmed', async (_name, forge, status) => {
      const before = await snapshot();
      const { url, body } = forge();
      expect((await postWebhook(url, body)).status).toBe(status);
      expect(await snapshot()).toEqual(before);
    });

    it.each(forgeries)('%s, after the payment is confirmed', async (_name, forge, status) => {
      const verified = await server.post('/api/payment/verify-payment', { requestId });
      expect(verified.body.status).toBe('success');
      const before = await snapshot();
      const { url, body } = forge();
      expect((await postWebhook(url, body)).status).toBe(status);
      expect(await snapshot()).toEqual(before);
    });

    it('and never writes more than the checks for the real transaction', async () => {
      const before = (await snapshot()) as Record<string, unknown>[];
      expect((await postWebhook(webhookUrl, webhookBody({ total: '68.2' }))).status).toBe(200);
      const after = (await snapshot()) as Record<string, unknown>[];
      expect(after[0]).toEqual({ ...before[0], avs_response: 'Y', cvv_response: 'M' });
    });
  });

  it("keeps a declined attempt's response code, without changing its status", async () => {
    const { orderId, requestId } = await newOrder();
    await payOnThePage(`${server.url}/sandbox/hpp`, {
      invoice: orderId,
      total: '68.20',
      card: DECLINED_CARD,
    });
    const checks = await eventually(
      () => checksOf(server.database.sql, orderId),
      (value) => value.respcode !== null,
    );
    // CardPointe answers the checks on approvals only: a decline has none to keep.
    expect(checks).toEqual({ status: 'pending', respcode: '05', avs_response: null, cvv_response: null });
    const verified = await server.post('/api/payment/verify-payment', { requestId });
    expect(verified.body.status).toBe('error');
    expect(await checksOf(server.database.sql, orderId)).toMatchObject({
      status: 'declined',
      respcode: '05',
    });
  });

  it('is exempt from the browser same-origin check on its own path only, and only when no page sent it', async () => {
    const elsewhere = await fetch(`${server.url}/api/payment/verify-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'requestId=x',
    });
    expect(elsewhere.status).toBe(403);
    const fromAPage = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: encodeURIComponent('{}'),
    });
    expect(fromAPage.status).toBe(403);
  });
});

describe('the webhook with CardPointe', () => {
  it('exists only with HPP_WEBHOOK_SECRET, and takes the hosted page’s report with it', async () => {
    const gateway = await startStandaloneSandbox();
    const secret = 'a'.repeat(20) + 'B'.repeat(20);
    const stores: TestServer[] = [];
    try {
      const without = await startTestServer(await PGLITE.create(), sandboxAsCardPointe(gateway.url));
      stores.push(without);
      expect(registeredRoutes(without.app)).not.toContain(`POST ${HOSTED_PAGE_WEBHOOK_PATH}`);

      const store = await startTestServer(await PGLITE.create(), {
        ...sandboxAsCardPointe(gateway.url),
        HPP_WEBHOOK_SECRET: secret,
      });
      stores.push(store);
      expect(registeredRoutes(store.app)).toContain(`POST ${HOSTED_PAGE_WEBHOOK_PATH}`);
      await setHostedPageWebhookUrl(
        gateway.sql,
        SANDBOX_CREDENTIALS.merchantId,
        `${store.url}${HOSTED_PAGE_WEBHOOK_PATH}?key=${secret}`,
      );
      const { orderId, requestId } = await createOrder(store);
      expect(await payOnThePage(`${gateway.url}/hpp`, { invoice: orderId, total: '68.20' })).toBe(303);
      const checks = await eventually(
        () => checksOf(store.database.sql, orderId),
        (value) => value.avs_response !== null,
      );
      expect(checks).toMatchObject({ avs_response: 'Z', cvv_response: 'N' });
      expect((await store.post('/api/payment/verify-payment', { requestId })).body.status).toBe('success');
      expect(await checksOf(store.database.sql, orderId)).toMatchObject({
        status: 'approved',
        avs_response: 'Z',
        cvv_response: 'N',
      });
    } finally {
      for (const store of stores) {
        await store.close();
        await store.database.close();
      }
      await gateway.close();
    }
    // Three databases and two stores started in one test: a minute, for a machine running the suite beside it.
  }, 60_000);
});

describe('parseWebhookBody', () => {
  it('reads the JSON text URL-encoded whole, as one form field, or plain', () => {
    const json = JSON.stringify({ invoice: 'CC-1', total: '1.00' });
    expect(parseWebhookBody(encodeURIComponent(json))).toEqual({ invoice: 'CC-1', total: '1.00' });
    expect(parseWebhookBody(new URLSearchParams({ data: json }).toString())).toEqual({
      invoice: 'CC-1',
      total: '1.00',
    });
    expect(parseWebhookBody(json)).toEqual({ invoice: 'CC-1', total: '1.00' });
    expect(() => parseWebhookBody('%E0%A4%A')).toThrow();
    expect(() => parseWebhookBody('a=1&b=2')).toThrow();
  });
});
