import { setTimeout as sleep } from 'node:timers/promises';
import { AUTHORIZATION_LIFETIME_MS, detectCardBrand, isLuhnValid } from '@store/core';
import { isExpiryPast } from './formats';
import { createAuthcode, createCardToken, createRetref } from './ids';
import {
  amountDrivenResponse,
  APPROVAL,
  EXPIRED_CARD,
  GATEWAY_RESPONSES,
  REFUND_APPROVAL,
  testCardResponse,
  type ResponseCode,
} from './response-codes';
import type { CardRow, GatewayStore, TransactionRow, TransactionSource } from './store';
import { cardBehaviourOf } from './test-cards';
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
  type RefundResponse,
  type VoidResponse,
} from './wire';

export interface GatewayConfig {
  merchantId: string;
  now: () => Date;
  timeoutCardDelayMs: number;
}

export interface AuthorizationRequest {
  merchid: string;
  /** A CardSecure token or a card number. */
  account: string;
  /** MMYY; may be left out for a token tokenized with its expiry. */
  expiry?: string;
  amountCents: number;
  currency?: string;
  orderid?: string;
  capture: boolean;
  cvv2?: string;
  name?: string;
  postal?: string;
}

export type AuthorizationOutcome =
  | { kind: 'answered'; response: AuthResponse | GatewayAnswer }
  /** The request cannot be processed as sent (HTTP 400). */
  | { kind: 'invalid'; message: string }
  /** The hosted payment page's invoice already has an approved authorization: nothing was charged. */
  | { kind: 'already-paid' };

export type TokenizeOutcome = { ok: true; card: CardRow } | { ok: false; message: string };

type ResolvedCard =
  | { kind: 'card'; card: CardRow; expiry: string }
  | { kind: 'declined'; decline: ResponseCode }
  | { kind: 'invalid'; message: string };

export type BinAnswer =
  | { product: string; corporate: boolean; purchase: boolean; prepaid: boolean; fsa: boolean }
  | { success: boolean; errormsg: string };

const BIN_PRODUCTS: Partial<Record<CardRow['brand'], string>> = {
  VISA: 'V',
  MASTERCARD: 'M',
  AMEX: 'A',
  DISCOVER: 'D',
};

const SUPPORTED_CURRENCY = 'USD';
const MISSING_EXPIRY = 'expiry is required (MMYY) for a card number, or for a token tokenized without one';
const CARD_NUMBER = /^\d{12,19}$/;

/** CardSecure tokens start with 9; no card number of an accepted brand does. */
function isToken(account: string): boolean {
  return account.startsWith('9');
}

/**
 * The sandbox's CardPointe: the UAT rules for authorizations and what may follow them. Expected outcomes
 * (declines, refused captures, over-refunds) are answers with a response code, never exceptions.
 */
export class SandboxGateway {
  constructor(
    private readonly store: GatewayStore,
    private readonly config: GatewayConfig,
  ) {}

  get merchantId(): string {
    return this.config.merchantId;
  }

  /** Tokenizes a card number. The number itself goes nowhere: only its token, brand, last 4 and expiry. */
  async tokenize(cardNumber: string, expiry: string | undefined): Promise<TokenizeOutcome> {
    // Numbers starting with 9 would pass for tokens; CardSecure refuses them too.
    if (!CARD_NUMBER.test(cardNumber) || isToken(cardNumber) || !isLuhnValid(cardNumber)) {
      return { ok: false, message: 'Invalid card number' };
    }
    const card = await this.store.insertCard(
      () => createCardToken(cardNumber),
      {
        brand: detectCardBrand(cardNumber),
        last4: cardNumber.slice(-4),
        expiry: expiry ?? null,
        behaviour: cardBehaviourOf(cardNumber),
      },
      this.config.now(),
    );
    return { ok: true, card };
  }

