import { STAFF_RIGHTS } from '@store/core';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createPgliteTestDatabase } from '../../db/test-database';
import { startServer } from '../../server';
import { loginAdmin } from '../../services/accounts/admin-auth';
import {
  adminCookie,
  countRows,
  postJson,
  TEST_ADMIN,
  TEST_PUBLIC_URL,
  testDatabaseKinds,
  useTestServer,
} from '../../testing/test-server';
import { withStoreClockStill } from '../../testing/still-clock';

const ADMIN_CALLS = [
  '/api/admin/payments',
  '/api/admin/transactions',
  '/api/admin/capture-payment',
  '/api/admin/capture-all',
  '/api/admin/void-payment',
  '/api/admin/refund',
  '/api/admin/audit-log',
  '/api/admin/reconcile',
  '/api/admin/logout',
];

describe('first admin', () => {
  it('is created with a random password printed once when none is configured, and never again', async () => {
    const database = await createPgliteTestDatabase();
    const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', PUBLIC_URL: TEST_PUBLIC_URL });
    const first = await startServer(config, { database, serveWeb: false, logger: false });
    const password = first.firstAdmin?.generatedPassword ?? '';
    expect(first.firstAdmin?.username).toBe('admin');
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect((await postJson(first.url, '/api/admin/login', { username: 'admin', password })).status).toBe(200);
    await first.close();

    const second = await startServer(config, { database, serveWeb: false, logger: false });
    expect(second.firstAdmin).toBeUndefined();
    await second.close();
    const { rows } = await database.sql.query<{ password_hash: string }>('select password_hash from admins');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]!.password_hash).not.toContain(password);
    await database.close();
  });
});

