import { randomUUID } from 'node:crypto';
import { transactionLabel, type AdminPayment, type AdminTransaction } from '@store/core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  authorizedPayment,
  countRows,
  settleSandbox,
  testDatabaseKinds,
  useAdminSession,
  useTestServer,
} from '../../testing/test-server';

describe.each(testDatabaseKinds())('admin payment console API on $name', (kind) => {
  const server = useTestServer(kind);
  const call = useAdminSession(server).post;

  beforeEach(async () => {
    // Each test starts with nothing awaiting capture.
    await server.database.sql.query(
      "update payments set capture_status = 'voided' where capture_status = 'authorized'",
    );
  });

  async function paymentState(paymentId: string) {
    const { rows } = await server.database.sql.query<Record<string, unknown>>(
      'select capture_status, authorized_cents, captured_cents, refunded_cents from payments where id = $1',
      [paymentId],
    );
    return rows[0];
  }

  async function history(body: Record<string, unknown> = {}): Promise<AdminTransaction[]> {
    const answer = await call('/api/admin/transactions', body);
    expect(answer.status).toBe(200);
    return answer.body.transactions as AdminTransaction[];
  }

  it('lists authorized payments with what the operator needs', async () => {
    const { orderId, paymentId } = await authorizedPayment(server);
    const answer = await call('/api/admin/payments', {});
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'success', total: 1, message: '1 payment awaiting capture' });
    const [payment] = answer.body.payments as AdminPayment[];
    expect(payment).toMatchObject({
      paymentId,
      orderId,
      amount: 68.2,
      originalAmount: 68.2,
      cardType: 'VISA',
      last4: '1111',
      captureStatus: 'authorized',
    });
    const lifetime = Date.parse(payment!.expiresAt) - Date.parse(payment!.transactionDate);
    expect(lifetime).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('reads the lists afresh after any change to the database, even one made outside the store', async () => {
    const { paymentId } = await authorizedPayment(server);
    const pending = await call('/api/admin/payments', {});
    expect((await call('/api/admin/payments', {})).body).toEqual(pending.body);
    expect((await history())[0]).toMatchObject({ paymentId, amount: 68.2 });
    await server.database.sql.query('update payments set authorized_cents = 6821 where id = $1', [paymentId]);
    const [payment] = (await call('/api/admin/payments', {})).body.payments as AdminPayment[];
    expect(payment).toMatchObject({ paymentId, amount: 68.21 });
    expect((await history())[0]).toMatchObject({ paymentId, amount: 68.21 });
  });

  it('captures in full: the payment leaves Pending Payments as Captured', async () => {
    const { paymentId } = await authorizedPayment(server);
    const answer = await call('/api/admin/capture-payment', { payment: { paymentId } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'success',
      message: 'Payment captured',
      payment: { captureStatus: 'captured', captureAmount: 68.2 },
    });
    expect(await paymentState(paymentId)).toEqual({
      capture_status: 'captured',
      authorized_cents: 6820,
      captured_cents: 6820,
      refunded_cents: 0,
    });
    expect((await call('/api/admin/payments', {})).body.total).toBe(0);
    const row = (await history()).find((transaction) => transaction.paymentId === paymentId);
    expect(row && transactionLabel(row)).toBe('Captured');
  });

  it('captures in part: the authorization ends as Partially Captured', async () => {
    const { paymentId } = await authorizedPayment(server);
    const answer = await call('/api/admin/capture-payment', {
      payment: { paymentId, amount: 50.01, originalAmount: 68.2 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.payment).toMatchObject({
      captureStatus: 'partially_captured',
      captureAmount: 50.01,
      originalAmount: 68.2,
    });
    expect(await paymentState(paymentId)).toMatchObject({
      capture_status: 'partially_captured',
      captured_cents: 5001,
    });
    const row = (await history()).find((transaction) => transaction.paymentId === paymentId)!;
    expect(row).toMatchObject({
      isPartialCapture: true,
      captureAmount: 50.01,
      originalAmount: 68.2,
      refundableAmount: 50.01,
    });
    expect(transactionLabel(row)).toBe('Partially Captured');
    const again = await call('/api/admin/capture-payment', { payment: { paymentId, amount: 18.19 } });
    expect(again.status).toBe(409);
  });

  it.each([
    [{ amount: 0 }, 'Amount must be greater than zero'],
    [{ amount: -1 }, 'Amount must be greater than zero'],
    [{ amount: '10.001' }, 'Amount must have at most two decimals'],
    [{ amount: 'ten' }, 'Amount must be a number'],
    [{ amount: 68.21 }, 'The capture cannot exceed the authorized $68.20'],
    [{ amount: 10, originalAmount: 99.99 }, 'The original amount does not match the authorization'],
  ])('refuses to capture %j and changes nothing', async (amounts, message) => {
    const { paymentId } = await authorizedPayment(server);
    const operationsBefore = await countRows(server.database, 'money_operations');
    const answer = await call('/api/admin/capture-payment', { payment: { paymentId, ...amounts } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 'error', message });
    expect(await paymentState(paymentId)).toMatchObject({ capture_status: 'authorized', captured_cents: 0 });
    expect(await countRows(server.database, 'money_operations')).toBe(operationsBefore);
  });

  it('refuses an unknown or malformed payment id', async () => {
    expect((await call('/api/admin/capture-payment', { payment: { paymentId: randomUUID() } })).status).toBe(
      404,
    );
    expect((await call('/api/admin/capture-payment', { payment: { paymentId: 'x' } })).body.message).toBe(
      'Payment ID is not valid',
    );
    expect((await call('/api/admin/capture-payment', {})).body.message).toBe('Payment is required');
  });

  it('voids an authorization the shop will not fulfil', async () => {
    const { paymentId } = await authorizedPayment(server);
    const answer = await call('/api/admin/void-payment', { payment: { paymentId } });
    expect(answer.body).toEqual({ status: 'success', message: 'Payment voided' });
    expect(await paymentState(paymentId)).toMatchObject({ capture_status: 'voided', captured_cents: 0 });
    expect((await call('/api/admin/capture-payment', { payment: { paymentId } })).status).toBe(409);
    const row = (await history()).find((transaction) => transaction.paymentId === paymentId);
    expect(row && transactionLabel(row)).toBe('Voided');
  });

  it('refunds part, then the rest, with every label and amount on the way', async () => {
    const { orderId, paymentId } = await authorizedPayment(server);
    await call('/api/admin/capture-payment', { payment: { paymentId } });
    // Refunds of a settled payment (a same-day one is scheduled: scheduled-refunds.test.ts).
    await settleSandbox(server);

    const first = await call('/api/admin/refund', { transaction: { paymentId }, amount: 20 });
    expect(first.body).toEqual({
      status: 'success',
      message: 'Refund processed',
      demoMode: true,
      refund: { amount: 20, refundableAmount: 48.2 },
    });
    let rows = (await history({ search: orderId })).filter((row) => row.orderId === orderId);
    expect(rows.map(transactionLabel)).toEqual(['Demo Refund', 'Partial Refund']);
    expect(rows[0]).toMatchObject({
      refundType: 'refund',
      amount: 20,
      isDemoRefund: true,
      refundedOrderId: orderId,
    });
    expect(rows[1]).toMatchObject({ isPartialRefund: true, refundAmount: 20, refundableAmount: 48.2 });

    const over = await call('/api/admin/refund', { transaction: { paymentId }, amount: 48.21 });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('The refund cannot exceed the $48.20 still refundable');

    const rest = await call('/api/admin/refund', { transaction: { paymentId }, amount: 48.2 });
    expect(rest.body).toMatchObject({ status: 'success', refund: { amount: 48.2, refundableAmount: 0 } });
    rows = (await history({ search: orderId })).filter((row) => row.orderId === orderId);
    expect(rows.map(transactionLabel)).toEqual(['Demo Refund', 'Demo Refund', 'Refunded']);
    expect(rows[2]).toMatchObject({ isRefunded: true, refundAmount: 68.2, refundableAmount: 0 });
    expect(await paymentState(paymentId)).toMatchObject({ captured_cents: 6820, refunded_cents: 6820 });
    expect((await call('/api/admin/refund', { transaction: { paymentId }, amount: 0.01 })).status).toBe(400);
  });

  it.each([
    [0, 'Amount must be greater than zero'],
    [-5, 'Amount must be greater than zero'],
    ['1.005', 'Amount must have at most two decimals'],
    ['five', 'Amount must be a number'],
    [undefined, 'Amount is required'],
    [68.21, 'The refund cannot exceed the $68.20 still refundable'],
  ])('refuses to refund %j and changes nothing', async (amount, message) => {
    const { paymentId } = await authorizedPayment(server);
    await call('/api/admin/capture-payment', { payment: { paymentId } });
    const operationsBefore = await countRows(server.database, 'money_operations');
    const answer = await call('/api/admin/refund', { transaction: { paymentId }, amount });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 'error', message });
    expect(await paymentState(paymentId)).toMatchObject({ captured_cents: 6820, refunded_cents: 0 });
    expect(await countRows(server.database, 'money_operations')).toBe(operationsBefore);
  });

  it('refuses to refund money that was never captured', async () => {
    const { paymentId } = await authorizedPayment(server);
    const answer = await call('/api/admin/refund', { transaction: { paymentId }, amount: 1 });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Only captured payments can be refunded');
    expect(await paymentState(paymentId)).toMatchObject({ refunded_cents: 0 });
  });

  it('captures all authorized payments and reports each', async () => {
    const payments = await Promise.all([
      authorizedPayment(server),
      authorizedPayment(server),
      authorizedPayment(server),
    ]);
    const answer = await call('/api/admin/capture-all', {});
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'success',
      successCount: 3,
      failureCount: 0,
      message: 'Captured 3 of 3 payments',
    });
    const results = answer.body.results as {
      paymentId: string;
      success: boolean;
      message: string;
      requestId: string;
    }[];
    expect(results.map((result) => result.paymentId).sort()).toEqual(
      payments.map((payment) => payment.paymentId).sort(),
    );
    expect(
      results.every((result) => result.success && result.message === 'Payment captured' && result.requestId),
    ).toBe(true);
    // Each capture audited with its order and the amount captured (written with its confirmation), then the run.
    const audited = (await call('/api/admin/audit-log', { limit: 4 })).body.events as {
      action: string;
      outcome: string;
      orderId: string | null;
      amount: number | null;
      detail: string;
    }[];
    expect(audited[0]).toMatchObject({
      action: 'capture_all',
      outcome: 'success',
      detail: '3 of 3 captured',
    });
    expect(
      audited
        .slice(1)
        .map(({ action, outcome, orderId, amount }) => ({ action, outcome, orderId, amount }))
        .sort((a, b) => String(a.orderId).localeCompare(String(b.orderId))),
    ).toEqual(
      payments
        .map(({ orderId }) => ({ action: 'capture', outcome: 'success', orderId, amount: 68.2 }))
        .sort((a, b) => a.orderId.localeCompare(b.orderId)),
    );
    expect((await call('/api/admin/capture-all', {})).body).toMatchObject({
      successCount: 0,
      message: 'No payments awaiting capture',
    });
  });

  it('searches history by order id and filters by status', async () => {
    const captured = await authorizedPayment(server);
    const pending = await authorizedPayment(server);
    await call('/api/admin/capture-payment', { payment: { paymentId: captured.paymentId } });
    expect(
      (await history({ search: pending.orderId.slice(0, 10).toLowerCase() })).map((row) => row.orderId),
    ).toContain(pending.orderId);
    expect((await history({ search: pending.orderId })).map((row) => row.orderId)).toEqual([pending.orderId]);
    const pendingRows = await history({ status: 'pending' });
    expect(pendingRows.map((row) => row.orderId)).toEqual([pending.orderId]);
    expect((await history({ status: 'captured' })).map((row) => row.orderId)).toContain(captured.orderId);
    expect((await call('/api/admin/transactions', { status: 'lost' })).body.message).toBe(
      'Unknown status filter',
    );
  });

  it('pages through history without losing or repeating a row', async () => {
    await Promise.all(Array.from({ length: 5 }, () => authorizedPayment(server)));
    const all = await history({ limit: 500 });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const answer = await call('/api/admin/transactions', { limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...(answer.body.transactions as AdminTransaction[]).map((row) => row.id));
      cursor = (answer.body.nextCursor as string | null) ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all.map((row) => row.id));
    const forged = (text: string) => Buffer.from(text).toString('base64url');
    for (const cursor of [
      'garbage',
      forged(`2026-01-01T00:00:00.000Z|${'-'.repeat(36)}`),
      forged(`+275760-09-13T00:00:00.000Z|${randomUUID()}`),
    ]) {
      expect((await call('/api/admin/transactions', { cursor })).status).toBe(400);
      expect((await call('/api/admin/payments', { cursor })).status).toBe(400);
    }
  });

  it('pages through Pending Payments oldest first without repeating a row', async () => {
    const made = [];
    for (let index = 0; index < 4; index += 1) made.push((await authorizedPayment(server)).paymentId);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const answer = await call('/api/admin/payments', { limit: 1, ...(cursor ? { cursor } : {}) });
      seen.push(...(answer.body.payments as AdminPayment[]).map((payment) => payment.paymentId));
      cursor = (answer.body.nextCursor as string | null) ?? undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual(made);
  });

  it('answers a replayed Idempotency-Key with the first answer and one gateway call', async () => {
    const { paymentId } = await authorizedPayment(server);
    const key = randomUUID();
    const body = { transaction: { paymentId }, amount: 1 };
    await call('/api/admin/capture-payment', { payment: { paymentId } });
    const first = await call('/api/admin/refund', body, { 'idempotency-key': key });
    for (let replay = 0; replay < 5; replay += 1) {
      const again = await call('/api/admin/refund', body, { 'idempotency-key': key });
      expect(again.status).toBe(first.status);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(await paymentState(paymentId)).toMatchObject({ refunded_cents: 100 });
    const mismatch = await call('/api/admin/refund', { ...body, amount: 2 }, { 'idempotency-key': key });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.message).toBe('This Idempotency-Key was already used with a different request');
    expect(await paymentState(paymentId)).toMatchObject({ refunded_cents: 100 });
  });

  it('says a capture is in progress while another is, and captures on the same send once that one failed', async () => {
    const { paymentId } = await authorizedPayment(server);
    // Another server's capture of the payment, reserved and not yet answered.
    const { rows } = await server.database.sql.query<{ id: string }>(
      `insert into money_operations (payment_id, kind, amount_cents, actor) values ($1, 'capture', 100, 'other')
       returning id`,
      [paymentId],
    );
    const key = { 'idempotency-key': randomUUID() };
    const busy = await call('/api/admin/capture-payment', { payment: { paymentId } }, key);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toMatch(/^A capture or void of this payment is in progress/);
    expect(await paymentState(paymentId)).toMatchObject({ capture_status: 'authorized', captured_cents: 0 });

    // That capture failed: the same send (same key) is taken now, not answered with the refusal again.
    await server.database.sql.query("update money_operations set status = 'failed' where id = $1", [
      rows[0]!.id,
    ]);
    const again = await call('/api/admin/capture-payment', { payment: { paymentId } }, key);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await paymentState(paymentId)).toMatchObject({ capture_status: 'captured' });
  });

  it('keeps an audit log of every admin action, failures included', async () => {
    const { orderId, paymentId } = await authorizedPayment(server);
    await call('/api/admin/capture-payment', { payment: { paymentId, amount: 10 } });
    await call('/api/admin/refund', { transaction: { paymentId }, amount: 11 });
    await call('/api/admin/refund', { transaction: { paymentId }, amount: 4 });
    const answer = await call('/api/admin/audit-log', { limit: 3 });
    const events = (
      answer.body.events as {
        action: string;
        outcome: string;
        orderId: string;
        amount: number | null;
        actor: string;
      }[]
    ).map(({ action, outcome, orderId: order, amount, actor }) => ({
      action,
      outcome,
      order,
      amount,
      actor,
    }));
    expect(events).toEqual([
      { action: 'refund', outcome: 'success', order: orderId, amount: 4, actor: 'admin' },
      { action: 'refund', outcome: 'failure', order: orderId, amount: null, actor: 'admin' },
      { action: 'partial_capture', outcome: 'success', order: orderId, amount: 10, actor: 'admin' },
    ]);
  });
});
