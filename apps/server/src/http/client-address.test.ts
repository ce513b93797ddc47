import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { FREE_TOKENIZATIONS, SIGN_IN_THROTTLE } from '../services/accounts/throttles';
import { configProblems as problemsOf } from '../testing/config-problems';
import { bankForm, shoppersAt, type Shopper } from '../testing/shoppers';
import { adminCookie, TEST_ADMIN, testDatabaseKinds, useTestServer } from '../testing/test-server';
import { registerClientAddress } from './client-address';

const MARKUP = '"><img src=x onerror=alert(3)>';

describe('TRUST_PROXY', () => {
  it('takes the proxies to trust: addresses, CIDR ranges and named ranges; none by default', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '' }).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustedProxies).toEqual(['loopback']);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.0/8, Loopback ,192.0.2.1,fd00::/8,::1,linklocal,uniquelocal' })
        .trustedProxies,
    ).toEqual(['10.0.0.0/8', 'loopback', '192.0.2.1', 'fd00::/8', '::1', 'linklocal', 'uniquelocal']);
  });

  it('refuses true and hop counts, saying what to write instead, on one line', () => {
    const advice =
      "list the proxies' addresses instead, e.g. TRUST_PROXY=loopback or TRUST_PROXY=10.0.0.0/8,loopback";
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([
      `TRUST_PROXY=true would believe whatever X-Forwarded-For a client sends: ${advice}`,
    ]);
    expect(problemsOf({ TRUST_PROXY: 'TRUE' })).toHaveLength(1);
    expect(problemsOf({ TRUST_PROXY: '1' })).toEqual([
      `TRUST_PROXY=1 (a number of hops) cannot tell a proxy from a client: ${advice}`,
    ]);
  });

  it('names every entry that is not an address, a range or a named range, one line each', () => {
    expect(
      problemsOf({
        TRUST_PROXY: 'loopback,10.0.0.0/33,proxy.internal,fe80::1%eth0,::1/129,10.0.0.0/8/8,true',
      }),
    ).toEqual(
      ['10.0.0.0/33', 'proxy.internal', 'fe80::1%eth0', '::1/129', '10.0.0.0/8/8', 'true'].map(
        (entry) =>
          `TRUST_PROXY entry "${entry}" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`,
      ),
    );
    expect(problemsOf({ TRUST_PROXY: 'true', PORT: 'abc' })).toHaveLength(2);
  });

  it('gives Fastify a list it accepts', async () => {
    const app = Fastify({
      trustProxy: loadConfig({ TRUST_PROXY: '10.0.0.0/8,loopback,fd00::/8,192.0.2.1,::1,linklocal' })
        .trustedProxies,
    });
    registerClientAddress(app);
    app.get('/', async (request) => ({ address: request.clientAddress }));
    const answer = await app.inject({ url: '/', headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(answer.json()).toEqual({ address: '198.51.100.1' });
    await app.close();
  });
});

