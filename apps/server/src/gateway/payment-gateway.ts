import type { ApplePayPaymentData, CardBrand, Cents } from '@store/core';

/** What a wallet hands over: Google Pay's token text as given, or Apple Pay's payment data. */
export type WalletPayload =
  { wallet: 'googlepay'; token: string } | { wallet: 'applepay'; paymentData: ApplePayPaymentData };

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
  /** For a capture: when the gateway settled it (in the merchant's batch); absent before. */
  settledAt?: Date;
}

export interface AuthorizeInput {
  /** A token or card number; or, instead, `profile`. */
  account?: string;
  /** A stored account at the gateway: `<profileid>/<acctid>`. */
  profile?: string;
  expiry?: string;
  amountCents: Cents;
  orderId: string;
  capture: boolean;
  cvv?: string;
  name?: string;
  /** A customer-initiated payment with a stored credential (card on file). */
  storedCredential?: boolean;
}

/** A card or bank account to keep in a customer's stored profile at the gateway. */
export interface ProfileAccountInput {
  /** The customer's profile to add the account to; a new profile is made when absent. */
  profileId?: string;
  /** A CardSecure token of the card or bank account. */
  token: string;
  /** ECHK (checking) or ESAV (savings) for a bank account; absent for a card. */
  accountType?: 'ECHK' | 'ESAV';
  /** MMYY, for a card. */
  expiry?: string;
  name: string;
  address?: string;
  city?: string;
  region?: string;
  country?: string;
  postal?: string;
  phone?: string;
  email?: string;
  makeDefault: boolean;
}

export interface ProfileAccount {
  profileId: string;
  accountId: string;
  token: string;
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
  /**
   * Has CardSecure decrypt a wallet's payload and tokenize the card inside. The token is good for one
   * authorization; it is never stored.
   */
  tokenizeWalletPayload(input: WalletPayload): Promise<GatewayResult<{ token: string }>>;
  /** Stores an account in a profile (the same data again answers the same profile and account). */
  saveProfileAccount(input: ProfileAccountInput): Promise<GatewayResult<ProfileAccount>>;
  /** Makes an account the one the profile uses when no account is named. */
  setDefaultProfileAccount(input: { profileId: string; accountId: string }): Promise<GatewayResult<void>>;
  /** Deletes an account from a profile; one the gateway does not know counts as deleted. */
  deleteProfileAccount(input: { profileId: string; accountId: string }): Promise<GatewayResult<void>>;
  /** The card brand of a token, from the gateway's BIN service. */
  cardBrand(token: string): Promise<GatewayResult<CardBrand>>;
  /** Whether the gateway answers at all (CardPointe's unauthenticated "is it there" call). */
  ping(): Promise<boolean>;
  /** Where to send the shopper to pay an order on the hosted payment page. */
  hostedPaymentUrl(input: { orderId: string; amountCents: Cents; returnUrl: string }): string;
}