  async authorize(request: AuthorizationRequest, source: TransactionSource): Promise<AuthorizationOutcome> {
    if (request.merchid !== this.config.merchantId) {
      return { kind: 'answered', response: answerOf(GATEWAY_RESPONSES.invalidMerchant, request.merchid) };
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
      avsresp: approved ? (request.postal ? 'Z' : 'U') : null,
      cvvresp: approved ? (request.cvv2 ? 'M' : 'P') : null,
      created_at: now,
      captured_at: capture ? now : null,
    });
    if (!row) return { kind: 'already-paid' };
    return { kind: 'answered', response: authResponseOf(row) };
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
    const voided = await this.store.void(merchid, retref, now, this.issuedAfter(now));
    if (voided) return voidResponseOf(voided);

    const refusal = await this.whyNotOpen(merchid, retref, now, (auth) =>
      auth.captured_at ? GATEWAY_RESPONSES.capturedUseRefund : undefined,
    );
    return answerOf(refusal ?? GATEWAY_RESPONSES.txnNotFound, merchid, retref);
  }

  async refund(
    merchid: string,
    retref: string,
    amountCents: number | undefined,
  ): Promise<RefundResponse | GatewayAnswer> {
    if (merchid !== this.config.merchantId) {
      return answerOf(GATEWAY_RESPONSES.invalidMerchant, merchid, retref);
    }
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
    const row = await this.store.findTransaction(merchid, retref);
    if (!row) return answerOf(GATEWAY_RESPONSES.txnNotFound, merchid, retref);
    return inquireRecordOf(row, this.config.now());
  }

  /** Every transaction of an order, oldest first; CardPointe's single "Txn not found" answer when none. */
  async inquireByOrderId(merchid: string, orderid: string): Promise<InquireRecord[] | GatewayAnswer> {
    if (merchid !== this.config.merchantId) return answerOf(GATEWAY_RESPONSES.invalidMerchant, merchid);
    const rows = await this.store.findTransactionsByOrderId(merchid, orderid);
    if (rows.length === 0) return answerOf(GATEWAY_RESPONSES.txnNotFound, merchid);
    const now = this.config.now();
    return rows.map((row) => inquireRecordOf(row, now));
  }

  /**
   * CardPointe's BIN lookup for a token: the card type ('V', 'M', 'A' or 'D'). The sandbox knows only the
   * brand, so the other BIN fields are those of a plain consumer credit card.
   */
  async binOf(merchid: string, token: string): Promise<BinAnswer> {
    if (merchid !== this.config.merchantId) return { success: false, errormsg: 'Invalid merchant ID' };
    const card = isToken(token) ? await this.store.findCard(token) : undefined;
    if (!card) return { success: false, errormsg: 'Invalid token' };
    const product = BIN_PRODUCTS[card.brand];
    if (!product) return { success: true, errormsg: 'No bin information found.' };
    return { product, corporate: false, purchase: false, prepaid: false, fsa: false };
  }

  /** Authorizations made on or before this instant have expired. */
  private issuedAfter(now: Date): Date {
    return new Date(now.getTime() - AUTHORIZATION_LIFETIME_MS);
  }

  /** The card an authorization is for, from its token or by tokenizing the card number sent. */
  private async resolveCard(request: AuthorizationRequest): Promise<ResolvedCard> {
    if (isToken(request.account)) {
      const card = await this.store.findCard(request.account);
      if (!card) return { kind: 'declined', decline: GATEWAY_RESPONSES.invalidToken };
      const expiry = request.expiry ?? card.expiry;
      return expiry ? { kind: 'card', card, expiry } : { kind: 'invalid', message: MISSING_EXPIRY };
    }
    if (!request.expiry) return { kind: 'invalid', message: MISSING_EXPIRY };
    const tokenized = await this.tokenize(request.account, request.expiry);
    return tokenized.ok
      ? { kind: 'card', card: tokenized.card, expiry: request.expiry }
      : { kind: 'declined', decline: GATEWAY_RESPONSES.invalidCardNumber };
  }

  /** The processor's answer for a known card, in CardPointe UAT's order of precedence. */
  private async decide(request: AuthorizationRequest, card: CardRow, expiry: string): Promise<ResponseCode> {
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
    const refundable = auth.captured_cents - auth.refunded_cents;
    if (refundable <= 0) return GATEWAY_RESPONSES.fullyRefunded;
    if (amountCents !== undefined && amountCents > refundable) return GATEWAY_RESPONSES.refundOverCaptured;
    return undefined;
  }
}
