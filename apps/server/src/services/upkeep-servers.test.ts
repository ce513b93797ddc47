import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createPostgresTestDatabase } from '../db/test-database';
import { cardPointeStoreEnvironment } from '../runs/chaos';
import { faultyGateway, type FaultyGateway } from '../testing/faulty-gateway';
import { startChildServer, type ChildServer } from '../testing/processes';
import { seedAuthorizedPayments, standaloneSandboxClient } from '../runs/seed-payments';

/**
 * Two store processes on one PostgreSQL database, as behind a reverse proxy, against the standalone sandbox
 * gateway (decision 037): upkeep's comparison of open authorizations with the gateway is made once, by one of
 * them, not once by each.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const OPEN_AUTHORIZATIONS = 20;

describe.skipIf(!postgresUrl)('two store processes on one database, on PostgreSQL', () => {
  let database: Database;
  let gateway: ChildServer;
  let proxy: FaultyGateway;
  const stores: ChildServer[] = [];

  beforeAll(async () => {
    database = await createPostgresTestDatabase(postgresUrl!);
    gateway = await startChildServer(
      'packages/sandbox-gateway/src/main.ts',
      { DATABASE_URL: database.url! },
      '/cardconnect/rest',
    );
    proxy = await faultyGateway(gateway.url, { latencyMs: 0 });
    await seedAuthorizedPayments(database, standaloneSandboxClient(gateway.url), OPEN_AUTHORIZATIONS);
    proxy.reset();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.stop()));
    await proxy?.close();
    await gateway?.stop();
    await database?.close();
  }, 60_000);

  it('compares each open authorization with the gateway once per turn, whichever server does it', async () => {
    const environment = cardPointeStoreEnvironment({
      databaseUrl: database.url!,
      gatewayUrl: proxy.url,
      gatewayTimeoutMs: 3_000,
      reconcileAfterMs: 7_000,
    });
    // Both start at once, and each runs housekeeping as it starts.
    stores.push(
      ...(await Promise.all([
        startChildServer('apps/server/src/main.ts', environment, '/api/health'),
        startChildServer('apps/server/src/main.ts', environment, '/api/health'),
      ])),
    );
    // Until the turn is over, every open authorization marked as compared (a pass that takes a second on an
    // idle machine took more than 45 s on a busy one), then two seconds more, in which a second comparison by
    // the other server would show.
    const compared = async () =>
      (
        await database.sql.query<{ count: number }>(
          "select count(*)::int as count from payments where capture_status = 'authorized' and gateway_checked_at is not null",
        )
      ).rows[0]!.count;
    for (let waited = 0; waited < 120_000 && (await compared()) < OPEN_AUTHORIZATIONS; waited += 500) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(proxy.calls.inquire).toBe(OPEN_AUTHORIZATIONS);
    const { rows } = await database.sql.query<{ holder: string }>(
      "select holder from upkeep_leases where name = 'housekeeping'",
    );
    expect(rows).toHaveLength(1);
  }, 180_000);
});
