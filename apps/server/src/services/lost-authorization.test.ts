import { createOrderId } from '@store/core';
import { describe, expect, it } from 'vitest';
import { googlePayToken } from '../runs/chaos';
import { useStoreBehindFaultyGateway } from '../testing/faulty-gateway';
import { shoppersAt } from '../testing/shoppers';
import { confirmUnverifiedPayments } from './checkout/hosted-page';
import { reconcileLostAuthorizations } from './checkout/server-payments';

const UNCONFIRMED = 'The payment could not be confirmed right now. Please try again.';

/**
 * An authorization the store makes by itself (a saved card, Google Pay) whose answer is lost after the
 * gateway approved it: when the store then tells the shopper the payment failed, it voids the order's
 * authorization by order id (CardPointe's advice), so no hold is left on the customer's funds.
 */
describe('an authorization whose answer is lost', () => {
  const bench = useStoreBehindFaultyGateway({ GATEWAY_TIMEOUT_MS: '1000', TRUST_PROXY: 'loopback' });
  const { store } = bench;

  /** The sandbox's own record of the order's authorizations. */
  async function atGateway(orderId: string) {
    const { rows } = await bench.gateway.sql.query<{ respstat: string; voided: boolean }>(
      `select respstat, voided_at is not null as voided from sandbox_gateway.transactions
        where orderid = $1 and kind = 'auth' order by id`,
      [orderId],
    );
    return rows;
  }

  async function inStore(orderId: string) {
    const sql = store.database.sql;
    const requests = await sql.query<{ status: string }>(
      'select status from payment_requests where order_id = $1',
      [orderId],
    );
    const payments = await sql.query('select 1 from payments where order_id = $1', [orderId]);
    const audit = await sql.query<{ actor: string; outcome: string; detail: string }>(
      `select actor, outcome, detail from audit_events where order_id = $1 and action = 'void_lost_authorization'`,
      [orderId],
    );
    return { request: requests.rows[0]?.status, payments: payments.rows.length, audit: audit.rows };
  }

  const shoppers = shoppersAt(store);

  async function customerWithSavedCard() {
    const customer = await shoppers.register({
      address: `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
    });
    const card = await shoppers.saveCard(customer);
    return (orderId: string) => shoppers.pay(customer, card.id, { orderId });
  }

  it('with a saved card: the shopper is told it failed, and the approval is voided by order id', async () => {
    const payWithSavedCard = await customerWithSavedCard();
    bench.proxy.faults.auth = 'late';
    bench.proxy.faults.inquireByOrderid = 'unavailable';
    const orderId = createOrderId('card');
    const answer = await payWithSavedCard(orderId);
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe(UNCONFIRMED);
    expect(await atGateway(orderId)).toEqual([{ respstat: 'A', voided: true }]);
    expect(bench.proxy.calls.voidByOrderId ?? 0).toBe(1);
    const recorded = await inStore(orderId);
    expect(recorded).toMatchObject({ request: 'failed', payments: 0 });
    expect(recorded.audit).toEqual([
      expect.objectContaining({
        actor: 'store',
        outcome: 'success',
        detail: expect.stringMatching(/voided by order id/),
      }),
    ]);
  });

  it('with Google Pay: the same, and the answer keeps its failure message', async () => {
    bench.proxy.faults.auth = 'late';
    bench.proxy.faults.inquireByOrderid = 'unavailable';
    const token = await googlePayToken(bench.gateway.url);
    const orderId = createOrderId('googlepay');
    const answer = await shoppers.payWithGooglePay(token, orderId);
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe(UNCONFIRMED);
    expect(await atGateway(orderId)).toEqual([{ respstat: 'A', voided: true }]);
    expect(await inStore(orderId)).toMatchObject({ request: 'failed', payments: 0 });
  });

  it('when the voids are lost too: tried three times, audited as failed, then voided by reconciliation, never made capturable', async () => {
    const payWithSavedCard = await customerWithSavedCard();
    bench.proxy.faults.auth = 'late';
    bench.proxy.faults.inquireByOrderid = 'unavailable';
    bench.proxy.faults.voidByOrderId = 'unavailable';
    const orderId = createOrderId('card');
    const answer = await payWithSavedCard(orderId);
    expect(answer.status).toBe(502);
    expect(bench.proxy.calls.voidByOrderId ?? 0).toBe(3);
    expect(await atGateway(orderId)).toEqual([{ respstat: 'A', voided: false }]);
    const recorded = await inStore(orderId);
    expect(recorded).toMatchObject({ request: 'pending', payments: 0 });
    expect(recorded.audit).toEqual([expect.objectContaining({ outcome: 'failure' })]);

    // The gateway answers again. The shopper was told the payment failed: confirming unverified payments
    // (which records what a hosted-page shopper paid) must not make this approval capturable.
    bench.proxy.faults.inquireByOrderid = 'none';
    bench.proxy.faults.voidByOrderId = 'none';
    const deps = { orm: store.database.orm, gateway: store.gateway, publicUrl: store.config.publicUrl };
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await confirmUnverifiedPayments(deps, later)).toBe(0);
    expect(await inStore(orderId)).toMatchObject({ request: 'pending', payments: 0 });
    // Reconciliation, once no call of the request's can still be under way, voids it by order id.
    expect(await reconcileLostAuthorizations(deps, 60_000)).toEqual({
      voided: 0,
      nothingHeld: 0,
      unresolved: 0,
    });
    expect(await reconcileLostAuthorizations(deps, 0)).toEqual({ voided: 1, nothingHeld: 0, unresolved: 0 });
    expect(await atGateway(orderId)).toEqual([{ respstat: 'A', voided: true }]);
    const settled = await inStore(orderId);
    expect(settled).toMatchObject({ request: 'failed', payments: 0 });
    expect(settled.audit.map((line) => line.outcome)).toEqual(['failure', 'success']);
  });

  it('an answer that arrives in time, or a lost one the gateway confirms, voids nothing', async () => {
    const payWithSavedCard = await customerWithSavedCard();
    const paid = createOrderId('card');
    expect((await payWithSavedCard(paid)).status).toBe(200);
    bench.proxy.faults.auth = 'late';
    const confirmed = createOrderId('card');
    expect((await payWithSavedCard(confirmed)).status).toBe(200);
    expect(bench.proxy.calls.voidByOrderId ?? 0).toBe(0);
    expect(await atGateway(confirmed)).toEqual([{ respstat: 'A', voided: false }]);
    expect(await inStore(confirmed)).toMatchObject({ payments: 1, audit: [] });
  });
});
