import { findPayment, type PaymentRow } from '../../db/checkout-store';
import type { Orm } from '../../db/client';
import { releaseOperation, type MoneyOperationRow } from '../../db/ledger-store';
import { findOperation, listPendingOperations, listSucceededRefunds } from '../../db/ledger-reads';
import { quietLog } from '../../log';
import { auditLine } from './audit';
import { confirmOperation } from './customer-messages';
import type { OperationsDependencies } from './dependencies';
import { refundBeforeSettlement } from './refund-policy';

/**
 * Reconciliation: an operation whose answer was lost (a timeout, a crash) is settled from the gateway's own
 * record of the payment, never by sending the call again.
 */

type GatewayVerdict =
  | { state: 'done'; amountCents?: number; gatewayRetref?: string }
  | { state: 'not_done'; expired?: boolean; unsettled?: boolean }
  | { state: 'unknown' };

/**
 * What the gateway's records say happened to an operation. "Not done" needs positive evidence (the
 * authorization is still open, or the gateway's refunded total equals ours); anything the store cannot
 * read for certain is "unknown", and the operation stays reserved for a later look or for review.
 */
async function askGateway(
  deps: OperationsDependencies,
  operation: MoneyOperationRow,
  payment: PaymentRow,
): Promise<GatewayVerdict> {
  const inquiry = await deps.gateway.inquire(payment.retref);
  if (!inquiry.ok) return { state: 'unknown' };
  const settlement = inquiry.value.settlement;
  if (operation.kind === 'refund' && operation.method === 'void') {
    // A whole refund sent as a void of the capture: the gateway shows the capture voided, or still there.
    if (settlement === 'voided') return { state: 'done' };
    return settlement === 'captured' ? { state: 'not_done' } : { state: 'unknown' };
  }
  if (operation.kind === 'refund') {
    const found = await deps.gateway.inquireByOrderId(payment.orderId);
    const recorded = await listSucceededRefunds(deps.orm, payment.id);
    const match = found.ok
      ? found.value.find(
          (transaction) =>
            transaction.settlement === 'refund' &&
            transaction.parentRetref === payment.retref &&
            transaction.amountCents === operation.amountCents &&
            !recorded.retrefs.has(transaction.retref),
        )
      : undefined;
    if (match) return { state: 'done', gatewayRetref: match.retref };
    if (inquiry.value.refundedAmountCents === recorded.totalCents) {
      return { state: 'not_done', unsettled: settlement === 'captured' && !inquiry.value.settledAt };
    }
    return { state: 'unknown' };
  }
  if (settlement === 'expired') return { state: 'not_done', expired: true };
  if (operation.kind === 'capture') {
    if (settlement === 'captured') {
      const captured = inquiry.value.capturedAmountCents;
      return { state: 'done', amountCents: captured && captured > 0 ? captured : operation.amountCents };
    }
    return settlement === 'authorized' || settlement === 'voided'
      ? { state: 'not_done' }
      : { state: 'unknown' };
  }
  if (settlement === 'voided') return { state: 'done' };
  return settlement === 'authorized' || settlement === 'captured'
    ? { state: 'not_done' }
    : { state: 'unknown' };
}

/**
 * Settles one pending operation from the gateway's record. `releaseIfNotDone` is false on the request's own
 * path: a call that timed out may still reach the gateway, so only reconciliation, later, releases.
 * `payment`, when the caller holds it, is not read again (only its fixed fields are asked about).
 */
