import type { CardBrand, Cents } from '@store/core';

/**
 * The one interface the store uses to move money. Expected outcomes (a decline, a refusal, a gateway that
 * does not answer) are values, not exceptions; only a programming error throws.
 */
export type GatewayFailure =
  /** The gateway answered and said no (respstat C). */
  | { ok: false; kind: 'declined'; respcode: string; message: string; retref?: string }
  /** The gateway answered "try again" (respstat B), e.g. a processor time-out. */
  | { ok: false; kind: 'retry'; respcode: string; message: string; retref?: string }
  /** No usable answer: network error, time-out, 5xx or an unreadable body. The outcome is unknown. */
  | { ok: false; kind: 'unavailable'; message: string }
  /** The gateway refused the request itself (4xx): bad credentials or a malformed call. */
  | { ok: false; kind: 'rejected'; status: number; message: string };

export type GatewayResult<T> = { ok: true; value: T } | GatewayFailure;

export type SettlementState =
  'authorized' | 'captured' | 'voided' | 'declined' | 'expired' | 'refund' | 'unknown';

export interface GatewayTransaction {
  retref: string;
  orderId?: string;
  approved: boolean;
  respcode: string;
  message: string;
  authCode?: string;
  amountCents: Cents;
  /** For a captured authorization: how much was captured (a partial capture takes less than `amountCents`). */
  capturedAmountCents?: Cents;
  /** For an authorization, when the gateway reports it: how much has been refunded from it. */
  refundedAmountCents?: Cents;
  /** For a refund: the retref of the payment it gives money back from. */
  parentRetref?: string;
  /** The CardSecure token (or masked account) the gateway reports. */
  account?: string;
  last4?: string;
  settlement: SettlementState;
}

export interface AuthorizeInput {
  account: string;
  expiry?: string;
  amountCents: Cents;
  orderId: string;
  capture: boolean;
  cvv?: string;
  name?: string;
}

export interface PaymentGateway {
  /** False for the built-in sandbox: nothing it approves is real money. */
  readonly movesRealMoney: boolean;
  authorize(input: AuthorizeInput): Promise<GatewayResult<GatewayTransaction>>;
  capture(input: { retref: string; amountCents?: Cents }): Promise<GatewayResult<GatewayTransaction>>;
  voidAuthorization(input: { retref: string }): Promise<GatewayResult<GatewayTransaction>>;
  refund(input: { retref: string; amountCents?: Cents }): Promise<GatewayResult<GatewayTransaction>>;
  inquire(retref: string): Promise<GatewayResult<GatewayTransaction>>;
  /** Every transaction recorded under an order id; an empty list when there is none. */
  inquireByOrderId(orderId: string): Promise<GatewayResult<GatewayTransaction[]>>;
  tokenize(input: { account: string; expiry?: string }): Promise<GatewayResult<{ token: string }>>;
  /** The card brand of a token, from the gateway's BIN service. */
  cardBrand(token: string): Promise<GatewayResult<CardBrand>>;
  /** Where to send the shopper to pay an order on the hosted payment page. */
  hostedPaymentUrl(input: { orderId: string; amountCents: Cents; returnUrl: string }): string;
}