describe('the client address', () => {
  async function addressOf(
    trustProxy: string[] | false,
    remoteAddress: string,
    forwardedFor?: string,
  ): Promise<string> {
    const app = Fastify({ trustProxy });
    registerClientAddress(app);
    app.get('/', async (request) => ({ address: request.clientAddress }));
    const answer = await app.inject({
      url: '/',
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });
    await app.close();
    return (answer.json() as { address: string }).address;
  }

  it('is the last address a trusted proxy saw, never an entry written before it', async () => {
    expect(await addressOf(['loopback'], '127.0.0.1', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(await addressOf(['loopback'], '127.0.0.1', `${MARKUP}, 203.0.113.7`)).toBe('203.0.113.7');
    expect(await addressOf(['10.0.0.0/8', 'loopback'], '10.1.2.3', '198.51.100.1, 10.9.9.9')).toBe(
      '198.51.100.1',
    );
    expect(await addressOf(['loopback'], '127.0.0.1', '2001:db8::7')).toBe('2001:db8::7');
    expect(await addressOf(['loopback'], '127.0.0.1')).toBe('127.0.0.1');
  });

  it('is the connection when it does not come from a trusted proxy, or no proxy is trusted', async () => {
    expect(await addressOf(['loopback'], '192.0.2.1', '198.51.100.1')).toBe('192.0.2.1');
    expect(await addressOf(false, '127.0.0.1', '198.51.100.1')).toBe('127.0.0.1');
  });

  it("is the connection's address when the trusted chain ends in something that is not an address", async () => {
    expect(await addressOf(['loopback'], '127.0.0.1', MARKUP)).toBe('127.0.0.1');
    expect(await addressOf(['loopback'], '127.0.0.1', `198.51.100.1, ${MARKUP}, 127.0.0.2`)).toBe(
      '127.0.0.1',
    );
    expect(await addressOf(['loopback'], '127.0.0.1', '203.0.113.7:4711')).toBe('127.0.0.1');
    expect(await addressOf(['loopback'], '127.0.0.1', '[2001:db8::7]')).toBe('127.0.0.1');
  });
});

describe.each(testDatabaseKinds())('forged X-Forwarded-For entries behind a proxy, on $name', (kind) => {
  const logLines: string[] = [];
  // The store behind a proxy on the same machine, which appends the address it saw.
  const server = useTestServer(
    kind,
    { LOG_LEVEL: 'info', TRUST_PROXY: 'loopback' },
    { upkeep: false, logger: { write: (line) => void logLines.push(line) } },
  );
  const shoppers = shoppersAt(server);

  /** What a client writes, then what the proxy appends: the address the client really speaks from. */
  const forged = (left: string, real: string) => ({ 'x-forwarded-for': `${left}, ${real}` });

  /** Statuses of 30 sign-in guesses, each under a new forged address, all from one real one. */
  async function guesses(path: string, account: Record<string, string>, real: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const answer = await server.post(
        path,
        { ...account, password: `wrong guess ${attempt}` },
        { headers: forged(`198.51.100.${attempt + 1}`, real) },
      );
      statuses.push(answer.status);
    }
    return statuses;
  }

  /**
   * The free attempts are checked, then the one address must wait: 1 s, 2 s, 4 s … after each further
   * check. On a busy machine a wait may run out between two requests, so one or two more may be checked.
   */
  const slowedAfter = (free: number, statuses: number[], checked: number) => {
    expect(statuses.slice(0, free)).toEqual(Array(free).fill(checked));
    const passed = statuses.filter((status) => status === checked).length;
    expect(passed).toBeLessThanOrEqual(free + 2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(statuses.length - passed);
  };

  it('slows admin sign-in guesses from one real address whatever each claims to come from', async () => {
    slowedAfter(
      SIGN_IN_THROTTLE.freeAttemptsPerAccountAndAddress,
      await guesses('/api/admin/login', { username: TEST_ADMIN.username }, '203.0.113.7'),
      401,
    );
  });

  it('slows customer sign-in guesses from one real address whatever each claims to come from', async () => {
    const { email } = await shoppers.register({ address: '192.0.2.50' });
    slowedAfter(
      SIGN_IN_THROTTLE.freeAttemptsPerAccountAndAddress,
      await guesses('/api/users/login', { email }, '203.0.113.8'),
      401,
    );
  });

  it('counts tokenizations against the real address, across customers, whatever each claims', async () => {
    // Customers who each stay under their own limit: only the address limit can slow them.
    const perCustomer = FREE_TOKENIZATIONS.perCustomer - 3;
    const customers: Shopper[] = [];
    for (const real of ['192.0.2.61', '192.0.2.62', '192.0.2.63', '192.0.2.64']) {
      customers.push(await shoppers.register({ address: real }));
    }
    expect(customers.length * perCustomer).toBeGreaterThan(FREE_TOKENIZATIONS.perAddress);
    const statuses: number[] = [];
    for (let round = 0; round < perCustomer; round += 1) {
      for (const [index, customer] of customers.entries()) {
        const claimed = `198.51.100.${round * customers.length + index + 1}`;
        const answer = await shoppers.tokenize(customer, bankForm(), forged(claimed, '203.0.113.9'));
        statuses.push(answer.status);
      }
    }
    slowedAfter(FREE_TOKENIZATIONS.perAddress, statuses, 200);
  });

  it('writes only the real address to the audit log and the app log, never the forged text', async () => {
    const tries = [forged(MARKUP, '203.0.113.10'), { 'x-forwarded-for': MARKUP }];
    for (const headers of tries) {
      const answer = await server.post(
        '/api/admin/login',
        { username: TEST_ADMIN.username, password: 'not the password' },
        { headers },
      );
      expect(answer.status).toBe(401);
    }
    const cookie = await adminCookie(server.url);
    const audit = await server.post('/api/admin/audit-log', { limit: 100 }, { cookie });
    expect(audit.status).toBe(200);
    const { rows } = await server.database.sql.query<{ detail: string }>('select detail from audit_events');
    expect(rows.filter((row) => row.detail.includes('<img') || row.detail.includes('198.51.100.'))).toEqual(
      [],
    );
    const details = (audit.body.events as { detail: string }[]).map((event) => event.detail);
    expect(details).toContain('invalid credentials (client 203.0.113.10)');
    // Straight from the proxy's own machine, the forged entry is all there is: the connection's address.
    expect(details).toContain('invalid credentials (client 127.0.0.1)');

    const refusals = logLines
      .map((line) => JSON.parse(line) as { msg?: string; client?: string })
      .filter((line) => line.msg === 'admin sign-in refused');
    expect(refusals.map((line) => line.client)).toEqual(
      expect.arrayContaining(['203.0.113.7', '203.0.113.10', '127.0.0.1']),
    );
    expect(logLines.filter((line) => line.includes('<img') || line.includes('198.51.100.'))).toEqual([]);
  });
});
