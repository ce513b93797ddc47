import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createPostgresTestDatabase } from '../db/test-database';
import { cardPointeStoreEnvironment } from '../runs/chaos';
import { faultyGateway, type FaultyGateway } from '../testing/faulty-gateway';
import { startChildServer, type ChildServer } from '../testing/processes';
import { seedAuthorizedPayments, standaloneSandboxClient } from '../runs/seed-payments';
import { adminCookie, postJson } from '../testing/test-server';

/**
 * A store killed with SIGKILL in the middle of Capture All, on PostgreSQL, against the standalone sandbox
 * gateway: after a restart, every capture left unconfirmed is settled from the gateway's records within
 * RECONCILE_AFTER_MS and a few seconds, and the store's books then match the gateway's exactly.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const PAYMENTS = 240;
const GATEWAY_LATENCY_MS = 100;
const GATEWAY_TIMEOUT_MS = 3_000;
const RECONCILE_AFTER_MS = 2 * GATEWAY_TIMEOUT_MS + 1_000;
const SLACK_MS = 4_000;

async function count(database: Database, where: string): Promise<number> {
  const { rows } = await database.sql.query<{ count: number }>(
    `select count(*)::int as count from money_operations where ${where}`,
  );
  return rows[0]!.count;
}

describe.skipIf(!postgresUrl)('crash during Capture All, on PostgreSQL', () => {
  let database: Database;
  let gateway: ChildServer;
  let proxy: FaultyGateway;
  let store: ChildServer | undefined;

  // Eight captures in flight: Capture All goes through the payments in many rounds, so it is killed midway.
  const storeEnvironment = () => ({
    ...cardPointeStoreEnvironment({
      databaseUrl: database.url!,
      gatewayUrl: proxy.url,
      gatewayTimeoutMs: GATEWAY_TIMEOUT_MS,
      reconcileAfterMs: RECONCILE_AFTER_MS,
    }),
    CAPTURE_ALL_CONCURRENCY: '8',
  });

  beforeAll(async () => {
    database = await createPostgresTestDatabase(postgresUrl!);
    gateway = await startChildServer(
      'packages/sandbox-gateway/src/main.ts',
      { DATABASE_URL: database.url! },
      '/cardconnect/rest',
    );
    // The gateway, GATEWAY_LATENCY_MS further away: Capture All takes long enough to be killed halfway.
    proxy = await faultyGateway(gateway.url, { latencyMs: GATEWAY_LATENCY_MS });
    // Authorizations made at the gateway and recorded as the store records verified payments.
    const direct = standaloneSandboxClient(gateway.url);
    await seedAuthorizedPayments(database, direct, PAYMENTS);
  }, 120_000);

  afterAll(async () => {
    await store?.stop('SIGKILL');
    await proxy?.close();
    await gateway?.stop();
    await database?.close();
  }, 60_000);

  it('settles every unconfirmed capture within RECONCILE_AFTER_MS of the restart, and matches the gateway', async () => {
    store = await startChildServer('apps/server/src/main.ts', storeEnvironment(), '/api/health');
    const cookie = await adminCookie(store.url);
    void postJson(store.url, '/api/admin/capture-all', {}, { cookie }).catch(() => undefined);

    // Kill it once a good part of the captures are through and others are in flight.
    const deadline = Date.now() + 30_000;
    // (Capture All confirms a round of captures at once, then reserves the next: wait for one in flight.)
    while (
      (await count(database, "kind = 'capture' and status = 'succeeded'")) < 40 ||
      (await count(database, "status = 'pending'")) === 0
    ) {
      if (Date.now() > deadline) throw new Error('Capture All did not get going');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await store.stop('SIGKILL');
    const unconfirmed = await count(database, "status = 'pending'");
    expect(unconfirmed).toBeGreaterThan(0);

    const restartedAt = Date.now();
    store = await startChildServer('apps/server/src/main.ts', storeEnvironment(), '/api/health');
    while ((await count(database, "status = 'pending'")) > 0) {
      expect(Date.now() - restartedAt, 'unconfirmed operations left too long').toBeLessThan(
        RECONCILE_AFTER_MS + SLACK_MS,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // Every payment as the gateway has it: captured once, or still open; nothing doubled, nothing lost.
    const { rows } = await database.sql.query<{
      capture_status: string;
      captured_cents: number;
      gateway_captured_cents: number;
      captures: number;
    }>(
      `select p.capture_status, p.captured_cents, g.captured_cents as gateway_captured_cents,
         (select count(*)::int from money_operations o
           where o.payment_id = p.id and o.kind = 'capture' and o.status = 'succeeded') as captures
       from payments p join sandbox_gateway.transactions g on g.retref = p.retref`,
    );
    expect(rows).toHaveLength(PAYMENTS);
    const mismatched = rows.filter(
      (row) =>
        row.captured_cents !== row.gateway_captured_cents ||
        (row.capture_status === 'captured') !== row.gateway_captured_cents > 0 ||
        row.captures !== (row.capture_status === 'captured' ? 1 : 0),
    );
    expect(mismatched).toEqual([]);
    expect(rows.filter((row) => row.capture_status === 'captured').length).toBeGreaterThanOrEqual(40);
  }, 120_000);
});
