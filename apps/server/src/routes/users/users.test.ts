import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  startTestServer,
  testDatabaseKinds,
  type Answer,
  type TestServer,
} from '../../testing/test-server';

const PASSWORD = 'correct horse battery';

describe.each(testDatabaseKinds())('customer accounts on $name', (kind) => {
  let server: TestServer;
  let addressCounter = 0;

  beforeAll(async () => {
    // Behind a proxy, so each test can speak from an address of its own.
    server = await startTestServer(await kind.create(), { TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await server.close();
    await server.database.close();
  });

  function from(address: string) {
    return { 'x-forwarded-for': address };
  }

  async function register(name: string, email: string, password = PASSWORD): Promise<Answer> {
    addressCounter += 1;
    return server.post(
      '/api/users/register',
      { name, email, password },
      { headers: from(`198.51.100.${addressCounter}`) },
    );
  }

  function cookieOf(answer: Answer): string {
    return (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }

  it('registers, signs the new customer in and answers the public profile only', async () => {
    const answer = await register('Ada Lovelace', 'ada@example.com');
    expect(answer.status).toBe(200);
    const user = answer.body.user as Record<string, unknown>;
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      numericId: expect.any(Number),
      paymentMethods: [],
    });
    expect(user.numericId as number).toBeGreaterThanOrEqual(100001);
    expect(answer.body.message).toBe('Account created');
    const setCookie = answer.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^store_session=[\w-]{40,};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(JSON.stringify(answer.body)).not.toContain(PASSWORD);

    const session = await fetch(`${server.url}/api/users/session`, { headers: { cookie: cookieOf(answer) } });
    expect(((await session.json()) as { user: { id: string } }).user.id).toBe(user.id);
    const { rows } = await server.database.sql.query<{ password_hash: string }>(
      'select password_hash from customers where id = $1',
      [user.id],
    );
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a second account for an email, whatever its case, and creates nothing', async () => {
    await register('Grace Hopper', 'grace@example.com');
    const before = await countRows(server.database, 'customers');
    const again = await register('Someone Else', 'GRACE@Example.com');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      status: 'error',
      message: 'An account with this email already exists. Log in instead.',
    });
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await countRows(server.database, 'customers')).toBe(before);
  });

  it.each([
    [{ name: '', email: 'a@example.com', password: PASSWORD }, 'All fields are required'],
    [{ name: 'A', email: '', password: PASSWORD }, 'All fields are required'],
    [{ name: 'A', email: 'a@example.com' }, 'All fields are required'],
    [{ name: 'A', email: 'not-an-email', password: PASSWORD }, 'Please enter a valid email address'],
    [{ name: 'A', email: 'a@example.com', password: 'seven77' }, 'Password must be at least 8 characters'],
    [
      { name: 'A', email: 'a@example.com', password: 'x'.repeat(129) },
      'Password must be at most 128 characters',
    ],
    [
      { name: 'A', email: 'a@example.com', password: 'Password1' },
      'This password is one of the most commonly used, so it is easy to guess. Choose another.',
    ],
    [
      { name: 'A', email: 'a@example.com', password: '12345678' },
      'This password is one of the most commonly used, so it is easy to guess. Choose another.',
    ],
  ])('refuses to register %j: %s', async (body, message) => {
    const before = await countRows(server.database, 'customers');
    const answer = await server.post('/api/users/register', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ status: 'error', message, error: 'invalid' });
    expect(await countRows(server.database, 'customers')).toBe(before);
  });

  it('accepts a long passphrase without any composition rule', async () => {
    const answer = await register('Pass Phrase', 'phrase@example.com', 'x'.repeat(100) + ' long and plain');
    expect(answer.status).toBe(200);
  });

  it('logs in with the email in any case and the right password only, without saying which was wrong', async () => {
    await register('Katherine Johnson', 'katherine@example.com');
    const good = await server.post('/api/users/login', {
      email: 'Katherine@Example.com',
      password: PASSWORD,
    });
    expect(good.status).toBe(200);
    expect((good.body.user as { email: string }).email).toBe('katherine@example.com');
    expect(cookieOf(good)).toMatch(/^store_session=/);
    const wrong = await server.post('/api/users/login', {
      email: 'katherine@example.com',
      password: 'nope-nope',
    });
    const unknown = await server.post('/api/users/login', {
      email: 'nobody@example.com',
      password: 'nope-nope',
    });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ message: 'Invalid email or password' });
    }
    const missing = await server.post('/api/users/login', { email: 'katherine@example.com' });
    expect(missing.body).toMatchObject({ message: 'Email and password are required' });
  });

  it('slows down password guessing with the admin sign-in mechanism', async () => {
    await register('Target', 'target@example.com');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const answer = await server.post(
        '/api/users/login',
        { email: 'target@example.com', password: `guess-${attempt}` },
        { headers: from('203.0.113.99') },
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const owner = await server.post(
      '/api/users/login',
      { email: 'target@example.com', password: PASSWORD },
      { headers: from('198.51.100.250') },
    );
    expect(owner.status).toBe(200);
  });

  it('slows down opening accounts in bulk from one address', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const answer = await server.post(
        '/api/users/register',
        { name: `Bulk ${index}`, email: `bulk-${index}@example.com`, password: PASSWORD },
        { headers: from('203.0.113.77') },
      );
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(10)).toContain(429);
  });

  it('reads and changes the profile, and refuses an email another account has', async () => {
    const answer = await register('Mary Jackson', 'mary@example.com');
    const cookie = cookieOf(answer);
    const userId = (answer.body.user as { id: string }).id;
    const read = await fetch(`${server.url}/api/users/profile?userId=${userId}`, { headers: { cookie } });
    expect(((await read.json()) as { user: { name: string } }).user.name).toBe('Mary Jackson');

    const put = (body: unknown) =>
      fetch(`${server.url}/api/users/profile`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json', origin: server.config.publicUrl },
        body: JSON.stringify(body),
      });
    const changed = await put({ userId, name: 'Mary W. Jackson', email: 'mary.jackson@example.com' });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { user: Record<string, unknown> }).user).toMatchObject({
      name: 'Mary W. Jackson',
      email: 'mary.jackson@example.com',
    });
    const blank = await put({ userId, name: ' ', email: 'mary@example.com' });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { message: string }).message).toBe('Name and email are required');
    await register('Dorothy Vaughan', 'dorothy@example.com');
    const taken = await put({ userId, name: 'Mary', email: 'DOROTHY@example.com' });
    expect(taken.status).toBe(409);
  });

  it('ends the session on the server at logout', async () => {
    const answer = await register('Logout Test', 'logout@example.com');
    const cookie = cookieOf(answer);
    expect((await server.post('/api/users/logout', {}, { cookie })).status).toBe(200);
    const session = await fetch(`${server.url}/api/users/session`, { headers: { cookie } });
    expect(session.status).toBe(401);
  });
});