export async function reconcileOperation(
  deps: OperationsDependencies,
  operation: MoneyOperationRow,
  options: { releaseIfNotDone: boolean; payment?: PaymentRow },
): Promise<'succeeded' | 'failed' | 'pending'> {
  const payment = options.payment ?? (await findPayment(deps.orm, operation.paymentId));
  if (!payment) return 'pending';
  const answer = await askGateway(deps, operation, payment);
  const line = (outcome: 'success' | 'failure', detail: string, amountCents = operation.amountCents) =>
    auditLine('reconciliation', operation.kind, payment, amountCents, outcome, detail);
  if (answer.state === 'done') {
    // Written with the settlement, if this server settles it: another may have first, and audited its own.
    await confirmOperation(deps, payment, operation, {
      message: 'Confirmed with the gateway',
      ...(answer.amountCents !== undefined ? { amountCents: answer.amountCents } : {}),
      ...(answer.gatewayRetref ? { gatewayRetref: answer.gatewayRetref } : {}),
      audit: line('success', 'confirmed with the gateway'),
    });
    return notScheduled(await settledState(deps.orm, operation.id));
  }
  if (answer.state === 'not_done' && options.releaseIfNotDone && answer.unsettled) {
    // A refund lost on its way to a capture not settled yet: the gateway would have declined it (28), so
    // it is treated as any refund asked before the settlement (the refund policy's rule), not dropped.
    await refundBeforeSettlement(deps, operation, 'The gateway has no record of it; released', (settled) =>
      settled.state === 'scheduled'
        ? line('success', 'not done at the gateway before settlement; scheduled to run after it')
        : line(
            'failure',
            'not done at the gateway before settlement; released (refunds before settlement are refused)',
          ),
    );
    return notScheduled(await settledState(deps.orm, operation.id));
  }
  if (answer.state === 'not_done' && options.releaseIfNotDone) {
    await releaseOperation(deps.orm, operation.id, 'The gateway has no record of it; released', {
      expireAuthorization: answer.expired === true,
      audit: () => line('failure', 'not done at the gateway; released'),
    });
    return notScheduled(await settledState(deps.orm, operation.id));
  }
  return 'pending';
}

/** Reconciliation settles sent operations only: one scheduled again meanwhile is still waiting. */
function notScheduled(state: MoneyOperationRow['status']): 'succeeded' | 'failed' | 'pending' {
  return state === 'scheduled' ? 'pending' : state;
}

export async function settledState(orm: Orm, operationId: string): Promise<MoneyOperationRow['status']> {
  return (await findOperation(orm, operationId))?.status ?? 'pending';
}

/**
 * How many payments reconciliation settles at once, each with a question to the gateway. A crash during
 * Capture All leaves up to a few times `captureAllConcurrency` operations unconfirmed: one after the other,
 * at a few hundred milliseconds a question, they would take tens of seconds; eight at a time asks little
 * more of the gateway than one browser does.
 */
const PAYMENTS_RECONCILED_AT_ONCE = 8;

/**
 * Settles operations left pending by a crash or a lost answer. Only operations older than `olderThanMs`
 * are touched, so that a call still in flight on another server is not taken for a lost one. Settling is
 * guarded by the operation's status, so two servers reconciling at once settle each operation once.
 */
export async function reconcilePendingOperations(
  deps: OperationsDependencies,
  olderThanMs: number,
): Promise<{ succeeded: number; failed: number; pending: number }> {
  const counts = { succeeded: 0, failed: 0, pending: 0 };
  // The operations of one payment in turn, oldest first (they lock the same row, and the gateway's records
  // of two refunds of one payment are told apart by what is already recorded); several payments at once.
  const byPayment = new Map<string, MoneyOperationRow[]>();
  for (const operation of await listPendingOperations(deps.orm, new Date(Date.now() - olderThanMs))) {
    byPayment.set(operation.paymentId, [...(byPayment.get(operation.paymentId) ?? []), operation]);
  }
  const queue = [...byPayment.values()];
  const worker = async () => {
    for (let operations = queue.shift(); operations; operations = queue.shift()) {
      for (const operation of operations) {
        try {
          counts[await reconcileOperation(deps, operation, { releaseIfNotDone: true })] += 1;
        } catch (error) {
          // One operation that cannot be settled must not keep the others waiting.
          (deps.log ?? quietLog).error(
            { err: error, operationId: operation.id },
            'reconciliation: operation could not be settled',
          );
          counts.pending += 1;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAYMENTS_RECONCILED_AT_ONCE, queue.length) }, worker));
  return counts;
}
