import { describe, expect, it } from 'vitest';
import { PGLITE, useTestServer } from '../../testing/test-server';

describe('health and readiness for a load balancer', () => {
  const store = useTestServer(PGLITE);
  // A store whose gateway cannot be reached (nothing listens on port 9 of this machine).
  const cutOff = useTestServer(PGLITE, {
    GATEWAY: 'cardpointe',
    CARDPOINTE_URL: 'http://127.0.0.1:9',
    CARDPOINTE_HPP_URL: 'http://127.0.0.1:9/hpp',
    CARDPOINTE_MERCHANT_ID: '800000000001',
    CARDPOINTE_USERNAME: 'user',
    CARDPOINTE_PASSWORD: 'password',
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
