import {
  CAPTURE_STATUSES,
  CAPTURE_TRANSITIONS,
  OPERATION_STATUSES,
  OPERATION_TRANSITIONS,
  transitionPairs,
} from '@store/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { IllegalMoveError, moveOperation, movePayment } from './ledger-moves';
import { testDatabaseKinds } from './test-database';

/**
 * The state tables in packages/core are what the database enforces: every status they name, and every
 * change between two of them, is tried with a plain UPDATE; exactly the changes the tables list go through.
 */
describe.each(testDatabaseKinds())('state transitions enforced by the database on $name', (kind) => {
  let database: Database;
  let sequence = 0;

  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(async () => {
    await database.close();
  });

  async function paymentIn(status: string): Promise<string> {
    sequence += 1;
    const orderId = `CC-STATE-${sequence}`;
    await database.sql.query(
      `insert into orders (id, channel, customer_name, subtotal_cents, tax_cents, total_cents)
       values ($1, 'card', 'Pat Shopper', 1000, 50, 1050)`,
      [orderId],
    );
    const { rows } = await database.sql.query<{ id: string }>(
      `insert into payments (order_id, retref, card_brand, last4, auth_code, authorized_cents, authorized_at,
         capture_status, captured_cents)
       values ($1, $2, 'VISA', '1111', 'A1', 1050, now(), $3, 0) returning id`,
      [orderId, `retref-${sequence}`, status],
    );
    return rows[0]!.id;
  }

  async function changes(statement: string, id: string, to: string): Promise<boolean> {
    try {
      await database.sql.query(statement, [id, to]);
      return true;
    } catch (error) {
      expect(String(error)).toMatch(/cannot change from/);
      return false;
    }
  }

  it("lets a payment's capture status change exactly as its table says", async () => {
    const allowed = new Set(transitionPairs(CAPTURE_TRANSITIONS).map(([from, to]) => `${from}→${to}`));
    const went: string[] = [];
    for (const from of CAPTURE_STATUSES) {
      for (const to of CAPTURE_STATUSES) {
        if (from === to) continue;
        const id = await paymentIn(from);
        if (await changes('update payments set capture_status = $2 where id = $1', id, to)) {
          went.push(`${from}→${to}`);
        }
      }
    }
    expect(new Set(went)).toEqual(allowed);
    // Other columns change freely, and an update naming the same status is no change.
    const id = await paymentIn('settled');
    expect(
      await changes("update payments set capture_status = $2, last4 = '4242' where id = $1", id, 'settled'),
    ).toBe(true);
  });

  it("lets a money operation's status change exactly as its table says", async () => {
    const allowed = new Set(transitionPairs(OPERATION_TRANSITIONS).map(([from, to]) => `${from}→${to}`));
    const paymentId = await paymentIn('captured');
    const went: string[] = [];
    for (const from of OPERATION_STATUSES) {
      for (const to of OPERATION_STATUSES) {
        if (from === to) continue;
        // A refund: the only kind that may wait for settlement.
        const { rows } = await database.sql.query<{ id: string }>(
          `insert into money_operations (payment_id, kind, amount_cents, status, actor)
           values ($1, 'refund', 100, $2, 'test') returning id`,
          [paymentId, from],
        );
        if (await changes('update money_operations set status = $2 where id = $1', rows[0]!.id, to)) {
          went.push(`${from}→${to}`);
        }
      }
    }
    expect(new Set(went)).toEqual(allowed);
  });

  const auditLines = async (orderId: string) =>
    (
      await database.sql.query<{ action: string; detail: string }>(
        'select action, detail from audit_events where order_id = $1 order by at',
        [orderId],
      )
    ).rows;
  const line = (orderId: string, detail: string) => ({
    actor: 'test',
    action: 'capture',
    orderId,
    amountCents: 1050,
    outcome: 'success' as const,
    detail,
  });
  const orderOf = async (paymentId: string) =>
    (
      await database.sql.query<{ order_id: string }>('select order_id from payments where id = $1', [
        paymentId,
      ])
    ).rows[0]!.order_id;

  it('moves through the ledger exactly as the tables say, each with its audit line, and refuses any other with a typed error before writing', async () => {
    // Every pair the table has moves, with its line; every other is refused before a statement runs.
    for (const from of CAPTURE_STATUSES) {
      for (const to of CAPTURE_STATUSES) {
        if (from === to) continue;
        const paymentId = await paymentIn(from);
        const orderId = await orderOf(paymentId);
        const move = () =>
          database.orm.transaction((tx) =>
            movePayment(tx, paymentId, { from: [from], to, audit: line(orderId, `${from}→${to}`) }),
          );
        if (CAPTURE_TRANSITIONS[from].includes(to)) {
          expect((await move())?.captureStatus).toBe(to);
          expect(await auditLines(orderId)).toEqual([{ action: 'capture', detail: `${from}→${to}` }]);
        } else {
          const refused = await move().catch((error: unknown) => error);
          expect(refused).toBeInstanceOf(IllegalMoveError);
          expect(refused).toMatchObject({ machine: 'capture', from, to });
          expect(await auditLines(orderId)).toEqual([]);
        }
      }
    }
    // A payment no longer in the state the move starts from (another server moved it): nothing is written.
    const settled = await paymentIn('settled');
    const settledOrder = await orderOf(settled);
    expect(
      await database.orm.transaction((tx) =>
        movePayment(tx, settled, { from: ['authorized'], to: 'voided', audit: line(settledOrder, 'late') }),
      ),
    ).toBeUndefined();
    expect(await auditLines(settledOrder)).toEqual([]);
  });

  it("writes an operation's move and its audit line together: a move that fails leaves neither", async () => {
    const paymentId = await paymentIn('captured');
    const orderId = await orderOf(paymentId);
    const { rows } = await database.sql.query<{ id: string }>(
      `insert into money_operations (payment_id, kind, amount_cents, status, actor)
       values ($1, 'refund', 100, 'pending', 'test') returning id`,
      [paymentId],
    );
    const operationId = rows[0]!.id;
    await expect(
      database.orm.transaction(async (tx) => {
        await moveOperation(tx, operationId, {
          from: 'pending',
          to: 'scheduled',
          audit: line(orderId, 'kept'),
        });
        throw new Error('the gateway call after it failed');
      }),
    ).rejects.toThrow('the gateway call after it failed');
    expect(await auditLines(orderId)).toEqual([]);
    await expect(
      database.orm.transaction((tx) => moveOperation(tx, operationId, { from: 'succeeded', to: 'pending' })),
    ).rejects.toMatchObject({
      name: 'IllegalMoveError',
      machine: 'operation',
      from: 'succeeded',
      to: 'pending',
    });
    const moved = await database.orm.transaction((tx) =>
      moveOperation(tx, operationId, { from: 'pending', to: 'scheduled', audit: line(orderId, 'kept') }),
    );
    expect(moved?.status).toBe('scheduled');
    expect(await auditLines(orderId)).toEqual([{ action: 'capture', detail: 'kept' }]);
  });
});
