import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStoreBehindFaultyGateway, type GatewayFault } from '../testing/faulty-gateway';
import { adminCookie, authorizedPayment } from '../testing/test-server';

/**
 * Faults between the store and the gateway, made on the wire: the store talks to a standalone sandbox
 * gateway through a proxy that can hold an answer past the store's time-out (after the gateway has done
 * the work) or refuse calls. Whatever happens, a capture or refund happens once and is recorded once.
 */
describe('money operations when the gateway misbehaves', () => {
  // As the store's built-in sandbox: a merchant that takes refunds before settlement.
  const bench = useStoreBehindFaultyGateway(
    { GATEWAY_TIMEOUT_MS: '1000', RECONCILE_AFTER_MS: '3000' },
    { unsettledRefunds: true },
  );
  const { store } = bench;
  let cookie: string;

  beforeAll(async () => {
    cookie = await adminCookie(store.url);
  });

  /** `call`'s answer arrives after the store stopped waiting; asking the gateway about it meets `inquiry`. */
  function loseAnswerOf(call: 'capture' | 'refund', inquiry: GatewayFault = 'none') {
    bench.proxy.faults = { [call]: 'late', inquire: inquiry, inquireByOrderid: inquiry };
  }

  /** Lets time pass for the unconfirmed operations, past the age at which reconciliation may settle them. */
  const ageUnconfirmed = () =>
    store.database.sql.query(
      "update money_operations set created_at = now() - interval '1 hour' where status = 'pending'",
    );

  const call = (path: string, body: unknown, key?: string) =>
    store.post(path, body, { cookie, ...(key ? { headers: { 'idempotency-key': key } } : {}) });

  async function books(paymentId: string) {
    const { rows } = await store.database.sql.query<Record<string, unknown>>(
      `select p.retref, p.capture_status, p.captured_cents, p.refunded_cents,
         (select count(*)::int from money_operations o where o.payment_id = p.id and o.kind = 'capture' and o.status = 'succeeded') as captures,
         (select count(*)::int from money_operations o where o.payment_id = p.id and o.kind = 'refund' and o.status = 'succeeded') as refunds,
         (select count(*)::int from money_operations o where o.payment_id = p.id and o.status = 'pending') as pending
       from payments p where p.id = $1`,
      [paymentId],
    );
    const ours = rows[0]!;
    const atGateway = await bench.gateway.sql.query<Record<string, number>>(
      `select a.captured_cents, a.refunded_cents,
         (select count(*)::int from sandbox_gateway.transactions r where r.parent_retref = a.retref) as refund_rows
       from sandbox_gateway.transactions a where a.retref = $1`,
      [ours.retref],
    );
    return { ours, gateway: atGateway.rows[0]! };
  }

  it('a capture whose answer is lost is confirmed by asking the gateway, and happens once', async () => {
    const { paymentId } = await authorizedPayment(store);
    loseAnswerOf('capture');
    const answer = await call('/api/admin/capture-payment', { payment: { paymentId } });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Payment captured');
    const { ours, gateway: atGateway } = await books(paymentId);
    expect(ours).toMatchObject({ capture_status: 'captured', captured_cents: 6820, captures: 1, pending: 0 });
    expect(atGateway.captured_cents).toBe(6820);
  });

  it('when the gateway cannot even be asked, the retry and the reconciliation leave exactly one capture', async () => {
    const { paymentId } = await authorizedPayment(store);
    const key = randomUUID();
    loseAnswerOf('capture', 'unavailable');
    const first = await call('/api/admin/capture-payment', { payment: { paymentId } }, key);
    expect(first.status).toBe(502);
    expect(first.body.message).toMatch(/did not confirm the capture/);
    expect((await books(paymentId)).ours).toMatchObject({ pending: 1, capture_status: 'authorized' });

    // The operator retries with the same key while the gateway still cannot be asked: nothing is resent.
    const retry = await call('/api/admin/capture-payment', { payment: { paymentId } }, key);
    expect(retry.status).toBe(502);
    // Another capture of the same payment is refused while the first is unconfirmed.
    const other = await call('/api/admin/capture-payment', { payment: { paymentId, amount: 5 } });
    expect(other.status).toBe(409);

    bench.proxy.reset();
    // Too young: reconciliation leaves an operation alone while its request may still be at work. (Made
    // just now: on a busy machine, the calls above can take longer than the three seconds it stays young.)
    await store.database.sql.query("update money_operations set created_at = now() where status = 'pending'");
    expect((await call('/api/admin/reconcile', {})).body).toMatchObject({
      succeeded: 0,
      failed: 0,
      pending: 0,
    });
    await ageUnconfirmed();
    const reconciled = await call('/api/admin/reconcile', {});
    expect(reconciled.body).toMatchObject({ succeeded: 1, failed: 0, pending: 0 });
    const again = await call('/api/admin/capture-payment', { payment: { paymentId } }, key);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Payment captured');
    const { ours, gateway: atGateway } = await books(paymentId);
    expect(ours).toMatchObject({ capture_status: 'captured', captured_cents: 6820, captures: 1, pending: 0 });
    expect(atGateway.captured_cents).toBe(6820);
  });

  it('a refund whose answer is lost is found at the gateway by reconciliation, never sent twice', async () => {
    const { orderId, paymentId } = await authorizedPayment(store);
    expect((await call('/api/admin/capture-payment', { payment: { paymentId } })).status).toBe(200);
    const key = randomUUID();
    loseAnswerOf('refund', 'unavailable');
    const first = await call('/api/admin/refund', { transaction: { paymentId }, amount: 25 }, key);
    expect(first.status).toBe(502);
    // History shows it as not refunded yet, but the money is no longer refundable.
    const history = await call('/api/admin/transactions', { search: orderId });
    const row = (history.body.transactions as Record<string, unknown>[]).find(
      (transaction) => !transaction.refundType,
    );
    expect(row).toMatchObject({
      isRefunded: false,
      isPartialRefund: false,
      refundAmount: 0,
      refundableAmount: 43.2,
    });
    // The unconfirmed refund keeps its reservation: no other refund can spend the same money meanwhile.
    const tooMuch = await call('/api/admin/refund', { transaction: { paymentId }, amount: 43.21 });
    expect(tooMuch.status).toBe(400);

    bench.proxy.reset();
    await ageUnconfirmed();
    expect((await call('/api/admin/reconcile', {})).body).toMatchObject({ succeeded: 1 });
    const replay = await call('/api/admin/refund', { transaction: { paymentId }, amount: 25 }, key);
    expect(replay.status).toBe(200);
    const { ours, gateway: atGateway } = await books(paymentId);
    expect(ours).toMatchObject({ refunded_cents: 2500, refunds: 1, pending: 0 });
    expect(atGateway).toMatchObject({ refunded_cents: 2500, refund_rows: 1 });
  });

  it('a capture that never reached the gateway is released by reconciliation and can be made again', async () => {
    const { paymentId } = await authorizedPayment(store);
    bench.proxy.faults = { capture: 'unavailable' };
    const first = await call('/api/admin/capture-payment', { payment: { paymentId } });
    expect(first.status).toBe(502);
    bench.proxy.reset();
    await ageUnconfirmed();
    expect((await call('/api/admin/reconcile', {})).body).toMatchObject({ succeeded: 0, failed: 1 });
    expect((await books(paymentId)).ours).toMatchObject({
      capture_status: 'authorized',
      captures: 0,
      pending: 0,
    });
    expect((await call('/api/admin/capture-payment', { payment: { paymentId } })).status).toBe(200);
    const { ours, gateway: atGateway } = await books(paymentId);
    expect(ours).toMatchObject({ captured_cents: 6820, captures: 1 });
    expect(atGateway.captured_cents).toBe(6820);
  });

  it('never releases a capture because the gateway refused to say what happened', async () => {
    const { paymentId } = await authorizedPayment(store);
    loseAnswerOf('capture', 'unauthorized');
    expect((await call('/api/admin/capture-payment', { payment: { paymentId } })).status).toBe(502);
    await ageUnconfirmed();
    expect((await call('/api/admin/reconcile', {})).body).toMatchObject({
      succeeded: 0,
      failed: 0,
      pending: 1,
    });
    expect((await books(paymentId)).ours).toMatchObject({ capture_status: 'authorized', pending: 1 });

    bench.proxy.reset();
    expect((await call('/api/admin/reconcile', {})).body).toMatchObject({
      succeeded: 1,
      failed: 0,
      pending: 0,
    });
    const { ours, gateway: atGateway } = await books(paymentId);
    expect(ours).toMatchObject({ capture_status: 'captured', captured_cents: 6820, captures: 1 });
    expect(atGateway.captured_cents).toBe(6820);
  });

  it('refuses an Idempotency-Key reused for another payment after an unconfirmed answer', async () => {
    const first = await authorizedPayment(store);
    const second = await authorizedPayment(store);
    const key = randomUUID();
    loseAnswerOf('capture', 'unavailable');
    expect(
      (await call('/api/admin/capture-payment', { payment: { paymentId: first.paymentId } }, key)).status,
    ).toBe(502);
    bench.proxy.reset();
    const reused = await call(
      '/api/admin/capture-payment',
      { payment: { paymentId: second.paymentId, amount: 1 } },
      key,
    );
    expect(reused.status).toBe(422);
    expect(reused.body.message).toBe('This Idempotency-Key was already used with a different request');
    expect((await books(second.paymentId)).ours).toMatchObject({ capture_status: 'authorized', captures: 0 });
    await ageUnconfirmed();
    await call('/api/admin/reconcile', {});
  });
});
