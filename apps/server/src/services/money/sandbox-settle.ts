import { insertAuditEvent } from '../../db/audit-store';
import { settlementOutcome, settlementWaiting } from '../../db/gateway-sync-store';
import type { CloseSandboxBatch } from '../../gateway/sandbox-batch';
import type { OperationsDependencies } from './dependencies';
import { followFunding } from './funding';
import { catchUpWithSettlement } from './settlement';

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** How long the answer waits for a waiting refund that upkeep, on this server or another, is sending. */
const REFUND_IN_FLIGHT_WAIT_MS = 10_000;

/**
 * Demo mode: the sandbox's nightly settlement, now (or as if it had closed `daysAgo` days ago). The store then
 * learns it and sends the refunds that waited for it, and reads the day's deposit (and any return or
 * chargeback) at once, whenever the days were last read; the operator's action is audited. The answer counts
 * what awaited the close and is now done, whether this call or upkeep running at the same moment did it.
 */
export async function settleSandboxNow(
  deps: OperationsDependencies,
  closeSandboxBatch: CloseSandboxBatch,
  request: { daysAgo: number; actor: string },
): Promise<{ message: string; settled: number; refundsSent: number; depositDaysRead: number }> {
  const { daysAgo } = request;
  const waiting = await settlementWaiting(deps.orm);
  const batch = await closeSandboxBatch({ daysAgo });
  await catchUpWithSettlement(deps, { daysAgo });
  const depositDaysRead = await followFunding(deps, { recheckAfterMs: 0 });
  let outcome = await settlementOutcome(deps.orm, waiting);
  for (
    const until = Date.now() + REFUND_IN_FLIGHT_WAIT_MS;
    outcome.refundsInFlight > 0 && Date.now() < until;
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    outcome = await settlementOutcome(deps.orm, waiting);
  }
  const { settled, refundsSent } = outcome;
  const asOf = daysAgo ? ` as of ${plural(daysAgo, 'day')} ago` : '';
  await insertAuditEvent(deps.orm, {
    actor: request.actor,
    action: 'sandbox_settle',
    orderId: null,
    amountCents: null,
    outcome: 'success',
    detail: `sandbox batch closed${asOf}: ${plural(batch.settled, 'transaction')} settled, ${plural(refundsSent, 'scheduled refund')} sent`,
  });
  return {
    message: `Sandbox batch closed${asOf}: ${plural(settled, 'payment')} settled, ${plural(refundsSent, 'scheduled refund')} sent`,
    settled,
    refundsSent,
    depositDaysRead,
  };
}
