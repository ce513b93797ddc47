import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { AUTHORIZATION_LIFETIME_MS, detectCardBrand, isLuhnValid, isValidRoutingNumber } from '@store/core';
import { isExpiryPast } from './formats';
import { createAccountToken, createAuthcode, createRetref } from './ids';
import type { ProfileAccountRow, ProfileDetails, ProfileStore } from './profile-store';
import {
  ACH_APPROVAL,
  amountDrivenResponse,
  APPROVAL,
  INVALID_ACCOUNT_TYPE,
  invalidRoutingNumber,
  invalidAccountNumberLength,
  EXPIRED_CARD,
  GATEWAY_RESPONSES,
  REFUND_APPROVAL,
  testCardResponse,
  type ResponseCode,
} from './response-codes';
import type {
  CardRow,
  EntryOrigin,
  GatewayStore,
  SettledRow,
  TransactionRow,
  TransactionSource,
} from './store';
import { cardBehaviourOf } from './test-cards';
import { avsResponseOf, binFactsOf, cvvResponseOf } from './verification';
import type { SandboxWallets } from './wallets/sandbox-wallets';
import {
  DAY_MS,
  FUNDING_LOOKBACK_DAYS,
  fundingAnswerOf,
  NO_DEPOSITS,
  startOfDay,
  type FundingAnswer,
} from './funding';
import { achReturnOf } from './money-chain';
import { NULL_BATCHES, settlementBatchesOf, type SettlementBatch } from './settlestat';
import {
  answerOf,
  authResponseOf,
  captureResponseOf,
  inquireRecordOf,
  isAuthorizationExpired,
  refundResponseOf,
  voidResponseOf,
  type AuthResponse,
  type CaptureResponse,
  type GatewayAnswer,
  type InquireRecord,
  type MerchantRecord,
  type RefundResponse,
  type VoidResponse,
} from './wire';

/**
 * When captured transactions are settled: daily at the merchant's cut-off (local time, "HH:MM"), or every
 * N minutes for demonstrations. A batch can also be closed at once (the sandbox's control call).
 */
export type SettlementSchedule = { dailyAt: string } | { everyMinutes: number };

/** What settlestat is asked for: a day's batches, one batch, or the batches not reported yet. */
export type SettlestatQuery =
  { kind: 'date'; day: Date } | { kind: 'batch'; batchId: string } | { kind: 'unreported' };

export interface GatewayConfig {
  merchantId: string;
  now: () => Date;
  timeoutCardDelayMs: number;
  settlement: SettlementSchedule;
  /** The merchant is set up to refund captures that are not settled yet (off at CardPointe by default). */
  unsettledRefunds: boolean;
}

/** The latest cut-off at or before `now`: everything captured up to it is settled. */
export function latestCutoff(schedule: SettlementSchedule, now: Date): Date {
  if ('everyMinutes' in schedule) {
    const period = schedule.everyMinutes * 60_000;
    return new Date(Math.floor(now.getTime() / period) * period);
  }
  const [hours, minutes] = schedule.dailyAt.split(':').map(Number) as [number, number];
  const cutoff = new Date(now);
  cutoff.setHours(hours, minutes, 0, 0);
  if (cutoff.getTime() > now.getTime()) cutoff.setDate(cutoff.getDate() - 1);
  return cutoff;
}

export interface AuthorizationRequest {
  merchid: string;
  /** A CardSecure token or a card number, or with `bankaba` a bank account number; or, instead, `profile`. */
  account?: string;
  /** The routing (ABA) number of the bank account number sent as `account`. */
  bankaba?: string;
  /** A stored profile account, `<profileid>/<acctid>`, or `<profileid>` for its default account. */
  profile?: string;
  /** ECHK or ESAV for a bank account (ACH). */
  accttype?: 'ECHK' | 'ESAV';
  /** MMYY; may be left out for a token tokenized with its expiry. */
  expiry?: string;
  amountCents: number;
  currency?: string;
  orderid?: string;
  capture: boolean;
  cvv2?: string;
  name?: string;
  /** The account holder's street address and postal code, for the address check (AVS). */
  address?: string;
  postal?: string;
  country?: string;
  /** Asks for the card's BIN facts (`binInfo`) in the answer. */
  bin?: boolean;
  /**
   * Where the payment came from: E online, T telephone or mail, R recurring billing, B (for a bank
   * account) a prearranged debit with written consent. Left out, the merchant's own setting: online here.
   */
  ecomind?: EntryOrigin;
  /** A stored-credential payment: C started by the customer, M by the merchant. */
  cof?: 'C' | 'M';
  /** With stored credentials: Y a payment on a regular schedule, N a one-time one (the default with `cof`). */
  cofscheduled?: 'Y' | 'N';
}

