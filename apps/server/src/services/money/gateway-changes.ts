import { formatCents, isRefundable } from '@store/core';
import type { PaymentRow } from '../../db/checkout-store';
import {
  adoptGatewayOutcome,
  listOpenPaymentsToCheck,
  markGatewayChecked,
  recordGatewayRefund,
  type GatewayOutcome,
} from '../../db/gateway-sync-store';
import { listSucceededRefunds } from '../../db/ledger-reads';
import type { GatewayTransaction } from '../../gateway/payment-gateway';
import { auditLine } from './audit';
import type { OperationsDependencies } from './dependencies';

/**
 * Changes made to a payment at the gateway itself (its merchant portal, another integration) adopted into the
 * store's books: the gateway is the source of truth.
 */

const OUTCOME_WORDS: Record<GatewayOutcome['status'], string> = {
  captured: 'captured',
  voided: 'voided',
  expired: 'expired',
};

/** The gateway's record of an authorization, as an outcome to adopt; undefined while it is still open. */
function outcomeOf(record: GatewayTransaction): GatewayOutcome | undefined {
  switch (record.settlement) {
    case 'captured':
      return { status: 'captured', capturedCents: record.capturedAmountCents || record.amountCents };
    case 'voided':
    case 'expired':
      return { status: record.settlement };
    default:
      return undefined;
  }
}

/**
 * Makes the store's record of a payment agree with the gateway's where something was done at the gateway
 * itself (its merchant portal, another integration): an open authorization captured, voided or expired
 * there, or refunds made there. The gateway is the source of truth: its state is adopted and audited as
 * changed at the gateway. Returns what the operator should be told, or undefined when nothing differed.
 */
export async function adoptGatewayChanges(
  deps: OperationsDependencies,
  payment: PaymentRow,
): Promise<string | undefined> {
  const inquiry = await deps.gateway.inquire(payment.retref);
  if (!inquiry.ok) return undefined;
  const record = inquiry.value;
  if (payment.captureStatus === 'authorized') {
    const outcome = outcomeOf(record);
    if (!outcome) return undefined;
    const amountCents = outcome.status === 'captured' ? outcome.capturedCents : payment.authorizedCents;
    const what =
      outcome.status === 'captured'
        ? `captured (${formatCents(amountCents)})`
        : OUTCOME_WORDS[outcome.status];
    const adopted = await adoptGatewayOutcome(deps.orm, payment.id, outcome, () =>
      auditLine(
        'gateway',
        'changed_at_gateway',
        payment,
        amountCents,
        'success',
        `${what} at the gateway, outside this store`,
      ),
    );
    if (!adopted) return undefined;
    return outcome.status === 'captured'
      ? `This payment was already captured at the gateway (${formatCents(amountCents)}), outside this store. It now shows as captured; refund it if the money must go back.`
      : `This payment was already ${what} at the gateway, outside this store. It no longer awaits capture.`;
  }
  if (!isRefundable(payment.captureStatus) || record.refundedAmountCents === undefined) return undefined;
  const recorded = await listSucceededRefunds(deps.orm, payment.id);
  if (record.refundedAmountCents <= recorded.totalCents) return undefined;
  const found = await deps.gateway.inquireByOrderId(payment.orderId);
  let adoptedCents = 0;
  for (const transaction of found.ok ? found.value : []) {
    const unknownRefund =
      transaction.settlement === 'refund' &&
      transaction.parentRetref === payment.retref &&
      !recorded.retrefs.has(transaction.retref);
    if (
      unknownRefund &&
      (await recordGatewayRefund(
        deps.orm,
        {
          paymentId: payment.id,
          amountCents: transaction.amountCents,
          gatewayRetref: transaction.retref,
        },
        auditLine(
          'gateway',
          'changed_at_gateway',
          payment,
          transaction.amountCents,
          'success',
          `refunded at the gateway, outside this store (retref ${transaction.retref})`,
        ),
      ))
    ) {
      adoptedCents += transaction.amountCents;
    }
  }
  return adoptedCents > 0
    ? `${formatCents(adoptedCents)} of this payment was already refunded at the gateway, outside this store. The history now shows it.`
    : undefined;
}

/**
 * Upkeep: compares a bounded number of open authorizations with the gateway's records, least recently
 * compared first, and adopts what was done to them at the gateway. Returns how many changed.
 */
export async function checkOpenPaymentsAtGateway(
  deps: OperationsDependencies,
  options: { limit: number },
): Promise<number> {
  let changed = 0;
  for (const payment of await listOpenPaymentsToCheck(deps.orm, options.limit)) {
    if (await adoptGatewayChanges(deps, payment)) changed += 1;
    else await markGatewayChecked(deps.orm, payment.id);
  }
  return changed;
}
