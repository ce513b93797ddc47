import { parseDollars, type ApplePayPaymentData, type CardBrand, type Cents } from '@store/core';
import { z } from 'zod';
import type {
  AuthorizationChecks,
  AuthorizeInput,
  GatewayFailure,
  GatewayResult,
  GatewayTransaction,
  RefusalReason,
  SettlementState,
} from './payment-gateway';

/**
 * What CardPointe's answers mean: its records read by field name (transactions, tokens, the merchant, BIN
 * facts, profiles, funding, settlement), turned into the store's words, and the fields the store sends.
 */

/** A CardPointe transaction record, read by field name; unknown fields are ignored, field order never matters. */
export const transactionRecord = z.looseObject({
  respstat: z.enum(['A', 'B', 'C']),
  retref: z.string().optional(),
  respcode: z.string().optional(),
  resptext: z.string().optional(),
  authcode: z.string().optional(),
  amount: z.union([z.string(), z.number()]).optional(),
  account: z.string().optional(),
  token: z.string().optional(),
  orderid: z.string().optional(),
  /** CardPointe's spelling in inquire, void and voidByOrderId answers. */
  orderId: z.string().optional(),
  setlstat: z.string().optional(),
  settledate: z.string().optional(),
  batchid: z.union([z.string(), z.number()]).optional(),
  capturedamount: z.union([z.string(), z.number()]).optional(),
  refundedamount: z.union([z.string(), z.number()]).optional(),
  parentretref: z.string().optional(),
  // Read leniently: a check result of an unexpected shape is left out, never a reason to call an
  // authorization's answer unreadable (which would treat an approval as lost).
  avsresp: z.unknown().optional(),
  cvvresp: z.unknown().optional(),
  binInfo: z.unknown().optional(),
});
export type TransactionRecord = z.infer<typeof transactionRecord>;

export const tokenizeRecord = z.looseObject({
  token: z.string().optional(),
  errorcode: z.union([z.string(), z.number()]).optional(),
  message: z.string().optional(),
});

/** inquireMerchant's answer; the Y/N flags are read as yes only when "Y". */
export const merchantRecord = z.looseObject({
  merchid: z.union([z.string(), z.number()]).transform(String).optional(),
  site: z.string().optional(),
  enabled: z.union([z.boolean(), z.string()]).optional(),
  cardproc: z.string().optional(),
  acctupdater: z.string().optional(),
  avs: z.string().optional(),
  cvv: z.string().optional(),
  echeck: z.string().optional(),
});

/** CardPointe sends the flags as JSON booleans; "true"/"Y" strings are read as yes too. */
const binFlag = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || (typeof value === 'string' && /^(true|y)$/i.test(value)));
const binText = z.string().optional();
export const binRecord = z.looseObject({
  product: binText,
  country: binText,
  bin: binText,
  cardusestring: binText,
  subtype: binText,
  issuer: binText,
  corporate: binFlag,
  purchase: binFlag,
  prepaid: binFlag,
  fsa: binFlag,
  gsa: binFlag,
});

/** The profile service's answer: a saved, read or deleted profile account, or why not. */
export const profileRecord = z.looseObject({
  respstat: z.string().optional(),
  respcode: z.string().optional(),
  resptext: z.string().optional(),
  profileid: z.string().optional(),
  acctid: z.union([z.string(), z.number()]).transform(String).optional(),
  token: z.string().optional(),
});
export type ProfileRecord = z.infer<typeof profileRecord>;

/** An amount the funding endpoint sends: dollars, negative for money taken back. */
const signedAmount = z.union([z.string(), z.number()]).transform((value, context) => {
  const text = String(value).trim();
  const negative = text.startsWith('-');
  const parsed = parseDollars(negative ? text.slice(1) : text);
  if (!parsed.ok) {
    context.addIssue({ code: 'custom', message: parsed.reason });
    return z.NEVER;
  }
  return negative ? -parsed.cents : parsed.cents;
});
const idText = z.union([z.string(), z.number()]).transform(String);

/** The funding endpoint's answer: deposits and funded transactions, or an `errormsg` when none. */
export const fundingAnswer = z.looseObject({
  errormsg: z.string().optional(),
  fundings: z
    .array(
      z.looseObject({
        fundingid: idText.optional(),
        fundingmasterid: idText.optional(),
        fundingdate: z.string().optional(),
        currency: z.string().optional(),
        netsales: signedAmount.optional(),
        interchangefee: signedAmount.optional(),
        servicecharge: signedAmount.optional(),
        fee: signedAmount.optional(),
        reversal: signedAmount.optional(),
        adjustment: signedAmount.optional(),
        otheradjustment: signedAmount.optional(),
        thirdparty: signedAmount.optional(),
        totalfunding: signedAmount,
      }),
    )
    .nullish(),
  txns: z
    .array(
      z.looseObject({
        retref: idText,
        amount: signedAmount,
        type: z.string().nullish(),
        batchid: idText.nullish(),
        invoicenumber: z.string().nullish(),
        parentretref: z.string().nullish(),
        achreturncode: z.string().nullish(),
        interchangepercentfee: signedAmount.nullish(),
        interchangeunitfee: signedAmount.nullish(),
      }),
    )
    .nullish(),
  chargebacks: z
    .array(
      z.looseObject({
        retref: idText.nullish(),
        invoicenumber: z.string().nullish(),
        amount: signedAmount,
        reasoncode: idText.nullish(),
        reasondescription: z.string().nullish(),
        casenumber: idText.nullish(),
        chargebackdate: z.string().nullish(),
      }),
    )
    .nullish(),
});

