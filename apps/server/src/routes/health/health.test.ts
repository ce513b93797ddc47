import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteTestDatabase } from '../../db/test-database';
import { startTestServer, type TestServer } from '../../testing/test-server';

describe('health and readiness for a load balancer', () => {
  let store: TestServer;
  let cutOff: TestServer;

  beforeAll(async () => {
    store = await startTestServer(await createPgliteTestDatabase());
    // A store whose gateway cannot be reached (nothing listens on port 9 of this machine).
    cutOff = await startTestServer(await createPgliteTestDatabase(), {
      GATEWAY: 'cardpointe',
      CARDPOINTE_URL: 'http://127.0.0.1:9',
      CARDPOINTE_HPP_URL: 'http://127.0.0.1:9/hpp',
      CARDPOINTE_MERCHANT_ID: '800000000001',
      CARDPOINTE_USERNAME: 'user',
      CARDPOINTE_PASSWORD: 'password',
    });
  });
  afterAll(async () => {
    for (const server of [store, cutOff]) {
      await server.close();
      await server.database.close();
    }
  });

  it('answers /healthz while the process runs', async () => {
    const answer = await fetch(`${cutOff.url}/healthz`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'ok' });
  });

  it('is ready when the database and the gateway answer', async () => {
    const answer = await fetch(`${store.url}/readyz`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'ok', checks: { database: 'ok', gateway: 'ok' } });
  });

  it('is not ready, and says why, when the gateway cannot be reached', async () => {
    const answer = await fetch(`${cutOff.url}/readyz`);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', gateway: 'unavailable' },
    });
  });
});
