import { deleteExpiredSessions } from '../db/admin-store';
import { deleteIdempotencyKeysBefore } from '../db/money-store';
import { confirmUnverifiedPayments, type CheckoutDependencies } from './checkout';
import { reconcilePendingOperations } from './payment-operations';

const KEEP_IDEMPOTENT_ANSWERS_MS = 24 * 60 * 60 * 1000;

/**
 * The store's periodic upkeep, run at start and every minute on every server (each step is safe to run on
 * several at once): settle unconfirmed money operations, confirm hosted-page payments whose shopper never
 * came back, and forget expired sessions and day-old idempotent answers.
 */
export async function runMaintenance(
  deps: CheckoutDependencies,
  options: { reconcileAfterMs: number },
): Promise<void> {
  await reconcilePendingOperations(deps, options.reconcileAfterMs);
  await confirmUnverifiedPayments(deps);
  const now = new Date();
  await deleteExpiredSessions(deps.orm, now);
  await deleteIdempotencyKeysBefore(deps.orm, new Date(now.getTime() - KEEP_IDEMPOTENT_ANSWERS_MS));
}
