import { STAFF_MESSAGES, type StaffMember } from '@store/core';
import { describe, expect, it } from 'vitest';
import { createAdmin } from '../../services/accounts/admin-accounts';
import { disabledAccountMessage, loginAdmin } from '../../services/accounts/admin-auth';
import { disableUnusedStaff } from '../../services/accounts/staff';
import { AppError } from '../../errors';
import {
  adminCookie,
  postJson,
  TEST_ADMIN,
  TEST_PUBLIC_URL,
  testDatabaseKinds,
  useAdminSession,
  useTestServer,
} from '../../testing/test-server';

const NEW_PASSWORD = 'pencils and paper clips 42';

/**
 * The Staff tab's calls (decision 056): the owner adds a person, who sets their password through a one-time
 * link; roles change; a disabled person is signed out at once and told why at sign-in; ten failed sign-ins
 * lock an account; upkeep disables accounts unused for 90 days; the store always keeps an enabled owner.
 * On PGlite and PostgreSQL.
 */
describe.each(testDatabaseKinds())('staff accounts on $name', (kind) => {
  const server = useTestServer(kind, {}, { upkeep: false });
  const owner = useAdminSession(server);

  const tokenOf = (link: string) => link.slice(link.indexOf('#') + 1);
  const add = (body: object) => owner.post('/api/admin/staff', body);
  const staff = async () => {
    const answer = await fetch(`${server.url}/api/admin/staff`, { headers: { cookie: owner.cookie } });
    return ((await answer.json()) as { staff: StaffMember[] }).staff;
  };
  const member = async (username: string) => (await staff()).find((person) => person.username === username);
  const signIn = (username: string, password: string) =>
    server.post('/api/admin/login', { username, password });
  const sessionOf = (cookie: string) =>
    fetch(`${server.url}/api/admin/session`, { headers: { cookie, origin: TEST_PUBLIC_URL } });

  /** Adds a person and sets their password through the link: answers their username. */
  async function setUpPerson(name: string, email: string, role: string): Promise<string> {
    const added = await add({ name, email, role });
    expect(added.status).toBe(200);
    const done = await server.post('/api/admin/setup', {
      token: tokenOf(added.body.setupLink as string),
      password: NEW_PASSWORD,
    });
    expect(done.status).toBe(200);
    return email.toLowerCase();
  }

  it('adds a person, whose one-time link sets their password, once, and emails it to them', async () => {
    const added = await add({ name: '  Pat Clerk  ', email: 'Pat.Clerk@Example.com', role: 'clerk' });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      message: 'Pat Clerk was added as Clerk',
      member: { username: 'pat.clerk@example.com', name: 'Pat Clerk', role: 'clerk', status: 'invited' },
    });
    const link = added.body.setupLink as string;
    expect(link).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/admin/setup#[A-Za-z0-9_-]{43}$`));
    const expires = Date.parse(added.body.setupExpiresAt as string);
    expect(expires - Date.now()).toBeGreaterThan(47.9 * 60 * 60 * 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(48 * 60 * 60 * 1000);

    // The link is in the person's email, and only its digest in the staff table.
    const mail = await server.database.sql.query<{ recipient: string; text_body: string }>(
      "select recipient, text_body from mail_outbox where kind = 'staff_setup'",
    );
    expect(mail.rows).toEqual([
      { recipient: 'pat.clerk@example.com', text_body: expect.stringContaining(link) },
    ]);
    const stored = await server.database.sql.query<{ text: string }>(
      'select row_to_json(a)::text as text from admins a',
    );
    expect(stored.rows.map((row) => row.text).join(' ')).not.toContain(tokenOf(link));

    // Not set up yet: no password is theirs.
    expect((await signIn('pat.clerk@example.com', '')).status).toBe(400);
    expect((await signIn('pat.clerk@example.com', 'anything at all here')).status).toBe(401);

    const token = tokenOf(link);
    expect(await server.post('/api/admin/setup/check', { token })).toMatchObject({
      status: 200,
      body: { name: 'Pat Clerk', username: 'pat.clerk@example.com', role: 'clerk' },
    });
    expect(await server.post('/api/admin/setup', { token, password: 'short' })).toMatchObject({
      status: 400,
      body: { message: STAFF_MESSAGES.passwordTooShort },
    });
    expect(await server.post('/api/admin/setup', { token, password: 'password1234' })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('easy to guess') },
    });
    expect(await server.post('/api/admin/setup', { token, password: NEW_PASSWORD })).toMatchObject({
      status: 200,
      body: { username: 'pat.clerk@example.com' },
    });
    // Once only.
    for (const call of ['/api/admin/setup/check', '/api/admin/setup']) {
      expect(await server.post(call, { token, password: `${NEW_PASSWORD}!` })).toMatchObject({
        status: 410,
        body: { message: STAFF_MESSAGES.setupLinkGone },
      });
    }
    expect((await signIn('pat.clerk@example.com', `${NEW_PASSWORD}!`)).status).toBe(401);

    const cookie = await adminCookie(server.url, {
      username: 'Pat.Clerk@example.com',
      password: NEW_PASSWORD,
    });
    expect(await (await sessionOf(cookie)).json()).toMatchObject({
      username: 'pat.clerk@example.com',
      role: 'clerk',
    });
    expect(await member('pat.clerk@example.com')).toMatchObject({
      status: 'active',
      lastSignInAt: expect.any(String),
      setupExpiresAt: null,
    });

    // The same email twice is refused, whatever its case; a bad field says which.
    expect(await add({ name: 'Another Pat', email: 'PAT.CLERK@example.com', role: 'viewer' })).toMatchObject({
      status: 409,
      body: { message: STAFF_MESSAGES.emailTaken },
    });
    // A bad field: the first problem, in the form's order.
    expect(await add({ name: '', email: 'not an email', role: 'king' })).toMatchObject({
      status: 400,
      body: { message: STAFF_MESSAGES.nameRequired },
    });
    expect(await add({ name: 'Pat', email: 'not an email', role: 'king' })).toMatchObject({
      status: 400,
      body: { message: 'Please enter a valid email address' },
    });
    expect(await add({ name: 'Pat', email: 'pat2@example.com', role: 'king' })).toMatchObject({
      status: 400,
      body: { message: STAFF_MESSAGES.roleRequired },
    });
  });

  it('signs a disabled person out at once, tells them why only once their password is right, and enables them again', async () => {
    const username = await setUpPerson('Dee Disabled', 'dee@example.com', 'manager');
    const cookie = await adminCookie(server.url, { username, password: NEW_PASSWORD });
    expect((await sessionOf(cookie)).status).toBe(200);

    const disabled = await owner.post('/api/admin/staff/disable', { username });
    expect(disabled).toMatchObject({
      status: 200,
      body: { member: { status: 'disabled', disabledReason: 'Disabled by admin' } },
    });
    expect((await sessionOf(cookie)).status).toBe(401);
    expect(await signIn(username, NEW_PASSWORD)).toMatchObject({
      status: 403,
      body: { message: disabledAccountMessage('admin') },
    });
    expect(await signIn(username, 'a wrong password, long')).toMatchObject({
      status: 401,
      body: { message: 'Invalid credentials' },
    });

    expect(await owner.post('/api/admin/staff/enable', { username })).toMatchObject({
      status: 200,
      body: { member: { status: 'active', disabledReason: null } },
    });
    expect((await signIn(username, NEW_PASSWORD)).status).toBe(200);

    const audit = await owner.post('/api/admin/audit-log', { person: 'ADMIN' });
    const actions = (audit.body.events as { action: string; actor: string; detail: string }[]).map(
      (event) => `${event.actor} ${event.action} ${event.detail}`,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'admin staff_disable dee@example.com disabled; their sessions ended',
        'admin staff_enable dee@example.com enabled',
      ]),
    );
    const theirs = await owner.post('/api/admin/audit-log', { person: username });
    const events = theirs.body.events as { actor: string; action: string }[];
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(new Set(events.map((event) => event.actor))).toEqual(new Set([username]));
  });

  it('keeps an enabled owner: no owner disables themself, and of two owners disabling each other at once one stays', async () => {
    expect(await owner.post('/api/admin/staff/disable', { username: 'admin' })).toMatchObject({
      status: 409,
      body: { message: STAFF_MESSAGES.notYourself },
    });
    expect(await owner.post('/api/admin/staff/role', { username: 'admin', role: 'viewer' })).toMatchObject({
      status: 409,
      body: { message: STAFF_MESSAGES.lastOwner },
    });
    const second = await setUpPerson('Olive Owner', 'olive@example.com', 'owner');
    const secondCookie = await adminCookie(server.url, { username: second, password: NEW_PASSWORD });
    const [one, other] = await Promise.all([
      owner.post('/api/admin/staff/disable', { username: second }),
      postJson(server.url, '/api/admin/staff/disable', { username: 'admin' }, { cookie: secondCookie }),
    ]);
    const statuses = [one.status, other.status].sort();
    // One disables the other; the other is then refused (its session ended, or the last owner kept).
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const owners = (
      await server.database.sql.query<{ username: string }>(
        "select username from admins where role = 'owner' and disabled_at is null",
      )
    ).rows;
    expect(owners).toHaveLength(1);
    // Put back as it was for the tests that follow.
    await server.database.sql.query(
      "update admins set disabled_at = null, disabled_by = null where username in ('admin', 'olive@example.com')",
    );
    owner.cookie = await adminCookie(server.url);
    expect(await owner.post('/api/admin/staff/role', { username: second, role: 'manager' })).toMatchObject({
      status: 200,
      body: { message: 'Olive Owner is now Manager', member: { role: 'manager' } },
    });
  });

  it('locks an account after ten failed sign-ins from anywhere, until the owner enables it', async () => {
    const username = await setUpPerson('Lou Locked', 'lou@example.com', 'viewer');
    const now = new Date();
    // From ten addresses, so that no address's own slow-down is what stops them.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await expect(
        loginAdmin(server.database.orm, {
          username,
          password: `guess number ${attempt}`,
          clientAddress: `203.0.113.${attempt}`,
          now,
        }),
      ).rejects.toMatchObject({ kind: 'unauthorized' });
    }
    const locked = loginAdmin(server.database.orm, {
      username,
      password: NEW_PASSWORD,
      clientAddress: '198.51.100.1',
      now,
    });
    await expect(locked).rejects.toBeInstanceOf(AppError);
    await expect(locked).rejects.toMatchObject({
      kind: 'too_many_requests',
      message: 'This account is locked after 10 failed sign-ins. Try again in 30 minutes.',
      options: { retryAfterSeconds: 1800 },
    });
    expect(await member(username)).toMatchObject({ lockedUntil: expect.any(String) });
    // Thirty minutes on, the right password goes through.
    await expect(
      loginAdmin(server.database.orm, {
        username,
        password: NEW_PASSWORD,
        clientAddress: '198.51.100.1',
        now: new Date(now.getTime() + 30 * 60 * 1000 + 1000),
      }),
    ).resolves.toMatchObject({ username });

    // Locked again, and unlocked by the owner at once.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await loginAdmin(server.database.orm, {
        username,
        password: `guess number ${attempt}`,
        clientAddress: `203.0.113.${attempt + 20}`,
      }).catch(() => undefined);
    }
    expect((await signIn(username, NEW_PASSWORD)).status).toBe(429);
    await owner.post('/api/admin/staff/enable', { username });
    expect(await member(username)).toMatchObject({ lockedUntil: null });
    expect((await signIn(username, NEW_PASSWORD)).status).toBe(200);
  });

  it('makes a new link for a person who forgot their password: it replaces it and ends their sessions', async () => {
    const username = await setUpPerson('Fay Forgetful', 'fay@example.com', 'clerk');
    const cookie = await adminCookie(server.url, { username, password: NEW_PASSWORD });
    const renewed = await owner.post('/api/admin/staff/setup-link', { username });
    expect(renewed).toMatchObject({ status: 200, body: { member: { status: 'active' } } });
    // The old password works until the link is used.
    expect((await sessionOf(cookie)).status).toBe(200);
    const token = tokenOf(renewed.body.setupLink as string);
    expect((await server.post('/api/admin/setup', { token, password: `${NEW_PASSWORD} again` })).status).toBe(
      200,
    );
    expect((await sessionOf(cookie)).status).toBe(401);
    expect((await signIn(username, NEW_PASSWORD)).status).toBe(401);
    expect((await signIn(username, `${NEW_PASSWORD} again`)).status).toBe(200);
    expect(await owner.post('/api/admin/staff/setup-link', { username: 'nobody@example.com' })).toMatchObject(
      {
        status: 404,
        body: { message: STAFF_MESSAGES.noSuchPerson },
      },
    );
  });

  it('disables accounts unused for 90 days, says so at sign-in, and keeps the last enabled owner', async () => {
    const username = await setUpPerson('Una Unused', 'una@example.com', 'clerk');
    const recent = await setUpPerson('Rae Recent', 'rae@example.com', 'clerk');
    await createAdmin(server.database.orm, 'old-owner', NEW_PASSWORD, 'owner');
    await server.database.sql.query(
      `update admins set enabled_at = now() - interval '91 days',
         last_sign_in_at = now() - interval '91 days'
       where username in ('una@example.com', 'admin', 'olive@example.com', 'old-owner')`,
    );
    await server.database.sql.query(
      "update admins set enabled_at = now() - interval '95 days', last_sign_in_at = null where username = 'old-owner'",
    );
    const disabled = await disableUnusedStaff(server.database.orm);
    // Every owner was unused: the most recently active one (the test admin) stays enabled.
    expect(disabled.sort()).toEqual(['old-owner', 'olive@example.com', username].sort());
    expect(await signIn(username, NEW_PASSWORD)).toMatchObject({
      status: 403,
      body: { message: disabledAccountMessage(null) },
    });
    expect(disabledAccountMessage(null)).toBe(
      'This account was disabled after 90 days without a sign-in. Ask the store’s owner to enable it again.',
    );
    expect((await signIn(recent, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
    owner.cookie = await adminCookie(server.url);
    expect(await member(username)).toMatchObject({
      status: 'disabled',
      disabledReason: 'Unused for 90 days',
    });
    const audit = await owner.post('/api/admin/audit-log', { person: 'upkeep' });
    expect((audit.body.events as { detail: string }[]).map((event) => event.detail)).toContain(
      `${username} disabled after 90 days without a sign-in; their sessions ended`,
    );
    // A second pass finds nobody more.
    expect(await disableUnusedStaff(server.database.orm)).toEqual([]);
  });
});
