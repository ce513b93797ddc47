import { SANDBOX_CREDENTIALS } from '@store/sandbox-gateway';
import { describe, expect, it } from 'vitest';
import {
  authorizedPayment,
  PGLITE,
  startTestServer,
  TEST_PUBLIC_URL,
  useTestServer,
} from '../testing/test-server';

function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** The sandbox gateway mounted on the store's own port is no open door: its credentials are its own. */
describe('the embedded sandbox gateway', () => {
  const server = useTestServer(PGLITE);

  async function storedCredentials(): Promise<{ username: string; password: string }> {
    const { rows } = await server.database.sql.query<{ username: string; password: string }>(
      'select username, password from sandbox_gateway.api_credentials',
    );
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }

  it('refuses the documented standalone credentials: nobody can void a payment with them', async () => {
    const { orderId, paymentId } = await authorizedPayment(server);
    const { rows } = await server.database.sql.query<{ retref: string }>(
      'select retref from payments where id = $1',
      [paymentId],
    );
    const voided = await fetch(`${server.url}/sandbox/cardconnect/rest/void`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: basic(SANDBOX_CREDENTIALS.username, SANDBOX_CREDENTIALS.password),
      },
      body: JSON.stringify({ merchid: SANDBOX_CREDENTIALS.merchantId, retref: rows[0]!.retref }),
    });
    expect(voided.status).toBe(401);
    const inquiry = await server.gateway.inquireByOrderId(orderId);
    expect(inquiry.ok && inquiry.value[0]?.settlement).toBe('authorized');
  });

  it('uses random credentials made at the first start, and the same ones after a restart', async () => {
    const first = await storedCredentials();
    expect(first.username).not.toBe(SANDBOX_CREDENTIALS.username);
    expect(first.password).not.toBe(SANDBOX_CREDENTIALS.password);
    expect(first.password.length).toBeGreaterThanOrEqual(32);
    const answer = await fetch(
      `${server.url}/sandbox/cardconnect/rest/inquireByOrderid/none/${SANDBOX_CREDENTIALS.merchantId}`,
      { headers: { authorization: basic(first.username, first.password) } },
    );
    expect(answer.status).toBe(200);

    await server.close();
    // Into the same object, so that the end of the block closes this start.
    Object.assign(server, await startTestServer(server.database));
    expect(await storedCredentials()).toEqual(first);
    // The store, restarted, still reaches its gateway with them.
    await authorizedPayment(server);
  });

  it('keeps the hosted payment page open to shoppers, with no credentials', async () => {
    const page = await fetch(
      `${server.url}/sandbox/hpp?total=9.99&invoice=CC-ABCDEFGHJKLM&returnUrl=${encodeURIComponent(`${TEST_PUBLIC_URL}/payment-complete`)}`,
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('9.99');
  });
});