/** The sandbox's merchant is set up for online payments: an authorization without `ecomind` is one. */
const MERCHANT_ENTRY_ORIGIN: EntryOrigin = 'E';

export type AuthorizationOutcome =
  | { kind: 'answered'; response: AuthResponse | GatewayAnswer }
  /** The request cannot be processed as sent (HTTP 400). */
  | { kind: 'invalid'; message: string }
  /** The hosted payment page's invoice already has an approved authorization: nothing was charged. */
  | { kind: 'already-paid' };

export type RecordedTransaction = Pick<
  TransactionRow,
  'retref' | 'kind' | 'source' | 'orderid' | 'respstat' | 'ecomind' | 'cof' | 'cofscheduled'
>;

/** The site name inquireMerchant reports for the sandbox's merchant (CardPointe's are e.g. "fts"). */
const SANDBOX_SITE = 'sandbox';

export type TokenizeOutcome = { ok: true; card: CardRow } | { ok: false; message: string };

interface OpenedWalletCard {
  pan: string;
  expirationMonth: number;
  expirationYear: number;
  /** The payload's own id: each payload gives a token of its own. */
  payloadId: string;
}

/** CardSecure's `encryptionhandler` values for wallet payloads. */
export type WalletEncryptionHandler = 'EC_GOOGLE_PAY' | 'EC_APPLE_PAY';

type ResolvedCard =
  | { kind: 'card'; card: CardRow; expiry: string }
  | { kind: 'declined'; decline: ResponseCode }
  | { kind: 'invalid'; message: string };

/**
 * The BIN service's answer. Visa and Mastercard answer every field; for other brands CardPointe says only
 * country, product and bin are relevant, so only those are sent.
 */
export type BinAnswer =
  | {
      country: string;
      product: string;
      bin?: string;
      cardusestring?: string;
      gsa?: boolean;
      corporate?: boolean;
      fsa?: boolean;
      subtype?: string;
      purchase?: boolean;
      prepaid?: boolean;
      issuer?: string;
      binlo?: string;
      binhi?: string;
    }
  | { success: boolean; errormsg: string };

/** The sandbox's cards are credit cards (consumer ones issued in the US, but for the BINs of verification.ts). */
const CONSUMER_CREDIT_USE = 'True credit, No PIN/Signature capability';
const FULL_BIN_PRODUCTS = new Set(['V', 'M']);

const BIN_PRODUCTS: Partial<Record<CardRow['brand'], string>> = {
  VISA: 'V',
  MASTERCARD: 'M',
  AMEX: 'A',
  DISCOVER: 'D',
};

const SUPPORTED_CURRENCY = 'USD';
/** What makes a unique token new: random bytes, for a token asked to be unique. */
function saltOf(options: { unique?: boolean }): string {
  return options.unique ? `:${randomBytes(12).toString('hex')}` : '';
}

const MISSING_EXPIRY = 'expiry is required (MMYY) for a card number, or for a token tokenized without one';
const CARD_NUMBER = /^\d{12,19}$/;
/** CardSecure's answer to a wallet payload it cannot open or will not take (error code 24). */
export const WALLET_DECRYPTION_FAILURE = 'Decryption failure.';

/**
 * How an authorization is recorded as to its origin and stored credentials. CardPointe's reference names
 * no combination it refuses (its Rapid Connect processor puts a recurring payment without `cof` through as
 * an ordinary one and ignores `ecomind` R where `cof` is supported), so these are kept as sent, with its
 * defaults: the merchant's origin, and `cofscheduled` N for a stored-credential payment that does not say.
 */
function storedCredentialFieldsOf(
  request: AuthorizationRequest,
): Pick<TransactionRow, 'ecomind' | 'cof' | 'cofscheduled'> {
  return {
    ecomind: request.ecomind ?? MERCHANT_ENTRY_ORIGIN,
    cof: request.cof ?? null,
    cofscheduled: request.cofscheduled ?? (request.cof ? 'N' : null),
  };
}

/** CardSecure tokens start with 9; no card number of an accepted brand does. */
function isToken(account: string): boolean {
  return account.startsWith('9');
}

/**
 * The sandbox's CardPointe: the UAT rules for authorizations and what may follow them. Expected outcomes
 * (declines, refused captures, over-refunds) are answers with a response code, never exceptions.
 */
/** A bank account as CardSecure takes it: the routing number and the account number, `routing/account`. */
const BANK_ACCOUNT = /^(\d{9})\/(\d{4,17})$/;

export type ProfileOutcome =
  | { ok: true; account: ProfileAccountRow }
  | { ok: false; refusal: ResponseCode }
  | { ok: false; invalid: string };

export class SandboxGateway {
  private tokenKey: Promise<string> | undefined;

  constructor(
    private readonly store: GatewayStore,
    private readonly profiles: ProfileStore,
    private readonly wallets: SandboxWallets,
    private readonly config: GatewayConfig,
  ) {}

