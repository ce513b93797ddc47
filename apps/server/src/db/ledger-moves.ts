import {
  CAPTURE_TRANSITIONS,
  OPERATION_TRANSITIONS,
  type CaptureStatus,
  type OperationStatus,
} from '@store/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { PaymentRow } from './checkout-store';
import type { Transaction } from './client';
import { auditEvents, moneyOperations, payments } from './schema';

/**
 * The one way a payment's capture status or a money operation's status changes (decision 048): each move is
 * checked against the core's transition tables (`packages/core/src/payment-state.ts`) when it is made, is
 * written only from the state the caller names (another server may have moved it first: then nothing is
 * written), and writes its audit line in the same transaction. The database's triggers hold the same tables
 * (migration 0012); a move the tables do not have is refused here first, with a typed error, before any
 * statement runs.
 */

/** A move the transition tables do not have: a fault in the code that asked for it, never a race. */
export class IllegalMoveError extends Error {
  override readonly name = 'IllegalMoveError';

  constructor(
    readonly machine: 'capture' | 'operation',
    readonly from: string,
    readonly to: string,
  ) {
    super(`A ${machine} status cannot move from ${from} to ${to}`);
  }
}

export function checkCaptureMove(from: CaptureStatus, to: CaptureStatus): void {
  if (!CAPTURE_TRANSITIONS[from].includes(to)) throw new IllegalMoveError('capture', from, to);
}

export function checkOperationMove(from: OperationStatus, to: OperationStatus): void {
  if (!OPERATION_TRANSITIONS[from].includes(to)) throw new IllegalMoveError('operation', from, to);
}

/** An audit line as a move writes it: who, what, which order, how much, how it ended, in words. */
export type AuditLine = Omit<typeof auditEvents.$inferInsert, 'id' | 'at'>;

type OperationRow = typeof moneyOperations.$inferSelect;
type OperationChange = Omit<PgUpdateSetSource<typeof moneyOperations>, 'status'>;
type PaymentChange = Omit<PgUpdateSetSource<typeof payments>, 'captureStatus'>;

/**
 * Moves one operation from `from` to `to` with `set`, in the caller's transaction (which has locked its
 * payment first, as every money transaction does); then writes `audit` (a line, or one made from the moved
 * row). Undefined, and nothing written, when the operation is no longer `from`.
 */
export async function moveOperation(
  tx: Transaction,
  operationId: string,
  move: {
    from: OperationStatus;
    to: OperationStatus;
    set?: OperationChange;
    audit?: AuditLine | ((moved: OperationRow) => AuditLine);
  },
): Promise<OperationRow | undefined> {
  checkOperationMove(move.from, move.to);
  const rows = await tx
    .update(moneyOperations)
    .set({ ...move.set, status: move.to })
    .where(and(eq(moneyOperations.id, operationId), eq(moneyOperations.status, move.from)))
    .returning();
  const moved = rows[0];
  if (moved && move.audit) {
    await tx.insert(auditEvents).values(typeof move.audit === 'function' ? move.audit(moved) : move.audit);
  }
  return moved;
}

/**
 * Moves a payment's capture status from any of `from` to `to` with `set`, in the caller's transaction, then
 * writes `audit`. Undefined, and nothing written, when the payment is in none of `from`.
 */
export async function movePayment(
  tx: Transaction,
  paymentId: string,
  move: {
    from: readonly CaptureStatus[];
    to: CaptureStatus;
    set?: PaymentChange;
    audit?: AuditLine | ((moved: PaymentRow) => AuditLine);
  },
): Promise<PaymentRow | undefined> {
  for (const from of move.from) checkCaptureMove(from, move.to);
  const rows = await tx
    .update(payments)
    .set({ ...move.set, captureStatus: move.to })
    .where(and(eq(payments.id, paymentId), inArray(payments.captureStatus, [...move.from])))
    .returning();
  const moved = rows[0];
  if (moved && move.audit) {
    await tx.insert(auditEvents).values(typeof move.audit === 'function' ? move.audit(moved) : move.audit);
  }
  return moved;
}
