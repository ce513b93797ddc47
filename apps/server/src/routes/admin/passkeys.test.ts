import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX_LENGTH, STAFF_FACTOR_MESSAGES } from '@store/core';
import { describe, expect, it } from 'vitest';
import { createAdmin } from '../../services/accounts/admin-accounts';
import { createSoftwarePasskey } from '../../testing/software-passkey';
import {
  adminCookie,
  authorizedPayment,
  postJson,
  TEST_PUBLIC_URL,
  testDatabaseKinds,
  useTestServer,
  type Answer,
} from '../../testing/test-server';

const PASSWORD = 'a staff password of some length';

function sessionCookieOf(answer: Answer): string {
  return (
    answer.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .find((cookie) => cookie.startsWith('store_admin_session=')) ?? ''
  );
}

/**
 * Passkeys (decision 059), through the store's real calls and a software authenticator that signs as a
 * browser's does: added to one's account, a sign-in of their own, a second factor before moving money
 * (step-up with the passkey), each challenge taken once, a cloned key's old counter refused. With
 * STAFF_SECOND_FACTOR=owners-and-managers, on PGlite and PostgreSQL.
 */
describe.each(testDatabaseKinds())('passkeys on $name', (kind) => {
  const server = useTestServer(kind, { STAFF_SECOND_FACTOR: 'owners-and-managers' }, { upkeep: false });

  const as = (cookie: string, path: string, body: unknown = {}) =>
    postJson(server.url, path, body, { cookie });

  /** A manager who added a passkey (named, when `name` is given): their cookie and the passkey. */
  async function managerWithPasskey(username: string, name?: string) {
    await createAdmin(server.database.orm, username, PASSWORD, 'manager');
    const cookie = await adminCookie(server.url, { username, password: PASSWORD });
    const passkey = createSoftwarePasskey(TEST_PUBLIC_URL);
    const options = await as(cookie, '/api/admin/account/passkeys/options');
    expect(options.status).toBe(200);
    const added = await as(cookie, '/api/admin/account/passkeys', {
      response: passkey.register(options.body.options as never),
      ...(name === undefined ? {} : { name }),
    });
    expect(added).toMatchObject({ status: 200, body: { message: 'Your passkey is added' } });
    return { cookie, passkey };
  }

  async function signInWith(passkey: ReturnType<typeof createSoftwarePasskey>) {
    const options = await server.post('/api/admin/passkey/options', {});
    return server.post('/api/admin/passkey/sign-in', {
      response: passkey.authenticate(options.body.options as never),
    });
  }

  it('adds a passkey, which then signs its owner in on its own and lets them move money', async () => {
    const { cookie, passkey } = await managerWithPasskey('pia');
    // Added just now, on the person's device: the money moves in this session.
    const { paymentId } = await authorizedPayment(server);
    expect((await as(cookie, '/api/admin/capture-payment', { payment: { paymentId } })).status).toBe(200);

    const security = await fetch(`${server.url}/api/admin/account/security`, {
      headers: { cookie, origin: TEST_PUBLIC_URL },
    });
    expect(await security.json()).toMatchObject({
      security: { passkeys: [{ label: 'Passkey', lastUsedAt: null }] },
    });

    const signedIn = await signInWith(passkey);
    expect(signedIn).toMatchObject({ status: 200, body: { username: 'pia' } });
    const session = sessionCookieOf(signedIn);
    const other = await authorizedPayment(server);
    expect((await as(session, '/api/admin/capture-payment', { payment: other })).status).toBe(200);
    const { rows } = await server.database.sql.query<{ detail: string }>(
      "select detail from audit_events where actor = 'pia' and action = 'login' order by at desc limit 1",
    );
    expect(rows[0]?.detail).toMatch(/, with passkey$/);
  });

  it('keeps the name the person gives a passkey, and refuses one too long', async () => {
    const { cookie } = await managerWithPasskey('pen', '  Work laptop ');
    const second = createSoftwarePasskey(TEST_PUBLIC_URL);
    const options = await as(cookie, '/api/admin/account/passkeys/options');
    expect(
      await as(cookie, '/api/admin/account/passkeys', {
        response: second.register(options.body.options as never),
        name: 'x'.repeat(PASSKEY_NAME_MAX_LENGTH + 1),
      }),
    ).toMatchObject({ status: 400, body: { message: PASSKEY_MESSAGES.nameTooLong } });
    const security = await fetch(`${server.url}/api/admin/account/security`, {
      headers: { cookie, origin: TEST_PUBLIC_URL },
    });
    expect(await security.json()).toMatchObject({
      security: { passkeys: [{ label: 'Work laptop', lastUsedAt: null }] },
    });
    const { rows } = await server.database.sql.query<{ detail: string }>(
      "select detail from audit_events where actor = 'pen' and action = 'second_factor_add'",
    );
    expect(rows.map((row) => row.detail)).toEqual(['passkey added: Work laptop (passkey)']);
  });

  it('takes each challenge once, and refuses an unknown passkey, one asked by another site, and a clone', async () => {
    const { passkey } = await managerWithPasskey('pat');
    const options = await server.post('/api/admin/passkey/options', {});
    const answer = passkey.authenticate(options.body.options as never);
    expect((await server.post('/api/admin/passkey/sign-in', { response: answer })).status).toBe(200);
    // The same answer again: its challenge was taken.
    expect(await server.post('/api/admin/passkey/sign-in', { response: answer })).toMatchObject({
      status: 401,
      body: { message: PASSKEY_MESSAGES.notRecognised },
    });
    // A passkey the store never saw.
    expect((await signInWith(createSoftwarePasskey(TEST_PUBLIC_URL))).status).toBe(401);
    // Asked by another site's page (a phishing copy of the console): signed for that origin.
    const phished = await server.post('/api/admin/passkey/options', {});
    expect(
      (
        await server.post('/api/admin/passkey/sign-in', {
          response: passkey.authenticate(phished.body.options as never, 'https://console-login.example'),
        })
      ).status,
    ).toBe(401);
    expect((await signInWith(passkey)).status).toBe(200);
    // A clone showing an older counter than the store has seen.
    await server.database.sql.query(
      "update staff_factors set sign_count = 1000 where kind = 'passkey' and admin_id = (select id from admins where username = 'pat')",
    );
    expect((await signInWith(passkey)).status).toBe(401);
  });

  it('confirms a money action with the passkey once the proof is older than 15 minutes', async () => {
    const { cookie, passkey } = await managerWithPasskey('pim');
    await server.database.sql.query(
      "update sessions set second_factor_at = now() - interval '16 minutes' where username = 'pim'",
    );
    const { paymentId } = await authorizedPayment(server);
    expect(await as(cookie, '/api/admin/capture-payment', { payment: { paymentId } })).toMatchObject({
      status: 403,
      body: { error: 'step_up_required', message: STAFF_FACTOR_MESSAGES.stepUp },
    });
    // Removing the passkey needs the same recent proof.
    const security = (await (
      await fetch(`${server.url}/api/admin/account/security`, {
        headers: { cookie, origin: TEST_PUBLIC_URL },
      })
    ).json()) as { security: { passkeys: { id: string }[] } };
    const passkeyId = security.security.passkeys[0]!.id;
    expect((await as(cookie, '/api/admin/account/passkeys/remove', { id: passkeyId })).status).toBe(403);

    const options = await as(cookie, '/api/admin/step-up/passkey/options');
    expect(
      (
        await as(cookie, '/api/admin/step-up/passkey', {
          response: passkey.authenticate(options.body.options as never),
        })
      ).status,
    ).toBe(200);
    expect((await as(cookie, '/api/admin/capture-payment', { payment: { paymentId } })).status).toBe(200);
    expect(await as(cookie, '/api/admin/account/passkeys/remove', { id: passkeyId })).toMatchObject({
      status: 200,
    });
    // Without a factor left, the person must add one before moving money again.
    const next = await authorizedPayment(server);
    expect(await as(cookie, '/api/admin/capture-payment', { payment: next })).toMatchObject({
      status: 403,
      body: { message: STAFF_FACTOR_MESSAGES.required },
    });
  });
});