  get merchantId(): string {
    return this.config.merchantId;
  }

  /** The gateway's clock (a test clock in tests). */
  now(): Date {
    return this.config.now();
  }

  /**
   * Tokenizes a card number, or a bank account given as `routing/account`. The number itself goes nowhere:
   * only the token, brand, last 4 and expiry (and a bank account's routing number) are kept. `unique`: a new
   * token, never given before, rather than the account's usual one (the iFrame Tokenizer's `unique`).
   */
  async tokenize(
    account: string,
    expiry: string | undefined,
    options: { unique?: boolean } = {},
  ): Promise<TokenizeOutcome> {
    this.tokenKey ??= this.store.tokenKey();
    const key = await this.tokenKey;
    const now = this.config.now();
    const bank = BANK_ACCOUNT.exec(account);
    if (bank) {
      const [, routing, number] = bank as unknown as [string, string, string];
      const card = await this.store.upsertCard(
        {
          token: createAccountToken(account, key, saltOf(options)),
          kind: 'ach',
          brand: 'UNKNOWN',
          last4: number.slice(-4),
          expiry: null,
          behaviour: 'approve',
          routing,
          bin: null,
          ach_return: achReturnOf(number),
        },
        now,
      );
      return { ok: true, card };
    }
    // Numbers starting with 9 would pass for tokens; CardSecure refuses them too.
    if (!CARD_NUMBER.test(account) || isToken(account) || !isLuhnValid(account)) {
      return { ok: false, message: 'Invalid card number' };
    }
    return { ok: true, card: await this.keepCard(account, expiry, key, saltOf(options)) };
  }

  private keepCard(cardNumber: string, expiry: string | undefined, key: string, salt = ''): Promise<CardRow> {
    return this.store.upsertCard(
      {
        token: createAccountToken(cardNumber, key, salt),
        kind: 'card',
        brand: detectCardBrand(cardNumber),
        last4: cardNumber.slice(-4),
        expiry: expiry ?? null,
        behaviour: cardBehaviourOf(cardNumber),
        routing: null,
        bin: cardNumber.slice(0, 6),
        ach_return: null,
      },
      this.config.now(),
    );
  }

  /**
   * Decrypts a wallet payload and tokenizes the card inside, as CardSecure does for `EC_GOOGLE_PAY`: a
   * payload that is forged, altered, expired, made for another merchant or already used is refused. Each
   * payload gives a token of its own, good for its own payment only.
   */
  async tokenizeWalletPayload(
    handler: WalletEncryptionHandler,
    devicedata: string,
  ): Promise<TokenizeOutcome> {
    const opened =
      handler === 'EC_GOOGLE_PAY'
        ? await this.openGooglePay(devicedata)
        : await this.openApplePay(devicedata);
    if (!opened) return { ok: false, message: WALLET_DECRYPTION_FAILURE };
    const { pan, expirationMonth, expirationYear, payloadId } = opened;
    if (!isLuhnValid(pan) || isToken(pan)) return { ok: false, message: 'Invalid card number' };
    this.tokenKey ??= this.store.tokenKey();
    const expiry = `${String(expirationMonth).padStart(2, '0')}${String(expirationYear % 100).padStart(2, '0')}`;
    // The payload's own id in the token's key: the same card in two payloads gives two tokens.
    return { ok: true, card: await this.keepCard(pan, expiry, `${await this.tokenKey}:${payloadId}`) };
  }

  private async openGooglePay(devicedata: string): Promise<OpenedWalletCard | undefined> {
    const opened = await this.wallets.openGooglePay(devicedata);
    // A payload made for another merchant's gateway id is not this merchant's to charge.
    if (!opened || opened.gatewayMerchantId !== this.config.merchantId) return undefined;
    const { pan, expirationMonth, expirationYear } = opened.details;
    return { pan, expirationMonth, expirationYear, payloadId: opened.messageId };
  }

  private async openApplePay(devicedata: string): Promise<OpenedWalletCard | undefined> {
    const opened = await this.wallets.openApplePay(devicedata);
    if (!opened) return undefined;
    const { card, transactionId } = opened;
    const expiry = card.applicationExpirationDate;
    return {
      pan: card.applicationPrimaryAccountNumber,
      expirationMonth: Number(expiry.slice(2, 4)),
      expirationYear: 2000 + Number(expiry.slice(0, 2)),
      payloadId: transactionId,
    };
  }

