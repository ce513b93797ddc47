import { transactionLabel, type AdminTransaction } from '@store/core';
import { describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../gateway/payment-gateway';
import { answersLost } from '../testing/faulty-gateway';
import {
  adminCookie,
  authorizedPayment,
  capturedPayment,
  settleSandbox,
  startTestServer,
  testDatabaseKinds,
  useAdminSession,
  useTestServer,
  type Answer,
  type TestServer,
} from '../testing/test-server';
import { runHousekeeping } from './upkeep';
import { refundPayment } from './money/commands';
import { reconcilePendingOperations } from './money/reconciliation';
import {
  CHARGE_SETTLED_MESSAGE,
  REFUND_BEFORE_SETTLEMENT_REFUSED,
  REFUND_SCHEDULED_MESSAGE,
} from './money/refund-policy';
import { catchUpWithSettlement, followSettlement, sendScheduledRefunds } from './money/settlement';
import { settleSandboxNow } from './money/sandbox-settle';

/**
 * Refunds around settlement against a merchant account as CardPointe sets them up by default (no refunds of
 * unsettled captures): a part refunded the same day is scheduled and sent once the capture settles, a
 * charge is cancelled before settlement and not after, and a merchant who prefers it has such refunds
 * refused. Over HTTP, on PGlite and PostgreSQL.
 */
describe.each(testDatabaseKinds())('refunds around settlement, on $name', (kind) => {
  // Upkeep runs here only when a test runs it, so that no pass of its own sends a refund first.
  const server = useTestServer(kind, {}, { upkeep: false });
  const admin = useAdminSession(server);

  const deps = (gateway: PaymentGateway = server.gateway) => ({ orm: server.database.orm, gateway });

  const captured = () => capturedPayment(server, admin.cookie);
  const refund = (paymentId: string, amount: number, headers?: Record<string, string>) =>
    admin.post('/api/admin/refund', { transaction: { paymentId }, amount }, headers);
  const cancelCharge = (paymentId: string) =>
    admin.post('/api/admin/cancel-charge', { payment: { paymentId } });

  const timelineOf = async (orderId: string) => {
    const answer = await fetch(`${server.url}/api/admin/orders/${orderId}`, {
      headers: { cookie: admin.cookie },
    });
    return ((await answer.json()) as { order: { timeline: { title: string; tone: string }[] } }).order
      .timeline;
  };
  const history = async (orderId: string) =>
    (await admin.post('/api/admin/transactions', { search: orderId })).body
      .transactions as AdminTransaction[];

  const refundsOf = async (paymentId: string) =>
    (
      await server.database.sql.query<{ status: string; method: string | null; amount_cents: number }>(
        "select status, method, amount_cents from money_operations where payment_id = $1 and kind = 'refund' order by created_at",
        [paymentId],
      )
    ).rows;

  /** What the gateway itself holds for the payment: captured and refunded cents, and its refunds. */
  async function atGateway(paymentId: string) {
    const { rows } = await server.database.sql.query<{ retref: string }>(
      'select retref from payments where id = $1',
      [paymentId],
    );
    const record = await server.gateway.inquire(rows[0]!.retref);
    if (!record.ok) throw new Error(record.message);
    return record.value;
  }

  /** Upkeep after the batch closed, an hour on: it learns the settlement, then sends what waited for it. */
  async function upkeepAfterSettlement() {
    // Right after the batch closed: the day is asked about again, whenever it was last.
    await followSettlement(deps(), { limit: 50, recheckAfterMs: 0 });
    return sendScheduledRefunds(deps(), { limit: 50 });
  }

  it('schedules a same-day partial refund, keeps its amount reserved, and sends it once the capture settles', async () => {
    const { orderId, paymentId } = await captured();
    const answer = await refund(paymentId, 8.2);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'success',
      message: REFUND_SCHEDULED_MESSAGE,
      refund: { amount: 8.2, refundableAmount: 60, scheduled: true },
    });
    expect(await refundsOf(paymentId)).toEqual([
      { status: 'scheduled', method: 'refund', amount_cents: 820 },
    ]);
    // Nothing moved at the gateway yet.
    expect((await atGateway(paymentId)).refundedAmountCents ?? 0).toBe(0);

    // The console shows it waiting, and counts it out of what is still refundable.
    const rows = await history(orderId);
    const scheduledRow = rows.find((row) => row.refundType === 'refund');
    expect(scheduledRow).toMatchObject({ refundState: 'scheduled', amount: 8.2 });
    expect(transactionLabel(scheduledRow!)).toBe('Scheduled Refund');
    const paymentRow = rows.find((row) => row.refundType !== 'refund');
    expect(paymentRow).toMatchObject({
      scheduledRefundAmount: 8.2,
      refundableAmount: 60,
      isPartialRefund: false,
    });
    expect(transactionLabel(paymentRow!)).toBe('Captured');

    // The money rules hold while it waits: never above what was captured, scheduled or not.
    const over = await refund(paymentId, 60.01);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('The refund cannot exceed the $60.00 still refundable');

    // A pass before settlement sends nothing.
    expect(await sendScheduledRefunds(deps(), { limit: 50 })).toBe(0);
    await settleSandbox(server);
    expect(await upkeepAfterSettlement()).toBe(1);

    expect(await refundsOf(paymentId)).toEqual([
      { status: 'succeeded', method: 'refund', amount_cents: 820 },
    ]);
    expect((await atGateway(paymentId)).refundedAmountCents).toBe(820);
    const after = await history(orderId);
    const doneRow = after.find((row) => row.refundType === 'refund');
    expect(doneRow?.refundState).toBeUndefined();
    expect(transactionLabel(doneRow!)).toBe('Demo Refund');
    expect(after.find((row) => row.refundType !== 'refund')).toMatchObject({
      isPartialRefund: true,
      refundAmount: 8.2,
      refundableAmount: 60,
    });
    const audit = await admin.post('/api/admin/audit-log', {});
    expect(JSON.stringify(audit.body)).toContain('scheduled refund sent after settlement: approved');
    // The order's timeline tells the refund once as scheduled and once as sent, never as two refunds.
    const titles = (await timelineOf(orderId)).filter((step) => step.title.startsWith('Refund $8.20'));
    expect(titles).toEqual([
      expect.objectContaining({ title: 'Refund $8.20 scheduled', tone: 'warning' }),
      expect.objectContaining({ title: 'Refund $8.20' }),
    ]);

    // Once settled, a refund goes straight through.
    const now = await refund(paymentId, 10);
    expect(now.body.message).toBe('Refund processed');
    expect((await atGateway(paymentId)).refundedAmountCents).toBe(1820);
  });

  it('answers a retried request for a scheduled refund from the first one, never scheduling twice', async () => {
    const { paymentId } = await captured();
    const headers = { 'idempotency-key': `retry-${paymentId}` };
    const first = await refund(paymentId, 5, headers);
    const again = await refund(paymentId, 5, headers);
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(await refundsOf(paymentId)).toHaveLength(1);
  });

  it('a whole refund after a scheduled part is scheduled too: both run after settlement, for what was captured', async () => {
    const { paymentId } = await captured();
    expect((await refund(paymentId, 20)).body.message).toBe(REFUND_SCHEDULED_MESSAGE);
    expect((await refund(paymentId, 48.2)).body.message).toBe(REFUND_SCHEDULED_MESSAGE);
    // Nothing is left to cancel as a whole.
    const cancel = await cancelCharge(paymentId);
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toMatch(/already refunded or scheduled for refund/);
    await settleSandbox(server);
    await upkeepAfterSettlement();
    expect((await refundsOf(paymentId)).map((row) => row.status)).toEqual(['succeeded', 'succeeded']);
    expect((await atGateway(paymentId)).refundedAmountCents).toBe(6820);
  });

  it('settles a scheduled refund whose answer was lost when it was sent, from the gateway, never sending it twice', async () => {
    const { paymentId } = await captured();
    await refund(paymentId, 3);
    await settleSandbox(server);
    const losing = answersLost(server.gateway, 'refund');
    await followSettlement(deps(), { limit: 50, recheckAfterMs: 0 });
    // The answer was lost, but asking the gateway at once finds the refund.
    await sendScheduledRefunds(deps(losing.gateway), { limit: 50 });
    expect(losing.calls).toBe(1);
    expect(await refundsOf(paymentId)).toEqual([
      { status: 'succeeded', method: 'refund', amount_cents: 300 },
    ]);
    await reconcilePendingOperations(deps(losing.gateway), 0);
    await sendScheduledRefunds(deps(losing.gateway), { limit: 50 });
    expect(losing.calls).toBe(1);
    expect((await atGateway(paymentId)).refundedAmountCents).toBe(300);
  });

  it('schedules a same-day refund whose request was lost on the way, once reconciliation finds it was not done', async () => {
    const { paymentId, orderId } = await captured();
    const lost: PaymentGateway = {
      ...server.gateway,
      refund: async () => ({
        ok: false,
        kind: 'unavailable',
        message: 'The payment gateway could not be reached',
      }),
    };
    await expect(refundPayment(deps(lost), { paymentId, amountCents: 700, actor: 'admin' })).rejects.toThrow(
      /did not confirm the refund/,
    );
    expect(await refundsOf(paymentId)).toEqual([{ status: 'pending', method: 'refund', amount_cents: 700 }]);
    // Not a refusal: the operator is not led to refund again.
    expect(await timelineOf(orderId)).toContainEqual(
      expect.objectContaining({ title: 'Refund $7.00: not confirmed yet', tone: 'warning' }),
    );
    await reconcilePendingOperations(deps(), 0);
    expect(await refundsOf(paymentId)).toEqual([
      { status: 'scheduled', method: 'refund', amount_cents: 700 },
    ]);
    await settleSandbox(server);
    await upkeepAfterSettlement();
    expect(await refundsOf(paymentId)).toEqual([
      { status: 'succeeded', method: 'refund', amount_cents: 700 },
    ]);
    expect((await atGateway(paymentId)).refundedAmountCents).toBe(700);
  });

  it('releases a same-day refund lost on the way when the store refuses refunds before settlement: one rule for both', async () => {
    const { paymentId } = await captured();
    const refusing = { ...deps(), refundsBeforeSettlement: 'refuse' as const };
    const lost: PaymentGateway = {
      ...server.gateway,
      refund: async () => ({
        ok: false,
        kind: 'unavailable',
        message: 'The payment gateway could not be reached',
      }),
    };
    await expect(
      refundPayment({ ...refusing, gateway: lost }, { paymentId, amountCents: 700, actor: 'admin' }),
    ).rejects.toThrow(/did not confirm the refund/);
    await reconcilePendingOperations(refusing, 0);
    expect(await refundsOf(paymentId)).toEqual([{ status: 'failed', method: 'refund', amount_cents: 700 }]);
    const { rows } = await server.database.sql.query<{ refunded_cents: number; detail: string }>(
      `select p.refunded_cents, (select detail from audit_events a where a.order_id = p.order_id
         and a.actor = 'reconciliation' order by a.at desc limit 1) as detail
       from payments p where p.id = $1`,
      [paymentId],
    );
    expect(rows[0]).toEqual({
      refunded_cents: 0,
      detail: 'not done at the gateway before settlement; released (refunds before settlement are refused)',
    });
  });

  it('releases a scheduled refund the gateway refuses once sent, and says so in the audit log', async () => {
    const { paymentId } = await captured();
    await refund(paymentId, 4);
    await settleSandbox(server);
    const refusing: PaymentGateway = {
      ...server.gateway,
      refund: async () => ({ ok: false, kind: 'declined', respcode: '43', message: 'Invalid amount' }),
    };
    await followSettlement(deps(), { limit: 50, recheckAfterMs: 0 });
    expect(await sendScheduledRefunds(deps(refusing), { limit: 50 })).toBe(0);
    expect(await refundsOf(paymentId)).toEqual([{ status: 'failed', method: 'refund', amount_cents: 400 }]);
    const { rows } = await server.database.sql.query<{ refunded_cents: number }>(
      'select refunded_cents from payments where id = $1',
      [paymentId],
    );
    expect(rows[0]!.refunded_cents).toBe(0);
    const audit = await admin.post('/api/admin/audit-log', {});
    expect(JSON.stringify(audit.body)).toContain('scheduled refund sent after settlement: Invalid amount');
  });

  it('cancels the charge before settlement: the capture is voided and nothing is charged', async () => {
    const { orderId, paymentId } = await captured();
    const answer = await cancelCharge(paymentId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'success',
      message: 'Charge cancelled: the customer is not charged',
      refund: { amount: 68.2, refundableAmount: 0 },
    });
    expect(await refundsOf(paymentId)).toEqual([{ status: 'succeeded', method: 'void', amount_cents: 6820 }]);
    expect(await atGateway(paymentId)).toMatchObject({ settlement: 'voided' });
    const rows = await history(orderId);
    expect(rows.find((row) => row.refundType === 'refund')).toMatchObject({ refundMethod: 'void' });
    expect(rows.find((row) => row.refundType !== 'refund')).toMatchObject({
      isRefunded: true,
      refundableAmount: 0,
    });
    // Once cancelled, there is nothing left to cancel or refund.
    expect((await cancelCharge(paymentId)).status).toBe(409);
  });

  it('refuses to cancel a settled charge with the reason, whether the store knew it had settled or not', async () => {
    const known = await captured();
    await settleSandbox(server);
    await followSettlement(deps(), { limit: 50, recheckAfterMs: 0 });
    // The second settles in a later batch the store has not asked about yet.
    const unknown = await captured();
    await settleSandbox(server);
    const settledFirst = known;
    const notYetKnown = unknown;

    const refusedEarly = await cancelCharge(settledFirst.paymentId);
    expect(refusedEarly.status).toBe(409);
    expect(refusedEarly.body.message).toBe(CHARGE_SETTLED_MESSAGE);

    // The store has not seen this one settle: the gateway refuses the void (27 Txn Batched), the store gives
    // the same reason, keeps nothing reserved, and now knows the payment settled.
    const refusedByGateway = await cancelCharge(notYetKnown.paymentId);
    expect(refusedByGateway.status).toBe(409);
    expect(refusedByGateway.body.message).toBe(CHARGE_SETTLED_MESSAGE);
    const { rows } = await server.database.sql.query<{ capture_status: string; refunded_cents: number }>(
      'select capture_status, refunded_cents from payments where id = $1',
      [notYetKnown.paymentId],
    );
    expect(rows[0]).toEqual({ capture_status: 'settled', refunded_cents: 0 });
    expect(await atGateway(notYetKnown.paymentId)).toMatchObject({ settlement: 'captured' });
  });

  it('refuses to cancel a payment that was never captured', async () => {
    const { paymentId } = await authorizedPayment(server);
    const answer = await cancelCharge(paymentId);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Only a captured payment has a charge to cancel');
  });

  it('upkeep does it by itself: housekeeping learns the settlement and sends the waiting refund', async () => {
    const { paymentId } = await captured();
    await refund(paymentId, 2.5);
    await settleSandbox(server);
    // The day's batches were last asked about over an hour ago, so this pass asks again.
    await server.database.sql.query(
      "update gateway_day_checks set checked_at = checked_at - interval '2 hours'",
    );
    await runHousekeeping({ ...deps(), publicUrl: server.config.publicUrl });
    expect(await refundsOf(paymentId)).toEqual([
      { status: 'succeeded', method: 'refund', amount_cents: 250 },
    ]);
  });

  it('closes the sandbox batch from the console in demo mode, then sends what waited for it', async () => {
    const { paymentId } = await captured();
    await refund(paymentId, 1.25);
    const answer = await admin.post('/api/admin/sandbox/settle', {});
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatch(
      /^Sandbox batch closed: \d+ payments? settled, \d+ scheduled refunds? sent$/,
    );
    expect(answer.body.refundsSent).toBeGreaterThanOrEqual(1);
    expect(await refundsOf(paymentId)).toEqual([
      { status: 'succeeded', method: 'refund', amount_cents: 125 },
    ]);
    expect((await server.post('/api/admin/sandbox/settle', {}, {})).status).toBe(401);
  });

  it('says what the close did when upkeep, at the same moment, learned the settlement and sent the refund first', async () => {
    const { paymentId } = await captured();
    await refund(paymentId, 0.75);
    // Upkeep's pass lands between the batch's close and the console's own catch-up.
    const closeThenUpkeep = async () => {
      const { batchId } = await settleSandbox(server);
      await catchUpWithSettlement(deps());
      return { settled: batchId ? 1 : 0 };
    };
    const answer = await settleSandboxNow(deps(), closeThenUpkeep, { daysAgo: 0, actor: 'admin' });
    expect(answer.message).toMatch(
      /^Sandbox batch closed: [1-9]\d* payments? settled, 1 scheduled refund sent$/,
    );
    expect(answer.refundsSent).toBe(1);
    expect(await refundsOf(paymentId)).toEqual([{ status: 'succeeded', method: 'refund', amount_cents: 75 }]);
  });
});