/** settlestat's answer: an array of batches, each with its transactions; "Null Batches" when none. */
export const settlementAnswer = z.array(
  z.looseObject({
    batchid: idText,
    hoststat: z.string().nullish(),
    txns: z
      .array(
        z.looseObject({
          retref: idText,
          setlamount: signedAmount,
          setlstat: z.string().nullish(),
          salesdoc: z.string().nullish(),
        }),
      )
      .nullish(),
  }),
);

/** CardPointe's answer for a day without deposits. */
export const NO_DEPOSITS = /no deposits/i;

/** settlestat's date: MMDD, the most recent such day (it takes no year). */
export function monthDayOf(day: Date): string {
  return `${String(day.getUTCMonth() + 1).padStart(2, '0')}${String(day.getUTCDate()).padStart(2, '0')}`;
}

/** The funding endpoint's date: MMDD within the current calendar year, YYYYMMDD for an earlier one. */
export function fundingDateOf(day: Date, now: Date): string {
  const monthDay = monthDayOf(day);
  return day.getUTCFullYear() === now.getUTCFullYear() ? monthDay : `${day.getUTCFullYear()}${monthDay}`;
}

export const PROFILE_NOT_FOUND = '96';
/** CardPointe advises three voidByOrderId attempts when none of them is answered. */
export const VOID_BY_ORDER_ID_ATTEMPTS = 3;

export function profileRefusal(record: ProfileRecord): GatewayFailure {
  return {
    ok: false,
    kind: record.respstat === 'B' ? 'retry' : 'declined',
    respcode: record.respcode ?? '',
    message: record.resptext || 'The gateway did not save the payment method',
  };
}

export function optionalFields(fields: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

export const BIN_PRODUCTS: Record<string, CardBrand> = {
  V: 'VISA',
  M: 'MASTERCARD',
  A: 'AMEX',
  D: 'DISCOVER',
};

function settlementOf(record: TransactionRecord): SettlementState {
  const text = (record.setlstat ?? '').toLowerCase();
  if (record.respstat !== 'A' && !text) return 'declined';
  if (text.includes('void')) return 'voided';
  if (text.includes('expired')) return 'expired';
  if (text.includes('refund')) return 'refund';
  if (text.includes('decline') || text.includes('rejected')) return 'declined';
  if (
    text.includes('queued') ||
    text.includes('accepted') ||
    text.includes('capture') ||
    text.includes('settled')
  )
    return 'captured';
  if (text === '' || text.includes('authorized') || text.includes('txn not')) return 'authorized';
  return 'unknown';
}

function amountCentsOf(amount: string | number | undefined): Cents {
  if (amount === undefined) return 0;
  const parsed = parseDollars(amount);
  return parsed.ok ? parsed.cents : 0;
}

/**
 * When a captured transaction was settled: CardPointe's `settledate` (YYYYMMDDHHMMSS, UTC), once the batch
 * is accepted (`setlstat` "Accepted" or a settled text), and the batch (`batchid`) when it names one.
 * Nothing before.
 */
function settledAtOf(record: TransactionRecord): { settledAt?: Date; batchId?: string } {
  const text = (record.setlstat ?? '').toLowerCase();
  if (!text.includes('accepted') && !text.includes('settled')) return {};
  const batch = String(record.batchid ?? '').trim();
  const batchId = /^[A-Za-z0-9-]{1,40}$/.test(batch) ? { batchId: batch } : {};
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(record.settledate ?? '');
  if (!match) return { settledAt: new Date(), ...batchId };
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  return { settledAt: new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!)), ...batchId };
}

/** A check's result code as sent, or nothing for a blank or an unexpected value. */
function checkCodeOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const code = value.trim().toUpperCase();
  return /^[A-Z0-9]{1,4}$/.test(code) ? code : undefined;
}