  async authorize(request: AuthorizationRequest, source: TransactionSource): Promise<AuthorizationOutcome> {
    if (request.merchid !== this.config.merchantId) {
      return { kind: 'answered', response: answerOf(GATEWAY_RESPONSES.invalidMerchant, request.merchid) };
    }
    if (request.profile) {
      const stored = await this.findProfileAccount(request.merchid, request.profile);
      if (!stored.ok) {
        if ('invalid' in stored) return { kind: 'invalid', message: stored.invalid };
        return { kind: 'answered', response: answerOf(stored.refusal, request.merchid) };
      }
      request = {
        ...request,
        account: stored.account.token,
        expiry: request.expiry ?? stored.account.expiry ?? undefined,
        accttype: request.accttype ?? stored.account.accttype ?? undefined,
        name: request.name ?? stored.account.name ?? undefined,
        // As at CardPointe: the address kept in the profile is checked when the request sends none.
        address: request.address ?? stored.account.address ?? undefined,
        postal: request.postal ?? stored.account.postal ?? undefined,
      };
    }
    const resolved = await this.resolveCard(request);
    if (resolved.kind === 'invalid') return resolved;
    const card = resolved.kind === 'card' ? resolved.card : undefined;
    const expiry = resolved.kind === 'card' ? resolved.expiry : request.expiry;
    const outcome =
      resolved.kind === 'card'
        ? await this.decide(request, resolved.card, resolved.expiry)
        : resolved.decline;

    const approved = outcome.respstat === 'A';
    const now = this.config.now();
    const capture = approved && request.capture;
    const row = await this.store.insertAuthorization(createRetref, {
      source,
      merchid: request.merchid,
      orderid: request.orderid ?? null,
      token: card?.token ?? null,
      expiry: expiry ?? null,
      name: request.name ?? null,
      currency: (request.currency ?? SUPPORTED_CURRENCY).toUpperCase(),
      amount_cents: request.amountCents,
      captured_cents: capture ? request.amountCents : 0,
      ...outcome,
      authcode: approved ? createAuthcode() : null,
      // CardPointe answers the checks on approvals only (unless the merchant asks for them on declines too);
      // a bank debit has no card to check, and its processor answers U for both, as in CardPointe's example.
      avsresp: approved
        ? card?.kind === 'ach'
          ? 'U'
          : avsResponseOf(request.address, request.postal)
        : null,
      cvvresp: approved ? (card?.kind === 'ach' ? 'U' : cvvResponseOf(request.cvv2)) : null,
      created_at: now,
      captured_at: capture ? now : null,
      ...storedCredentialFieldsOf(request),
      accttype: card?.kind === 'ach' ? (request.accttype ?? null) : null,
    });
    if (!row) return { kind: 'already-paid' };
    const binInfo = request.bin && card?.kind === 'card' ? this.binAnswerOf(card) : undefined;
    return { kind: 'answered', response: authResponseOf(row, binInfo) };
  }

  /**
   * Settles what the latest cut-off has made due. Run before every call whose answer depends on
   * settlement, so the sandbox needs no timer and a test clock moves settlement with it.
   */
  private async settleDue(now: Date): Promise<void> {
    await this.store.settle(this.config.merchantId, latestCutoff(this.config.settlement, now), now);
  }

  /**
   * Closes the batches now, whatever the schedule (the sandbox's control call): a card batch and a bank
   * account batch, each only when it has transactions.
   */
  async settleNow(): Promise<{
    batchId: string | null;
    count: number;
    batches: { batchId: string; count: number }[];
  }> {
    const now = this.config.now();
    return this.store.settle(this.config.merchantId, now, now);
  }

  /**
   * Moves everything settled so far `days` days back (the sandbox's control call), so that tests and
   * demonstrations running on the real clock see deposits, ACH returns and chargebacks without waiting.
   */
  backdateSettlement(days: number, batchIds?: string[]): Promise<number> {
    return this.store.backdateSettled(this.config.merchantId, days, batchIds);
  }

  /**
   * What the sandbox recorded of a transaction beyond CardPointe's answers: where it came from and its
   * stored-credential indicators (the sandbox's control call). Undefined for an unknown retref.
   */
  async recordedTransaction(retref: string): Promise<RecordedTransaction | undefined> {
    const row = await this.store.findTransaction(this.config.merchantId, retref);
    if (!row) return undefined;
    const { kind, source, orderid, respstat, ecomind, cof, cofscheduled } = row;
    return { retref: row.retref, kind, source, orderid, respstat, ecomind, cof, cofscheduled };
  }

  /** Whether an order (the hosted payment page's invoice) already has an approved authorization. */
  hasApprovedAuthorization(orderid: string): Promise<boolean> {
    return this.store.hasApprovedAuthorization(this.config.merchantId, orderid);
  }

