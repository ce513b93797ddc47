import type { ApplePayPaymentData, CardBrand, Cents } from '@store/core';

/** What a wallet hands over: Google Pay's token text as given, or Apple Pay's payment data. */
export type WalletPayload =
  | { wallet: 'googlepay'; token: string }
  | { wallet: 'applepay'; paymentData: ApplePayPaymentData };

/**
 * The one interface the store uses to move money. Expected outcomes (a decline, a refusal, a gateway that
 * does not answer) are values, not exceptions; only a programming error throws.
 */
export type GatewayFailure =
  /** The gateway answered and said no (respstat C); for an authorization, with what it said of the card. */
  | ({
      ok: false;
      kind: 'declined';
      respcode: string;
      message: string;
      retref?: string;
      reason?: RefusalReason;
      /** The last 4 of the card or account refused, as its token ends: what the operator is told by the payer. */
      last4?: string;
    } & AuthorizationChecks)
  /** The gateway answered "try again" (respstat B), e.g. a processor time-out. */
  | ({
      ok: false;
      kind: 'retry';
      respcode: string;
      message: string;
      retref?: string;
      reason?: RefusalReason;
      /** The last 4 of the card or account refused, as its token ends: what the operator is told by the payer. */
      last4?: string;
    } & AuthorizationChecks)
  /** No usable answer: network error, time-out, 5xx or an unreadable body. The outcome is unknown. */
  | { ok: false; kind: 'unavailable'; message: string }
  /** The gateway refused the request itself (4xx): bad credentials or a malformed call. */
  | { ok: false; kind: 'rejected'; status: number; message: string };

/**
 * Why the gateway refused a call about a transaction, where the store acts on it; the adapter reads it
 * from the gateway's codes, so that no code or message text of the gateway's is tested anywhere else.
 */
export type RefusalReason =
  /** The capture has not settled: it cannot be refunded yet (unless the merchant takes unsettled refunds). */
  | 'not_settled'
  /** The capture is in a batch, or settled: it can no longer be voided. */
  | 'batched'
  /** The gateway has no such transaction (or none for the order). */
  | 'not_found'
  /** The transaction was voided already. */
  | 'already_voided'
  /** The authorization expired before it was captured. */
  | 'expired';

/** A card's BIN facts as an authorization reports them (CardPointe's `binInfo`). */
export interface BinFacts {
  /** Country of issue, as the gateway gives it (two or three letters). */
  country?: string;
  prepaid: boolean;
  corporate: boolean;
}

/**
 * What the gateway said of an authorization's checks and card, when it says it: CardPointe's `avsresp`
 * and `cvvresp` codes as sent (explained by `avsResultOf`, `cvvResultOf` in cardpointe-codes.ts), and the
 * BIN facts. Never any card data. CardPointe sends them in the authorization's own answer only, not in
 * inquire answers.
 */
export interface AuthorizationChecks {
  /** The address check's result code (`avsresp`), e.g. Y, Z or N. */
  avsResponse?: string;
  /** The card security code check's result code (`cvvresp`), e.g. M, N or P. */
  cvvResponse?: string;
  bin?: BinFacts;
}

export type GatewayResult<T> = { ok: true; value: T } | GatewayFailure;

export type SettlementState =
  | 'authorized'
  | 'captured'
  | 'voided'
  | 'declined'
  | 'expired'
  | 'refund'
  | 'unknown';

export interface GatewayTransaction extends AuthorizationChecks {
  retref: string;
  orderId?: string;
  approved: boolean;
  /** Not approved, but not declined either: the processor did not answer in time (respstat B). */
  retry?: boolean;
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
  /** For a settled capture: the batch it settled in, when the gateway says. */
  batchId?: string;
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
  /**
   * How the order came in: online (the default), or by telephone, taken by an operator for the customer
   * (CardPointe's `ecomind` E or T).
   */
  entry?: 'online' | 'telephone';
  /**
   * The address the card's issuer is asked to check (AVS). Without one, a stored profile's own address is
   * checked, if it has one.
   */
  address?: { street?: string; postal: string; country?: string };
}

