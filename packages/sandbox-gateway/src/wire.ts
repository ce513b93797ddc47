import { AUTHORIZATION_LIFETIME_MS, centsToDecimalString } from '@store/core';
import type { ProfileAccountRow } from './profile-store';
import { GATEWAY_RESPONSES, type ResponseCode } from './response-codes';
import type { TransactionRow } from './store';

/**
 * The JSON records the gateway answers with. Field names are CardPointe's; amounts are decimal strings in
 * dollars ("68.20"). Clients look fields up by name: their order carries no meaning.
 */

type SettlementStatus =
  | 'Authorized'
  | 'Queued for Capture'
  | 'Accepted'
  | 'Voided'
  | 'Expired'
  | 'Declined'
  | 'Refunded';

export interface GatewayAnswer extends ResponseCode {
  merchid: string;
  retref?: string;
}

export interface AuthResponse extends GatewayAnswer {
  retref: string;
  amount: string;
  currency: string;
  account?: string;
  token?: string;
  expiry?: string;
  orderid?: string;
  authcode?: string;
  avsresp?: string;
  cvvresp?: string;
  commcard?: string;
  setlstat?: SettlementStatus;
  /** The BIN service's answer for the card, when the request asked for it (`bin: 'Y'`). */
  binInfo?: object;
  /** The request's stored-credential indicator (C or M), when it sent one. */
  cof?: 'C' | 'M';
}

export interface CaptureResponse extends GatewayAnswer {
  retref: string;
  amount: string;
  setlstat: SettlementStatus;
  account?: string;
  token?: string;
  authcode?: string;
  orderid?: string;
  commcard: string;
}

export interface VoidResponse extends GatewayAnswer {
  retref: string;
  amount: string;
  currency: string;
  authcode: string;
  account?: string;
  token?: string;
  orderid?: string;
  orderId?: string;
}

export interface RefundResponse extends GatewayAnswer {
  retref: string;
  amount: string;
  orderid?: string;
}

export interface InquireRecord extends GatewayAnswer {
  retref: string;
  amount: string;
  currency: string;
  setlstat: SettlementStatus;
  authdate: string;
  capturedate?: string;
  /** When the transaction was settled, YYYYMMDDHHMMSS, and in which batch. */
  settledate?: string;
  batchid?: string;
  voidable: 'Y' | 'N';
  refundable: 'Y' | 'N';
  /** The sandbox's own fields, on authorizations: how much was captured, and how much of that refunded. */
  capturedamount?: string;
  refundedamount?: string;
  /** On a refund row: the retref of the authorization it refunds. */
  parentretref?: string;
  account?: string;
  token?: string;
  lastfour?: string;
  expiry?: string;
  name?: string;
  authcode?: string;
  orderid?: string;
  /** CardPointe spells it this way in inquire answers; `orderid` is kept alongside for symmetry with auth. */
  orderId?: string;
  entrymode: string;
}

/**
 * inquireMerchant's answer: how the merchant account is set up. The Y/N flags are strings, `enabled` a
 * boolean, as CardPointe sends them.
 */
export interface MerchantRecord {
  site: string;
  merchid: string;
  enabled: boolean;
  cardproc: string;
  acctupdater: 'Y' | 'N';
  avs: 'Y' | 'N';
  cvv: 'Y' | 'N';
  echeck: 'Y' | 'N';
  /** Surcharge or convenience fees: C, F, S, or N for none (this sandbox charges none). */
  fee_type: 'C' | 'F' | 'S' | 'N';
  fee_format: string;
  fee_value: string;
  fee_merchid: string;
}

const COMMERCIAL_CARD = 'N';

export function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** CardPointe's date formats: YYYYMMDD for authdate, YYYYMMDDHHMMSS for capturedate, in UTC. */
export function formatCardPointeDate(date: Date, withTime: boolean): string {
  const day = `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`;
  if (!withTime) return day;
  return `${day}${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`;
}

function code(row: TransactionRow): ResponseCode {
  return { respstat: row.respstat, respcode: row.respcode, resptext: row.resptext, respproc: row.respproc };
}

/** Whether an approved, uncaptured, unvoided authorization has outlived CardPointe's 7 days. */
export function isAuthorizationExpired(row: TransactionRow, now: Date): boolean {
  return now.getTime() - row.created_at.getTime() >= AUTHORIZATION_LIFETIME_MS;
}

function settlementStatusOf(row: TransactionRow, now: Date): SettlementStatus {
  if (row.kind === 'refund') return 'Refunded';
  if (row.respstat !== 'A') return 'Declined';
  if (row.voided_at) return 'Voided';
  // Settled in a batch the processor accepted (settlestat's "Y - Accepted").
  if (row.settled_at) return 'Accepted';
  if (row.captured_at) return 'Queued for Capture';
  if (isAuthorizationExpired(row, now)) return 'Expired';
  return 'Authorized';
}

