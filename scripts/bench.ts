// Benchmarks, reported as ratios measured in one run (machines are shared and noisy: absolute figures vary,
// ratios much less). Run with `npm run bench`; set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include
// PostgreSQL. Every database used here is a scratch one, dropped at the end.
import { createServer, request as httpRequest } from 'node:http';
import { createOrderId } from '@store/core';
import { SANDBOX_CREDENTIALS, sandboxGatewayPlugin } from '@store/sandbox-gateway';
import Fastify from 'fastify';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';
import { createPgliteTestDatabase, createPostgresTestDatabase } from '../apps/server/src/db/test-database';
import { createCardPointeGateway } from '../apps/server/src/gateway/cardpointe-gateway';
import { startServer, type RunningServer } from '../apps/server/src/server';
import { seedAuthorizedPayments } from '../apps/server/src/testing/seed-payments';

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ADMIN = { ADMIN_USERNAME: 'bench', ADMIN_PASSWORD: 'bench-password-123' };
/** The address the bench's store believes it is served at: calls carry it as their Origin. */
const BENCH_PUBLIC_URL = 'http://127.0.0.1:3999';
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

interface Measured {
  name: string;
  perSecond: number;
  p50: number;
  p99: number;
}

async function measure(name: string, send: () => Promise<Response>): Promise<Measured> {
  const latencies: number[] = [];
  const deadline = performance.now() + DURATION_MS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        const response = await send();
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { name, perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) };
}