  async capture(
    merchid: string,
    retref: string,
    amountCents: number | undefined,
  ): Promise<CaptureResponse | GatewayAnswer> {
    if (merchid !== this.config.merchantId) {
      return answerOf(GATEWAY_RESPONSES.invalidMerchant, merchid, retref);
    }
    const now = this.config.now();
    const captured = await this.store.capture(
      merchid,
      retref,
      amountCents ?? null,
      now,
      this.issuedAfter(now),
    );
    if (captured) return captureResponseOf(captured);

    const refusal = await this.whyNotOpen(merchid, retref, now, (auth) =>
      auth.captured_at ? GATEWAY_RESPONSES.alreadyCaptured : undefined,
    );
    return answerOf(refusal ?? GATEWAY_RESPONSES.captureOverAuthorized, merchid, retref);
  }

  async void(
    merchid: string,
    retref: string,
    amountCents: number | undefined,
  ): Promise<VoidResponse | GatewayAnswer> {
    if (merchid !== this.config.merchantId) {
      return answerOf(GATEWAY_RESPONSES.invalidMerchant, merchid, retref);
    }
    const now = this.config.now();
    if (amountCents) {
      // CardPointe can reduce an authorization by a partial void; this sandbox voids whole ones only.
      const existing = await this.store.findTransaction(merchid, retref);
      if (existing && existing.kind === 'auth' && amountCents !== existing.amount_cents) {
        return answerOf(GATEWAY_RESPONSES.partialVoid, merchid, retref);
      }
    }
    await this.settleDue(now);
    const voided = await this.store.void(merchid, retref, now, this.issuedAfter(now));
    if (voided) return voidResponseOf(voided);

    const refusal = await this.whyNotOpen(merchid, retref, now, (auth) => {
      if (auth.settled_at) return GATEWAY_RESPONSES.batched;
      if (auth.refunded_cents > 0) return GATEWAY_RESPONSES.refundedUseRefund;
      return undefined;
    });
    return answerOf(refusal ?? GATEWAY_RESPONSES.txnNotFound, merchid, retref);
  }

  /**
   * voidByOrderId: voids the order's approved authorization, found by the order id sent with it. Declined
   * attempts under the same order id are passed over (CardPointe has done so since 2023); with several
   * approvals, the latest one still open is voided. "Txn not found" when the order has no approval.
   */
  async voidByOrderId(
    merchid: string,
    orderid: string,
    amountCents: number | undefined,
  ): Promise<VoidResponse | GatewayAnswer> {
    if (merchid !== this.config.merchantId) return answerOf(GATEWAY_RESPONSES.invalidMerchant, merchid);
    const approvals = (await this.store.findTransactionsByOrderId(merchid, orderid)).filter(
      (row) => row.kind === 'auth' && row.respstat === 'A',
    );
    const target = approvals.filter((row) => !row.voided_at).at(-1) ?? approvals.at(-1);
    if (!target) return answerOf(GATEWAY_RESPONSES.txnNotFound, merchid);
    return this.void(merchid, target.retref, amountCents);
  }

  async refund(
    merchid: string,
    retref: string,
    amountCents: number | undefined,
  ): Promise<RefundResponse | GatewayAnswer> {
    if (merchid !== this.config.merchantId) {
      return answerOf(GATEWAY_RESPONSES.invalidMerchant, merchid, retref);
    }
    await this.settleDue(this.config.now());
    const auth = await this.store.findTransaction(merchid, retref);
    if (!auth) return answerOf(GATEWAY_RESPONSES.txnNotFound, merchid, retref);
    const refusal = this.whyNotRefundable(auth, amountCents);
    if (refusal) return answerOf(refusal, merchid, retref);

    // The checks above only choose the message; the guarded statement is what keeps refunds within the
    // captured amount when refunds race.
    const amount = amountCents ?? auth.captured_cents - auth.refunded_cents;
    const refund = await this.store.refund(
      createRetref,
      merchid,
      retref,
      amount,
      REFUND_APPROVAL,
      this.config.now(),
      this.config.unsettledRefunds,
    );
    if (refund) return refundResponseOf(refund);

    const latest = await this.store.findTransaction(merchid, retref);
    const fullyRefunded = latest !== undefined && latest.refunded_cents >= latest.captured_cents;
    return answerOf(
      fullyRefunded ? GATEWAY_RESPONSES.fullyRefunded : GATEWAY_RESPONSES.refundOverCaptured,
      merchid,
      retref,
    );
  }

  async inquire(merchid: string, retref: string): Promise<InquireRecord | GatewayAnswer> {
    if (merchid !== this.config.merchantId) {
      return answerOf(GATEWAY_RESPONSES.invalidMerchant, merchid, retref);
    }
    await this.settleDue(this.config.now());
    const row = await this.store.findTransaction(merchid, retref);
    if (!row) return answerOf(GATEWAY_RESPONSES.txnNotFound, merchid, retref);
    return inquireRecordOf(row, this.config.now(), this.config.unsettledRefunds);
  }

