import { insertAuditEvents } from '../../db/audit-store';
import type { PaymentRow } from '../../db/checkout-store';
import type { Orm } from '../../db/client';
import type { GatewayResult, GatewayTransaction } from '../../gateway/payment-gateway';
import type { Settled } from './dependencies';

/** The audit log's lines for money calls: who did what to which order, for how much, and how it ended. */

/** Writes the audit line of a money call on a payment (or of a run over many, with no payment). */
export async function audit(
  orm: Orm,
  actor: string,
  action: string,
  payment: PaymentRow | undefined,
  amountCents: number | undefined,
  outcome: 'success' | 'failure',
  detail: string,
): Promise<void> {
  await insertAuditEvents(orm, [auditLine(actor, action, payment, amountCents, outcome, detail)]);
}

/** The audit line of a money call on a payment. */
export function auditLine(
  actor: string,
  action: string,
  payment: PaymentRow | undefined,
  amountCents: number | undefined,
  outcome: 'success' | 'failure',
  detail: string,
) {
  return {
    actor,
    action,
    orderId: payment?.orderId ?? null,
    amountCents: amountCents ?? null,
    outcome,
    detail,
  };
}

/** Done, or accepted to run after settlement, is a success; refused or unconfirmed is not (yet). */
export function auditOutcome(settled: Settled): 'success' | 'failure' {
  return settled.state === 'succeeded' || settled.state === 'scheduled' ? 'success' : 'failure';
}

/** The audit details of a money call left unconfirmed, and of a refund scheduled for after settlement. */
export const UNCONFIRMED_DETAIL = 'unconfirmed, left for reconciliation';
export const SCHEDULED_DETAIL = 'not settled yet: scheduled to run after settlement';

/** How the audit log tells what became of a money call. */
export function outcomeDetail(settled: Settled, result: GatewayResult<GatewayTransaction>): string {
  switch (settled.state) {
    case 'succeeded':
      return 'approved';
    case 'pending':
      return UNCONFIRMED_DETAIL;
    case 'scheduled':
      return SCHEDULED_DETAIL;
    case 'failed':
      return [result.ok ? '' : result.message, settled.explanation].filter(Boolean).join(': ');
  }
}