describe.each(testDatabaseKinds())('admin sign-in and sessions on $name', (kind) => {
  const server = useTestServer(kind);

  it('opens an HttpOnly, SameSite session and never sends the password back', async () => {
    const answer = await server.post('/api/admin/login', TEST_ADMIN);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'success', message: 'Login successful', username: 'admin' });
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^store_admin_session=[\w-]{40,};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(JSON.stringify(answer.body)).not.toContain(TEST_ADMIN.password);
    const session = await fetch(`${server.url}/api/admin/session`, {
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(await session.json()).toEqual({
      status: 'success',
      username: 'admin',
      role: 'owner',
      rights: [...STAFF_RIGHTS],
      idleSeconds: 15 * 60,
    });
  });

  it.each([
    [{ username: 'admin', password: 'wrong-password' }, 401, 'Invalid credentials'],
    [{ username: 'nobody', password: 'whatever-password' }, 401, 'Invalid credentials'],
    [{ username: '', password: 'x' }, 400, 'Username and password are required'],
    [{ username: 'admin' }, 400, 'Username and password are required'],
  ])('refuses %j with %i %s', async (body, status, message) => {
    const answer = await server.post('/api/admin/login', body, {
      headers: { 'x-forwarded-for': `10.9.9.${status}` },
    });
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ status: 'error', message });
    expect(answer.headers.get('set-cookie')).toBeNull();
  });

  it.each(ADMIN_CALLS)('refuses %s without a session, whatever the body says (401)', async (path) => {
    const withCredentialsInBody = await server.post(path, {
      ...TEST_ADMIN,
      payment: { paymentId: '6f1c1d1e-8d2b-4a55-9a43-1f7a1b2c3d4e' },
    });
    expect(withCredentialsInBody.status).toBe(401);
    expect(withCredentialsInBody.body).toMatchObject({ status: 'error', message: 'Authentication required' });
    const forged = await server.post(path, {}, { cookie: 'store_admin_session=forged-token-value' });
    expect(forged.status).toBe(401);
  });

  it('ends the session on the server at logout', async () => {
    const cookie = await adminCookie(server.url);
    expect((await server.post('/api/admin/payments', {}, { cookie })).status).toBe(200);
    expect((await server.post('/api/admin/logout', {}, { cookie })).status).toBe(200);
    expect((await server.post('/api/admin/payments', {}, { cookie })).status).toBe(401);
  });

  it('answers each of many requests checked together by its own session', async () => {
    const signedIn = [await adminCookie(server.url), await adminCookie(server.url)];
    const signedOut = await adminCookie(server.url);
    expect((await server.post('/api/admin/logout', {}, { cookie: signedOut })).status).toBe(200);
    const forged = `${signedIn[0]!.split('=')[0]}=${'A'.repeat(43)}`;
    const cookies = Array.from({ length: 40 }, (_, index) =>
      index % 4 === 0 ? signedOut : index % 4 === 1 ? forged : signedIn[index % 2]!,
    );
    const statuses = await Promise.all(
      cookies.map(async (cookie) => (await server.post('/api/admin/payments', {}, { cookie })).status),
    );
    expect(statuses).toEqual(cookies.map((cookie) => (signedIn.includes(cookie) ? 200 : 401)));
  });

  it('refuses a state-changing call from another site', async () => {
    const cookie = await adminCookie(server.url);
    const answer = await server.post(
      '/api/admin/capture-all',
      {},
      { cookie, headers: { origin: 'https://evil.example' } },
    );
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Cross-site request refused');
  });

  it('slows a username down after 5 failures from one address, audits it, and says when to try again', async () => {
    await server.post('/api/admin/login', { username: 'admin', password: 'nope' }); // warm up the unknown-user hash
    await server.database.sql.query('delete from login_throttle');
    const auditBefore = await countRows(server.database, 'audit_events');
    // The store's clock stands still while the sixth attempt follows the fifth: on a busy machine, a
    // request can take the whole first wait (one second).
    const slowed = await withStoreClockStill(async () => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect(
          (await server.post('/api/admin/login', { username: 'admin', password: `bad-${attempt}` })).status,
        ).toBe(401);
      }
      return server.post('/api/admin/login', TEST_ADMIN);
    });
    expect(slowed.status).toBe(429);
    expect(slowed.body.message).toBe('Too many failed sign-in attempts. Try again in 1 second.');
    expect(slowed.headers.get('retry-after')).toBe('1');
    // Five failures audited, and the slow-down the fifth one started; the refused attempt checked nothing.
    expect(await countRows(server.database, 'audit_events')).toBe(auditBefore + 6);
    const { rows } = await server.database.sql.query<{ action: string; detail: string }>(
      'select action, detail from audit_events order by at desc, action desc limit 1',
    );
    expect(rows[0]).toMatchObject({
      action: 'login_throttled',
      detail: expect.stringContaining('slowed down'),
    });

    // After the wait, the right password from the same address gets in and starts the count again: the
    // sign-in told the time it happens at, the moment the wait ends, rather than sleeping through it.
    const { rows: waits } = await server.database.sql.query<{ key: string; next_allowed_at: Date }>(
      "select key, next_allowed_at from login_throttle where key like 'admin:admin|client:%'",
    );
    expect(waits).toHaveLength(1);
    const clientAddress = waits[0]!.key.slice('admin:admin|client:'.length);
    const waitEnds = waits[0]!.next_allowed_at;
    const signIn = (password: string, now: Date) =>
      loginAdmin(server.database.orm, { username: 'admin', password, clientAddress, now });
    await expect(signIn(TEST_ADMIN.password, new Date(waitEnds.getTime() - 1))).rejects.toMatchObject({
      message: 'Too many failed sign-in attempts. Try again in 1 second.',
    });
    await expect(signIn(TEST_ADMIN.password, waitEnds)).resolves.toMatchObject({ username: 'admin' });
    await expect(signIn('bad', waitEnds)).rejects.toMatchObject({ message: 'Invalid credentials' });
    await server.database.sql.query('delete from login_throttle');
  });

  it('counts failures per client too, and a spoofed X-Forwarded-For does not reset the count', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const answer = await server.post(
        '/api/admin/login',
        { username: `guess-${attempt}`, password: 'wrong-password' },
        { headers: { 'x-forwarded-for': `203.0.113.${attempt}` } },
      );
      expect(answer.status).toBe(401);
    }
    const answer = await server.post('/api/admin/login', TEST_ADMIN, {
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(answer.status).toBe(429);
    await server.database.sql.query('delete from login_throttle');
  });

  it('lets no more than 5 of 30 parallel wrong passwords be checked', async () => {
    // The store's clock stands still: on a busy machine, thirty sign-ins can outlast the first wait (one
    // second), and the right password after them would then be let in for trying once the wait was over.
    await withStoreClockStill(async () => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, attempt) =>
          server.post('/api/admin/login', { username: 'admin', password: `parallel-${attempt}` }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(5);
      expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(25);
      expect((await server.post('/api/admin/login', TEST_ADMIN)).status).toBe(429);
    });
    await server.database.sql.query('delete from login_throttle');
  });

  it('does not write down a name that is no account (it may be a password typed in the wrong field)', async () => {
    await server.post('/api/admin/login', { username: 'MySecretPassw0rd', password: 'x' });
    const { rows } = await server.database.sql.query<{ actor: string }>(
      "select actor from audit_events where action = 'login' order by at desc limit 1",
    );
    expect(rows[0]?.actor).toBe('(unknown user)');
    const all = await server.database.sql.query<{ text: string }>(
      "select string_agg(actor || detail, ' ') as text from audit_events",
    );
    expect(all.rows[0]?.text.toLowerCase()).not.toContain('mysecretpassw0rd');
    await server.database.sql.query('delete from login_throttle');
  });
});