describe.each(testDatabaseKinds())('other merchant settings, on $name', (kind) => {
  /** A store with `environment` and a $68.20 payment captured today: `test` refunds `amount` of it. */
  async function withCapturedPayment(
    environment: Record<string, string>,
    test: (
      refund: (amount: number) => Promise<Answer>,
      server: TestServer,
      paymentId: string,
    ) => Promise<void>,
  ) {
    const server = await startTestServer(await kind.create(), environment);
    try {
      const cookie = await adminCookie(server.url);
      const { paymentId } = await capturedPayment(server, cookie);
      const refund = (amount: number) =>
        server.post('/api/admin/refund', { transaction: { paymentId }, amount }, { cookie });
      await test(refund, server, paymentId);
    } finally {
      await server.close();
      await server.database.close();
    }
  }

  it('refuses a same-day partial refund with the explanation when the store is set to refuse them', () =>
    withCapturedPayment({ REFUNDS_BEFORE_SETTLEMENT: 'refuse' }, async (refund, server, paymentId) => {
      const answer = await refund(5);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(REFUND_BEFORE_SETTLEMENT_REFUSED);
      const { rows } = await server.database.sql.query<{ refunded_cents: number }>(
        'select refunded_cents from payments where id = $1',
        [paymentId],
      );
      expect(rows[0]!.refunded_cents).toBe(0);
      // A whole refund still works, as a cancelled charge.
      const whole = await refund(68.2);
      expect(whole.body.message).toBe('Refunded in full by cancelling the charge before settlement');
    }));

  it('sends a same-day partial refund at once for a merchant account that takes unsettled refunds', () =>
    withCapturedPayment({ SANDBOX_UNSETTLED_REFUNDS: 'true' }, async (refund) => {
      const answer = await refund(5);
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe('Refund processed');
      expect((answer.body.refund as Record<string, unknown>).scheduled).toBeUndefined();
    }));
});
