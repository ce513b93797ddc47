import { mayDo, notAllowedMessage, rightsOf, STAFF_ROLES, type StaffRole } from '@store/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, setAdminRole } from '../../services/accounts/admin-accounts';
import { OPERATIONS } from '../../http/operations';
import {
  adminCookie,
  capturedPayment,
  settleSandbox,
  TEST_PUBLIC_URL,
  testDatabaseKinds,
  useTestServer,
} from '../../testing/test-server';

const PASSWORD = 'a staff password of some length';

/** Every console call that needs a right, from the one table the server checks (operations.ts). */
const GUARDED = Object.entries(OPERATIONS).flatMap(([route, declared]) => {
  if (declared.caller !== 'admin' || !declared.right) return [];
  const [method, path] = route.split(' ') as [string, string];
  return [{ route, method, path, right: declared.right }];
});

/** A path's parameters filled with values of the right shape (nothing they name need exist). */
function concrete(path: string): string {
  return path
    .replace(':orderId', 'CC-AAAAAAAAAAAA')
    .replace(':day', '2026-11-02')
    .replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
}

describe.each(testDatabaseKinds())('staff roles on $name', (kind) => {
  const server = useTestServer(kind);
  const cookies = {} as Record<StaffRole, string>;

  beforeAll(async () => {
    for (const role of STAFF_ROLES) {
      await createAdmin(server.database.orm, `staff-${role}`, PASSWORD, role);
      cookies[role] = await adminCookie(server.url, { username: `staff-${role}`, password: PASSWORD });
    }
  });

  const call = (role: StaffRole, method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        cookie: cookies[role],
        origin: TEST_PUBLIC_URL,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('covers every console call but signing out and one’s own session and second factor', () => {
    const unguarded = Object.entries(OPERATIONS)
      .filter(([, declared]) => declared.caller === 'admin' && !declared.right)
      .map(([route]) => route);
    expect(unguarded.sort()).toEqual([
      'GET /api/admin/account/security',
      'GET /api/admin/session',
      'POST /api/admin/account/authenticator',
      'POST /api/admin/account/authenticator/confirm',
      'POST /api/admin/account/authenticator/remove',
      'POST /api/admin/account/passkeys',
      'POST /api/admin/account/passkeys/options',
      'POST /api/admin/account/passkeys/remove',
      'POST /api/admin/account/recovery-codes',
      'POST /api/admin/logout',
      'POST /api/admin/step-up',
      'POST /api/admin/step-up/passkey',
      'POST /api/admin/step-up/passkey/options',
    ]);
    expect(GUARDED.length).toBeGreaterThanOrEqual(25);
  });

  it.each(GUARDED)(
    '$route: refused with 403 to a role without "$right", before its body is read',
    async (entry) => {
      for (const role of STAFF_ROLES) {
        // An empty body: a call let through answers its own 400 (or 200/404), never 401 or 403.
        const answer = await call(
          role,
          entry.method,
          concrete(entry.path),
          entry.method === 'GET' ? undefined : {},
        );
        const said = answer.headers.get('content-type')?.includes('json') ? await answer.json() : undefined;
        if (mayDo(role, entry.right)) {
          expect([401, 403], `${role} on ${entry.route}: ${JSON.stringify(said)}`).not.toContain(
            answer.status,
          );
        } else {
          expect(answer.status, `${role} on ${entry.route}`).toBe(403);
          expect(said).toMatchObject({ message: notAllowedMessage(role, entry.right) });
        }
      }
    },
  );

  it('a refund refused to a clerk changes nothing, and the same refund by a manager goes through', async () => {
    const { paymentId } = await capturedPayment(server, cookies.owner);
    await settleSandbox(server);
    const moneyOf = async () =>
      (
        await server.database.sql.query(
          'select status, amount_cents from money_operations where payment_id = $1 order by created_at',
          [paymentId],
        )
      ).rows;
    const before = await moneyOf();
    const refused = await call('clerk', 'POST', '/api/admin/refund', {
      transaction: { paymentId },
      amount: 1,
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: 'Your role (Clerk) may not refund payments.' });
    expect(await moneyOf()).toEqual(before);

    const refunded = await call('manager', 'POST', '/api/admin/refund', {
      transaction: { paymentId },
      amount: 1,
    });
    expect(refunded.status, JSON.stringify(await refunded.clone().json())).toBe(200);
    expect((await moneyOf()).length).toBe(before.length + 1);
  });

  it('tells the console who is signed in, with the role and its rights', async () => {
    for (const role of STAFF_ROLES) {
      const answer = await call(role, 'GET', '/api/admin/session');
      expect(await answer.json()).toEqual({
        status: 'success',
        username: `staff-${role}`,
        role,
        rights: [...rightsOf(role)],
        idleSeconds: 15 * 60,
      });
    }
  });

  it('a changed role counts from the next request; the last owner stays an owner', async () => {
    await createAdmin(server.database.orm, 'staff-changing', PASSWORD, 'viewer');
    const cookie = await adminCookie(server.url, { username: 'staff-changing', password: PASSWORD });
    const exportCsv = () =>
      fetch(`${server.url}/api/admin/transactions.csv`, { headers: { cookie, origin: TEST_PUBLIC_URL } });
    expect((await exportCsv()).status).toBe(403);
    await setAdminRole(server.database.orm, 'staff-changing', 'manager');
    expect((await exportCsv()).status).toBe(200);

    // The test admin and staff-owner are owners: one may go, the other then may not.
    await setAdminRole(server.database.orm, 'admin', 'viewer');
    await expect(setAdminRole(server.database.orm, 'staff-owner', 'manager')).rejects.toThrow(
      /only owner stays an enabled owner: make another person an owner first/,
    );
    await setAdminRole(server.database.orm, 'admin', 'owner');
    await expect(setAdminRole(server.database.orm, 'staff-nobody', 'owner')).rejects.toThrow(
      /no admin named/,
    );
    await expect(setAdminRole(server.database.orm, 'staff-changing', 'king')).rejects.toThrow(
      /A role is one of/,
    );
  });

  it('never leaves the store without an owner when two demotions race', async () => {
    await createAdmin(server.database.orm, 'staff-owner-two', PASSWORD, 'owner');
    // Owners now: admin, staff-owner, staff-owner-two. Demote all three at once: one must be refused.
    const outcomes = await Promise.allSettled(
      ['admin', 'staff-owner', 'staff-owner-two'].map((name) =>
        setAdminRole(server.database.orm, name, 'manager'),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(1);
    const { rows } = await server.database.sql.query<{ count: number }>(
      "select count(*)::int as count from admins where role = 'owner'",
    );
    expect(rows[0]!.count).toBe(1);
    for (const name of ['admin', 'staff-owner', 'staff-owner-two']) {
      await setAdminRole(server.database.orm, name, 'owner');
    }
  });

  it('the API document says which right, and so which roles, each console call needs', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { description?: string; 'x-staff-right'?: string }>>;
    };
    const refund = document.paths['/api/admin/refund']!.post!;
    expect(refund['x-staff-right']).toBe('refund');
    expect(refund.description).toContain('Needs the right "refund": Owner, Manager.');
    const ship = document.paths['/api/admin/orders/{orderId}/ship']!.post!;
    expect(ship.description).toContain('Owner, Manager, Clerk.');
  });
});
