import { REFUND_APPROVAL_MESSAGES, type AdminOrderResponse, type RefundApproval } from '@store/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../db/test-database';
import { createAdmin } from '../../services/accounts/admin-accounts';
import { sendApprovedRefundsLeftBehind } from '../../services/money/refund-approvals';
import {
  adminCookie,
  capturedPayment,
  postJson,
  settleSandbox,
  testDatabaseKinds,
  useSecondServer,
  useTestServer,
  type TestServer,
} from '../../testing/test-server';

const PASSWORD = 'a staff password of some length';

/** People of the store: who asks for refunds, who approves them, and who may not. */
async function staffOf(server: TestServer) {
  const cookies: Record<string, string> = {};
  for (const [username, role] of [
    ['riley', 'manager'],
    ['morgan', 'manager'],
    ['casey', 'clerk'],
  ] as const) {
    await createAdmin(server.database.orm, username, PASSWORD, role);
    cookies[username] = await adminCookie(server.url, { username, password: PASSWORD });
  }
  cookies.admin = await adminCookie(server.url);
  return cookies;
}

/**
 * Refunds above the approval limit (decision 058), here $50: the refund becomes a request that another
 * manager or the owner approves (the refund is then sent once) or declines with the reason. On PGlite and
 * PostgreSQL.
 */
