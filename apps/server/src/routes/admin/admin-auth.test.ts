import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createPgliteTestDatabase } from '../../db/test-database';
import { startServer } from '../../server';
import {
  adminCookie,
  countRows,
  postJson,
  startTestServer,
  TEST_ADMIN,
  testDatabaseKinds,
  type TestServer,
} from '../../testing/test-server';

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
    const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent' });
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
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(await kind.create());
  });
  afterAll(async () => {
    await server.close();
    await server.database.close();
  });

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
    expect(await session.json()).toEqual({ status: 'success', username: 'admin' });
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

  it('locks a username after 5 failures, even for the right password, and audits every attempt', async () => {
    await server.post('/api/admin/login', { username: 'admin', password: 'nope' }); // warm up the unknown-user hash
    const auditBefore = await countRows(server.database, 'audit_events');
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect(
        (await server.post('/api/admin/login', { username: 'admin', password: `bad-${attempt}` })).status,
      ).toBe(401);
    }
    const locked = await server.post('/api/admin/login', TEST_ADMIN);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many failed sign-in attempts\. Try again in 15 minutes\.$/);
    expect(await countRows(server.database, 'audit_events')).toBe(auditBefore + 5);
    const { rows } = await server.database.sql.query<{ outcome: string; detail: string }>(
      "select outcome, detail from audit_events where action = 'login' order by at desc limit 1",
    );
    expect(rows[0]).toMatchObject({ outcome: 'failure', detail: expect.stringContaining('locked out') });
    await server.database.sql.query('delete from login_throttle');
  });

  it('counts failures per client too, and a spoofed X-Forwarded-For does not reset the count', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
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
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, attempt) =>
        server.post('/api/admin/login', { username: 'admin', password: `parallel-${attempt}` }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(5);
    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(25);
    expect((await server.post('/api/admin/login', TEST_ADMIN)).status).toBe(429);
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
