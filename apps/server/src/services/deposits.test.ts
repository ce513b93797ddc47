import {
  createOrderId,
  DISPUTED_REFUND_WARNING,
  type AdminDepositDayResponse,
  type AdminDepositsResponse,
} from '@store/core';
import { describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../gateway/payment-gateway';
import { shoppersAt } from '../testing/shoppers';
import {
  backdateSandboxSettlement,
  capturedPayment,
  settleSandbox,
  testDatabaseKinds,
  useAdminSession,
  useTestServer,
} from '../testing/test-server';
import { followFunding, FUNDING_DAYS_READ } from './money/funding';
import { RETURNED_REFUND_REFUSAL } from './money/refund-policy';
import { followSettlement } from './money/settlement';

const today = () => new Date().toISOString().slice(0, 10);

describe.each(testDatabaseKinds())('deposits reconciled, on $name', (kind) => {
  const server = useTestServer(kind);
  const admin = useAdminSession(server);
  const shoppers = shoppersAt(server);
  let fundingCalls = 0;
  const counted = (): PaymentGateway => ({
    ...server.gateway,
    funding: (day) => {
      fundingCalls += 1;
      return server.gateway.funding(day);
    },
  });
  const deps = () => ({ orm: server.database.orm, gateway: counted() });
  /** Upkeep right after the gateway's data changed: settlement, then every recent funding day read again. */
  const upkeep = async () => {
    await followSettlement(deps(), { limit: 50, recheckAfterMs: 0 });
    await followFunding(deps(), { recheckAfterMs: 0 });
  };
  const get = async <T>(path: string) => {
    const answer = await fetch(`${server.url}${path}`, { headers: { cookie: admin.cookie } });
    return { status: answer.status, body: (await answer.json()) as T };
  };
  const paymentOf = async (paymentId: string) =>
    (
      await server.database.sql.query<Record<string, unknown>>(
        'select retref, captured_cents, capture_status, disputed_at, dispute_amount_cents, dispute_reason_code, dispute_case_number, returned_at, ach_return_code from payments where id = $1',
        [paymentId],
      )
    ).rows[0]!;

  it("matches yesterday's batch to today's deposit to the cent, fees and all", async () => {
    const { orderId } = await capturedPayment(server, admin.cookie);
    await settleSandbox(server);
    await backdateSandboxSettlement(server, 1);
    await upkeep();

    const days = await get<AdminDepositsResponse>('/api/admin/deposits');
    expect(days.status).toBe(200);
    const day = days.body.days.find((row) => row.day === today());
    expect(day).toMatchObject({ depositCount: 1, state: 'matched', mismatchCount: 0, missingCount: 0 });
    expect(day!.expected).toBe(day!.netSales);
    expect(day!.fees).toBeLessThan(0);
    expect(day!.totalFunded).toBe(
      Math.round((day!.netSales + day!.fees + day!.adjustments + day!.chargebacks) * 100) / 100,
    );

    const detail = await get<AdminDepositDayResponse>(`/api/admin/deposits/${today()}`);
    expect(detail.body.deposits).toHaveLength(1);
    expect(detail.body.lines).toContainEqual(
      expect.objectContaining({ kind: 'sale', orderId, amount: 68.2, match: 'matched' }),
    );
  });

  it('flags a line the store does not know, an amount that differs, and a capture missing from the deposit', async () => {
    const differs = await capturedPayment(server, admin.cookie);
    const unknown = await capturedPayment(server, admin.cookie);
    await settleSandbox(server);
    await backdateSandboxSettlement(server, 1);
    await followSettlement(deps(), { limit: 50, recheckAfterMs: 0 });
    // The store's records drift from the gateway's: one amount, and one payment the gateway never had.
    await server.database.sql.query(
      'update payments set captured_cents = captured_cents - 100 where id = $1',
      [differs.paymentId],
    );
    await server.database.sql.query("update payments set retref = '999999999999' where id = $1", [
      unknown.paymentId,
    ]);
    await followFunding(deps(), { recheckAfterMs: 0 });

    const detail = await get<AdminDepositDayResponse>(`/api/admin/deposits/${today()}`);
    expect(detail.body.lines).toContainEqual(
      expect.objectContaining({
        orderId: differs.orderId,
        match: 'amount_differs',
        amount: 68.2,
        expected: 67.2,
      }),
    );
    expect(detail.body.lines).toContainEqual(
      expect.objectContaining({ orderId: unknown.orderId, match: 'missing', expected: 68.2 }),
    );
    expect(detail.body.lines).toContainEqual(
      expect.objectContaining({ kind: 'sale', match: 'unexpected', amount: 68.2 }),
    );
    const day = (await get<AdminDepositsResponse>('/api/admin/deposits')).body.days.find(
      (row) => row.day === today(),
    );
    expect(day).toMatchObject({ state: 'mismatched' });
    expect(day!.mismatchCount).toBeGreaterThanOrEqual(2);
    expect(day!.missingCount).toBeGreaterThanOrEqual(1);
  });

  it('marks a charged-back payment disputed, shows it on its order and in Disputes, and asks before refunding it', async () => {
    const { orderId, paymentId } = await capturedPayment(server, admin.cookie, 12.66);
    await settleSandbox(server);
    // The sandbox reports the chargeback three days after settlement.
    await backdateSandboxSettlement(server, 3);
    await upkeep();

    const payment = await paymentOf(paymentId);
    expect(payment.disputed_at).not.toBeNull();
    expect(payment.dispute_amount_cents).toBe(1266);
    expect(payment.dispute_reason_code).toBeTruthy();
    expect(payment.dispute_case_number).toBeTruthy();

    const disputes = await get<{ disputes: { orderId: string; amount: number; reason?: string }[] }>(
      '/api/admin/disputes',
    );
    expect(disputes.body.disputes).toContainEqual(
      expect.objectContaining({ orderId, amount: 12.66, reason: expect.any(String) }),
    );
    const page = await get<{
      order: { orderStatus: string; timeline: { title: string; tone: string }[]; actions: { ship: boolean } };
    }>(`/api/admin/orders/${orderId}`);
    expect(page.body.order.orderStatus).toBe('disputed');
    // Its goods do not leave: the money is being taken back.
    expect(page.body.order.actions.ship).toBe(false);
    expect(await admin.post(`/api/admin/orders/${orderId}/ship`, {})).toMatchObject({
      status: 409,
      body: { message: 'The cardholder disputed this payment: the order cannot be shipped' },
    });
    expect(page.body.order.timeline).toContainEqual(
      expect.objectContaining({ title: 'Chargeback $12.66', tone: 'danger' }),
    );

    // Read again, the day marks nothing twice.
    await followFunding(deps(), { recheckAfterMs: 0 });
    const audit = await server.database.sql.query<{ count: string }>(
      "select count(*) as count from audit_events where order_id = $1 and action = 'chargeback'",
      [orderId],
    );
    expect(Number(audit.rows[0]!.count)).toBe(1);

    const refund = (body: Record<string, unknown>) =>
      admin.post('/api/admin/refund', { transaction: { paymentId }, amount: 2, ...body });
    expect(await refund({})).toMatchObject({ status: 409, body: { message: DISPUTED_REFUND_WARNING } });
    expect((await refund({ confirmDisputed: true })).status).toBe(200);
  });

  it('marks a bank payment the bank returned, with the code in plain words on its order, and refunds none of it', async () => {
    const shopper = await shoppers.register();
    const account = await shoppers.saveBankAccount(shopper, { accountNumber: '2000000001' });
    const orderId = createOrderId('card');
    const paid = await shoppers.pay(shopper, account.id, { orderId });
    expect(paid.status).toBe(200);
    await settleSandbox(server);
    await backdateSandboxSettlement(server, 2);
    await upkeep();

    const { rows } = await server.database.sql.query<{ id: string }>(
      'select id from payments where order_id = $1',
      [orderId],
    );
    const payment = await paymentOf(rows[0]!.id);
    expect(payment.ach_return_code).toBe('R01');
    expect(payment.returned_at).not.toBeNull();
    const page = await get<{
      order: {
        orderStatus: string;
        timeline: { title: string; detail?: string }[];
        actions: { refund: boolean; cancelCharge: boolean };
      };
    }>(`/api/admin/orders/${orderId}`);
    expect(page.body.order.orderStatus).toBe('payment_returned');
    // The money is back with the customer: a refund would pay them twice. Not offered, and refused.
    expect(page.body.order.actions).toMatchObject({ refund: false, cancelCharge: false });
    const history = await admin.post('/api/admin/transactions', { search: orderId });
    expect(history.body.transactions).toEqual([expect.objectContaining({ orderId, refundableAmount: 0 })]);
    expect(
      await admin.post('/api/admin/refund', { transaction: { paymentId: rows[0]!.id }, amount: 1 }),
    ).toMatchObject({ status: 409, body: { message: RETURNED_REFUND_REFUSAL } });
    expect(
      await admin.post('/api/admin/cancel-charge', { payment: { paymentId: rows[0]!.id } }),
    ).toMatchObject({ status: 409, body: { message: RETURNED_REFUND_REFUSAL } });
    expect(await paymentOf(rows[0]!.id)).toMatchObject({ captured_cents: 1049 });
    const { rows: refunds } = await server.database.sql.query(
      "select id from money_operations where payment_id = $1 and kind = 'refund'",
      [rows[0]!.id],
    );
    expect(refunds).toEqual([]);
    expect(page.body.order.timeline).toContainEqual(
      expect.objectContaining({
        title: expect.stringMatching(/^Returned by the bank/),
        detail: expect.stringContaining('R01'),
      }),
    );
    const detail = await get<AdminDepositDayResponse>(`/api/admin/deposits/${today()}`);
    expect(detail.body.lines).toContainEqual(
      expect.objectContaining({
        kind: 'return',
        orderId,
        achReturnCode: 'R01',
        amount: -10.49,
        match: 'matched',
      }),
    );
  });

  it("closes the sandbox's batch as of yesterday from the console in demo mode: the deposit shows at once", async () => {
    const { orderId } = await capturedPayment(server, admin.cookie);
    const answer = await admin.post('/api/admin/sandbox/settle', { daysAgo: 1 });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatch(/^Sandbox batch closed as of 1 day ago: /);
    expect(answer.body.depositDaysRead).toBeGreaterThan(0);
    const detail = await get<AdminDepositDayResponse>(`/api/admin/deposits/${today()}`);
    expect(detail.body.lines).toContainEqual(expect.objectContaining({ orderId, match: 'matched' }));
    expect(await admin.post('/api/admin/sandbox/settle', { daysAgo: 40 })).toMatchObject({
      status: 400,
      body: { message: 'Days ago must be a whole number from 0 to 31' },
    });
  });

  it('sums the money per day, with the same fees as the Deposits view, and exports the deposits as CSV', async () => {
    const { orderId } = await capturedPayment(server, admin.cookie);
    await admin.post('/api/admin/sandbox/settle', { daysAgo: 1 });
    const summary = await get<{
      days: {
        day: string;
        captured: number;
        refunded: number;
        takenBack: number;
        net: number;
        fees: number;
      }[];
      totals: { captured: number; refunded: number; takenBack: number; net: number; fees: number };
    }>('/api/admin/money-summary?days=30');
    expect(summary.status).toBe(200);
    expect(summary.body.days).toHaveLength(30);
    const todays = summary.body.days.at(-1)!;
    expect(todays.day).toBe(today());
    expect(todays.captured).toBeGreaterThanOrEqual(68.2);
    expect(todays.net).toBe(Math.round((todays.captured - todays.refunded - todays.takenBack) * 100) / 100);
    const deposits = await get<AdminDepositsResponse>('/api/admin/deposits');
    expect(todays.fees).toBe(deposits.body.days.find((row) => row.day === today())!.fees);
    const cents = (dollars: number) => Math.round(dollars * 100);
    expect(cents(summary.body.totals.captured)).toBe(
      summary.body.days.reduce((total, row) => total + cents(row.captured), 0),
    );

    const csv = await fetch(`${server.url}/api/admin/deposits.csv`, { headers: { cookie: admin.cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="deposits-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe('Date,Funding ID,Type,Order ID,Retref,Amount,Fee,Match,Store amount,Note');
    expect(lines.some((line) => line.startsWith(`${today()},`) && line.includes(',Deposit,'))).toBe(true);
    expect(
      lines.some(
        (line) =>
          line.includes(`,Sale,${orderId},`) && line.includes(',68.20,') && line.includes(',Matched,'),
      ),
    ).toBe(true);
    expect((await fetch(`${server.url}/api/admin/deposits.csv`)).status).toBe(401);
  });

  it('closes a batch as of days ago from the console: it settles on that day, and earlier batches keep theirs', async () => {
    const earlier = await capturedPayment(server, admin.cookie);
    await admin.post('/api/admin/sandbox/settle', {});
    const settledOf = async (paymentId: string) =>
      (
        await server.database.sql.query<{ capture_status: string; settled_at: Date }>(
          'select capture_status, settled_at from payments where id = $1',
          [paymentId],
        )
      ).rows[0]!;
    expect((await settledOf(earlier.paymentId)).capture_status).toBe('settled');
    const { retref } = await paymentOf(earlier.paymentId);
    const atGateway = async () => (await server.gateway.inquire(String(retref))).ok;
    expect(await atGateway()).toBe(true);

    const later = await capturedPayment(server, admin.cookie);
    const answer = await admin.post('/api/admin/sandbox/settle', { daysAgo: 2 });
    expect(answer.body.settled).toBeGreaterThanOrEqual(1);
    const settled = await settledOf(later.paymentId);
    expect(settled.capture_status).toBe('settled');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(new Date(settled.settled_at).toISOString().slice(0, 10)).toBe(twoDaysAgo);
    // The earlier batch stays where it was at the gateway: still settled today.
    const earlierAtGateway = await server.gateway.settlementStatus(new Date());
    expect(
      earlierAtGateway.ok &&
        earlierAtGateway.value.some((batch) => batch.transactions.some((txn) => txn.retref === retref)),
    ).toBe(true);
  });

  it('flags a day whose deposit did not come: captures settled the day before, the day read, nothing deposited', async () => {
    const { paymentId } = await capturedPayment(server, admin.cookie);
    // The store learned it settled four days ago; the gateway funded nothing three days ago.
    await server.database.sql.query(
      "update payments set capture_status = 'settled', settled_at = now() - interval '4 days' where id = $1",
      [paymentId],
    );
    await followFunding(deps(), { recheckAfterMs: 0 });
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const day = (await get<AdminDepositsResponse>('/api/admin/deposits')).body.days.find(
      (row) => row.day === threeDaysAgo,
    );
    expect(day).toMatchObject({ state: 'missing', depositCount: 0, expectedCount: 1, expected: 68.2 });
  });

  it('reads each funding day at most every six hours, by one server of two', async () => {
    // Noon tomorrow (UTC): an hour later is the same day, whatever time the test runs.
    const now = new Date(Date.now() + 24 * 60 * 60 * 1000);
    now.setUTCHours(12, 0, 0, 0);
    fundingCalls = 0;
    await Promise.all([followFunding(deps(), { now }), followFunding(deps(), { now })]);
    expect(fundingCalls).toBeLessThanOrEqual(FUNDING_DAYS_READ);
    expect(fundingCalls).toBeGreaterThan(0);
    const after = fundingCalls;
    await Promise.all([
      followFunding(deps(), { now: new Date(now.getTime() + 60 * 60 * 1000) }),
      followFunding(deps(), { now: new Date(now.getTime() + 60 * 60 * 1000) }),
    ]);
    expect(fundingCalls).toBe(after);
  });
});
