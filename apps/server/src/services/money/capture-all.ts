import type { CaptureAllResult } from '@store/core';
import { batched } from '../../db/batched';
import { findPayment, type PaymentRow } from '../../db/checkout-store';
import { completeOperations, reserveCaptures, type MoneyOperationRow } from '../../db/ledger-store';
import { listAuthorizedPayments } from '../../db/payment-lists';
import type { GatewayResult, GatewayTransaction } from '../../gateway/payment-gateway';
import { DEFAULT_CAPTURE_ALL_CONCURRENCY } from '../../config';
import { AppError } from '../../errors';
import { quietLog } from '../../log';
import { audit, auditLine } from './audit';
import type { OperationsDependencies } from './dependencies';
import { answerFor, refusal, settle } from './runner';

/** Capture All: every authorized payment captured, as many at once as the gateway is sent in parallel. */

/**
 * How long Capture All gathers approved captures before confirming them in one statement. At 32 captures
 * in flight and 50 ms at the gateway, 20 to 30 go in each; written as soon as possible they went by 4 or 5,
 * and those statements cost about a tenth of the store's CPU in the run.
 */
const CONFIRMATIONS_GATHERED_MS = 50;

/**
 * Captures every authorized payment, with at most `captureAllConcurrency` captures at the gateway at once.
 * Each capture follows the rules of one (reserve → call → confirm, audited), and no payment holds more than
 * one reservation. The database work is done together: the payments are reserved a group at a time (one
 * statement per `captureAllConcurrency` payments, the next group while the one before is at the gateway),
 * and approved captures are confirmed in batches with their audit lines (group commit). A crash leaves
 * unconfirmed at most the two groups reserved, those at the gateway and those awaiting their confirmation:
 * reconciliation settles each from the gateway's records. A payment captured or voided meanwhile by another
 * operator (or server) is reported, never captured twice; a capture the gateway refused or did not answer
 * is settled on its own, as a single capture would be.
 */