  /** Every transaction of an order, oldest first; CardPointe's single "Txn not found" answer when none. */
  async inquireByOrderId(merchid: string, orderid: string): Promise<InquireRecord[] | GatewayAnswer> {
    if (merchid !== this.config.merchantId) return answerOf(GATEWAY_RESPONSES.invalidMerchant, merchid);
    const now = this.config.now();
    await this.settleDue(now);
    const rows = await this.store.findTransactionsByOrderId(merchid, orderid);
    if (rows.length === 0) return answerOf(GATEWAY_RESPONSES.txnNotFound, merchid);
    return rows.map((row) => inquireRecordOf(row, now, this.config.unsettledRefunds));
  }

  /**
   * The funding endpoint, for the day `day` (midnight UTC); undefined for a merchant id the gateway does not
   * know. The merchant is funded the day after a batch settles, one deposit a day holding every transaction
   * settled the day before (in any batch), less the processor's fees, the ACH returns and the chargebacks
   * that day brings (see funding.ts and money-chain.ts). A day with none of these, or a day still to come,
   * answers CardPointe's "No deposits match your request".
   */
  async funding(merchid: string, day: Date): Promise<FundingAnswer | typeof NO_DEPOSITS | undefined> {
    if (merchid !== this.config.merchantId) return undefined;
    const now = this.config.now();
    await this.settleDue(now);
    if (day.getTime() > startOfDay(now).getTime()) return NO_DEPOSITS;
    const from = new Date(day.getTime() - FUNDING_LOOKBACK_DAYS * DAY_MS);
    const rows = await this.store.findSettled(merchid, { from, to: day });
    return fundingAnswerOf(rows, merchid, day);
  }

  /**
   * settlestat: the batches settled on `query.day` (a UTC day), the batch `query.batchId`, or (merchant id
   * alone) every batch no earlier such call has reported, each reported once. Undefined for a merchant id
   * the gateway does not know; "Null Batches" when there is no batch to show.
   */
  async settlestat(
    merchid: string,
    query: SettlestatQuery,
  ): Promise<SettlementBatch[] | typeof NULL_BATCHES | undefined> {
    if (merchid !== this.config.merchantId) return undefined;
    const now = this.config.now();
    await this.settleDue(now);
    let rows: SettledRow[];
    if (query.kind === 'date') {
      rows = await this.store.findSettled(merchid, {
        from: query.day,
        to: new Date(query.day.getTime() + DAY_MS),
      });
    } else if (query.kind === 'batch') {
      rows = await this.store.findSettled(merchid, { batchIds: [query.batchId] });
    } else {
      const batchIds = await this.store.claimUnreportedBatches(merchid, now);
      rows = batchIds.length > 0 ? await this.store.findSettled(merchid, { batchIds }) : [];
    }
    const batches = settlementBatchesOf(rows, merchid);
    return batches.length > 0 ? batches : NULL_BATCHES;
  }

  /**
   * inquireMerchant: how this merchant is set up, or undefined for a merchant id the gateway does not
   * know. The sandbox processes cards as RapidConnect does (its amount-driven codes are RapidConnect's),
   * checks CVV and postal codes, takes ACH, and adds no surcharge or convenience fee.
   */
  inquireMerchant(merchid: string): MerchantRecord | undefined {
    if (merchid !== this.config.merchantId) return undefined;
    return {
      site: SANDBOX_SITE,
      merchid,
      enabled: true,
      cardproc: 'RPCT',
      acctupdater: 'N',
      avs: 'Y',
      cvv: 'Y',
      echeck: 'Y',
      fee_type: 'N',
      fee_format: '',
      fee_value: '0',
      fee_merchid: '',
    };
  }

  /**
   * CardPointe's BIN lookup for a token: the card type ('V', 'M', 'A' or 'D'), the card's BIN and country of
   * issue, and for Visa and Mastercard the other fields (prepaid and corporate by the sandbox's test BINs).
   */
  async binOf(merchid: string, token: string): Promise<BinAnswer> {
    if (merchid !== this.config.merchantId) return { success: false, errormsg: 'Invalid merchant ID' };
    const card = isToken(token) ? await this.store.findCard(token) : undefined;
    if (!card) return { success: false, errormsg: 'Invalid token' };
    return this.binAnswerOf(card);
  }

  /** The BIN service's answer for a card, also sent as `binInfo` by an authorization that asks for it. */
  private binAnswerOf(card: CardRow): BinAnswer {
    const product = BIN_PRODUCTS[card.brand];
    if (!product) return { success: true, errormsg: 'No bin information found.' };
    const bin = card.bin ? { bin: card.bin } : {};
    const facts = binFactsOf(card.bin);
    if (!FULL_BIN_PRODUCTS.has(product)) return { country: facts.country, product, ...bin };
    return {
      country: facts.country,
      product,
      ...bin,
      cardusestring: CONSUMER_CREDIT_USE,
      gsa: false,
      corporate: facts.corporate,
      fsa: false,
      subtype: '',
      purchase: false,
      prepaid: facts.prepaid,
      issuer: '',
      // The range is masked after its first six digits; the sandbox's ranges are one BIN wide.
      ...(card.bin ? { binlo: `${card.bin}XXX`, binhi: `${card.bin}XXX` } : {}),
    };
  }

