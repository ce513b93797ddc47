import type { AdminPayment, AdminTransaction } from '@store/core';
import { describe, expect, it } from 'vitest';
import {
  authorizedPayment,
  settleSandbox,
  testDatabaseKinds,
  useAdminSession,
  useTestServer,
} from '../testing/test-server';
import { runMaintenance } from './upkeep';

/**
 * The gateway is the source of truth: what is done to a payment at the gateway itself (its merchant portal,
 * another integration) is adopted by the store, audited as changed at the gateway, and explained to the
 * operator, instead of leaving the payment stuck in Pending Payments.
 */
describe.each(testDatabaseKinds())('the gateway is the source of truth, on $name', (kind) => {
  const server = useTestServer(kind);
  const call = useAdminSession(server).post;

  async function paymentRow(paymentId: string) {
    const { rows } = await server.database.sql.query<{
      retref: string;
      capture_status: string;
      captured_cents: number;
      refunded_cents: number;
    }>('select retref, capture_status, captured_cents, refunded_cents from payments where id = $1', [
      paymentId,
    ]);
    return rows[0]!;
  }

  async function gatewayAudit(orderId: string) {
    const { rows } = await server.database.sql.query<{ actor: string; detail: string; amount_cents: number }>(
      "select actor, detail, amount_cents from audit_events where order_id = $1 and action = 'changed_at_gateway' order by at",
      [orderId],
    );
    return rows;
  }

  async function pendingIds(): Promise<string[]> {
    const answer = await call('/api/admin/payments', { limit: 500 });
    return (answer.body.payments as AdminPayment[]).map((payment) => payment.paymentId);
  }

  it('voided at the gateway, then captured from the console: the void is adopted and explained', async () => {
    const { orderId, paymentId } = await authorizedPayment(server);
    const { retref } = await paymentRow(paymentId);
    expect((await server.gateway.voidAuthorization({ retref })).ok).toBe(true);
    expect(await pendingIds()).toContain(paymentId);

    const answer = await call('/api/admin/capture-payment', { payment: { paymentId } });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'This payment was already voided at the gateway, outside this store. It no longer awaits capture.',
    );
    expect(await paymentRow(paymentId)).toMatchObject({ capture_status: 'voided', captured_cents: 0 });
    expect(await gatewayAudit(orderId)).toEqual([
      { actor: 'gateway', detail: 'voided at the gateway, outside this store', amount_cents: 6820 },
    ]);
    expect(await pendingIds()).not.toContain(paymentId);
    const transactions = (await call('/api/admin/transactions', { search: orderId })).body
      .transactions as AdminTransaction[];
    expect(transactions[0]?.captureStatus).toBe('voided');
  });

  it('captured and settled at the gateway, then voided from the console: the capture is adopted and can be refunded', async () => {
    const { orderId, paymentId } = await authorizedPayment(server);
    const { retref } = await paymentRow(paymentId);
    expect((await server.gateway.capture({ retref, amountCents: 5000 })).ok).toBe(true);
    // Once settled, the gateway refuses the void (27 Txn Batched) and says what happened instead.
    await settleSandbox(server);

    const answer = await call('/api/admin/void-payment', { payment: { paymentId } });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'This payment was already captured at the gateway ($50.00), outside this store. It now shows as captured; refund it if the money must go back.',
    );
    expect(await paymentRow(paymentId)).toMatchObject({
      capture_status: 'partially_captured',
      captured_cents: 5000,
    });
    expect((await gatewayAudit(orderId))[0]).toMatchObject({
      actor: 'gateway',
      detail: 'captured ($50.00) at the gateway, outside this store',
      amount_cents: 5000,
    });
    expect(await pendingIds()).not.toContain(paymentId);

    const refund = await call('/api/admin/refund', { transaction: { paymentId }, amount: 50 });
    expect(refund.status).toBe(200);
    expect(await paymentRow(paymentId)).toMatchObject({ refunded_cents: 5000 });
  });

  it('refunded at the gateway, then refunded in full from the console: the gateway refund is recorded', async () => {
    const { orderId, paymentId } = await authorizedPayment(server);
    expect((await call('/api/admin/capture-payment', { payment: { paymentId } })).status).toBe(200);
    const { retref } = await paymentRow(paymentId);
    // The merchant refunds part at the gateway once the payment has settled there.
    await settleSandbox(server);
    expect((await server.gateway.refund({ retref, amountCents: 1000 })).ok).toBe(true);

    const answer = await call('/api/admin/refund', { transaction: { paymentId }, amount: 68.2 });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      '$10.00 of this payment was already refunded at the gateway, outside this store. The history now shows it.',
    );
    expect(await paymentRow(paymentId)).toMatchObject({ captured_cents: 6820, refunded_cents: 1000 });
    const rows = (await call('/api/admin/transactions', { search: orderId })).body
      .transactions as AdminTransaction[];
    expect(rows.filter((row) => row.refundType === 'refund').map((row) => row.amount)).toEqual([10]);
    expect(rows.find((row) => row.refundType !== 'refund')?.refundableAmount).toBe(58.2);

    // The rest can still be given back, once; nothing above what was captured.
    expect((await call('/api/admin/refund', { transaction: { paymentId }, amount: 58.2 })).status).toBe(200);
    expect(await paymentRow(paymentId)).toMatchObject({ refunded_cents: 6820 });
  });

  it('upkeep finds a payment voided at the gateway with no one touching it, and adopts it once', async () => {
    const { orderId, paymentId } = await authorizedPayment(server);
    const untouched = await authorizedPayment(server);
    const { retref } = await paymentRow(paymentId);
    expect((await server.gateway.voidAuthorization({ retref })).ok).toBe(true);

    const deps = { orm: server.database.orm, gateway: server.gateway, publicUrl: server.config.publicUrl };
    await runMaintenance(deps, { reconcileAfterMs: server.config.reconcileAfterMs });
    expect((await paymentRow(paymentId)).capture_status).toBe('voided');
    expect((await paymentRow(untouched.paymentId)).capture_status).toBe('authorized');
    expect(await gatewayAudit(orderId)).toHaveLength(1);

    await runMaintenance(deps, { reconcileAfterMs: server.config.reconcileAfterMs });
    expect(await gatewayAudit(orderId)).toHaveLength(1);
    const checked = await server.database.sql.query<{ checked: boolean }>(
      'select gateway_checked_at is not null as checked from payments where id = $1',
      [untouched.paymentId],
    );
    expect(checked.rows[0]!.checked).toBe(true);
  });
});
