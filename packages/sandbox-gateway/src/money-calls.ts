import { setTimeout as sleep } from 'node:timers/promises';
import { AUTHORIZATION_LIFETIME_MS, isValidRoutingNumber } from '@store/core';
import { binAnswerOf } from './bin-answer';
import { isToken, type CardSecure } from './cardsecure';
import { isExpiryPast } from './formats';
import type { GatewayConfig } from './gateway-config';
import { createAuthcode, createRetref } from './ids';
import type { ProfileService } from './profile-service';
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
import type { Settlement } from './settlement';
import type { CardRow, EntryOrigin, GatewayStore, TransactionRow, TransactionSource } from './store';
import { avsResponseOf, cvvResponseOf } from './verification';
import {
  answerOf,
  authResponseOf,
  captureResponseOf,
  isAuthorizationExpired,
  refundResponseOf,
  voidResponseOf,
  type AuthResponse,
  type CaptureResponse,
  type GatewayAnswer,
  type RefundResponse,
  type VoidResponse,
} from './wire';

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

type ResolvedCard =
  | { kind: 'card'; card: CardRow; expiry: string }
  | { kind: 'declined'; decline: ResponseCode }
  | { kind: 'invalid'; message: string };

const SUPPORTED_CURRENCY = 'USD';

const MISSING_EXPIRY = 'expiry is required (MMYY) for a card number, or for a token tokenized without one';

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

/**
 * The calls that move money: authorize, capture, void and refund, with the UAT rules for what may follow
 * an authorization.
 */
export class MoneyCalls {
  constructor(
    private readonly store: GatewayStore,
    private readonly cardSecure: CardSecure,
    private readonly profiles: ProfileService,
    private readonly settlement: Settlement,
    private readonly config: GatewayConfig,
  ) {}

  async authorize(request: AuthorizationRequest, source: TransactionSource): Promise<AuthorizationOutcome> {
    if (request.merchid !== this.config.merchantId) {
      return { kind: 'answered', response: answerOf(GATEWAY_RESPONSES.invalidMerchant, request.merchid) };
    }
    if (request.profile) {
      const stored = await this.profiles.findProfileAccount(request.merchid, request.profile);
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
    const binInfo = request.bin && card?.kind === 'card' ? binAnswerOf(card) : undefined;
    return { kind: 'answered', response: authResponseOf(row, binInfo) };
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
    await this.settlement.settleDue(now);
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
    await this.settlement.settleDue(this.config.now());
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
    const tokenized = await this.cardSecure.tokenize(account, request.expiry);
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
    const tokenized = await this.cardSecure.tokenize(`${bankaba}/${account}`, undefined);
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
