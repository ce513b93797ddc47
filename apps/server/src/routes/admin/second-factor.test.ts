import { STAFF_FACTOR_MESSAGES } from '@store/core';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { requireRecentSecondFactor } from '../../http/admin-route';
import { createAdmin } from '../../services/accounts/admin-accounts';
import {
  adminCookie,
  authorizedPayment,
  postJson,
  TEST_PUBLIC_URL,
  testDatabaseKinds,
  useTestServer,
  type Answer,
} from '../../testing/test-server';
import { withStoreClockStill } from '../../testing/still-clock';

const PASSWORD = 'a staff password of some length';

/** The code an authenticator app holding `secret` shows `offsetSteps` steps of 30 seconds from now. */
function codeOf(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** The cookies a sign-in answer sets, as a Cookie header. */
function cookiesOf(answer: Answer): string {
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .filter((cookie) => !cookie.endsWith('='))
    .join('; ');
}

/**
 * Second factors (decision 059) with STAFF_SECOND_FACTOR=owners-and-managers: an owner or manager adds an
 * authenticator app before moving money, signs in with its code (or a recovery code, once each), and
 * proves it again 15 minutes after; a clerk is not asked. On PGlite and PostgreSQL.
 */
describe.each(testDatabaseKinds())('second factors on $name', (kind) => {
  const server = useTestServer(kind, { STAFF_SECOND_FACTOR: 'owners-and-managers' }, { upkeep: false });

  const as = (cookie: string, path: string, body: unknown = {}) =>
    postJson(server.url, path, body, { cookie });
  const get = async (cookie: string, path: string) => {
    const answer = await fetch(`${server.url}${path}`, { headers: { cookie, origin: TEST_PUBLIC_URL } });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
  const capture = (cookie: string, paymentId: string) =>
    as(cookie, '/api/admin/capture-payment', { payment: { paymentId } });

  /** A manager who has added an authenticator app: their username, its secret and recovery codes. */
  async function managerWithAuthenticator(username: string) {
    await createAdmin(server.database.orm, username, PASSWORD, 'manager');
    const cookie = await adminCookie(server.url, { username, password: PASSWORD });
    const started = await as(cookie, '/api/admin/account/authenticator');
    const secret = started.body.secret as string;
    const confirmed = await as(cookie, '/api/admin/account/authenticator/confirm', { code: codeOf(secret) });
    expect(confirmed.status).toBe(200);
    return { username, secret, cookie, recoveryCodes: confirmed.body.recoveryCodes as string[] };
  }

  it('asks an owner or manager to add an authenticator app before moving money, and not a clerk', async () => {
    await createAdmin(server.database.orm, 'mia', PASSWORD, 'manager');
    await createAdmin(server.database.orm, 'cal', PASSWORD, 'clerk');
    const manager = await adminCookie(server.url, { username: 'mia', password: PASSWORD });
    const clerk = await adminCookie(server.url, { username: 'cal', password: PASSWORD });
    const { paymentId } = await authorizedPayment(server);

    expect(await capture(manager, paymentId)).toMatchObject({
      status: 403,
      body: { message: STAFF_FACTOR_MESSAGES.required },
    });
    // Reading is not moving money.
    expect((await as(manager, '/api/admin/payments', {})).status).toBe(200);
    expect(await get(manager, '/api/admin/account/security')).toMatchObject({
      status: 200,
      body: { security: { authenticator: null, recoveryCodesLeft: 0 }, secondFactorRequired: true },
    });
    expect(await get(clerk, '/api/admin/account/security')).toMatchObject({
      body: { secondFactorRequired: false },
    });

    const started = await as(manager, '/api/admin/account/authenticator');
    expect(started.status).toBe(200);
    const secret = started.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.uri).toBe(
      `otpauth://totp/Paperline%20Office%20Supply:mia?issuer=Paperline%20Office%20Supply&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    // Not counted until its first code proves it.
    expect((await capture(manager, paymentId)).status).toBe(403);
    expect(await as(manager, '/api/admin/account/authenticator/confirm', { code: '000000' })).toMatchObject({
      status: 400,
      body: { message: STAFF_FACTOR_MESSAGES.wrongCode },
    });
    const confirmed = await as(manager, '/api/admin/account/authenticator/confirm', { code: codeOf(secret) });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // The secret is kept; the recovery codes only as digests.
    const stored = await server.database.sql.query<{ text: string }>(
      "select string_agg(code_hash, ' ') as text from staff_recovery_codes",
    );
    expect(stored.rows[0]?.text).not.toContain(codes[0]!.replace('-', ''));

    // Proved just now in this session: the money moves.
    expect((await capture(manager, paymentId)).status).toBe(200);
    expect(await as(manager, '/api/admin/account/authenticator')).toMatchObject({
      status: 409,
      body: { message: STAFF_FACTOR_MESSAGES.alreadySetUp },
    });
  });

  it('signs in with the password, then the code; a code is taken once, and a recovery code once', async () => {
    const { username, secret, recoveryCodes } = await managerWithAuthenticator('max');
    const first = await server.post('/api/admin/login', { username, password: PASSWORD });
    expect(first).toMatchObject({
      status: 200,
      body: { secondFactor: 'required', message: STAFF_FACTOR_MESSAGES.codeRequired },
    });
    const pending = cookiesOf(first);
    expect(pending).toMatch(/^store_admin_pending=/);
    // Half signed in is not signed in.
    expect((await get(pending, '/api/admin/session')).status).toBe(401);

    const wrong = await postJson(
      server.url,
      '/api/admin/login/second-factor',
      { code: '123456' },
      { cookie: pending },
    );
    expect(wrong).toMatchObject({ status: 401, body: { message: STAFF_FACTOR_MESSAGES.wrongCode } });
    // The code of the step after this one (the one of this step was taken when the app was added).
    const code = codeOf(secret, 1);
    const second = await postJson(
      server.url,
      '/api/admin/login/second-factor',
      { code },
      { cookie: pending },
    );
    expect(second).toMatchObject({ status: 200, body: { username } });
    const session = cookiesOf(second);
    expect(session).toMatch(/^store_admin_session=/);
    expect((await get(session, '/api/admin/session')).status).toBe(200);
    const { paymentId } = await authorizedPayment(server);
    expect((await capture(session, paymentId)).status).toBe(200);

    // The same code again, on another sign-in: refused.
    const again = cookiesOf(await server.post('/api/admin/login', { username, password: PASSWORD }));
    expect(
      (await postJson(server.url, '/api/admin/login/second-factor', { code }, { cookie: again })).status,
    ).toBe(401);
    // A recovery code, typed any way, once.
    const typed = ` ${recoveryCodes[0]!.toUpperCase()} `;
    expect(
      (await postJson(server.url, '/api/admin/login/second-factor', { code: typed }, { cookie: again }))
        .status,
    ).toBe(200);
    const third = cookiesOf(await server.post('/api/admin/login', { username, password: PASSWORD }));
    expect(
      (await postJson(server.url, '/api/admin/login/second-factor', { code: typed }, { cookie: third }))
        .status,
    ).toBe(401);
    const security = await get(session, '/api/admin/account/security');
    expect(security.body).toMatchObject({ security: { recoveryCodesLeft: 9 } });
    // No pending sign-in: nothing to complete.
    expect(await server.post('/api/admin/login/second-factor', { code: codeOf(secret, 2) })).toMatchObject({
      status: 401,
      body: { message: STAFF_FACTOR_MESSAGES.noPendingSignIn },
    });
    const { rows } = await server.database.sql.query<{ detail: string }>(
      "select detail from audit_events where actor = $1 and action in ('login', 'recovery_code_used') order by at, id",
      [username],
    );
    expect(rows.map((row) => row.detail)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/, with authenticator$/),
        'a recovery code was used; 9 left',
        expect.stringMatching(/, with recovery code$/),
        expect.stringMatching(/^wrong authenticator code/),
      ]),
    );
  });

  it('slows wrong codes like wrong passwords', async () => {
    const { username } = await managerWithAuthenticator('mo');
    const pending = cookiesOf(await server.post('/api/admin/login', { username, password: PASSWORD }));
    const statuses: number[] = [];
    await withStoreClockStill(async () => {
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const answer = await postJson(
          server.url,
          '/api/admin/login/second-factor',
          { code: String(100000 + attempt) },
          { cookie: pending },
        );
        statuses.push(answer.status);
      }
    });
    // The password's success cleared the count: five free tries, then waits.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toContain(429);
  });

  it('asks for the code again before moving money 15 minutes after it was last proved', async () => {
    const { secret, cookie } = await managerWithAuthenticator('meg');
    const { paymentId } = await authorizedPayment(server);
    await server.database.sql.query(
      "update sessions set second_factor_at = now() - interval '16 minutes' where username = 'meg'",
    );
    expect(await capture(cookie, paymentId)).toMatchObject({
      status: 403,
      body: { error: 'step_up_required', message: STAFF_FACTOR_MESSAGES.stepUp },
    });
    expect(await as(cookie, '/api/admin/step-up', { code: '111111' })).toMatchObject({
      status: 400,
      body: { message: STAFF_FACTOR_MESSAGES.wrongCode },
    });
    expect((await as(cookie, '/api/admin/step-up', { code: codeOf(secret, 1) })).status).toBe(200);
    expect((await capture(cookie, paymentId)).status).toBe(200);
  });

  it('removes the authenticator with a code, and new recovery codes replace the old', async () => {
    const { username, secret, cookie, recoveryCodes } = await managerWithAuthenticator('mae');
    const renewed = await as(cookie, '/api/admin/account/recovery-codes', { code: recoveryCodes[1] });
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[2]);
    expect(
      await as(cookie, '/api/admin/account/authenticator/remove', { code: recoveryCodes[2] }),
    ).toMatchObject({
      status: 400,
    });
    expect(
      (await as(cookie, '/api/admin/account/authenticator/remove', { code: codeOf(secret, 1) })).status,
    ).toBe(200);
    const signIn = await server.post('/api/admin/login', { username, password: PASSWORD });
    expect(signIn.body.secondFactor).toBeUndefined();
    // Without a second factor again, money waits for a new one.
    const { paymentId } = await authorizedPayment(server);
    expect(await capture(cookie, paymentId)).toMatchObject({
      status: 403,
      body: { message: STAFF_FACTOR_MESSAGES.required },
    });
  });
});

describe('the second-factor settings', () => {
  it('ask owners and managers by default, and for the factor again after 15 minutes or ADMIN_STEP_UP_MINUTES', () => {
    expect(loadConfig({}).staffSecondFactor).toEqual({
      policy: 'owners-and-managers',
      stepUpMs: 15 * 60_000,
    });
    expect(loadConfig({ STAFF_SECOND_FACTOR: 'off', ADMIN_STEP_UP_MINUTES: '5' }).staffSecondFactor).toEqual({
      policy: 'off',
      stepUpMs: 5 * 60_000,
    });
    for (const minutes of ['0', '16', '2.5']) {
      expect(() => loadConfig({ ADMIN_STEP_UP_MINUTES: minutes })).toThrow(
        minutes === '2.5'
          ? 'ADMIN_STEP_UP_MINUTES must be a whole number'
          : 'ADMIN_STEP_UP_MINUTES must be between 1 and 15',
      );
    }
  });

  it('takes a proof as long as the window set, and refuses it once past', () => {
    const provedAgo = (ms: number) => ({ hasSecondFactor: true, secondFactorAt: new Date(Date.now() - ms) });
    expect(() => requireRecentSecondFactor(provedAgo(50_000), 60_000)).not.toThrow();
    expect(() => requireRecentSecondFactor(provedAgo(70_000), 60_000)).toThrow(STAFF_FACTOR_MESSAGES.stepUp);
    expect(() => requireRecentSecondFactor(provedAgo(70_000), 15 * 60_000)).not.toThrow();
    // Nobody without a factor is asked to prove one here: the policy's own check refuses them first.
    expect(() =>
      requireRecentSecondFactor({ hasSecondFactor: false, secondFactorAt: null }, 60_000),
    ).not.toThrow();
  });
});
