import type { SecondFactorRule } from '@store/core';
import type { Orm } from '../../db/client';
import type { CloseSandboxBatch } from '../../gateway/sandbox-batch';
import type { PaymentGateway } from '../../gateway/payment-gateway';
import type { Log } from '../../log';
import type { OperationsDependencies, RefundsBeforeSettlement } from '../../services/money/dependencies';

/** What the console's calls are given (app.ts). */
export interface AdminRouteDependencies {
  orm: Orm;
  gateway: PaymentGateway;
  secureCookies: boolean;
  /** Who must prove a second factor before moving money (decision 059). */
  secondFactor: SecondFactorRule;
  /** A refund above this many cents becomes a request a second person approves (decision 058). */
  refundApprovalAboveCents?: number | null;
  /** A console session signed in here ends after this long without activity (decision 057). */
  adminIdleMs?: number;
  /** Pending operations older than this are settled by reconciliation. */
  reconcileAfterMs: number;
  refundsBeforeSettlement: RefundsBeforeSettlement;
  /** How many captures Capture All keeps in flight towards the gateway. */
  captureAllConcurrency?: number;
  /** With the built-in sandbox only: closes its batch now, for an operator trying the store. */
  closeSandboxBatch?: CloseSandboxBatch;
  /** Where shoppers reach the store: names the messages a refund queues for its customer. */
  publicUrl?: string;
  /** Whether a mail server is set (SMTP_URL): without one, queued messages are never sent. */
  mailServer?: boolean;
  log?: Log;
}

/** What the money operations need, from the console's dependencies. */
export function operationsOf(deps: AdminRouteDependencies): OperationsDependencies {
  return {
    orm: deps.orm,
    gateway: deps.gateway,
    refundsBeforeSettlement: deps.refundsBeforeSettlement,
    captureAllConcurrency: deps.captureAllConcurrency,
    publicUrl: deps.publicUrl,
    log: deps.log,
  };
}
