import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { createPgliteTestDatabase } from './test-database';
import { listPendingOperations, nextReconciliationDue } from './ledger-reads';

/**
 * Reconciliation lists the operations due when a pass starts, and asks to be woken when the next one falls
 * due. An operation that falls due at the very millisecond a pass starts (the pass's timer is set to that
 * millisecond) must be in one or the other, not left for the next minute.
 */
describe('when unconfirmed operations fall due', () => {
  const RECONCILE_AFTER_MS = 7_000;
  const reservedAt = new Date('2026-03-02T10:00:00.123Z');
  let database: Database;

  beforeAll(async () => {
    database = await createPgliteTestDatabase();
    await database.sql.query(
      `insert into orders (id, channel, customer_name, subtotal_cents, tax_cents, total_cents)
       values ('CC-DUE000000001', 'card', 'Guest', 6495, 325, 6820)`,
    );
    const { rows } = await database.sql.query<{ id: string }>(
      `insert into payments (order_id, retref, card_brand, last4, auth_code, authorized_cents, authorized_at)
       values ('CC-DUE000000001', '100000000001', 'VISA', '1111', 'A1B2C3', 6820, now()) returning id`,
    );
    await database.sql.query(
      `insert into money_operations (payment_id, kind, amount_cents, actor, created_at)
       values ($1, 'capture', 6820, 'admin', $2)`,
      [rows[0]!.id, reservedAt.toISOString()],
    );
  });
  afterAll(() => database.close());

  const due = new Date(reservedAt.getTime() + RECONCILE_AFTER_MS);
  const passAt = (time: Date) => ({
    listed: listPendingOperations(database.orm, new Date(time.getTime() - RECONCILE_AFTER_MS)),
    next: nextReconciliationDue(database.orm, { now: time, reconcileAfterMs: RECONCILE_AFTER_MS }),
  });

  it('a pass a millisecond early leaves it, and is told to come back when it falls due', async () => {
    const pass = passAt(new Date(due.getTime() - 1));
    expect(await pass.listed).toHaveLength(0);
    expect(await pass.next).toEqual(due);
  });

  it('a pass at the millisecond it falls due settles it', async () => {
    const pass = passAt(due);
    expect(await pass.listed).toHaveLength(1);
    expect(await pass.next).toBeUndefined();
  });
});