/** A card or bank account to keep in a customer's stored profile at the gateway. */
interface ProfileAccountInput {
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

interface ProfileAccount {
  profileId: string;
  accountId: string;
  token: string;
}

/** How the merchant account is set up at the gateway (inquireMerchant), as far as the store cares. */
interface MerchantSetup {
  merchantId: string;
  /** The CardPointe site the merchant is boarded to. */
  site: string;
  /** The card processor the merchant uses, e.g. RPCT. */
  cardProcessor: string;
  /** Set up for eCheck (ACH) payments: saved bank accounts need it. */
  echeck: boolean;
  cvv: boolean;
  avs: boolean;
  accountUpdater: boolean;
}

/** Why the merchant account cannot be used: what a person must put right, or that no one answered. */
export type MerchantCheckFailure =
  /** The gateway refused the API username and password (401/403). */
  | { ok: false; kind: 'wrong-credentials'; message: string }
  /** The gateway has no merchant with this id. */
  | { ok: false; kind: 'unknown-merchant'; message: string }
  /** The merchant exists but is not enabled for use. */
  | { ok: false; kind: 'merchant-disabled'; message: string }
  /** No usable answer: the gateway may be fine, but could not be asked. */
  | { ok: false; kind: 'unavailable'; message: string };

export type MerchantCheck = { ok: true; value: MerchantSetup } | MerchantCheckFailure;

/**
 * The BIN service's answer. CardPointe answers every field for Visa and Mastercard only; for other brands
 * the brand, country and BIN are what it vouches for, so the flags are read as "no" when absent.
 */
interface CardBin {
  /** UNKNOWN for a card the BIN service has no information on, or of a brand the store does not take. */
  brand: CardBrand;
  /** Two-letter country of issue. */
  country?: string;
  /** The card's first six digits. */
  bin?: string;
  /** e.g. "True credit, No PIN/Signature capability". */
  cardUse?: string;
  subtype?: string;
  issuer?: string;
  corporate: boolean;
  purchase: boolean;
  prepaid: boolean;
  fsa: boolean;
  gsa: boolean;
}

/** One deposit of a funding day. Amounts are signed: a day with more refunds than sales is a debit. */
interface FundingDeposit {
  fundingId: string;
  /** The funding date as the gateway sends it (YYYYMMDD, or YYYY-MM-DD in some of its examples). */
  fundingDate?: string;
  currency: string;
  netSalesCents: number;
  /**
   * What came off or was added, as the gateway reports it (negative: taken from the merchant): interchange
   * fees, the processor's service charge, other fees (a chargeback's, a return's), reversals (chargebacks),
   * and adjustments of any other kind. totalFunding = netSales + all of these.
   */
  interchangeFeeCents: number;
  serviceChargeCents: number;
  feeCents: number;
  reversalCents: number;
  adjustmentCents: number;
  totalFundingCents: number;
}

/** A transaction funded that day: a sale for the amount paid in, a refund negative. */
interface FundedTransaction {
  retref: string;
  amountCents: number;
  /** The gateway's transaction type, e.g. SALE. */
  type?: string;
  batchId?: string;
  orderId?: string;
  /** For a refund: the payment it gives money back from. */
  parentRetref?: string;
  /** An ACH debit the bank sent back: its return code (R01 insufficient funds, R03 no account, …). */
  achReturnCode?: string;
  /** The interchange fee on this transaction (percent and unit parts), positive cents. */
  interchangeFeeCents?: number;
}

/** A chargeback reported with a funding day: a cardholder disputed a payment. */
interface FundedChargeback {
  retref?: string;
  orderId?: string;
  /** Taken back from the merchant: negative, as the gateway reports it. */
  amountCents: number;
  reasonCode?: string;
  reasonDescription?: string;
  caseNumber?: string;
  /** When the chargeback was made, YYYY-MM-DD. */
  chargebackDate?: string;
}

/** What the merchant was paid on a day (CardPointe's funding endpoint); empty when nothing was funded. */
export interface FundingReport {
  deposits: FundingDeposit[];
  transactions: FundedTransaction[];
  chargebacks: FundedChargeback[];
}

/** One transaction of a settled batch: a capture for the amount settled, a refund negative. */
interface SettledTransaction {
  retref: string;
  amountCents: number;
  /** Y: accepted for funding. Anything else (N rejected, W under review, F, T) is not settled money. */
  accepted: boolean;
  /** The gateway's settlement status letter, as sent. */
  status: string;
  orderId?: string;
}

/** A batch the gateway sent to the processor (settlestat), with the transactions in it. */
interface SettledBatch {
  batchId: string;
  /** The processor's word on the batch: GB accepted, MB accepted in part, RB or BB rejected, … */
  hostStatus: string;
  transactions: SettledTransaction[];
}

export interface PaymentGateway {
  /** False for the built-in sandbox: nothing it approves is real money. */
  readonly movesRealMoney: boolean;
  authorize(input: AuthorizeInput): Promise<GatewayResult<GatewayTransaction>>;
  capture(input: { retref: string; amountCents?: Cents }): Promise<GatewayResult<GatewayTransaction>>;
  voidAuthorization(input: { retref: string }): Promise<GatewayResult<GatewayTransaction>>;
  /**
   * Voids the approved authorization made under an order id (voidByOrderId), for an authorization whose
   * answer was lost. Tried up to three times while no answer comes, as CardPointe advises; an order with
   * no approval is declined with respcode 29 ("Txn not found").
   */
  voidByOrderId(orderId: string): Promise<GatewayResult<GatewayTransaction>>;
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
  /** What the gateway's BIN service knows of a token's card: its brand, and the BIN details it gives. */
  cardBin(token: string): Promise<GatewayResult<CardBin>>;
  /** The merchant account's set-up (inquireMerchant): whether these credentials and merchant id can be used. */
  inquireMerchant(): Promise<MerchantCheck>;
  /**
   * What the merchant was funded on a day (its UTC calendar date): the deposits and the transactions in
   * them. Data usually comes a day or two after settlement.
   */
  funding(day: Date): Promise<GatewayResult<FundingReport>>;
  /**
   * The batches settled on a day (settlestat by date, the day's UTC calendar date), each with its
   * transactions: one call for a whole day, whatever the number of payments. Empty when none settled.
   */
  settlementStatus(day: Date): Promise<GatewayResult<SettledBatch[]>>;
  /** Whether the gateway answers at all: CardSecure's echo, which needs no credentials. */
  ping(): Promise<boolean>;
  /** Where to send the shopper to pay an order on the hosted payment page. */
  hostedPaymentUrl(input: {
    orderId: string;
    amountCents: Cents;
    returnUrl: string;
    /** Prefills the page's billing ZIP (the shopper may change it), for the address check. */
    billZip?: string;
  }): string;
}
