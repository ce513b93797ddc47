import {
  createOrderId,
  transactionLabel,
  type AdminTransaction,
  type OrderStandingFields,
} from '@store/core';
import { describe, expect, it } from 'vitest';
import { followFunding } from '../../services/money/funding';
import { followSettlement, sendScheduledRefunds } from '../../services/money/settlement';
import { googlePayToken, shoppersAt, type Shopper } from '../../testing/shoppers';
import {
  backdateSandboxSettlement,
  settleSandbox,
  TEST_DELIVERY,
  testDatabaseKinds,
  useAdminSession,
  useTestServer,
} from '../../testing/test-server';

/**
 * One truth about money (decision 048): every screen that tells an order's status (the receipt, My Account,
 * the console's order page, the customer's page in the console) reads the same status and the same amount for
 * it, whatever the payment went through.
 */

type Standing = Pick<OrderStandingFields, 'orderStatus' | 'statusAmount' | 'statusHeld'>;

describe.each(testDatabaseKinds())('every reader of an order tells the same money, on $name', (kind) => {
  const server = useTestServer(kind);
  const admin = useAdminSession(server);
  const shoppers = shoppersAt(server);

  const get = async (path: string, cookie: string) => {
    const answer = await fetch(`${server.url}${path}`, { headers: { cookie } });
    expect(answer.status, path).toBe(200);
    return (await answer.json()) as Record<string, unknown>;
  };
  const standingOf = (row: Record<string, unknown>): Standing => ({
    orderStatus: row.orderStatus as Standing['orderStatus'],
    ...(row.statusAmount !== undefined ? { statusAmount: row.statusAmount as number } : {}),
    ...(row.statusHeld !== undefined ? { statusHeld: true as const } : {}),
  });

  /** What each reader says of one of a customer's orders. */
  async function readers(shopper: Shopper, numericId: number, orderId: string) {
    const { rows } = await server.database.sql.query<{ receipt_token: string }>(
      'select receipt_token from orders where id = $1',
      [orderId],
    );
    const receipt = await get(`/api/receipts/${rows[0]!.receipt_token}`, '');
    const mine = await get('/api/users/orders', shopper.cookie);
    const page = await get(`/api/admin/orders/${orderId}`, admin.cookie);
    const customer = await get(`/api/admin/customers/${numericId}`, admin.cookie);
    const find = (list: unknown) =>
      (list as Record<string, unknown>[]).find((row) => row.orderId === orderId) ?? {};
    return {
      receipt: standingOf(receipt.order as Record<string, unknown>),
      myAccount: standingOf(find(mine.orders)),
      orderPage: standingOf(page.order as Record<string, unknown>),
      customerPage: standingOf(find((customer.customer as Record<string, unknown>).orders)),
    };
  }
  const expectEveryReader = async (
    order: { shopper: Shopper; numericId: number; orderId: string },
    expected: Standing,
  ) => {
    const read = await readers(order.shopper, order.numericId, order.orderId);
    expect(read, order.orderId).toEqual({
      receipt: expected,
      myAccount: expected,
      orderPage: expected,
      customerPage: expected,
    });
  };

  const paymentIdOf = async (orderId: string) =>
    (
      await server.database.sql.query<{ id: string }>('select id from payments where order_id = $1', [
        orderId,
      ])
    ).rows[0]!.id;
  const call = async (path: string, body: Record<string, unknown>) => {
    const answer = await admin.post(path, body);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer;
  };
  /** One ream ($10.49) paid by a customer with a saved card, or bank account. */
  async function customerOrder(kind: 'card' | 'bank' = 'card') {
    const shopper = await shoppers.register();
    const method =
      kind === 'card'
        ? await shoppers.saveCard(shopper)
        : await shoppers.saveBankAccount(shopper, { accountNumber: '2000000001' });
    const orderId = createOrderId('card');
    expect((await shoppers.pay(shopper, method.id, { orderId })).status).toBe(200);
    const { rows } = await server.database.sql.query<{ numeric_id: number }>(
      'select numeric_id from customers where id = $1',
      [shopper.id],
    );
    return {
      shopper,
      numericId: Number(rows[0]!.numeric_id),
      orderId,
      paymentId: await paymentIdOf(orderId),
    };
  }
  const upkeep = async () => {
    const deps = { orm: server.database.orm, gateway: server.gateway };
    await followSettlement(deps, { limit: 200, recheckAfterMs: 0 });
    await sendScheduledRefunds(deps, { limit: 50 });
    await followFunding(deps, { recheckAfterMs: 0 });
  };

  const moneySummary = async () =>
    (await get('/api/admin/money-summary?days=30', admin.cookie)).totals as Record<string, number>;

  it('a partial capture, a capture refunded in part, a scheduled refund, a cancelled charge, a void, a chargeback (refunded or not) and a returned debit', async () => {
    const summaryBefore = await moneySummary();
    const authorized = await customerOrder();
    const partial = await customerOrder();
    const refunded = await customerOrder();
    const scheduled = await customerOrder();
    const cancelled = await customerOrder();
    const voided = await customerOrder();
    const chargedBack = await customerOrder();
    const disputedThenRefunded = await customerOrder();
    const returned = await customerOrder('bank');

    await expectEveryReader(authorized, { orderStatus: 'authorized', statusAmount: 10.49, statusHeld: true });

    await call('/api/admin/capture-payment', {
      payment: { paymentId: partial.paymentId, originalAmount: 10.49, amount: 7 },
    });
    await expectEveryReader(partial, { orderStatus: 'partially_paid', statusAmount: 7 });

    for (const order of [refunded, scheduled, cancelled]) {
      await call('/api/admin/capture-payment', { payment: { paymentId: order.paymentId } });
    }
    await expectEveryReader(refunded, { orderStatus: 'paid', statusAmount: 10.49 });

    // Before settlement, a part refund is scheduled: nothing refunded yet, on every screen.
    const waiting = await call('/api/admin/refund', {
      transaction: { paymentId: scheduled.paymentId },
      amount: 5,
    });
    expect(waiting.body.refund).toMatchObject({ scheduled: true });
    await expectEveryReader(scheduled, { orderStatus: 'refund_scheduled', statusAmount: 5 });
    // Transaction History's filters read the same figures: a refund only scheduled has refunded nothing.
    const filtered = async (status: string) =>
      (
        (await admin.post('/api/admin/transactions', { limit: 500, status })).body.transactions as {
          orderId: string;
          refundType?: string;
        }[]
      )
        .filter((row) => row.refundType !== 'refund')
        .map((row) => row.orderId);
    expect(await filtered('partial_refund')).not.toContain(scheduled.orderId);
    expect(await filtered('refunded')).not.toContain(scheduled.orderId);
    expect(await filtered('captured')).toContain(scheduled.orderId);

    await call('/api/admin/cancel-charge', { payment: { paymentId: cancelled.paymentId } });
    await expectEveryReader(cancelled, { orderStatus: 'cancelled', statusAmount: 10.49 });

    await call('/api/admin/void-payment', { payment: { paymentId: voided.paymentId } });
    await expectEveryReader(voided, { orderStatus: 'cancelled', statusAmount: 10.49 });

    // Captures ending in .66 are charged back by the sandbox three days after they settle.
    for (const order of [chargedBack, disputedThenRefunded]) {
      await call('/api/admin/capture-payment', {
        payment: { paymentId: order.paymentId, originalAmount: 10.49, amount: 7.66 },
      });
    }
    await settleSandbox(server);
    await upkeep();
    // Three days on: the chargebacks and the bank's return come with the deposits.
    await backdateSandboxSettlement(server, 3);
    await upkeep();

    await call('/api/admin/refund', { transaction: { paymentId: refunded.paymentId }, amount: 5 });
    await expectEveryReader(refunded, { orderStatus: 'partially_refunded', statusAmount: 5 });
    // The scheduled refund was sent once the capture settled.
    await expectEveryReader(scheduled, { orderStatus: 'partially_refunded', statusAmount: 5 });

    await expectEveryReader(chargedBack, { orderStatus: 'disputed', statusAmount: 7.66 });
    await call('/api/admin/refund', {
      transaction: { paymentId: disputedThenRefunded.paymentId },
      amount: 2,
      confirmDisputed: true,
    });
    await expectEveryReader(disputedThenRefunded, { orderStatus: 'disputed', statusAmount: 7.66 });

    await expectEveryReader(returned, { orderStatus: 'payment_returned', statusAmount: 10.49 });
    expect(await filtered('partial_refund')).toEqual(
      expect.arrayContaining([refunded.orderId, scheduled.orderId, disputedThenRefunded.orderId]),
    );
    // A cancelled charge was given back whole, but never charged: the Refunded filter lists it as the
    // history did before, under its own word (Cancelled).
    expect(await filtered('refunded')).toContain(cancelled.orderId);

    // "Money, last 30 days" counts the same money: captures less the cancelled charge, refunds done, and what
    // the chargebacks and the bank's return took back, with the net after them.
    const summaryAfter = await moneySummary();
    const change = (series: string) =>
      Math.round((summaryAfter[series]! - summaryBefore[series]!) * 100) / 100;
    expect({
      captured: change('captured'),
      refunded: change('refunded'),
      takenBack: change('takenBack'),
      net: change('net'),
    }).toEqual({
      // 7.00 + 10.49 + 10.49 + 7.66 + 7.66 + 10.49 (the cancelled charge's 10.49 never taken)
      captured: 53.79,
      // 5.00 + 5.00 (the scheduled refund, sent after settlement) + 2.00
      refunded: 12,
      // 7.66 + 7.66 charged back, 10.49 returned
      takenBack: 25.81,
      net: 15.98,
    });
    // The Disputes tab tells what refunds gave back of a disputed payment: the same $2.00.
    const disputes = (await get('/api/admin/disputes', admin.cookie)).disputes as {
      orderId: string;
      refunded: number;
    }[];
    expect(disputes.find((row) => row.orderId === disputedThenRefunded.orderId)).toMatchObject({
      refunded: 2,
    });
    expect(disputes.find((row) => row.orderId === chargedBack.orderId)).toMatchObject({ refunded: 0 });

    // Transaction History tells the same: its rows say Disputed and Returned by Bank with what was taken
    // back, a returned debit has nothing left to refund, and the Disputed filter lists both.
    const history = async (body: Record<string, unknown>) =>
      (await admin.post('/api/admin/transactions', { limit: 500, ...body })).body
        .transactions as (AdminTransaction & {
        orderId: string;
      })[];
    const rowOf = async (orderId: string) =>
      (await history({ search: orderId })).find(
        (row) => row.orderId === orderId && row.refundType !== 'refund',
      )!;
    const disputedRow = await rowOf(chargedBack.orderId);
    expect(transactionLabel(disputedRow)).toBe('Disputed');
    expect(disputedRow).toMatchObject({ disputedAmount: 7.66, refundableAmount: 7.66 });
    const returnedRow = await rowOf(returned.orderId);
    expect(transactionLabel(returnedRow)).toBe('Returned by Bank');
    expect(returnedRow).toMatchObject({ returnedByBank: true, refundableAmount: 0 });
    expect(transactionLabel(await rowOf(cancelled.orderId))).toBe('Cancelled');
    expect(await rowOf(partial.orderId)).toMatchObject({ captureAmount: 7, refundableAmount: 7 });
    const disputedList = (await history({ status: 'disputed' })).map((row) => row.orderId);
    expect(disputedList).toEqual(
      expect.arrayContaining([chargedBack.orderId, disputedThenRefunded.orderId, returned.orderId]),
    );
    expect(disputedList).not.toContain(partial.orderId);

    // The export writes the same rows: its label and figures are the history row's.
    const csv = await fetch(`${server.url}/api/admin/transactions.csv`, {
      headers: { cookie: admin.cookie },
    });
    const lines = (await csv.text()).split('\r\n');
    const header = lines[0]!.split(',');
    const cellsOf = (orderId: string) => {
      // The payment's row, not a refund's. Only the quoted address holds commas: the cells after it are
      // counted from the end of the line.
      const line = lines.find((text) => text.startsWith(`${orderId},`) && !text.includes(',refund,'))!;
      const cells = line.split(',');
      return (column: string) => {
        const index = header.indexOf(column);
        return index < header.indexOf('deliverTo') ? cells[index] : cells.at(index - header.length);
      };
    };
    expect(cellsOf(cancelled.orderId)('label')).toBe('Cancelled');
    expect(cellsOf(returned.orderId)('label')).toBe('Returned by Bank');
    expect(cellsOf(returned.orderId)('takenBackAmount')).toBe('10.49');
    expect(cellsOf(returned.orderId)('refundableAmount')).toBe('0.00');
    expect(cellsOf(chargedBack.orderId)('label')).toBe('Disputed');
    expect(cellsOf(chargedBack.orderId)('takenBackAmount')).toBe('7.66');
    expect(cellsOf(partial.orderId)('refundableAmount')).toBe('7.00');
  }, 180_000);

  it('a wallet order names its wallet on the receipt, as the result page and the console do', async () => {
    const orderId = createOrderId('googlepay');
    expect((await shoppers.payWithGooglePay(await googlePayToken(server), orderId)).status).toBe(200);
    const { rows } = await server.database.sql.query<{ receipt_token: string }>(
      'select receipt_token from orders where id = $1',
      [orderId],
    );
    const receipt = await get(`/api/receipts/${rows[0]!.receipt_token}`, '');
    expect((receipt.order as { paymentMethod: string }).paymentMethod).toMatch(
      /^Google Pay · VISA •••• \d{4}$/,
    );
  });

  it("My Account names how each order was paid as its receipt does: a wallet by the wallet's name", async () => {
    const { shopper, orderId } = await customerOrder();
    const mine = (await get('/api/users/orders', shopper.cookie)).orders as {
      orderId: string;
      paymentMethod?: string;
    }[];
    expect(mine.find((row) => row.orderId === orderId)?.paymentMethod).toBe('VISA •••• 1111');
    const wallet = createOrderId('googlepay');
    // A signed-in customer's wallet payment names them (userId), as the checkout sends it.
    const paid = await server.post(
      '/api/googlepay/process-with-googlepay',
      {
        paymentToken: await googlePayToken(server),
        amount: 10.49,
        orderId: wallet,
        userId: shopper.id,
        email: 'shopper@example.com',
        gateway: 'cardconnect',
        items: [{ productId: 'paper-ream-500', quantity: 1 }],
        delivery: TEST_DELIVERY,
      },
      { cookie: shopper.cookie },
    );
    expect(paid.status).toBe(200);
    const again = (await get('/api/users/orders', shopper.cookie)).orders as typeof mine;
    expect(again.find((row) => row.orderId === wallet)?.paymentMethod).toMatch(
      /^Google Pay · VISA •••• \d{4}$/,
    );
  });
});
