import type { PaymentRow } from '../../db/checkout-store';
import type { Orm } from '../../db/client';
import type { MoneyOperationRow } from '../../db/ledger-store';
import type { PaymentGateway } from '../../gateway/payment-gateway';
import type { Log } from '../../log';

/** A refund the gateway takes only after settlement, asked before it: kept for then, or refused (refund-policy.ts). */
export type RefundsBeforeSettlement = 'schedule' | 'refuse';

/** What the money operations need: the database, the gateway, and how the store is configured. */
export interface OperationsDependencies {
  orm: Orm;
  gateway: PaymentGateway;
  /**
   * What to do with a refund the gateway declines because the capture has not settled yet (PPS 28, a
   * merchant account not set up for unsettled refunds): keep it and send it once the capture settles
   * (the default), or refuse it with that explanation.
   */
  refundsBeforeSettlement?: RefundsBeforeSettlement;
  /** How many captures Capture All keeps in flight towards the gateway (DEFAULT_CAPTURE_ALL_CONCURRENCY). */
  captureAllConcurrency?: number;
  /**
   * Where shoppers reach the store (PUBLIC_URL): its host names the customers' messages the operations
   * queue (their Message-ID); localhost without it.
   */
  publicUrl?: string;
  /** Where the unexpected is reported; nothing is written without one. */
  log?: Log;
}

/** A money call as the console asks for it. */
export interface OperationRequest {
  paymentId: string;
  /** The amount asked for, when the request names one. */
  amountCents?: number;
  actor: string;
  /** Scoped Idempotency-Key of the request: a retry finds its own operation instead of making another. */
  idempotencyKey?: string;
  /** Said first in the operation's audit line ("approved by lee: "). */
  auditNote?: string;
}

/** A money call's answer: the payment and the operation as they now are, and what the operator reads. */
export type OperationAnswer = { payment: PaymentRow; operation: MoneyOperationRow; message: string };

/** What became of a reserved operation once the gateway answered (or did not). */
export type Settled = {
  state: 'succeeded' | 'failed' | 'pending' | 'scheduled';
  /** For a refusal: what the operator is told, when the gateway's record explained it. */
  explanation?: string;
};
