import { insertAuditEvent } from '../../db/audit-store';
import type { CloseSandboxBatch } from '../../gateway/sandbox-batch';
import type { OperationsDependencies } from './dependencies';
import { followFunding } from './funding';
import { catchUpWithSettlement } from './settlement';

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * Demo mode: the sandbox's nightly settlement, now (or as if it had closed `daysAgo` days ago). The store then
 * learns it and sends the refunds that waited for it, and reads the day's deposit (and any return or
 * chargeback) at once, whenever the days were last read; the operator's action is audited.
 */
export async function settleSandboxNow(
  deps: OperationsDependencies,
  closeSandboxBatch: CloseSandboxBatch,
  request: { daysAgo: number; actor: string },
): Promise<{ message: string; settled: number; refundsSent: number; depositDaysRead: number }> {
  const { daysAgo } = request;
  const batch = await closeSandboxBatch({ daysAgo });
  const caughtUp = await catchUpWithSettlement(deps, { daysAgo });
  const depositDaysRead = await followFunding(deps, { recheckAfterMs: 0 });
  const asOf = daysAgo ? ` as of ${plural(daysAgo, 'day')} ago` : '';
  await insertAuditEvent(deps.orm, {
    actor: request.actor,
    action: 'sandbox_settle',
    orderId: null,
    amountCents: null,
    outcome: 'success',
    detail: `sandbox batch closed${asOf}: ${plural(batch.settled, 'transaction')} settled, ${plural(caughtUp.refundsSent, 'scheduled refund')} sent`,
  });
  return {
    message: `Sandbox batch closed${asOf}: ${plural(caughtUp.settled, 'payment')} settled, ${plural(caughtUp.refundsSent, 'scheduled refund')} sent`,
    ...caughtUp,
    depositDaysRead,
  };
}
