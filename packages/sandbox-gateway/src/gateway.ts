import type { BinAnswer } from './bin-answer';
import { CardSecure, type TokenizeOutcome, type WalletEncryptionHandler } from './cardsecure';
import type { NO_DEPOSITS, FundingAnswer } from './funding';
import type { GatewayConfig } from './gateway-config';
import { Inquiries, type RecordedTransaction, type SettlestatQuery } from './inquiries';
import { MoneyCalls, type AuthorizationOutcome, type AuthorizationRequest } from './money-calls';
import type { ProfileStore } from './profile-store';
import { ProfileService, type ProfileOutcome, type SaveProfileRequest } from './profile-service';
import type { ResponseCode } from './response-codes';
import { Settlement } from './settlement';
import type { NULL_BATCHES, SettlementBatch } from './settlestat';
import type { GatewayStore, TransactionSource } from './store';
import type { SandboxWallets } from './wallets/sandbox-wallets';
import type {
  CaptureResponse,
  GatewayAnswer,
  InquireRecord,
  MerchantRecord,
  RefundResponse,
  VoidResponse,
} from './wire';

/**
 * The sandbox's CardPointe: the UAT rules for authorizations and what may follow them. Expected outcomes
 * (declines, refused captures, over-refunds) are answers with a response code, never exceptions.
 *
 * Its parts: CardSecure's tokens (cardsecure.ts), the money calls (money-calls.ts), the inquiries with
 * funding and settlement status (inquiries.ts), settlement (settlement.ts) and the profile service
 * (profile-service.ts).
 */
export class SandboxGateway {
  private readonly cardSecure: CardSecure;
  private readonly profileService: ProfileService;
  private readonly settlement: Settlement;
  private readonly moneyCalls: MoneyCalls;
  private readonly inquiries: Inquiries;

  constructor(
    store: GatewayStore,
    profiles: ProfileStore,
    wallets: SandboxWallets,
    private readonly config: GatewayConfig,
  ) {
    this.cardSecure = new CardSecure(store, wallets, config);
    this.profileService = new ProfileService(store, profiles, this.cardSecure, config);
    this.settlement = new Settlement(store, config);
    this.moneyCalls = new MoneyCalls(store, this.cardSecure, this.profileService, this.settlement, config);
    this.inquiries = new Inquiries(store, this.settlement, config);
  }

  get merchantId(): string {
    return this.config.merchantId;
  }

  /** The gateway's clock (a test clock in tests). */
  now(): Date {
    return this.config.now();
  }

  /** Tokenizes a card number, or a bank account given as `routing/account` (see CardSecure). */
  tokenize(
    account: string,
    expiry: string | undefined,
    options: { unique?: boolean } = {},
  ): Promise<TokenizeOutcome> {
    return this.cardSecure.tokenize(account, expiry, options);
  }

  /** Decrypts a Google Pay or Apple Pay payload and tokenizes the card inside (see CardSecure). */
  tokenizeWalletPayload(handler: WalletEncryptionHandler, devicedata: string): Promise<TokenizeOutcome> {
    return this.cardSecure.tokenizeWalletPayload(handler, devicedata);
  }

  authorize(request: AuthorizationRequest, source: TransactionSource): Promise<AuthorizationOutcome> {
    return this.moneyCalls.authorize(request, source);
  }

  /** Closes the batches now, whatever the schedule (the sandbox's control call). */
  settleNow(): ReturnType<Settlement['settleNow']> {
    return this.settlement.settleNow();
  }

  /** Moves everything settled so far `days` days back (the sandbox's control call). */
  backdateSettlement(days: number, batchIds?: string[]): Promise<number> {
    return this.settlement.backdateSettlement(days, batchIds);
  }

  /** What the sandbox recorded of a transaction beyond CardPointe's answers (the sandbox's control call). */
  recordedTransaction(retref: string): Promise<RecordedTransaction | undefined> {
    return this.inquiries.recordedTransaction(retref);
  }

  /** Whether an order (the hosted payment page's invoice) already has an approved authorization. */
  hasApprovedAuthorization(orderid: string): Promise<boolean> {
    return this.inquiries.hasApprovedAuthorization(orderid);
  }

  capture(
    merchid: string,
    retref: string,
    amountCents: number | undefined,
  ): Promise<CaptureResponse | GatewayAnswer> {
    return this.moneyCalls.capture(merchid, retref, amountCents);
  }

  void(
    merchid: string,
    retref: string,
    amountCents: number | undefined,
  ): Promise<VoidResponse | GatewayAnswer> {
    return this.moneyCalls.void(merchid, retref, amountCents);
  }

  /** Voids the order's approved authorization, found by the order id sent with it. */
  voidByOrderId(
    merchid: string,
    orderid: string,
    amountCents: number | undefined,
  ): Promise<VoidResponse | GatewayAnswer> {
    return this.moneyCalls.voidByOrderId(merchid, orderid, amountCents);
  }

  refund(
    merchid: string,
    retref: string,
    amountCents: number | undefined,
  ): Promise<RefundResponse | GatewayAnswer> {
    return this.moneyCalls.refund(merchid, retref, amountCents);
  }

  inquire(merchid: string, retref: string): Promise<InquireRecord | GatewayAnswer> {
    return this.inquiries.inquire(merchid, retref);
  }

  /** Every transaction of an order, oldest first; CardPointe's single "Txn not found" answer when none. */
  inquireByOrderId(merchid: string, orderid: string): Promise<InquireRecord[] | GatewayAnswer> {
    return this.inquiries.inquireByOrderId(merchid, orderid);
  }

  /** The funding endpoint, for the day `day` (midnight UTC). */
  funding(merchid: string, day: Date): Promise<FundingAnswer | typeof NO_DEPOSITS | undefined> {
    return this.inquiries.funding(merchid, day);
  }

  /** settlestat: a day's batches, one batch, or the batches not reported yet. */
  settlestat(
    merchid: string,
    query: SettlestatQuery,
  ): Promise<SettlementBatch[] | typeof NULL_BATCHES | undefined> {
    return this.inquiries.settlestat(merchid, query);
  }

  /** inquireMerchant: how this merchant is set up. */
  inquireMerchant(merchid: string): MerchantRecord | undefined {
    return this.inquiries.inquireMerchant(merchid);
  }

  /** CardPointe's BIN lookup for a token. */
  binOf(merchid: string, token: string): Promise<BinAnswer> {
    return this.inquiries.binOf(merchid, token);
  }

  /** `<profileid>/<acctid>` or `<profileid>` (its default account), as auth and the profile calls name them. */
  findProfileAccount(merchid: string, profile: string): Promise<ProfileOutcome> {
    return this.profileService.findProfileAccount(merchid, profile);
  }

  /** The profile service's PUT/POST: a new profile, an account added to one, or an account updated. */
  saveProfile(merchid: string, request: SaveProfileRequest): Promise<ProfileOutcome> {
    return this.profileService.saveProfile(merchid, request);
  }

  deleteProfileAccount(merchid: string, profileid: string, acctid: string): Promise<ResponseCode> {
    return this.profileService.deleteProfileAccount(merchid, profileid, acctid);
  }
}