describe.each(testDatabaseKinds())('refunds above the approval limit on $name', (kind) => {
  const server = useTestServer(kind, { REFUND_APPROVAL_ABOVE: '50' }, { upkeep: false });
  let cookies: Record<string, string> = {};
  beforeAll(async () => {
    cookies = await staffOf(server);
  });

  const as = (who: string, path: string, body: unknown = {}) =>
    postJson(server.url, path, body, { cookie: cookies[who] });
  const refund = (who: string, paymentId: string, amount: number, reason?: string) =>
    as(who, '/api/admin/refund', { transaction: { paymentId }, amount, ...(reason ? { reason } : {}) });
  const refundsOf = async (paymentId: string) =>
    (
      await server.database.sql.query<{ amount_cents: number; status: string }>(
        "select amount_cents::int, status from money_operations where payment_id = $1 and kind = 'refund'",
        [paymentId],
      )
    ).rows;
  const settledPayment = async () => {
    const payment = await capturedPayment(server, cookies.admin!);
    await settleSandbox(server);
    return payment;
  };

  it('sends a refund up to the limit at once, and makes one above it a request that refunds nothing yet', async () => {
    const { paymentId, orderId } = await settledPayment();
    expect((await refund('riley', paymentId, 50)).status).toBe(200);
    expect(await refundsOf(paymentId)).toEqual([{ amount_cents: 5000, status: 'succeeded' }]);

    const { paymentId: other, orderId: otherOrder } = await settledPayment();
    const asked = await refund('riley', other, 60, 'Box arrived crushed');
    expect(asked).toMatchObject({
      status: 200,
      body: {
        message:
          'A refund above $50.00 needs a second person: $60.00 is awaiting approval by another manager or the owner',
        refund: { amount: 60, refundableAmount: 68.2 },
        approval: { status: 'pending' },
      },
    });
    expect(await refundsOf(other)).toEqual([]);
    // One request awaiting per payment; one that could never be sent is refused at once.
    expect(await refund('morgan', other, 55)).toMatchObject({
      status: 409,
      body: { message: REFUND_APPROVAL_MESSAGES.onePending },
    });
    expect(await refund('morgan', paymentId, 60)).toMatchObject({
      status: 400,
      body: { message: 'The refund cannot exceed the $18.20 still refundable' },
    });

    // Listed for everyone who reads the console, and on the order's page.
    const list = await as('casey', '/api/admin/refund-approvals', {});
    expect(list.body).toMatchObject({ limit: 50 });
    expect(list.body.approvals).toEqual([
      expect.objectContaining({
        orderId: otherOrder,
        amount: 60,
        reason: 'Box arrived crushed',
        requestedBy: 'riley',
        status: 'pending',
      }),
    ]);
    const page = (await (
      await fetch(`${server.url}/api/admin/orders/${otherOrder}`, { headers: { cookie: cookies.casey! } })
    ).json()) as AdminOrderResponse;
    expect(page.refundApprovals).toEqual([expect.objectContaining({ status: 'pending', amount: 60 })]);
    expect(orderId).not.toBe(otherOrder);
  });

  it('is approved by another manager or the owner only, which sends the refund once and names both', async () => {
    const { paymentId, orderId } = await settledPayment();
    const id = ((await refund('riley', paymentId, 60)).body.approval as { id: string }).id;
    const approve = (who: string) => as(who, `/api/admin/refund-approvals/${id}/approve`);

    expect(await approve('riley')).toMatchObject({
      status: 403,
      body: { message: REFUND_APPROVAL_MESSAGES.ownRequest },
    });
    expect(await approve('casey')).toMatchObject({
      status: 403,
      body: { message: 'Your role (Clerk) may not refund payments.' },
    });
    expect(await refundsOf(paymentId)).toEqual([]);

    const approved = await approve('morgan');
    expect(approved).toMatchObject({
      status: 200,
      body: { approval: { status: 'approved', decidedBy: 'morgan', requestedBy: 'riley' } },
    });
    expect(await refundsOf(paymentId)).toEqual([{ amount_cents: 6000, status: 'succeeded' }]);
    expect(await approve('admin')).toMatchObject({
      status: 409,
      body: { message: REFUND_APPROVAL_MESSAGES.alreadyDecided },
    });
    expect(await refundsOf(paymentId)).toHaveLength(1);

    const { rows } = await server.database.sql.query<{ actor: string; action: string; detail: string }>(
      'select actor, action, detail from audit_events where order_id = $1 order by at, id',
      [orderId],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actor: 'riley', action: 'refund_request' }),
        expect.objectContaining({
          actor: 'morgan',
          action: 'refund_approve',
          detail: 'refund asked for by riley approved',
        }),
        expect.objectContaining({
          actor: 'riley',
          action: 'refund',
          detail: expect.stringMatching(/^approved by morgan: /),
        }),
      ]),
    );
  });

  it('is declined with the reason, or withdrawn by its requester only', async () => {
    const { paymentId } = await settledPayment();
    const first = ((await refund('riley', paymentId, 60)).body.approval as { id: string }).id;
    expect(await as('admin', `/api/admin/refund-approvals/${first}/decline`, {})).toMatchObject({
      status: 400,
      body: { message: REFUND_APPROVAL_MESSAGES.declineReasonRequired },
    });
    expect(
      await as('admin', `/api/admin/refund-approvals/${first}/decline`, { reason: 'Goods not returned' }),
    ).toMatchObject({
      status: 200,
      body: { approval: { status: 'declined', decidedBy: 'admin', decisionReason: 'Goods not returned' } },
    });

    const second = ((await refund('riley', paymentId, 61)).body.approval as { id: string }).id;
    expect(await as('morgan', `/api/admin/refund-approvals/${second}/withdraw`)).toMatchObject({
      status: 403,
      body: { message: REFUND_APPROVAL_MESSAGES.onlyRequester },
    });
    expect(await as('riley', `/api/admin/refund-approvals/${second}/withdraw`)).toMatchObject({
      status: 200,
      body: { approval: { status: 'cancelled' } },
    });
    expect(await refundsOf(paymentId)).toEqual([]);
    const all = (await as('admin', '/api/admin/refund-approvals', { status: 'all' })).body
      .approvals as RefundApproval[];
    expect(all.filter((row) => row.paymentId === paymentId).map((row) => row.status)).toEqual([
      'cancelled',
      'declined',
    ]);
    expect(await as('admin', '/api/admin/refund-approvals/not-an-id/approve')).toMatchObject({
      status: 400,
      body: { message: REFUND_APPROVAL_MESSAGES.notFound },
    });
  });

  it('makes cancelling a charge above the limit a request too, which cancels it once approved', async () => {
    // Captured, not settled: the charge can still be cancelled.
    const { paymentId } = await capturedPayment(server, cookies.admin!);
    const asked = await as('riley', '/api/admin/cancel-charge', { payment: { paymentId } });
    expect(asked).toMatchObject({
      status: 200,
      body: {
        message:
          'Cancelling a charge of more than $50.00 needs a second person: $68.20 is awaiting approval by another manager or the owner',
        approval: { status: 'pending' },
      },
    });
    expect(await refundsOf(paymentId)).toEqual([]);
    const id = (asked.body.approval as { id: string }).id;
    const approved = await as('morgan', `/api/admin/refund-approvals/${id}/approve`);
    expect(approved).toMatchObject({
      status: 200,
      body: { approval: { method: 'cancel_charge', status: 'approved', amount: 68.2 } },
    });
    const { rows } = await server.database.sql.query<{
      method: string;
      status: string;
      amount_cents: number;
    }>(
      "select method, status, amount_cents::int from money_operations where payment_id = $1 and kind = 'refund'",
      [paymentId],
    );
    expect(rows).toEqual([{ method: 'void', status: 'succeeded', amount_cents: 6820 }]);
  });

  it('sends an approved refund a stopped server left unsent, once', async () => {
    const { paymentId } = await settledPayment();
    const id = ((await refund('riley', paymentId, 62)).body.approval as { id: string }).id;
    // Approved, and the server stopped before the refund was reserved.
    await server.database.sql.query(
      "update refund_approvals set status = 'approved', decided_by = 'morgan', decided_at = now() - interval '2 minutes' where id = $1",
      [id],
    );
    const deps = {
      orm: server.database.orm,
      gateway: server.gateway,
      refundsBeforeSettlement: 'schedule' as const,
    };
    expect(await sendApprovedRefundsLeftBehind(deps)).toBe(1);
    expect(await sendApprovedRefundsLeftBehind(deps)).toBe(0);
    expect(await refundsOf(paymentId)).toEqual([{ amount_cents: 6200, status: 'succeeded' }]);
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

/** Two approvers on two server processes, at once: one approval, one refund at the gateway. */
describe.skipIf(!postgresUrl)('approvals across two servers on PostgreSQL', () => {
  const server = useTestServer(
    { name: 'PostgreSQL', create: () => createPostgresTestDatabase(postgresUrl!) },
    { REFUND_APPROVAL_ABOVE: '50' },
    { upkeep: false },
  );
  const second = useSecondServer(server, { REFUND_APPROVAL_ABOVE: '50' });
  let cookies: Record<string, string> = {};
  beforeAll(async () => {
    cookies = await staffOf(server);
  });

  it('twenty approvals by two people on two servers send the refund once', async () => {
    const { paymentId } = await capturedPayment(server, cookies.admin!);
    await settleSandbox(server);
    const asked = await postJson(
      server.url,
      '/api/admin/refund',
      { transaction: { paymentId }, amount: 60 },
      { cookie: cookies.riley },
    );
    const id = (asked.body.approval as { id: string }).id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        postJson(
          index % 2 ? second.url : server.url,
          `/api/admin/refund-approvals/${id}/approve`,
          {},
          { cookie: index % 4 < 2 ? cookies.morgan : cookies.admin },
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19);
    const { rows } = await server.database.sql.query<{ ours: number; gateway: number; refunded: number }>(
      `select (select count(*)::int from money_operations o where o.payment_id = p.id and o.kind = 'refund') as ours,
         (select count(*)::int from sandbox_gateway.transactions r where r.parent_retref = p.retref) as gateway,
         p.refunded_cents::int as refunded
       from payments p where p.id = $1`,
      [paymentId],
    );
    expect(rows[0]).toEqual({ ours: 1, gateway: 1, refunded: 6000 });
  });
});
