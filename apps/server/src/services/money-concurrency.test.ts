import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../db/test-database';
import { startChildServer, type ChildServer } from '../testing/processes';
import {
  adminCookie,
  authorizedPayment,
  postJson,
  settleSandbox,
  TEST_ADMIN,
  TEST_PUBLIC_URL,
  useTestServer,
} from '../testing/test-server';

/**
 * The money rules under real concurrency. PGlite has one connection, so races cannot happen there: these
 * run on PostgreSQL (TEST_DATABASE_URL), with many requests in flight at once and with two server processes
 * on one database.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl)
  console.warn('TEST_DATABASE_URL is not set: the concurrency tests of the money rules are skipped.');

/** A second store process (`npm start`'s server) on the same PostgreSQL database. */
function startSecondProcess(databaseUrl: string): Promise<ChildServer> {
  return startChildServer(
    'apps/server/src/main.ts',
    {
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: TEST_PUBLIC_URL,
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      // Its admin moves money without an authenticator app: what is measured here is not sign-in.
      STAFF_SECOND_FACTOR: 'off',
    },
    '/api/health',
  );
}

describe.skipIf(!postgresUrl)('money rules under concurrency on PostgreSQL', () => {
  const server = useTestServer({
    name: 'PostgreSQL',
    create: () => createPostgresTestDatabase(postgresUrl!),
  });
  let second: ChildServer;
  let cookie: string;

  beforeAll(async () => {
    second = await startSecondProcess(server.database.url!);
    cookie = await adminCookie(server.url);
  }, 60_000);
  afterAll(async () => {
    await second?.stop();
  });

  /** Sends an admin call to one of the two servers; the session lives in the shared database. */
  const call = (path: string, body: unknown, options: { on?: 'first' | 'second'; key?: string } = {}) =>
    postJson(options.on === 'second' ? second.url : server.url, path, body, {
      cookie,
      ...(options.key ? { headers: { 'idempotency-key': options.key } } : {}),
    });

  /** A captured payment, settled at the gateway unless asked otherwise: refunds go straight through. */
  async function capturedPayment(
    options: { settled?: boolean } = {},
  ): Promise<{ orderId: string; paymentId: string }> {
    const payment = await authorizedPayment(server);
    const answer = await call('/api/admin/capture-payment', { payment: { paymentId: payment.paymentId } });
    expect(answer.status).toBe(200);
    if (options.settled !== false) await settleSandbox(server);
    return payment;
  }

  /** Our books and the gateway's, for one payment. */
  async function books(paymentId: string) {
    const ours = await server.database.sql.query<Record<string, number | string>>(
      `select p.retref, p.capture_status, p.captured_cents, p.refunded_cents,
         (select count(*)::int from money_operations o where o.payment_id = p.id and o.kind = 'capture' and o.status = 'succeeded') as captures,
         (select count(*)::int from money_operations o where o.payment_id = p.id and o.kind = 'refund' and o.status = 'succeeded') as refunds,
         (select coalesce(sum(o.amount_cents), 0)::int from money_operations o where o.payment_id = p.id and o.kind = 'refund' and o.status = 'succeeded') as refund_sum,
         (select count(*)::int from money_operations o where o.payment_id = p.id and o.status = 'pending') as pending
       from payments p where p.id = $1`,
      [paymentId],
    );
    const row = ours.rows[0]!;
    const gateway = await server.database.sql.query<Record<string, number>>(
      `select a.captured_cents, a.refunded_cents,
         (select count(*)::int from sandbox_gateway.transactions r where r.parent_retref = a.retref) as refund_rows,
         (select coalesce(sum(r.amount_cents), 0)::int from sandbox_gateway.transactions r where r.parent_retref = a.retref) as refund_row_sum
       from sandbox_gateway.transactions a where a.retref = $1`,
      [row.retref],
    );
    return { ours: row, gateway: gateway.rows[0]! };
  }

  it('50 concurrent refunds of 60% of the remainder: one succeeds, never more than captured', async () => {
    const { paymentId } = await capturedPayment();
    const remainder = 68.2;
    const amount = Math.floor(remainder * 0.6 * 100) / 100;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call(
          '/api/admin/refund',
          { transaction: { paymentId }, amount },
          { on: index % 2 ? 'second' : 'first' },
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200).every((answer) => answer.status === 400)).toBe(
      true,
    );
    const { ours, gateway } = await books(paymentId);
    expect(ours).toMatchObject({ refunded_cents: 4092, refund_sum: 4092, refunds: 1, pending: 0 });
    expect(gateway).toEqual({
      captured_cents: 6820,
      refunded_cents: 4092,
      refund_rows: 1,
      refund_row_sum: 4092,
    });
  });

  it('50 concurrent partial refunds on two servers: exactly what fits is refunded, to the cent', async () => {
    const { paymentId } = await capturedPayment();
    // 60% of the remainder, taken in waves: each wave's requests all see the same remainder.
    let remainderCents = 6820;
    for (let wave = 0; wave < 5; wave += 1) {
      const amountCents = Math.max(1, Math.floor(remainderCents * 0.6));
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          call(
            '/api/admin/refund',
            { transaction: { paymentId }, amount: amountCents / 100 },
            { on: index % 2 ? 'second' : 'first' },
          ),
        ),
      );
      const succeeded = answers.filter((answer) => answer.status === 200).length;
      expect(succeeded).toBe(Math.min(10, Math.floor(remainderCents / amountCents)));
      remainderCents -= succeeded * amountCents;
    }
    const { ours, gateway } = await books(paymentId);
    expect(ours.refunded_cents).toBe(6820 - remainderCents);
    expect(ours.refund_sum).toBe(ours.refunded_cents);
    expect(gateway.refunded_cents).toBe(ours.refunded_cents);
    expect(gateway.refund_row_sum).toBe(ours.refunded_cents);
    expect(ours.pending).toBe(0);
    expect(Number(ours.refunded_cents)).toBeLessThanOrEqual(6820);
  });

  it('50 concurrent $1.50 refunds of $68.20: exactly 45 succeed', async () => {
    const { paymentId } = await capturedPayment();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call(
          '/api/admin/refund',
          { transaction: { paymentId }, amount: 1.5 },
          { on: index % 2 ? 'second' : 'first' },
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(45);
    const { ours, gateway } = await books(paymentId);
    expect(ours).toMatchObject({ refunded_cents: 6750, refund_sum: 6750, refunds: 45 });
    expect(gateway).toMatchObject({ refunded_cents: 6750, refund_rows: 45 });
  });

  it('refunds racing the settlement on two servers: every refund sent once, exactly what fits, none left waiting', async () => {
    const payments = await Promise.all(Array.from({ length: 8 }, () => capturedPayment({ settled: false })));
    const on = (index: number): 'first' | 'second' => (index % 2 ? 'second' : 'first');
    // Same-day: four $10 refunds of each payment on both servers at once, all scheduled.
    const early = await Promise.all(
      payments.flatMap(({ paymentId }) =>
        Array.from({ length: 4 }, (_, index) =>
          call('/api/admin/refund', { transaction: { paymentId }, amount: 10 }, { on: on(index) }),
        ),
      ),
    );
    expect(early.map((answer) => answer.body.message)).toEqual(
      Array(32).fill("Scheduled: runs after tonight's settlement"),
    );
    // The batch closes on both servers while a $20 refund of each payment is asked on each server: $28.20
    // is left, so exactly one of the two fits, whether it is sent at once or scheduled.
    const racing = await Promise.all([
      call('/api/admin/sandbox/settle', {}, { on: 'first' }),
      call('/api/admin/sandbox/settle', {}, { on: 'second' }),
      ...payments.flatMap(({ paymentId }) =>
        [0, 1].map((index) =>
          call('/api/admin/refund', { transaction: { paymentId }, amount: 20 }, { on: on(index) }),
        ),
      ),
    ]);
    expect(
      racing.filter((answer) => ![200, 400].includes(answer.status)).map((answer) => answer.body),
    ).toEqual([]);
    // Whatever was scheduled during the race runs at the next catch-up.
    expect((await call('/api/admin/sandbox/settle', {}, { on: 'second' })).status).toBe(200);
    for (const { paymentId } of payments) {
      const { ours, gateway } = await books(paymentId);
      const waiting = await server.database.sql.query<{ count: number }>(
        "select count(*)::int as count from money_operations where payment_id = $1 and status = 'scheduled'",
        [paymentId],
      );
      expect(waiting.rows[0]!.count).toBe(0);
      expect(ours).toMatchObject({ refunded_cents: 6000, refund_sum: 6000, refunds: 5, pending: 0 });
      expect(gateway).toEqual({
        captured_cents: 6820,
        refunded_cents: 6000,
        refund_rows: 5,
        refund_row_sum: 6000,
      });
    }
  }, 120_000);

  it('concurrent capture, partial capture and capture-all on two servers capture each payment exactly once', async () => {
    const payments = await Promise.all(Array.from({ length: 10 }, () => authorizedPayment(server)));
    const requests = [
      ...payments.flatMap(({ paymentId }, index) => [
        call(
          '/api/admin/capture-payment',
          { payment: { paymentId } },
          { on: index % 2 ? 'first' : 'second' },
        ),
        call(
          '/api/admin/capture-payment',
          { payment: { paymentId, amount: 10, originalAmount: 68.2 } },
          { on: index % 2 ? 'second' : 'first' },
        ),
      ]),
      call('/api/admin/capture-all', {}, { on: 'first' }),
      call('/api/admin/capture-all', {}, { on: 'second' }),
    ];
    const answers = await Promise.all(requests);
    expect(
      answers.filter((answer) => answer.status !== 200 && answer.status !== 409).map((answer) => answer.body),
    ).toEqual([]);
    for (const { paymentId } of payments) {
      const { ours, gateway } = await books(paymentId);
      expect(ours.captures).toBe(1);
      expect(ours.pending).toBe(0);
      expect([6820, 1000]).toContain(ours.captured_cents);
      expect(ours.capture_status).toBe(ours.captured_cents === 6820 ? 'captured' : 'partially_captured');
      expect(gateway.captured_cents).toBe(ours.captured_cents);
    }
  });

  it('100 serial and 20 parallel replays of one Idempotency-Key make one gateway call', async () => {
    const { paymentId } = await capturedPayment();
    const serialKey = randomUUID();
    const serial: number[] = [];
    for (let replay = 0; replay < 100; replay += 1) {
      const answer = await call(
        '/api/admin/refund',
        { transaction: { paymentId }, amount: 1 },
        { key: serialKey, on: replay % 2 ? 'second' : 'first' },
      );
      serial.push(answer.status);
    }
    expect(new Set(serial)).toEqual(new Set([200]));
    const parallelKey = randomUUID();
    const parallel = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(
          '/api/admin/refund',
          { transaction: { paymentId }, amount: 2 },
          { key: parallelKey, on: index % 2 ? 'second' : 'first' },
        ),
      ),
    );
    expect(parallel.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(parallel.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    const { ours, gateway } = await books(paymentId);
    expect(ours).toMatchObject({ refunds: 2, refunded_cents: 300 });
    expect(gateway).toMatchObject({ refund_rows: 2, refunded_cents: 300 });
  });

  it('the lists on one server show at once what the other committed, while being read without pause', async () => {
    const payments = [];
    for (let count = 0; count < 8; count += 1) payments.push(await authorizedPayment(server));
    // The first server's console reads Pending Payments and the history continuously meanwhile.
    let reading = true;
    const poller = (async () => {
      let reads = 0;
      while (reading) {
        await call('/api/admin/payments', { limit: 500 });
        await call('/api/admin/transactions', {});
        reads += 1;
      }
      return reads;
    })();
    for (const { paymentId } of payments) {
      const captured = await call('/api/admin/capture-payment', { payment: { paymentId } }, { on: 'second' });
      expect(captured.status).toBe(200);
      const pending = await call('/api/admin/payments', { limit: 500 });
      expect((pending.body.payments as { paymentId: string }[]).map((row) => row.paymentId)).not.toContain(
        paymentId,
      );
      const history = await call('/api/admin/transactions', {});
      const row = (history.body.transactions as { paymentId: string; captureStatus: string }[]).find(
        (transaction) => transaction.paymentId === paymentId,
      );
      expect(row?.captureStatus).toBe('captured');
    }
    reading = false;
    expect(await poller).toBeGreaterThan(0);
  });
});
