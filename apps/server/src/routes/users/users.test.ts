import { describe, expect, it } from 'vitest';
import { countRows, testDatabaseKinds, useTestServer, type Answer } from '../../testing/test-server';
import { withStoreClockStill } from '../../testing/still-clock';

const PASSWORD = 'correct horse battery';

describe.each(testDatabaseKinds())('customer accounts on $name', (kind) => {
  // Behind a proxy, so each test can speak from an address of its own.
  const server = useTestServer(kind, { TRUST_PROXY: 'loopback' });
  let addressCounter = 0;

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

  function signIn(email: string, password: string, address: string): Promise<Answer> {
    return server.post('/api/users/login', { email, password }, { headers: from(address) });
  }

  function cookieOf(answer: Answer): string {
    return (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }

  /** A registered customer, signed in, whose profile calls come from `address`. */
  async function signedInCustomer(name: string, email: string, address: string) {
    const answer = await register(name, email);
    const cookie = cookieOf(answer);
    const userId = (answer.body.user as { id: string }).id;
    const putProfile = async (body: Record<string, unknown>): Promise<Answer> => {
      const reply = await fetch(`${server.url}/api/users/profile`, {
        method: 'PUT',
        headers: {
          cookie,
          'content-type': 'application/json',
          origin: server.config.publicUrl,
          ...from(address),
        },
        body: JSON.stringify({ userId, ...body }),
      });
      return {
        status: reply.status,
        headers: reply.headers,
        body: (await reply.json()) as Record<string, unknown>,
      };
    };
    return { cookie, userId, putProfile };
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
      { name: 'A', email: 'a@example.com', password: 'iloveyou' },
      'This password is one of the most commonly used, so it is easy to guess. Choose another.',
    ],
    [
      { name: 'A', email: 'a@example.com', password: 'aaaaaaaa' },
      'This password repeats the same characters, so it is easy to guess. Choose another.',
    ],
    [
      { name: 'A', email: 'a@example.com', password: 'abcabcabc' },
      'This password repeats the same characters, so it is easy to guess. Choose another.',
    ],
    [
      { name: 'A', email: 'a@example.com', password: '        ' },
      'This password is only spaces, so it is easy to guess. Choose another.',
    ],
    ...['abcdefgh', '12345678', '98765432', 'qwertyui'].map((password): [object, string] => [
      { name: 'A', email: 'a@example.com', password },
      'This password is a simple sequence of letters, digits or keyboard keys, so it is easy to guess. Choose another.',
    ]),
    [
      { name: 'Ada\u202eecalevoL', email: 'a@example.com', password: PASSWORD },
      'Name must not contain invisible or text-direction characters',
    ],
    [
      { name: 'A', email: 'a\u200b@example.com', password: PASSWORD },
      'Email must not contain invisible or formatting characters',
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

  it.each(['Tr0ub4dor&3x', 'paperline-2026-orders'])('accepts the password %j', async (password) => {
    const answer = await register('Fine Password', `fine-${password.length}@example.com`, password);
    expect(answer.status).toBe(200);
  });

  it('keeps the joiners some scripts and emoji need in a name', async () => {
    const answer = await register('Sara نیک\u200cپور 👩\u200d💻', 'sara@example.com');
    expect(answer.status).toBe(200);
    expect((answer.body.user as { name: string }).name).toBe('Sara نیک\u200cپور 👩\u200d💻');
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
    await withStoreClockStill(async () => {
      for (let attempt = 0; attempt < 7; attempt += 1) {
        statuses.push((await signIn('target@example.com', `guess-${attempt}`, '203.0.113.99')).status);
      }
    });
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const owner = await signIn('target@example.com', PASSWORD, '198.51.100.250');
    expect(owner.status).toBe(200);
  });

  it('slows down opening accounts in bulk from one address', async () => {
    const statuses: number[] = [];
    await withStoreClockStill(async () => {
      for (let index = 0; index < 12; index += 1) {
        const answer = await server.post(
          '/api/users/register',
          { name: `Bulk ${index}`, email: `bulk-${index}@example.com`, password: PASSWORD },
          { headers: from('203.0.113.77') },
        );
        statuses.push(answer.status);
      }
    });
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(10)).toContain(429);
  });

  it('reads and changes the profile, and refuses an email another account has', async () => {
    const mary = await signedInCustomer('Mary Jackson', 'mary@example.com', '192.0.2.40');
    const read = await fetch(`${server.url}/api/users/profile?userId=${mary.userId}`, {
      headers: { cookie: mary.cookie },
    });
    expect(((await read.json()) as { user: { name: string } }).user.name).toBe('Mary Jackson');

    const change = (name: string, email: string) =>
      mary.putProfile({ name, email, currentPassword: PASSWORD });
    const changed = await change('Mary W. Jackson', 'mary.jackson@example.com');
    expect(changed.status).toBe(200);
    expect(changed.body.user).toMatchObject({ name: 'Mary W. Jackson', email: 'mary.jackson@example.com' });
    const blank = await mary.putProfile({ name: ' ', email: 'mary@example.com' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Name and email are required');
    await register('Dorothy Vaughan', 'dorothy@example.com');
    const taken = await change('Mary', 'DOROTHY@example.com');
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      status: 'error',
      message: 'This email cannot be used for your account. Use another one, or contact us if it is yours.',
      error: 'conflict',
    });
  });

  it('asks for the current password to change the email, and for nothing to change the name', async () => {
    const lin = await signedInCustomer('Lin Wei', 'lin@example.com', '192.0.2.10');
    // Without the current password, with a wrong one or a blank one: refused.
    for (const [currentPassword, status, refusal] of [
      [undefined, 400, { message: 'Enter your current password to change your email', error: 'invalid' }],
      ['not the password', 401, { message: 'Current password is incorrect', error: 'unauthorized' }],
      ['', 400, undefined],
    ] as const) {
      const answer = await lin.putProfile({ name: 'Lin Wei', email: 'lin.wei@example.com', currentPassword });
      expect(answer.status, `current password ${String(currentPassword)}`).toBe(status);
      if (refusal) expect(answer.body).toEqual({ status: 'error', ...refusal });
    }
    const { rows } = await server.database.sql.query<{ email: string }>(
      'select email from customers where id = $1',
      [lin.userId],
    );
    expect(rows[0]!.email).toBe('lin@example.com');

    // "Name and email are required" still comes first.
    const empty = await lin.putProfile({ name: '', email: 'lin.wei@example.com' });
    expect(empty.body).toMatchObject({ message: 'Name and email are required' });

    const renamed = await lin.putProfile({ name: 'Wei Lin', email: 'LIN@example.com' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.user).toMatchObject({ name: 'Wei Lin', email: 'LIN@example.com' });

    const moved = await lin.putProfile({
      name: 'Wei Lin',
      email: 'lin.wei@example.com',
      currentPassword: PASSWORD,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.user).toMatchObject({ email: 'lin.wei@example.com' });
    const login = await server.post('/api/users/login', { email: 'lin.wei@example.com', password: PASSWORD });
    expect(login.status).toBe(200);
    const audit = await server.database.sql.query<{ actor: string }>(
      "select actor from audit_events where action = 'email_changed'",
    );
    expect(audit.rows.map((row) => row.actor)).toContain(
      `customer ${(moved.body.user as { numericId: number }).numericId}`,
    );
  });

  it('counts a wrong current password as a failed sign-in to that account from that address', async () => {
    const address = '192.0.2.20';
    const noor = await signedInCustomer('Noor Haddad', 'noor@example.com', address);
    // The store's clock stands still from the first guess: the first wait is one second, which the
    // requests themselves may take on a busy machine.
    await withStoreClockStill(async () => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const wrong = await noor.putProfile({
          name: 'Noor Haddad',
          email: `noor-${attempt}@example.com`,
          currentPassword: `guess number ${attempt}`,
        });
        expect(wrong.status).toBe(401);
      }
      const login = await signIn('noor@example.com', PASSWORD, address);
      expect(login.status).toBe(429);
      expect(login.body.message).toMatch(/^Too many failed sign-in attempts/);
      // From anywhere else the owner signs in at once.
      const elsewhere = await signIn('noor@example.com', PASSWORD, '192.0.2.21');
      expect(elsewhere.status).toBe(200);
    });
  });

  it('slows down guessing which emails have accounts through profile changes', async () => {
    await register('Known Customer', 'known@example.com');
    const prober = await signedInCustomer('Prober', 'prober@example.com', '192.0.2.30');
    const guesses = Array.from({ length: 60 }, (_, index) =>
      index === 2 ? 'known@example.com' : `maybe-${index}@example.com`,
    );
    const answers: Answer[] = [];
    // The store's clock stands still from the first change: the first wait is one second, which a request
    // may take on a busy machine.
    await withStoreClockStill(async () => {
      for (const email of guesses) {
        answers.push(await prober.putProfile({ name: 'Prober', email, currentPassword: PASSWORD }));
      }
    });
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses[2]).toBe(409);
    expect(answers[2]!.body.message).toBe(
      'This email cannot be used for your account. Use another one, or contact us if it is yours.',
    );
    expect(statuses[5]).toBe(429);
    // With the clock still, none of the waits ends: the five allowed, then only refusals.
    expect(statuses.filter((status) => status !== 429)).toHaveLength(5);
    const slowed = answers[5]!;
    expect(slowed.body.message).toMatch(
      /^Too many email changes were attempted\. Try again in \d+ seconds?\.$/,
    );
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // A new name is never slowed down, nor is the same email in other capitals.
    const current = answers.filter((answer) => answer.status === 200).at(-1)!.body.user as { email: string };
    const renamed = await prober.putProfile({ name: 'Still Here', email: current.email.toUpperCase() });
    expect(renamed.status).toBe(200);
    expect(renamed.body.user).toMatchObject({ name: 'Still Here' });
  });

  it('ends a session after a day without use, and 14 days after sign-in however much it is used', async () => {
    const answer = await register('Idle Shopper', 'idle@example.com');
    const cookie = cookieOf(answer);
    const userId = (answer.body.user as { id: string }).id;
    const session = () => fetch(`${server.url}/api/users/session`, { headers: { cookie } });
    const hours = async () => {
      const { rows } = await server.database.sql.query<{ left: number; lifetime: number }>(
        `select extract(epoch from expires_at - now())::float8 / 3600 as left,
           extract(epoch from expires_at - created_at)::float8 / 3600 as lifetime
         from sessions where subject_id = $1`,
        [userId],
      );
      return rows[0]!;
    };
    const setSession = (sql: string) =>
      server.database.sql.query(`update sessions set ${sql} where subject_id = $1`, [userId]);

    expect((await hours()).lifetime).toBeCloseTo(24, 1);

    // Last used 20 hours ago: using it again gives it another day.
    await setSession("created_at = now() - interval '20 hours', expires_at = now() + interval '4 hours'");
    expect((await session()).status).toBe(200);
    expect((await hours()).left).toBeCloseTo(24, 1);

    // Near the end of its 14 days: used or not, it ends then.
    await setSession(
      "created_at = now() - interval '13 days 20 hours', expires_at = now() + interval '2 hours'",
    );
    expect((await session()).status).toBe(200);
    expect((await hours()).lifetime).toBeCloseTo(14 * 24, 1);
    expect((await hours()).left).toBeCloseTo(4, 1);

    // A day went by without it.
    await setSession("expires_at = now() - interval '1 minute'");
    expect((await session()).status).toBe(401);
  });

  it('ends the session on the server at logout', async () => {
    const answer = await register('Logout Test', 'logout@example.com');
    const cookie = cookieOf(answer);
    expect((await server.post('/api/users/logout', {}, { cookie })).status).toBe(200);
    const session = await fetch(`${server.url}/api/users/session`, { headers: { cookie } });
    expect(session.status).toBe(401);
  });
});
