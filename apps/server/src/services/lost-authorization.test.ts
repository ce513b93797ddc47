import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { createOrderId } from '@store/core';
import { SANDBOX_CREDENTIALS, sandboxGatewayPlugin } from '@store/sandbox-gateway';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPgliteTestDatabase } from '../db/test-database';
import { startTestServer, type TestServer } from '../testing/test-server';
import { confirmUnverifiedPayments, reconcileLostAuthorizations } from './checkout';

/** What the proxy does to one kind of call: passes it, holds its answer past the store's time-out, or 503. */
type Fault = 'none' | 'late' | 'unavailable';

const ONE_REAM = [{ productId: 'paper-ream-500', quantity: 1 }];
/** $9.99 + 5% tax. */
const ONE_REAM_TOTAL = 10.49;
const UNCONFIRMED = 'The payment could not be confirmed right now. Please try again.';

/**
 * An authorization the store makes by itself (a saved card, Google Pay) whose answer is lost after the
 * gateway approved it: when the store then tells the shopper the payment failed, it voids the order's
 * authorization by order id (CardPointe's advice), so no hold is left on the customer's funds.
 */
describe('an authorization whose answer is lost', () => {
  let gatewayDb: PGlite;
  let gateway: FastifyInstance;
  let gatewayUrl: string;
  let proxy: Server;
  let store: TestServer;
  const faults: Record<'auth' | 'inquireByOrderid' | 'voidByOrderId', Fault> = {
    auth: 'none',
    inquireByOrderid: 'none',
    voidByOrderId: 'none',
  };
  let voidByOrderIdCalls = 0;

  beforeAll(async () => {
    gatewayDb = new PGlite();
    gateway = Fastify({ logger: false });
    await gateway.register(sandboxGatewayPlugin, { db: gatewayDb, ...SANDBOX_CREDENTIALS });
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    gatewayUrl = `http://127.0.0.1:${(gateway.server.address() as { port: number }).port}`;
    const target = new URL(gatewayUrl);

    proxy = createServer((incoming, outgoing) => {
      const path = incoming.url ?? '';
      const call = (['auth', 'inquireByOrderid', 'voidByOrderId'] as const).find((name) =>
        path.startsWith(`/cardconnect/rest/${name}`),
      );
      if (call === 'voidByOrderId') voidByOrderIdCalls += 1;
      const fault = call ? faults[call] : 'none';
      if (fault === 'unavailable') {
        outgoing.writeHead(503).end();
        return;
      }
      const forwarded = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path,
          method: incoming.method,
          headers: incoming.headers,
        },
        (answer: IncomingMessage) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            // The gateway has done the work; its answer arrives after the store stopped waiting.
            setTimeout(
              () => {
                if (outgoing.destroyed) return;
                outgoing.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(chunks));
              },
              fault === 'late' ? 1500 : 0,
            );
          });
        },
      );
      incoming.pipe(forwarded);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;

    store = await startTestServer(await createPgliteTestDatabase(), {
      GATEWAY: 'cardpointe',
      CARDPOINTE_URL: proxyUrl,
      CARDPOINTE_HPP_URL: `${proxyUrl}/hpp`,
      CARDPOINTE_MERCHANT_ID: SANDBOX_CREDENTIALS.merchantId,
      CARDPOINTE_USERNAME: SANDBOX_CREDENTIALS.username,
      CARDPOINTE_PASSWORD: SANDBOX_CREDENTIALS.password,
      GATEWAY_TIMEOUT_MS: '1000',
      TRUST_PROXY: 'loopback',
    });
  });
  afterAll(async () => {
    await store.close();
    await store.database.close();
    proxy.closeAllConnections();
    proxy.close();
    await gateway.close();
    await gatewayDb.close();
  });
  beforeEach(() => {
    faults.auth = 'none';
    faults.inquireByOrderid = 'none';
    faults.voidByOrderId = 'none';
    voidByOrderIdCalls = 0;
  });

  /** The sandbox's own record of the order's authorizations. */
  async function atGateway(orderId: string) {
    const { rows } = await gatewayDb.query<{ respstat: string; voided: boolean }>(
      `select respstat, voided_at is not null as voided from sandbox_gateway.transactions
        where orderid = $1 and kind = 'auth' order by id`,
      [orderId],
    );
    return rows;
  }

  async function inStore(orderId: string) {
    const sql = store.database.sql;
    const requests = await sql.query<{ status: string }>(
      'select status from payment_requests where order_id = $1',
      [orderId],
    );
    const payments = await sql.query('select 1 from payments where order_id = $1', [orderId]);
    const audit = await sql.query<{ actor: string; outcome: string; detail: string }>(
      `select actor, outcome, detail from audit_events where order_id = $1 and action = 'void_lost_authorization'`,
      [orderId],
    );
    return { request: requests.rows[0]?.status, payments: payments.rows.length, audit: audit.rows };
  }

  async function customerWithSavedCard() {
    const email = `lost-${randomUUID()}@example.com`;
    const address = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const registered = await store.post(
      '/api/users/register',
      { name: 'Pat Shopper', email, password: 'a perfectly fine passphrase' },
      { headers: { 'x-forwarded-for': address } },
    );
    expect(registered.status).toBe(200);
    const customer = {
      id: (registered.body.user as { id: string }).id,
      cookie: (registered.headers.get('set-cookie') ?? '').split(';')[0]!,
    };
    const as = (path: string, body: unknown) =>
      store.post(path, body, { cookie: customer.cookie, headers: { 'x-forwarded-for': address } });
    const tokenized = await as('/api/payment/tokenize-proxy', {
      name: 'Pat Shopper',
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
      email,
      mode: 'CC',
      accountNumber: '4111 1111 1111 1111',
      expiryMonth: '12',
      expiryYear: '2030',
    });
    expect(tokenized.status, JSON.stringify(tokenized.body)).toBe(200);
    const saved = await as('/api/payment/save-payment-token', {
      userId: customer.id,
      tokenId: tokenized.body.tokenid,
      paymentType: 'CC',
      holderName: 'Pat Shopper',
      cardType: 'VISA',
      last4: '1111',
      expiryMonth: '12',
      expiryYear: '2030',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const methodId = (saved.body.paymentMethod as { id: string }).id;
    return (orderId: string) =>
      as('/api/payment/process-with-token', {
        userId: customer.id,
        paymentMethodId: methodId,
        amount: ONE_REAM_TOTAL,
        orderId,
        items: ONE_REAM,
      });
  }

  it('with a saved card: the shopper is told it failed, and the approval is voided by order id', async () => {
    const payWithSavedCard = await customerWithSavedCard();
    faults.auth = 'late';
    faults.inquireByOrderid = 'unavailable';
    const orderId = createOrderId('card');
    const answer = await payWithSavedCard(orderId);
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe(UNCONFIRMED);
    expect(await atGateway(orderId)).toEqual([{ respstat: 'A', voided: true }]);
    expect(voidByOrderIdCalls).toBe(1);
    const recorded = await inStore(orderId);
    expect(recorded).toMatchObject({ request: 'failed', payments: 0 });
    expect(recorded.audit).toEqual([
      expect.objectContaining({
        actor: 'store',
        outcome: 'success',
        detail: expect.stringMatching(/voided by order id/),
      }),
    ]);
  });

  it('with Google Pay: the same, and the answer keeps its failure message', async () => {
    faults.auth = 'late';
    faults.inquireByOrderid = 'unavailable';
    const sheet = await fetch(`${gatewayUrl}/sandbox-wallet/google-pay/payment-data`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        cardId: 'visa',
        paymentDataRequest: {
          apiVersion: 2,
          apiVersionMinor: 0,
          allowedPaymentMethods: [
            {
              type: 'CARD',
              parameters: { allowedAuthMethods: ['PAN_ONLY'], allowedCardNetworks: ['VISA'] },
              tokenizationSpecification: {
                type: 'PAYMENT_GATEWAY',
                parameters: { gateway: 'cardconnect', gatewayMerchantId: SANDBOX_CREDENTIALS.merchantId },
              },
            },
          ],
          transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: '10.49', currencyCode: 'USD' },
        },
      }),
    });
    expect(sheet.status).toBe(200);
    const token = ((await sheet.json()) as { paymentMethodData: { tokenizationData: { token: string } } })
      .paymentMethodData.tokenizationData.token;
    const orderId = createOrderId('googlepay');
    const answer = await store.post('/api/googlepay/process-with-googlepay', {
      paymentToken: token,
      amount: ONE_REAM_TOTAL,
      orderId,
      email: 'shopper@example.com',
      gateway: 'cardconnect',
      items: ONE_REAM,
    });
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe(UNCONFIRMED);
    expect(await atGateway(orderId)).toEqual([{ respstat: 'A', voided: true }]);
    expect(await inStore(orderId)).toMatchObject({ request: 'failed', payments: 0 });
  });

  it('when the voids are lost too: tried three times, audited as failed, then voided by reconciliation, never made capturable', async () => {
    const payWithSavedCard = await customerWithSavedCard();
    faults.auth = 'late';
    faults.inquireByOrderid = 'unavailable';
    faults.voidByOrderId = 'unavailable';
    const orderId = createOrderId('card');
    const answer = await payWithSavedCard(orderId);
    expect(answer.status).toBe(502);
    expect(voidByOrderIdCalls).toBe(3);
    expect(await atGateway(orderId)).toEqual([{ respstat: 'A', voided: false }]);
    const recorded = await inStore(orderId);
    expect(recorded).toMatchObject({ request: 'pending', payments: 0 });
    expect(recorded.audit).toEqual([expect.objectContaining({ outcome: 'failure' })]);

    // The gateway answers again. The shopper was told the payment failed: confirming unverified payments
    // (which records what a hosted-page shopper paid) must not make this approval capturable.
    faults.inquireByOrderid = 'none';
    faults.voidByOrderId = 'none';
    const deps = { orm: store.database.orm, gateway: store.gateway, publicUrl: store.config.publicUrl };
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await confirmUnverifiedPayments(deps, later)).toBe(0);
    expect(await inStore(orderId)).toMatchObject({ request: 'pending', payments: 0 });
    // Reconciliation, once no call of the request's can still be under way, voids it by order id.
    expect(await reconcileLostAuthorizations(deps, 60_000)).toEqual({
      voided: 0,
      nothingHeld: 0,
      unresolved: 0,
    });
    expect(await reconcileLostAuthorizations(deps, 0)).toEqual({ voided: 1, nothingHeld: 0, unresolved: 0 });
    expect(await atGateway(orderId)).toEqual([{ respstat: 'A', voided: true }]);
    const settled = await inStore(orderId);
    expect(settled).toMatchObject({ request: 'failed', payments: 0 });
    expect(settled.audit.map((line) => line.outcome)).toEqual(['failure', 'success']);
  });

  it('an answer that arrives in time, or a lost one the gateway confirms, voids nothing', async () => {
    const payWithSavedCard = await customerWithSavedCard();
    const paid = createOrderId('card');
    expect((await payWithSavedCard(paid)).status).toBe(200);
    faults.auth = 'late';
    const confirmed = createOrderId('card');
    expect((await payWithSavedCard(confirmed)).status).toBe(200);
    expect(voidByOrderIdCalls).toBe(0);
    expect(await atGateway(confirmed)).toEqual([{ respstat: 'A', voided: false }]);
    expect(await inStore(confirmed)).toMatchObject({ payments: 1, audit: [] });
  });
});