function checksOf(record: TransactionRecord): AuthorizationChecks {
  const avsResponse = checkCodeOf(record.avsresp);
  const cvvResponse = checkCodeOf(record.cvvresp);
  const binInfo = binRecord.safeParse(record.binInfo);
  const country = binInfo.success ? binInfo.data.country?.trim().toUpperCase() : undefined;
  return {
    ...(avsResponse ? { avsResponse } : {}),
    ...(cvvResponse ? { cvvResponse } : {}),
    ...(binInfo.success && record.binInfo !== undefined
      ? {
          bin: {
            ...(country && /^[A-Z]{2,3}$/.test(country) ? { country } : {}),
            prepaid: binInfo.data.prepaid,
            corporate: binInfo.data.corporate,
          },
        }
      : {}),
  };
}

export function toTransaction(record: TransactionRecord): GatewayTransaction {
  const account = record.token ?? record.account;
  const last4 = account && /\d{4}$/.test(account) ? account.slice(-4) : undefined;
  return {
    retref: record.retref ?? '',
    orderId: record.orderid ?? record.orderId,
    approved: record.respstat === 'A',
    retry: record.respstat === 'B',
    respcode: record.respcode ?? '',
    message: record.resptext ?? '',
    authCode: record.authcode,
    amountCents: amountCentsOf(record.amount),
    ...(record.capturedamount !== undefined
      ? { capturedAmountCents: amountCentsOf(record.capturedamount) }
      : {}),
    ...(record.refundedamount !== undefined
      ? { refundedAmountCents: amountCentsOf(record.refundedamount) }
      : {}),
    ...(record.parentretref ? { parentRetref: record.parentretref } : {}),
    account,
    last4,
    settlement: settlementOf(record),
    ...settledAtOf(record),
    ...checksOf(record),
  };
}

/**
 * CardPointe's gateway response codes (respproc PPS) the store acts on. Code 94 stands for many refusals
 * ("Txn voided", "Authorization expired", "Txn already captured" …): its text tells them apart.
 */
const PPS_SETTLED = '26';
const PPS_BATCHED = '27';
const PPS_NOT_SETTLED = '28';
export const PPS_NOT_FOUND = '29';
const PPS_REFUSED = '94';

function refusalReasonOf(respcode: string, message: string): RefusalReason | undefined {
  if (respcode === PPS_NOT_SETTLED) return 'not_settled';
  if (respcode === PPS_SETTLED || respcode === PPS_BATCHED) return 'batched';
  if (respcode === PPS_NOT_FOUND) return 'not_found';
  if (respcode === PPS_REFUSED && /void/i.test(message)) return 'already_voided';
  if (/expired/i.test(message)) return 'expired';
  return undefined;
}

/** Turns a transaction answer into a result: approved, declined (C) or retry (B). */
export function toResult(record: TransactionRecord): GatewayResult<GatewayTransaction> {
  const transaction = toTransaction(record);
  if (record.respstat === 'A') return { ok: true, value: transaction };
  const message = transaction.message || 'Declined';
  const reason = refusalReasonOf(transaction.respcode, message);
  return {
    ok: false,
    kind: record.respstat === 'B' ? 'retry' : 'declined',
    respcode: transaction.respcode,
    message,
    ...(transaction.retref ? { retref: transaction.retref } : {}),
    ...(reason ? { reason } : {}),
    ...(transaction.last4 ? { last4: transaction.last4 } : {}),
    ...checksOf(record),
  };
}

/**
 * CardPointe's `devicedata` for an Apple Pay token (its Apple Pay guide): the encrypted data first and
 * unlabelled, then the signature, ephemeral key, transaction id, application data hash and public key hash,
 * not URL-encoded. `echash` is sent, empty if need be, whenever `ecpublickeyhash` is.
 */
export function appleDeviceData(paymentData: ApplePayPaymentData): string {
  const { header } = paymentData;
  return [
    paymentData.data,
    'ectype=apple',
    `ecsig=${paymentData.signature}`,
    `eckey=${header.ephemeralPublicKey}`,
    `ectid=${header.transactionId}`,
    `echash=${header.applicationData ?? ''}`,
    `ecpublickeyhash=${header.publicKeyHash}`,
  ].join('&');
}

/**
 * The address fields of an authorization, within CardPointe's limits: a street of at most 30 characters,
 * a postal code of at most 9 letters and digits (a US ZIP+4 without its dash), a two-letter country.
 */
export function avsFieldsOf(address: NonNullable<AuthorizeInput['address']>): Record<string, string> {
  const postal = address.postal.replace(/[^A-Za-z0-9]/g, '').slice(0, 9);
  return optionalFields({
    address: address.street?.trim().slice(0, 30),
    postal,
    country: address.country,
  });
}

export function unreadable(): GatewayFailure {
  return { ok: false, kind: 'unavailable', message: 'The payment gateway sent an unreadable answer' };
}

export function readMessage(text: string, status: number): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; resptext?: unknown; error?: unknown };
    const message = body.message ?? body.resptext ?? body.error;
    if (typeof message === 'string' && message) return message;
  } catch {
    // not JSON: fall through to the generic text
  }
  return `The payment gateway refused the request (HTTP ${status})`;
}
