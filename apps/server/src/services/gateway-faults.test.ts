import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { SANDBOX_CREDENTIALS, sandboxGatewayPlugin } from '@store/sandbox-gateway';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPgliteTestDatabase } from '../db/test-database';
import { adminCookie, authorizedPayment, startTestServer, type TestServer } from '../testing/test-server';

/**
 * Faults between the store and the gateway, made on the wire: the store talks to a standalone sandbox
 * gateway through a proxy that can hold an answer past the store's time-out (after the gateway has done
 * the work) or refuse calls. Whatever happens, a capture or refund happens once and is recorded once.
 */
type Fault =
  'none' | 'late-answer' | 'late-answer-and-no-inquiry' | 'late-answer-and-inquiry-refused' | 'unreachable';

describe('money operations when the gateway misbehaves', () => {
  let gatewayDb: PGlite;
  let gateway: FastifyInstance;
  let proxy: Server;
  let store: TestServer;
  let cookie: string;
  let fault: Fault = 'none';
  let faultyPath = '/capture';

  beforeAll(async () => {
    gatewayDb = new PGlite();
    gateway = Fastify({ logger: false });
    // As the store's built-in sandbox: a merchant that takes refunds before settlement.
    await gateway.register(sandboxGatewayPlugin, {
      db: gatewayDb,
      ...SANDBOX_CREDENTIALS,
      unsettledRefunds: true,
    });
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    const gatewayUrl = new URL(`http://127.0.0.1:${(gateway.server.address() as { port: number }).port}`);

    proxy = createServer((incoming, outgoing) => {
      const path = incoming.url ?? '';
      const isInquiry = path.includes('/inquire');
      if (fault === 'unreachable' && path.includes(faultyPath)) {
        outgoing.writeHead(503).end();
        return;
      }
      if (fault === 'late-answer-and-no-inquiry' && isInquiry) {
        outgoing.writeHead(503).end();
        return;
      }
      if (fault === 'late-answer-and-inquiry-refused' && isInquiry) {
        outgoing.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthorized"}');
        return;
      }
      const forwarded = httpRequest(
        {
          host: gatewayUrl.hostname,
          port: gatewayUrl.port,
          path,
          method: incoming.method,
          headers: incoming.headers,
        },
        (answer: IncomingMessage) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const late = fault !== 'none' && fault !== 'unreachable' && path.includes(faultyPath);
            // The gateway has done the work; its answer arrives after the store stopped waiting.
            setTimeout(
              () => {
                if (outgoing.destroyed) return;
                outgoing.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(chunks));
              },
              late ? 1500 : 0,
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
      RECONCILE_AFTER_MS: '3000',
    });
    cookie = await adminCookie(store.url);
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
    fault = 'none';
  });

  /** Lets time pass for the unconfirmed operations, past the age at which reconciliation may settle them. */
  const ageUnconfirmed = () =>
    store.database.sql.query(
      "update money_operations set created_at = now() - interval '1 hour' where status = 'pending'",
    );

  const call = (path: string, body: unknown, key?: string) =>
    store.post(path, body, { cookie, ...(key ? { headers: { 'idempotency-key': key } } : {}) });

  async function books(paymentId: string) {
    const { rows } = await store.database.sql.query<Record<string, unknown>>(
      `select p.retref, p.capture_status, p.captured_cents, p.refunded_cents,
         (select count(*)::int from money_operations o where o.payment_id = p.id and o.kind = 'capture' and o.status = 'succeeded') as captures,
         (select count(*)::int from money_operations o where o.payment_id = p.id and o.kind = 'refund' and o.status = 'succeeded') as refunds,
         (select count(*)::int from money_operations o where o.payment_id = p.id and o.status = 'pending') as pending
       from payments p where p.id = $1`,
      [paymentId],
    );
    const ours = rows[0]!;
    const atGateway = await gatewayDb.query<Record<string, number>>(
      `select a.captured_cents, a.refunded_cents,
         (select count(*)::int from sandbox_gateway.transactions r where r.parent_retref = a.retref) as refund_rows
       from sandbox_gateway.transactions a where a.retref = $1`,
      [ours.retref],
    );
    return { ours, gateway: atGateway.rows[0]! };
  }

  it('a capture whose answer is lost is confirmed by asking the gateway, and happens once', async () => {
    const { paymentId } = await authorizedPayment(store);
    fault = 'late-answer';
    faultyPath = '/capture';
    const answer = await call('/api/admin/capture-payment', { payment: { paymentId } });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Payment captured');
    const { ours, gateway: atGateway } = await books(paymentId);
    expect(ours).toMatchObject({ capture_status: 'captured', captured_cents: 6820, captures: 1, pending: 0 });
    expect(atGateway.captured_cents).toBe(6820);
  });

  it('when the gateway cannot even be asked, the retry and the reconciliation leave exactly one capture', async () => {
    const { paymentId } = await authorizedPayment(store);
    const key = randomUUID();
    fault = 'late-answer-and-no-inquiry';
    faultyPath = '/capture';
    const first = await call('/api/admin/capture-payment', { payment: { paymentId } }, key);
    expect(first.status).toBe(502);
    expect(first.body.message).toMatch(/did not confirm the capture/);
    expect((await books(paymentId)).ours).toMatchObject({ pending: 1, capture_status: 'authorized' });

    // The operator retries with the same key while the gateway still cannot be asked: nothing is resent.
    const retry = await call('/api/admin/capture-payment', { payment: { paymentId } }, key);
    expect(retry.status).toBe(502);
    // Another capture of the same payment is refused while the first is unconfirmed.
    const other = await call('/api/admin/capture-payment', { payment: { paymentId, amount: 5 } });
    expect(other.status).toBe(409);

    fault = 'none';
    // Too young: reconciliation leaves an operation alone while its request may still be at work.
    expect((await call('/api/admin/reconcile', {})).body).toMatchObject({
      succeeded: 0,
      failed: 0,
      pending: 0,
    });
    await ageUnconfirmed();
    const reconciled = await call('/api/admin/reconcile', {});
    expect(reconciled.body).toMatchObject({ succeeded: 1, failed: 0, pending: 0 });
    const again = await call('/api/admin/capture-payment', { payment: { paymentId } }, key);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Payment captured');
    const { ours, gateway: atGateway } = await books(paymentId);
    expect(ours).toMatchObject({ capture_status: 'captured', captured_cents: 6820, captures: 1, pending: 0 });
    expect(atGateway.captured_cents).toBe(6820);
  });

  it('a refund whose answer is lost is found at the gateway by reconciliation, never sent twice', async () => {
    const { orderId, paymentId } = await authorizedPayment(store);
    expect((await call('/api/admin/capture-payment', { payment: { paymentId } })).status).toBe(200);
    const key = randomUUID();
    fault = 'late-answer-and-no-inquiry';
    faultyPath = '/refund';
    const first = await call('/api/admin/refund', { transaction: { paymentId }, amount: 25 }, key);
    expect(first.status).toBe(502);
    // History shows it as not refunded yet, but the money is no longer refundable.
    const history = await call('/api/admin/transactions', { search: orderId });
    const row = (history.body.transactions as Record<string, unknown>[]).find(
      (transaction) => !transaction.refundType,
    );
    expect(row).toMatchObject({
      isRefunded: false,
      isPartialRefund: false,
      refundAmount: 0,
      refundableAmount: 43.2,
    });
    // The unconfirmed refund keeps its reservation: no other refund can spend the same money meanwhile.
    const tooMuch = await call('/api/admin/refund', { transaction: { paymentId }, amount: 43.21 });
    expect(tooMuch.status).toBe(400);

    fault = 'none';
    await ageUnconfirmed();
    expect((await call('/api/admin/reconcile', {})).body).toMatchObject({ succeeded: 1 });
    const replay = await call('/api/admin/refund', { transaction: { paymentId }, amount: 25 }, key);
    expect(replay.status).toBe(200);
    const { ours, gateway: atGateway } = await books(paymentId);
    expect(ours).toMatchObject({ refunded_cents: 2500, refunds: 1, pending: 0 });
    expect(atGateway).toMatchObject({ refunded_cents: 2500, refund_rows: 1 });
  });

  it('a capture that never reached the gateway is released by reconciliation and can be made again', async () => {
    const { paymentId } = await authorizedPayment(store);
    fault = 'unreachable';
    faultyPath = '/capture';
    const first = await call('/api/admin/capture-payment', { payment: { paymentId } });
    expect(first.status).toBe(502);
    fault = 'none';
    await ageUnconfirmed();
    expect((await call('/api/admin/reconcile', {})).body).toMatchObject({ succeeded: 0, failed: 1 });
    expect((await books(paymentId)).ours).toMatchObject({
      capture_status: 'authorized',
      captures: 0,
      pending: 0,
    });
    expect((await call('/api/admin/capture-payment', { payment: { paymentId } })).status).toBe(200);
    const { ours, gateway: atGateway } = await books(paymentId);
    expect(ours).toMatchObject({ captured_cents: 6820, captures: 1 });
    expect(atGateway.captured_cents).toBe(6820);
  });

  it('never releases a capture because the gateway refused to say what happened', async () => {
    const { paymentId } = await authorizedPayment(store);
    fault = 'late-answer-and-inquiry-refused';
    faultyPath = '/capture';
    expect((await call('/api/admin/capture-payment', { payment: { paymentId } })).status).toBe(502);
    await ageUnconfirmed();
    expect((await call('/api/admin/reconcile', {})).body).toMatchObject({
      succeeded: 0,
      failed: 0,
      pending: 1,
    });
    expect((await books(paymentId)).ours).toMatchObject({ capture_status: 'authorized', pending: 1 });

    fault = 'none';
    expect((await call('/api/admin/reconcile', {})).body).toMatchObject({
      succeeded: 1,
      failed: 0,
      pending: 0,
    });
    const { ours, gateway: atGateway } = await books(paymentId);
    expect(ours).toMatchObject({ capture_status: 'captured', captured_cents: 6820, captures: 1 });
    expect(atGateway.captured_cents).toBe(6820);
  });

  it('refuses an Idempotency-Key reused for another payment after an unconfirmed answer', async () => {
    const first = await authorizedPayment(store);
    const second = await authorizedPayment(store);
    const key = randomUUID();
    fault = 'late-answer-and-no-inquiry';
    faultyPath = '/capture';
    expect(
      (await call('/api/admin/capture-payment', { payment: { paymentId: first.paymentId } }, key)).status,
    ).toBe(502);
    fault = 'none';
    const reused = await call(
      '/api/admin/capture-payment',
      { payment: { paymentId: second.paymentId, amount: 1 } },
      key,
    );
    expect(reused.status).toBe(422);
    expect(reused.body.message).toBe('This Idempotency-Key was already used with a different request');
    expect((await books(second.paymentId)).ours).toMatchObject({ capture_status: 'authorized', captures: 0 });
    await ageUnconfirmed();
    await call('/api/admin/reconcile', {});
  });
});