  /** `<profileid>/<acctid>` or `<profileid>` (its default account), as auth and the profile calls name them. */
  async findProfileAccount(merchid: string, profile: string): Promise<ProfileOutcome> {
    if (merchid !== this.config.merchantId) return { ok: false, refusal: GATEWAY_RESPONSES.invalidMerchant };
    const match = /^(\d{20})(?:\/(\d{1,3}))?$/.exec(profile);
    if (!match) return { ok: false, invalid: 'profile must be <profileid>/<acctid>' };
    const [, profileid, acctid] = match as unknown as [string, string, string | undefined];
    if (!(await this.profiles.profileExists(merchid, profileid))) {
      return { ok: false, refusal: GATEWAY_RESPONSES.profileNotFound };
    }
    const account = await this.profiles.findAccount(profileid, acctid ? Number(acctid) : undefined);
    return account ? { ok: true, account } : { ok: false, refusal: GATEWAY_RESPONSES.profileNotFound };
  }

  /**
   * The profile service's PUT/POST: with no `profile`, a new profile holding this account; with a profile
   * id, the account added to it (the same data again answers the account it already has); with
   * `<profileid>/<acctid>`, that account updated (`defaultacct: 'Y'` makes it the default).
   */
  async saveProfile(
    merchid: string,
    request: {
      profile?: string;
      account?: string;
      details: Omit<ProfileDetails, 'token'>;
      defaultacct: boolean;
    },
  ): Promise<ProfileOutcome> {
    if (merchid !== this.config.merchantId) return { ok: false, refusal: GATEWAY_RESPONSES.invalidMerchant };
    const now = this.config.now();
    if (request.profile?.includes('/')) {
      const found = await this.findProfileAccount(merchid, request.profile);
      if (!found.ok) return found;
      if (request.defaultacct) await this.profiles.setDefault(found.account.profileid, found.account.acctid);
      const account = await this.profiles.findAccount(found.account.profileid, found.account.acctid);
      return account ? { ok: true, account } : { ok: false, refusal: GATEWAY_RESPONSES.profileNotFound };
    }
    if (!request.account) return { ok: false, invalid: 'account is required' };
    let token = request.account;
    if (!isToken(token)) {
      const tokenized = await this.tokenize(token, request.details.expiry ?? undefined);
      if (!tokenized.ok) return { ok: false, refusal: GATEWAY_RESPONSES.invalidCardNumber };
      token = tokenized.card.token;
    }
    const card = await this.store.findCard(token);
    if (!card) return { ok: false, refusal: GATEWAY_RESPONSES.invalidToken };
    if ((card.kind === 'ach') !== Boolean(request.details.accttype))
      return { ok: false, refusal: INVALID_ACCOUNT_TYPE };
    let profileid = request.profile;
    if (profileid) {
      if (!/^\d{20}$/.test(profileid)) return { ok: false, invalid: 'profile must be a 20-digit profile id' };
      if (!(await this.profiles.profileExists(merchid, profileid))) {
        return { ok: false, refusal: GATEWAY_RESPONSES.profileNotFound };
      }
    } else {
      profileid = await this.profiles.createProfile(merchid, now);
    }
    const account = await this.profiles.addAccount(
      profileid,
      { ...request.details, token, expiry: request.details.expiry ?? card.expiry },
      request.defaultacct,
      now,
    );
    return { ok: true, account };
  }

  async deleteProfileAccount(merchid: string, profileid: string, acctid: string): Promise<ResponseCode> {
    if (merchid !== this.config.merchantId) return GATEWAY_RESPONSES.invalidMerchant;
    const deleted =
      /^\d{1,3}$/.test(acctid) && (await this.profiles.deleteAccount(profileid, Number(acctid)));
    return deleted ? GATEWAY_RESPONSES.profileDeleted : GATEWAY_RESPONSES.profileNotFound;
  }

  /** Authorizations made on or before this instant have expired. */
  private issuedAfter(now: Date): Date {
    return new Date(now.getTime() - AUTHORIZATION_LIFETIME_MS);
  }