describe.each(testDatabaseKinds())('an attacker cannot lock the operator out, on $name', (kind) => {
  // Behind a proxy, so that client addresses come from X-Forwarded-For.
  const server = useTestServer(kind, { TRUST_PROXY: 'loopback' });
  const attacker = { 'x-forwarded-for': '203.0.113.66' };
  const operator = { 'x-forwarded-for': '198.51.100.10' };

  it('slows the attacker down while the operator signs in from another address at once', async () => {
    const statuses: number[] = [];
    const started = Date.now();
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const answer = await server.post(
        '/api/admin/login',
        { username: 'admin', password: `guess-${attempt}` },
        { headers: attacker },
      );
      statuses.push(answer.status);
    }
    const elapsedMs = Date.now() - started;
    // Five guesses are checked; every other one is refused unchecked with a wait. (On a busy machine the
    // forty may take longer than the first 1 s wait: each wait passed lets one more guess through, and
    // the waits double, so a few seconds let through at most a couple.)
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(checked).toBeLessThanOrEqual(5 + Math.floor(Math.log2(elapsedMs / 1000 + 1)));
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - checked);

    const signIn = await server.post('/api/admin/login', TEST_ADMIN, { headers: operator });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('set-cookie')).toMatch(/^store_admin_session=/);

    // The wait grows with every guess.
    const attackerKey = "key = 'admin:admin|client:203.0.113.66'";
    const { rows } = await server.database.sql.query<{ next_allowed_at: Date; last_attempt_at: Date }>(
      `select next_allowed_at, last_attempt_at from login_throttle where ${attackerKey}`,
    );
    expect(rows[0]!.next_allowed_at.getTime() - rows[0]!.last_attempt_at.getTime()).toBe(
      1000 * 2 ** (checked - 5),
    );
    // The attacker, even with the right password, still waits while that wait runs. Its last guess is
    // moved to now, its wait kept: on a busy machine, the operator's sign-in above can outlast a wait of a
    // second or two, and the attacker would then be let in for trying once the wait was over.
    await server.database.sql.query(
      `update login_throttle set next_allowed_at = now() + (next_allowed_at - last_attempt_at),
         last_attempt_at = now() where ${attackerKey}`,
    );
    const stillSlowed = await server.post('/api/admin/login', TEST_ADMIN, { headers: attacker });
    expect(stillSlowed.status).toBe(429);
  });

  it("doubles the attacker's wait with every guess it is allowed, up to 15 minutes", async () => {
    await server.database.sql.query('delete from login_throttle');
    const waits: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      // Jump past the wait instead of sleeping through it.
      await server.database.sql.query(
        "update login_throttle set next_allowed_at = now() - interval '1 second'",
      );
      await server.post(
        '/api/admin/login',
        { username: 'admin', password: `guess-${attempt}` },
        { headers: attacker },
      );
      const { rows } = await server.database.sql.query<{ wait: number }>(
        "select (extract(epoch from next_allowed_at - last_attempt_at) * 1000)::int as wait from login_throttle where key = 'admin:admin|client:203.0.113.66'",
      );
      waits.push(rows[0]!.wait);
    }
    expect(waits).toEqual([0, 0, 0, 0, 1000, 2000, 4000, 8000]);
    const audit = await server.database.sql.query<{ count: number }>(
      "select count(*)::int as count from audit_events where action = 'login_throttled' and detail like '%203.0.113.66%'",
    );
    expect(audit.rows[0]!.count).toBeGreaterThanOrEqual(4);
  });

  it('never refuses the right password from an address that only ever signed in well', async () => {
    await server.database.sql.query('delete from login_throttle');
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await server.post('/api/admin/login', TEST_ADMIN, { headers: operator })).status).toBe(200);
    }
  });
});
