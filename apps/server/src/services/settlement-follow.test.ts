import { transactionLabel, type AdminTransaction } from '@store/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../gateway/payment-gateway';
import { answersLost } from '../testing/faulty-gateway';
import {
  backdateSandboxSettlement,
  capturedPayment,
  settleSandbox,
  testDatabaseKinds,
  useAdminSession,
  useTestServer,
} from '../testing/test-server';
import { refundPayment } from './money/commands';
import { reconcilePendingOperations } from './money/reconciliation';
import { followSettlement, SETTLEMENT_RECHECK_MS } from './money/settlement';

describe.each(testDatabaseKinds())('the store follows settlement, on $name', (kind) => {
  const server = useTestServer(kind);
  const admin = useAdminSession(server);
  let inquiries = 0;
  let dayCalls = 0;
  /** The store's gateway, counting how often settlement is asked about: by day, and payment by payment. */
  let counted: PaymentGateway;

  beforeAll(() => {
    counted = {
      ...server.gateway,
      inquire: (retref) => {
        inquiries += 1;
        return server.gateway.inquire(retref);
      },
      settlementStatus: (day) => {
        dayCalls += 1;
        return server.gateway.settlementStatus(day);
      },
    };
  });

  const follow = (now: Date, limit = 50) =>
    followSettlement({ orm: server.database.orm, gateway: counted }, { now, limit });

  const captured = (amount?: number) => capturedPayment(server, admin.cookie, amount);
  const refund = (paymentId: string, amount: number) =>
    admin.post('/api/admin/refund', { transaction: { paymentId }, amount });

  const historyRow = async (orderId: string, status = 'all') => {
    const answer = await admin.post('/api/admin/transactions', { search: orderId, status });
    return (answer.body.transactions as AdminTransaction[]).find((row) => row.refundType !== 'refund');
  };
  const settlementOf = async (paymentId: string) =>
    (
      await server.database.sql.query<{
        capture_status: string;
        settled_at: Date | null;
        settlement_batch: string | null;
      }>('select capture_status, settled_at, settlement_batch from payments where id = $1', [paymentId])
    ).rows[0]!;

  it("asks about the day's batches at most once an hour, then marks the day's captures settled with their batch", async () => {
    const { orderId, paymentId } = await captured(30);
    const start = new Date(Date.now() + 2 * SETTLEMENT_RECHECK_MS);
    inquiries = 0;
    dayCalls = 0;
    expect((await follow(start)).settled).toBe(0);
    const asked = dayCalls;
    expect(asked).toBeGreaterThan(0);
    // Asked again within the hour: no call at all; and never one payment at a time for a recent capture.
    expect((await follow(new Date(start.getTime() + 60_000))).asked).toBe(0);
    expect(dayCalls).toBe(asked);
    expect(inquiries).toBe(0);

    const { batchId } = await settleSandbox(server);
    expect((await follow(new Date(start.getTime() + SETTLEMENT_RECHECK_MS + 1000))).settled).toBeGreaterThan(
      0,
    );
    const settlement = await settlementOf(paymentId);
    expect(settlement.capture_status).toBe('settled');
    expect(settlement.settled_at).not.toBeNull();
    expect(settlement.settlement_batch).toBe(batchId);
    expect(inquiries).toBe(0);

    // The history still labels it as captured in part once it settled (a settled partial capture is not
    // relabelled "Captured" while it shows $30.00 of $68.20), and says when it settled.
    const row = await historyRow(orderId);
    expect(row).toMatchObject({ captureStatus: 'settled', isPartialCapture: true, captureAmount: 30 });
    expect(transactionLabel(row!)).toBe('Partially Captured');
    expect(row!.settledAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await historyRow(orderId, 'settled')).toBeDefined();
    expect(await historyRow(orderId, 'partially_captured')).toBeDefined();
    expect(await historyRow(orderId, 'captured')).toBeUndefined();

    // A settled payment is refunded like any captured one.
    const refunded = await refund(paymentId, 10);
    expect(refunded.status).toBe(200);
    // And is never asked about again.
    const { rows: before } = await server.database.sql.query<{ settlement_checked_at: Date | null }>(
      'select settlement_checked_at from payments where id = $1',
      [paymentId],
    );
    await follow(new Date(start.getTime() + 3 * SETTLEMENT_RECHECK_MS));
    const { rows: again } = await server.database.sql.query<{ settlement_checked_at: Date | null }>(
      'select settlement_checked_at from payments where id = $1',
      [paymentId],
    );
    expect(again[0]!.settlement_checked_at).toEqual(before[0]!.settlement_checked_at);
  });

  it('asks about a capture alone only once its days are past, at most every six hours, oldest first and bounded', async () => {
    const first = await captured();
    const second = await captured();
    // Captured days ago, as far as the store knows: settlestat's days no longer cover them.
    for (const [paymentId, days] of [
      [first.paymentId, 5],
      [second.paymentId, 4],
    ] as const) {
      await server.database.sql.query(
        `update payments set captured_at = now() - interval '${days} days', settlement_checked_at = null where id = $1`,
        [paymentId],
      );
    }
    await settleSandbox(server);
    // And settled then at the gateway: its batch is no longer among the days the store asks about.
    await backdateSandboxSettlement(server, 4);
    const later = new Date(Date.now() + 10 * SETTLEMENT_RECHECK_MS);
    inquiries = 0;
    await follow(later, 1);
    expect(inquiries).toBe(1);
    // One call, for the oldest capture waiting: the second waits for the next pass.
    expect((await settlementOf(first.paymentId)).capture_status).toBe('settled');
    expect((await settlementOf(second.paymentId)).capture_status).toBe('captured');
    await follow(later, 1);
    expect(inquiries).toBe(2);
    expect((await settlementOf(second.paymentId)).capture_status).toBe('settled');
  });

  const operationsOf = async (paymentId: string) =>
    (
      await server.database.sql.query<{
        method: string | null;
        status: string;
        gateway_retref: string | null;
      }>(
        "select method, status, gateway_retref from money_operations where payment_id = $1 and kind = 'refund' order by created_at",
        [paymentId],
      )
    ).rows;
  const retrefOf = async (paymentId: string) =>
    (
      await server.database.sql.query<{ retref: string }>('select retref from payments where id = $1', [
        paymentId,
      ])
    ).rows[0]!.retref;

  it('refunds a same-day capture in full by voiding it: the charge is cancelled, the history says so', async () => {
    const { orderId, paymentId } = await captured();
    const answer = await refund(paymentId, 68.2);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Refunded in full by cancelling the charge before settlement');
    expect(await operationsOf(paymentId)).toEqual([
      { method: 'void', status: 'succeeded', gateway_retref: null },
    ]);
    const atGateway = await server.gateway.inquire(await retrefOf(paymentId));
    expect(atGateway).toMatchObject({ ok: true, value: { settlement: 'voided' } });
    const refundRow = (
      (await admin.post('/api/admin/transactions', { search: orderId })).body
        .transactions as AdminTransaction[]
    ).find((row) => row.refundType === 'refund');
    expect(refundRow).toMatchObject({ refundMethod: 'void', amount: 68.2 });
    expect(await historyRow(orderId)).toMatchObject({ isRefunded: true });
  });

  it('refunds a whole settled capture with a refund', async () => {
    const settled = await captured();
    await settleSandbox(server);
    await follow(new Date(Date.now() + 20 * SETTLEMENT_RECHECK_MS));
    const answer = await refund(settled.paymentId, 68.2);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Refund processed');
    expect((await operationsOf(settled.paymentId))[0]).toMatchObject({
      method: 'refund',
      status: 'succeeded',
    });
  });

  it('turns the void into a refund when the batch closed before the store knew (27 Txn Batched)', async () => {
    const { paymentId } = await captured();
    await settleSandbox(server);
    const answer = await refund(paymentId, 68.2);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Refund processed');
    const [operation] = await operationsOf(paymentId);
    expect(operation).toMatchObject({ method: 'refund', status: 'succeeded' });
    expect(operation!.gateway_retref).toMatch(/^\d{12}$/);
  });

  it('settles a lost answer on the void path from the gateway\u2019s record, never sending it twice', async () => {
    const { paymentId } = await captured();
    const losing = answersLost(server.gateway, 'voidAuthorization');
    const deps = { orm: server.database.orm, gateway: losing.gateway };
    await expect(
      refundPayment(deps, { paymentId, amountCents: 6820, actor: 'admin' }),
    ).resolves.toMatchObject({
      message: 'Refunded in full by cancelling the charge before settlement',
    });
    expect(losing.calls).toBe(1);
    expect(await operationsOf(paymentId)).toEqual([
      { method: 'void', status: 'succeeded', gateway_retref: null },
    ]);
    await reconcilePendingOperations(deps, 0);
    expect(losing.calls).toBe(1);
  });
});