  /** The card or bank account an authorization is for, from its token or by tokenizing the number sent. */
  private async resolveCard(request: AuthorizationRequest): Promise<ResolvedCard> {
    const account = request.account ?? '';
    if (request.bankaba !== undefined) return this.resolveBankAccount(account, request.bankaba);
    if (isToken(account)) {
      const card = await this.store.findCard(account);
      if (!card) return { kind: 'declined', decline: GATEWAY_RESPONSES.invalidToken };
      // A bank account has no expiry.
      if (card.kind === 'ach') return { kind: 'card', card, expiry: '' };
      const expiry = request.expiry ?? card.expiry;
      return expiry ? { kind: 'card', card, expiry } : { kind: 'invalid', message: MISSING_EXPIRY };
    }
    if (!request.expiry) return { kind: 'invalid', message: MISSING_EXPIRY };
    const tokenized = await this.tokenize(account, request.expiry);
    return tokenized.ok
      ? { kind: 'card', card: tokenized.card, expiry: request.expiry }
      : { kind: 'declined', decline: GATEWAY_RESPONSES.invalidCardNumber };
  }

  /**
   * A bank account sent in clear, as `account` (its number) and `bankaba` (its routing number): tokenized as
   * CardSecure tokenizes `routing/account`, so that only the token and the last 4 are kept. The ACH
   * processor refuses an account number of fewer than 4 or more than 17 digits; the routing number is
   * checked with the debit (decide).
   */
  private async resolveBankAccount(account: string, bankaba: string): Promise<ResolvedCard> {
    if (!/^\d{4,17}$/.test(account)) return { kind: 'declined', decline: invalidAccountNumberLength() };
    const tokenized = await this.tokenize(`${bankaba}/${account}`, undefined);
    return tokenized.ok
      ? { kind: 'card', card: tokenized.card, expiry: '' }
      : { kind: 'declined', decline: GATEWAY_RESPONSES.invalidCardNumber };
  }

  /** The processor's answer for a known card, in CardPointe UAT's order of precedence. */
  private async decide(request: AuthorizationRequest, card: CardRow, expiry: string): Promise<ResponseCode> {
    // A bank account is debited only as one (ECHK or ESAV), and a card never is.
    if ((card.kind === 'ach') !== (request.accttype !== undefined)) return INVALID_ACCOUNT_TYPE;
    if (card.kind === 'ach') {
      return card.routing && isValidRoutingNumber(card.routing)
        ? ACH_APPROVAL
        : invalidRoutingNumber(card.routing ?? '');
    }
    if (card.brand === 'UNKNOWN') return GATEWAY_RESPONSES.unknownCardType;
    if (request.currency && request.currency.toUpperCase() !== SUPPORTED_CURRENCY) {
      return GATEWAY_RESPONSES.wrongCurrency;
    }
    const testCard = testCardResponse(card.behaviour);
    if (testCard?.respstat === 'B' && this.config.timeoutCardDelayMs > 0) {
      await sleep(this.config.timeoutCardDelayMs);
    }
    if (testCard) return testCard;
    if (isExpiryPast(expiry, this.config.now())) return EXPIRED_CARD;
    return amountDrivenResponse(request.amountCents) ?? APPROVAL;
  }

  /**
   * Why an authorization could not be captured or voided: unknown, a refund, declined, voided, expired, or
   * whatever `closedBy` says of its capture state. Undefined when none of these holds.
   */
  private async whyNotOpen(
    merchid: string,
    retref: string,
    now: Date,
    closedBy: (auth: TransactionRow) => ResponseCode | undefined,
  ): Promise<ResponseCode | undefined> {
    const auth = await this.store.findTransaction(merchid, retref);
    if (!auth) return GATEWAY_RESPONSES.txnNotFound;
    if (auth.kind === 'refund') return GATEWAY_RESPONSES.isRefund;
    if (auth.respstat !== 'A') return GATEWAY_RESPONSES.notApproved;
    if (auth.voided_at) return GATEWAY_RESPONSES.voided;
    const closed = closedBy(auth);
    if (closed) return closed;
    if (isAuthorizationExpired(auth, now)) return GATEWAY_RESPONSES.authorizationExpired;
    return undefined;
  }

  private whyNotRefundable(auth: TransactionRow, amountCents: number | undefined): ResponseCode | undefined {
    if (auth.kind === 'refund') return GATEWAY_RESPONSES.isRefund;
    if (auth.respstat !== 'A') return GATEWAY_RESPONSES.notApproved;
    if (auth.voided_at) return GATEWAY_RESPONSES.voided;
    if (!auth.captured_at) return GATEWAY_RESPONSES.notCaptured;
    if (!auth.settled_at && !this.config.unsettledRefunds) return GATEWAY_RESPONSES.notSettled;
    const refundable = auth.captured_cents - auth.refunded_cents;
    if (refundable <= 0) return GATEWAY_RESPONSES.fullyRefunded;
    if (amountCents !== undefined && amountCents > refundable) return GATEWAY_RESPONSES.refundOverCaptured;
    return undefined;
  }
}
