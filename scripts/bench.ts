// Benchmarks, reported as ratios against a bare Fastify JSON route measured in the same run (machines are
// shared and noisy: absolute figures vary, ratios much less). Run with `npm run bench`.
import { createOrderId } from '@store/core';
import Fastify from 'fastify';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';
import { createPgliteTestDatabase, createPostgresTestDatabase } from '../apps/server/src/db/test-database';
import { startServer } from '../apps/server/src/server';

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

interface Measured {
  name: string;
  requests: number;
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
  return {
    name,
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
  };
}

async function bareRoute(): Promise<Measured> {
  const app = Fastify({ logger: false });
  app.post('/bare', async () => ({
    status: 'success',
    requestId: crypto.randomUUID(),
    paymentUrl: 'http://x',
    message: 'ok',
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const result = await measure('bare Fastify JSON route', () =>
    fetch(`http://127.0.0.1:${port}/bare`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }),
  );
  await app.close();
  return result;
}

async function createPaymentOn(label: string, database: Database): Promise<Measured> {
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1:3999' });
  const server = await startServer(config, { database, serveWeb: false, logger: false });
  const result = await measure(`create-payment on ${label}`, () =>
    fetch(`${server.url}/api/payment/create-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: 68.2,
        orderId: createOrderId('card'),
        customerName: 'Guest',
        redirectUrl: 'http://127.0.0.1:3999/payment-complete',
        items: [
          { productId: 'pen-pack-100', quantity: 3 },
          { productId: 'paper-ream-500', quantity: 2 },
        ],
      }),
    }),
  );
  await server.close();
  await database.close();
  return result;
}

const results: Measured[] = [
  await bareRoute(),
  await createPaymentOn('PGlite', await createPgliteTestDatabase()),
];
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  // A scratch database of its own, dropped afterwards.
  results.push(await createPaymentOn('PostgreSQL', await createPostgresTestDatabase(postgresUrl)));
} else {
  console.info('(set BENCH_DATABASE_URL or TEST_DATABASE_URL to include PostgreSQL)');
}

const baseline = results[0]!.perSecond;
console.info(`\n${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s each, one run:`);
for (const result of results) {
  console.info(
    `${result.name.padEnd(32)} ${result.perSecond.toFixed(0).padStart(7)} req/s  ` +
      `p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  ` +
      `ratio to bare route ${(result.perSecond / baseline).toFixed(3)}`,
  );
}
