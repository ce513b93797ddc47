import { describe, expect, it } from 'vitest';
import { IDLE_HEADER } from '../../http/admin-session';
import { loadConfig } from '../../config';
import { adminCookie, TEST_PUBLIC_URL, testDatabaseKinds, useTestServer } from '../../testing/test-server';

/**
 * A console session ends after its idle minutes (decision 057; PCI DSS 4.0.1 8.2.8): what counts is what
 * the console's person did, which the console says with each call; a list that refreshes by itself keeps
 * nobody signed in. On PGlite and PostgreSQL, with a 5-minute limit.
 */
describe.each(testDatabaseKinds())('idle console sessions on $name', (kind) => {
  const server = useTestServer(kind, { ADMIN_IDLE_MINUTES: '5' }, { upkeep: false });

  const session = (cookie: string, idleMs?: number) =>
    fetch(`${server.url}/api/admin/session`, {
      headers: {
        cookie,
        origin: TEST_PUBLIC_URL,
        ...(idleMs === undefined ? {} : { [IDLE_HEADER]: String(idleMs) }),
      },
    });
  /** Moves the session's last activity `minutes` into the past, as if that long had gone by. */
  const idleFor = async (minutes: number) => {
    await server.database.sql.query(
      `update sessions set last_active_at = now() - interval '${minutes} minutes' where kind = 'admin'`,
    );
  };
  const lastActiveMinutesAgo = async () => {
    const { rows } = await server.database.sql.query<{ minutes: number }>(
      "select extract(epoch from now() - last_active_at)::float8 / 60 as minutes from sessions where kind = 'admin'",
    );
    return Number(rows[0]?.minutes);
  };

  it('ends a session idle longer than its limit, and says the limit to the console', async () => {
    const cookie = await adminCookie(server.url);
    const answer = await session(cookie);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ idleSeconds: 300 });

    await idleFor(4.5);
    // The console's lists refresh by themselves: a call that says its person is idle keeps nobody signed in.
    expect((await session(cookie, 4.5 * 60_000)).status).toBe(200);
    expect(await lastActiveMinutesAgo()).toBeGreaterThan(4.4);
    // The person does something: the session's clock starts again.
    expect((await session(cookie, 0)).status).toBe(200);
    expect(await lastActiveMinutesAgo()).toBeLessThan(0.1);

    await idleFor(5.1);
    expect((await session(cookie)).status).toBe(401);
    // Ended on the server: no later activity brings it back.
    const { rows } = await server.database.sql.query("select 1 from sessions where kind = 'admin'");
    expect(rows).toHaveLength(0);
  });

  it('counts a caller that says nothing as active, and ignores a header it cannot read', async () => {
    const cookie = await adminCookie(server.url);
    await idleFor(3);
    expect((await session(cookie)).status).toBe(200);
    expect(await lastActiveMinutesAgo()).toBeLessThan(0.1);
    await idleFor(3);
    const odd = await fetch(`${server.url}/api/admin/session`, {
      headers: { cookie, origin: TEST_PUBLIC_URL, [IDLE_HEADER]: '-5' },
    });
    expect(odd.status).toBe(200);
    expect(await lastActiveMinutesAgo()).toBeLessThan(0.1);
  });

  it('takes a limit between 2 and 15 minutes', () => {
    expect(loadConfig({}).adminIdleMs).toBe(15 * 60_000);
    expect(() => loadConfig({ ADMIN_IDLE_MINUTES: '16' })).toThrow(
      'ADMIN_IDLE_MINUTES must be between 2 and 15',
    );
    expect(() => loadConfig({ ADMIN_IDLE_MINUTES: '1' })).toThrow(
      'ADMIN_IDLE_MINUTES must be between 2 and 15',
    );
  });
});