const postJson = (url: string, body: unknown, cookie?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BENCH_PUBLIC_URL, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

async function signIn(url: string): Promise<string> {
  const response = await postJson(`${url}/api/admin/login`, {
    username: ADMIN.ADMIN_USERNAME,
    password: ADMIN.ADMIN_PASSWORD,
  });
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function bareRoute(): Promise<Measured> {
  const app = Fastify({ logger: false });
  app.post('/bare', async () => ({ status: 'success', payments: [], message: 'ok' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const result = await measure('bare Fastify JSON route', () =>
    postJson(`http://127.0.0.1:${port}/bare`, {}),
  );
  await app.close();
  return result;
}

async function scratchDatabase(kind: 'PGlite' | 'PostgreSQL'): Promise<Database> {
  return kind === 'PGlite' ? createPgliteTestDatabase() : createPostgresTestDatabase(postgresUrl!);
}

async function startStore(
  database: Database,
  environment: Record<string, string> = {},
): Promise<RunningServer> {
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: BENCH_PUBLIC_URL,
    ...ADMIN,
    ...environment,
  });
  return startServer(config, { database, serveWeb: false, logger: false });
}

/** 100,000 payments: half awaiting capture, half captured, as a busy shop's table would hold. */
async function seedPayments(database: Database, count: number): Promise<void> {
  await database.sql.query(
    `insert into orders (id, channel, customer_name, subtotal_cents, tax_cents, total_cents, created_at)
     select 'CC-' || lpad(g::text, 12, '0'), 'card', 'Bench', 6495, 325, 6820, now() - make_interval(secs => g)
     from generate_series(1, $1::int) g`,
    [count],
  );
  await database.sql.query(
    `insert into payments (order_id, retref, card_brand, last4, auth_code, authorized_cents, captured_cents,
       capture_status, authorized_at, created_at)
     select 'CC-' || lpad(g::text, 12, '0'), (100000000000 + g)::text, 'VISA', '1111', 'A1B2C3', 6820,
       case when g % 2 = 0 then 6820 else 0 end, case when g % 2 = 0 then 'captured' else 'authorized' end,
       now() - make_interval(secs => g), now() - make_interval(secs => g)
     from generate_series(1, $1::int) g`,
    [count],
  );
  await database.sql.query('analyze');
}

async function listBench(kind: 'PGlite' | 'PostgreSQL'): Promise<Measured[]> {
  const database = await scratchDatabase(kind);
  await seedPayments(database, 100_000);
  const store = await startStore(database);
  const cookie = await signIn(store.url);
  const results = [
    await measure(`payments list, 100k rows, ${kind}`, () =>
      postJson(`${store.url}/api/admin/payments`, {}, cookie),
    ),
    await measure(`history page, 100k rows, ${kind}`, () =>
      postJson(`${store.url}/api/admin/transactions`, {}, cookie),
    ),
    await measure(`create-payment, ${kind}`, () =>
      postJson(`${store.url}/api/payment/create-payment`, {
        amount: 68.2,
        orderId: createOrderId('card'),
        customerName: 'Guest',
        redirectUrl: 'http://127.0.0.1:3999/payment-complete',
        items: [
          { productId: 'pen-pack-100', quantity: 3 },
          { productId: 'paper-ream-500', quantity: 2 },
        ],
      }),
    ),
  ];
  await store.close();
  await database.close();
  return results;
}

/**
 * Capture All of 1,000 authorizations through a gateway that takes 50 ms to answer each call, against
 * the 50 s that one-by-one captures would take.
 */
async function captureAllBench(
  kind: 'PGlite' | 'PostgreSQL',
): Promise<{ seconds: number; captured: number }> {
  const database = await scratchDatabase(kind);
  const gateway = Fastify({ logger: false });
  await gateway.register(sandboxGatewayPlugin, {
    db: database.sql,
    schema: 'bench_gateway',
    ...SANDBOX_CREDENTIALS,
  });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const gatewayPort = (gateway.server.address() as { port: number }).port;
  const slow = createServer((incoming, outgoing) => {
    setTimeout(() => {
      const forwarded = httpRequest(
        {
          host: '127.0.0.1',
          port: gatewayPort,
          path: incoming.url,
          method: incoming.method,
          headers: incoming.headers,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      incoming.pipe(forwarded);
    }, 50);
  });
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  const slowUrl = `http://127.0.0.1:${(slow.address() as { port: number }).port}`;

  // 1,000 authorizations at the gateway, recorded as the store records verified payments.
  const direct = createCardPointeGateway({
    baseUrl: () => `http://127.0.0.1:${gatewayPort}`,
    ...SANDBOX_CREDENTIALS,
    hostedPageUrl: `${slowUrl}/hpp`,
    timeoutMs: 10_000,
    movesRealMoney: false,
  });
  await seedAuthorizedPayments(database, direct, 1000);

  const store = await startStore(database, {
    GATEWAY: 'cardpointe',
    CARDPOINTE_URL: slowUrl,
    CARDPOINTE_HPP_URL: `${slowUrl}/hpp`,
    CARDPOINTE_MERCHANT_ID: SANDBOX_CREDENTIALS.merchantId,
    CARDPOINTE_USERNAME: SANDBOX_CREDENTIALS.username,
    CARDPOINTE_PASSWORD: SANDBOX_CREDENTIALS.password,
  });
  const cookie = await signIn(store.url);
  const started = performance.now();
  const answer = (await (await postJson(`${store.url}/api/admin/capture-all`, {}, cookie)).json()) as {
    successCount: number;
  };
  const seconds = (performance.now() - started) / 1000;
  await store.close();
  slow.close();
  await gateway.close();
  await database.close();
  return { seconds, captured: answer.successCount };
}

const kinds: ('PGlite' | 'PostgreSQL')[] = postgresUrl ? ['PGlite', 'PostgreSQL'] : ['PGlite'];
if (!postgresUrl) console.info('(set BENCH_DATABASE_URL or TEST_DATABASE_URL to include PostgreSQL)');

const only = process.env.BENCH_ONLY;
const bare = await bareRoute();
const measured: Measured[] = [bare];
if (only !== 'capture-all') for (const kind of kinds) measured.push(...(await listBench(kind)));
console.info(`\nThroughput: ${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s each, one run`);
for (const result of measured) {
  console.info(
    `  ${result.name.padEnd(38)} ${result.perSecond.toFixed(0).padStart(7)} req/s  p50 ${result.p50.toFixed(1).padStart(6)} ms  ` +
      `p99 ${result.p99.toFixed(1).padStart(6)} ms  ratio to bare route ${(result.perSecond / bare.perSecond).toFixed(3)}`,
  );
}

console.info('\nCapture All of 1,000 authorizations, gateway answering in 50 ms (one by one: 50 s)');
for (const kind of only === 'list' ? [] : kinds) {
  const { seconds, captured } = await captureAllBench(kind);
  console.info(
    `  ${kind.padEnd(11)} ${captured} captured in ${seconds.toFixed(2)} s: ${(50 / seconds).toFixed(1)}× faster than one by one`,
  );
}