type WithoutNulls<T> = { [K in keyof T]: Exclude<T[K], null> };

/** Fields without a value are left out rather than sent as null, as CardPointe does. */
export function present<T extends object>(record: T): WithoutNulls<T> {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== null && value !== undefined),
  ) as WithoutNulls<T>;
}

export function authResponseOf(row: TransactionRow, binInfo?: object): AuthResponse {
  const approved = row.respstat === 'A';
  return present({
    ...code(row),
    merchid: row.merchid,
    retref: row.retref,
    amount: centsToDecimalString(row.amount_cents),
    currency: row.currency,
    account: row.token,
    token: row.token,
    expiry: row.expiry,
    orderid: row.orderid,
    authcode: approved ? row.authcode : null,
    avsresp: row.avsresp,
    cvvresp: row.cvvresp,
    commcard: approved ? COMMERCIAL_CARD : null,
    setlstat: row.captured_at ? ('Queued for Capture' as const) : null,
    cof: row.cof,
    binInfo,
  });
}

export function captureResponseOf(row: TransactionRow): CaptureResponse {
  return present({
    ...code(row),
    merchid: row.merchid,
    retref: row.retref,
    amount: centsToDecimalString(row.captured_cents),
    setlstat: 'Queued for Capture' as const,
    account: row.token,
    token: row.token,
    authcode: row.authcode,
    orderid: row.orderid,
    commcard: COMMERCIAL_CARD,
  });
}

export function voidResponseOf(row: TransactionRow): VoidResponse {
  return present({
    ...code(row),
    merchid: row.merchid,
    retref: row.retref,
    amount: '0.00',
    currency: row.currency,
    authcode: 'REVERS',
    account: row.token,
    token: row.token,
    orderid: row.orderid,
    orderId: row.orderid,
  });
}

export function refundResponseOf(row: TransactionRow): RefundResponse {
  return present({
    ...code(row),
    merchid: row.merchid,
    retref: row.retref,
    amount: centsToDecimalString(row.amount_cents),
    orderid: row.orderid,
  });
}

export function inquireRecordOf(row: TransactionRow, now: Date, unsettledRefunds: boolean): InquireRecord {
  const setlstat = settlementStatusOf(row, now);
  const refundableNow = setlstat === 'Accepted' || (setlstat === 'Queued for Capture' && unsettledRefunds);
  // CardPointe: a merchant enabled to refund unsettled transactions is always answered refundable Y. The
  // flag says nothing more then: the refund call still refuses what cannot be refunded.
  const refundable = unsettledRefunds || (refundableNow && row.refunded_cents < row.captured_cents);
  return present({
    ...code(row),
    merchid: row.merchid,
    retref: row.retref,
    amount: centsToDecimalString(row.amount_cents),
    currency: row.currency,
    setlstat,
    authdate: formatCardPointeDate(row.created_at, false),
    capturedate: row.captured_at ? formatCardPointeDate(row.captured_at, true) : null,
    // A capture can be voided until it is batched, unless part of it was refunded already.
    voidable:
      setlstat === 'Authorized' || (setlstat === 'Queued for Capture' && row.refunded_cents === 0)
        ? ('Y' as const)
        : ('N' as const),
    refundable: refundable ? ('Y' as const) : ('N' as const),
    settledate: row.settled_at ? formatCardPointeDate(row.settled_at, true) : null,
    batchid: row.batch_id,
    capturedamount: row.kind === 'auth' ? centsToDecimalString(row.captured_cents) : null,
    refundedamount: row.kind === 'auth' ? centsToDecimalString(row.refunded_cents) : null,
    parentretref: row.parent_retref,
    account: row.token,
    token: row.token,
    lastfour: row.token?.slice(-4),
    expiry: row.expiry,
    name: row.name,
    authcode: row.respstat === 'A' ? row.authcode : null,
    orderid: row.orderid,
    orderId: row.orderid,
    entrymode: 'ECommerce',
  });
}

/** A refusal or decline that is not tied to a stored transaction's own outcome. */
export function answerOf(outcome: ResponseCode, merchid: string, retref?: string): GatewayAnswer {
  return present({ ...outcome, merchid, retref });
}

/** A stored profile account, as the profile service answers it: saved (09) with its ids and data. */
export function profileAnswerOf(account: ProfileAccountRow): Record<string, string> {
  const saved = GATEWAY_RESPONSES.profileSaved;
  return present({
    profileid: account.profileid,
    acctid: String(account.acctid),
    respstat: saved.respstat,
    respcode: saved.respcode,
    resptext: saved.resptext,
    respproc: saved.respproc,
    token: account.token,
    accttype: account.accttype,
    expiry: account.expiry,
    name: account.name,
    address: account.address,
    city: account.city,
    region: account.region,
    country: account.country,
    postal: account.postal,
    defaultacct: account.defaultacct ? 'Y' : 'N',
  }) as Record<string, string>;
}