export async function captureAll(
  deps: OperationsDependencies,
  actor: string,
): Promise<{ successCount: number; failureCount: number; results: CaptureAllResult[] }> {
  const targets: PaymentRow[] = [];
  for (let page = await listAuthorizedPayments(deps.orm, { limit: 1000 }); page.length > 0;) {
    targets.push(...page);
    const last = page.at(-1)!;
    page = await listAuthorizedPayments(deps.orm, {
      limit: 1000,
      after: { at: last.authorizedAt, id: last.id },
    });
  }
  const confirm = batched(
    async (batch: { operation: MoneyOperationRow; payment: PaymentRow; answer: GatewayTransaction }[]) => {
      const confirmed = await completeOperations(
        deps.orm,
        batch.map(({ operation, payment, answer }) => ({
          operationId: operation.id,
          message: answer.message || 'Approval',
          ...(answer.amountCents > 0 ? { amountCents: answer.amountCents } : {}),
          audit: auditLine(actor, 'capture', payment, undefined, 'success', 'approved'),
        })),
      );
      const confirmedIds = new Set(confirmed.map((operation) => operation.id));
      return batch.map(({ operation }) => confirmedIds.has(operation.id));
    },
    // Nothing but the answer at the end waits on a confirmation, so each waits to be written with more.
    { gatherMs: CONFIRMATIONS_GATHERED_MS },
  );

  const results: CaptureAllResult[] = new Array(targets.length);
  const record = (index: number, outcome: { success: boolean; message: string }) => {
    const payment = targets[index]!;
    results[index] = {
      paymentId: payment.id,
      requestId: payment.requestId,
      orderId: payment.orderId,
      ...outcome,
    };
  };
  /** A payment's outcome; a failure is reported with the message of its refusal. */
  const outcomeOf = async (payment: PaymentRow, work: () => Promise<string>) => {
    try {
      return { success: true, message: await work() };
    } catch (error) {
      // One payment's trouble must not stop the others, nor leave them running unobserved.
      if (!(error instanceof AppError)) {
        (deps.log ?? quietLog).error({ err: error, paymentId: payment.id }, 'capture-all: capture failed');
      }
      return {
        success: false,
        message: error instanceof AppError ? error.message : 'Failed to capture payment',
      };
    }
  };
  /** Refused, unanswered, or settled meanwhile by reconciliation: as one capture's answer would be. */
  const settleOne = async (
    payment: PaymentRow,
    operation: MoneyOperationRow,
    answer: GatewayResult<GatewayTransaction>,
  ) => {
    const settled = await settle(deps, payment, operation, answer, { actor, action: 'capture' });
    return (await answerFor(deps, operation, settled, answer.ok ? '' : answer.message)).message;
  };
  const refuse = async (payment: PaymentRow): Promise<never> => {
    // Not reserved: captured, voided or expired meanwhile, or a capture or void of it is under way.
    const now = await findPayment(deps.orm, payment.id);
    const error = refusal(
      now?.captureStatus === 'authorized'
        ? { ok: false, reason: 'busy', payment: now }
        : { ok: false, reason: now ? 'not_authorized' : 'not_found', payment: now },
      'capture',
    );
    await audit(deps.orm, actor, 'capture', now ?? payment, undefined, 'failure', error.message);
    throw error;
  };

  // The payments are reserved a group at a time, as many as may be at the gateway at once, in one
  // statement; the next group is reserved as soon as the first payment of a group is taken, so the workers
  // do not wait for the database between two gateway calls. Each worker keeps one capture at the gateway:
  // an approved one is handed to the group confirmation and the worker goes on with the next payment;
  // anything else it settles itself (which may ask the gateway).
  const concurrency = deps.captureAllConcurrency ?? DEFAULT_CAPTURE_ALL_CONCURRENCY;
  const groups = new Map<number, Promise<Map<string, MoneyOperationRow>>>();
  const reserveGroup = (group: number) => {
    if (groups.has(group) || group * concurrency >= targets.length) return;
    const members = targets.slice(group * concurrency, (group + 1) * concurrency);
    const reserved = reserveCaptures(
      deps.orm,
      members.map((payment) => payment.id),
      actor,
    ).then((operations) => new Map(operations.map((operation) => [operation.paymentId, operation])));
    // Read when its payments' turn comes: a failure is their outcome, not an unobserved rejection before.
    reserved.catch(() => undefined);
    groups.set(group, reserved);
    groups.delete(group - 2);
  };
  const reservationOf = async (index: number) => {
    const group = Math.floor(index / concurrency);
    reserveGroup(group);
    if (index % concurrency === 0) reserveGroup(group + 1);
    return (await groups.get(group)!).get(targets[index]!.id);
  };
  const confirmations: Promise<void>[] = [];
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const index = next++;
      const payment = targets[index]!;
      let sent: { operation: MoneyOperationRow; answer: GatewayResult<GatewayTransaction> } | undefined;
      const outcome = await outcomeOf(payment, async () => {
        const operation = (await reservationOf(index)) ?? (await refuse(payment));
        const answer = await deps.gateway.capture({
          retref: payment.retref,
          amountCents: operation.amountCents,
        });
        sent = { operation, answer };
        return answer.ok ? '' : settleOne(payment, operation, answer);
      });
      const approved = sent?.answer.ok ? { operation: sent.operation, answer: sent.answer } : undefined;
      if (!approved) {
        record(index, outcome);
        continue;
      }
      confirmations.push(
        outcomeOf(payment, async () =>
          (await confirm({ operation: approved.operation, payment, answer: approved.answer.value }))
            ? 'Payment captured'
            : settleOne(payment, approved.operation, approved.answer),
        ).then((confirmed) => record(index, confirmed)),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker));
  await Promise.all(confirmations);
  const successCount = results.filter((result) => result.success).length;
  await audit(
    deps.orm,
    actor,
    'capture_all',
    undefined,
    undefined,
    successCount === results.length ? 'success' : 'failure',
    `${successCount} of ${results.length} captured`,
  );
  return { successCount, failureCount: results.length - successCount, results };
}
