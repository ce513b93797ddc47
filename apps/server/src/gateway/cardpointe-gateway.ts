import { request } from 'undici';
import {
  centsToDecimalString,
  parseDollars,
  type ApplePayPaymentData,
  type CardBrand,
  type Cents,
} from '@store/core';
import { z } from 'zod';
import type {
  AuthorizationChecks,
  AuthorizeInput,
  FundingReport,
  GatewayFailure,
  GatewayResult,
  GatewayTransaction,
  MerchantCheck,
  PaymentGateway,
  RefusalReason,
  SettlementState,
} from './payment-gateway';

export interface CardPointeOptions {
  /** e.g. https://fts-uat.cardconnect.com, or the mounted sandbox's address; read on every call. */
  baseUrl: () => string;
  merchantId: string;
  username: string;
  password: string;
  hostedPageUrl: string;
  timeoutMs: number;
  movesRealMoney: boolean;
}

/** A CardPointe transaction record, read by field name; unknown fields are ignored, field order never matters. */
const transactionRecord = z.looseObject({
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
type TransactionRecord = z.infer<typeof transactionRecord>;

const tokenizeRecord = z.looseObject({
  token: z.string().optional(),
  errorcode: z.union([z.string(), z.number()]).optional(),
  message: z.string().optional(),
});

/** inquireMerchant's answer; the Y/N flags are read as yes only when "Y". */
const merchantRecord = z.looseObject({
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
const binRecord = z.looseObject({
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
const profileRecord = z.looseObject({
  respstat: z.string().optional(),
  respcode: z.string().optional(),
  resptext: z.string().optional(),
  profileid: z.string().optional(),
  acctid: z.union([z.string(), z.number()]).transform(String).optional(),
  token: z.string().optional(),
});
type ProfileRecord = z.infer<typeof profileRecord>;

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
const fundingAnswer = z.looseObject({
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
const settlementAnswer = z.array(
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
const NO_DEPOSITS = /no deposits/i;

/** settlestat's date: MMDD, the most recent such day (it takes no year). */
function monthDayOf(day: Date): string {
  return `${String(day.getUTCMonth() + 1).padStart(2, '0')}${String(day.getUTCDate()).padStart(2, '0')}`;
}

/** The funding endpoint's date: MMDD within the current calendar year, YYYYMMDD for an earlier one. */
function fundingDateOf(day: Date, now: Date): string {
  const monthDay = monthDayOf(day);
  return day.getUTCFullYear() === now.getUTCFullYear() ? monthDay : `${day.getUTCFullYear()}${monthDay}`;
}

const PROFILE_NOT_FOUND = '96';
/** CardPointe advises three voidByOrderId attempts when none of them is answered. */
const VOID_BY_ORDER_ID_ATTEMPTS = 3;

function profileRefusal(record: ProfileRecord): GatewayFailure {
  return {
    ok: false,
    kind: record.respstat === 'B' ? 'retry' : 'declined',
    respcode: record.respcode ?? '',
    message: record.resptext || 'The gateway did not save the payment method',
  };
}

function optionalFields(fields: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

const BIN_PRODUCTS: Record<string, CardBrand> = { V: 'VISA', M: 'MASTERCARD', A: 'AMEX', D: 'DISCOVER' };

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

function toTransaction(record: TransactionRecord): GatewayTransaction {
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
const PPS_NOT_FOUND = '29';
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
function toResult(record: TransactionRecord): GatewayResult<GatewayTransaction> {
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
function appleDeviceData(paymentData: ApplePayPaymentData): string {
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
 * The CardPointe Gateway REST API and CardSecure, over HTTP. The same code talks to Fiserv's CardPointe
 * and to the built-in sandbox gateway.
 */
export function createCardPointeGateway(options: CardPointeOptions): PaymentGateway {
  const authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  const merchid = options.merchantId;

  async function call(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    path: string,
    body?: object,
  ): Promise<GatewayResult<unknown>> {
    let status: number;
    let text: string;
    try {
      // undici's request rather than fetch: a capture's call cost the store several times more CPU through
      // fetch's streams and headers than the capture's own database work (Capture All sends thousands).
      const response = await request(`${options.baseUrl()}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      status = response.statusCode;
      text = await response.body.text().catch(() => '');
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return {
        ok: false,
        kind: 'unavailable',
        message: timedOut
          ? 'The payment gateway did not answer in time'
          : 'The payment gateway could not be reached',
      };
    }
    // 408 and 429 say "not now", not "no": the call may or may not have been carried out.
    if (status >= 500 || status === 408 || status === 429) {
      return {
        ok: false,
        kind: 'unavailable',
        message: `The payment gateway failed (HTTP ${status})`,
      };
    }
    if (status >= 400) {
      return {
        ok: false,
        kind: 'rejected',
        status,
        message: status === 401 ? 'The payment gateway refused our credentials' : readMessage(text, status),
      };
    }
    try {
      return { ok: true, value: JSON.parse(text) as unknown };
    } catch {
      // settlestat's "nothing settled" may come as bare text rather than JSON.
      if (/^\s*"?null batches"?\s*$/i.test(text)) return { ok: true, value: 'Null Batches' };
      return { ok: false, kind: 'unavailable', message: 'The payment gateway sent an unreadable answer' };
    }
  }

  async function transactionCall(
    method: 'GET' | 'PUT' | 'POST',
    path: string,
    body?: object,
  ): Promise<GatewayResult<GatewayTransaction>> {
    const answer = await call(method, path, body);
    if (!answer.ok) return answer;
    const record = transactionRecord.safeParse(answer.value);
    if (!record.success) return unreadable();
    return toResult(record.data);
  }

  /** CardSecure's tokenize: a token, or the error code and message it answers instead. */
  async function tokenizeWith(body: object): Promise<GatewayResult<{ token: string }>> {
    const answer = await call('POST', '/cardsecure/api/v1/ccn/tokenize', body);
    if (!answer.ok) return answer;
    const record = tokenizeRecord.safeParse(answer.value);
    if (!record.success) return unreadable();
    if (!record.data.token || Number(record.data.errorcode ?? 0) !== 0) {
      return {
        ok: false,
        kind: 'declined',
        respcode: String(record.data.errorcode ?? ''),
        message: record.data.message || 'Tokenization failed',
      };
    }
    return { ok: true, value: { token: record.data.token } };
  }

  return {
    movesRealMoney: options.movesRealMoney,

    authorize(input: AuthorizeInput) {
      return transactionCall('PUT', '/cardconnect/rest/auth', {
        merchid,
        ...(input.profile ? { profile: input.profile } : { account: input.account }),
        // Visa's and Mastercard's stored-credential framework: a customer-initiated, unscheduled payment.
        ...(input.storedCredential ? { cof: 'C', cofscheduled: 'N' } : {}),
        ...(input.expiry ? { expiry: input.expiry } : {}),
        ...(input.cvv ? { cvv2: input.cvv } : {}),
        ...(input.name ? { name: input.name } : {}),
        ...(input.address ? avsFieldsOf(input.address) : {}),
        amount: centsToDecimalString(input.amountCents),
        currency: 'USD',
        orderid: input.orderId,
        capture: input.capture ? 'Y' : 'N',
        ecomind: input.entry === 'telephone' ? 'T' : 'E',
        // The card's BIN facts (country, prepaid, corporate) in the answer, for the operator.
        bin: 'Y',
      });
    },

    capture({ retref, amountCents }) {
      return transactionCall('PUT', '/cardconnect/rest/capture', {
        merchid,
        retref,
        ...(amountCents !== undefined ? { amount: centsToDecimalString(amountCents) } : {}),
      });
    },

    voidAuthorization({ retref }) {
      return transactionCall('PUT', '/cardconnect/rest/void', { merchid, retref });
    },

    // The reference documents voidByOrderId as a POST only.
    async voidByOrderId(orderId) {
      let result: GatewayResult<GatewayTransaction> | undefined;
      for (let attempt = 0; attempt < VOID_BY_ORDER_ID_ATTEMPTS; attempt += 1) {
        result = await transactionCall('POST', '/cardconnect/rest/voidByOrderId', {
          merchid,
          orderid: orderId,
        });
        if (result.ok || result.kind !== 'unavailable') return result;
      }
      return result!;
    },

    refund({ retref, amountCents }) {
      return transactionCall('PUT', '/cardconnect/rest/refund', {
        merchid,
        retref,
        ...(amountCents !== undefined ? { amount: centsToDecimalString(amountCents) } : {}),
      });
    },

    inquire(retref) {
      return transactionCall('GET', `/cardconnect/rest/inquire/${encodeURIComponent(retref)}/${merchid}`);
    },

    async inquireByOrderId(orderId) {
      const answer = await call(
        'GET',
        `/cardconnect/rest/inquireByOrderid/${encodeURIComponent(orderId)}/${merchid}/1`,
      );
      if (!answer.ok) return answer;
      // CardPointe answers an array of records, a single record, or a "Txn not found" record.
      const list = z
        .array(transactionRecord)
        .safeParse(Array.isArray(answer.value) ? answer.value : [answer.value]);
      if (!list.success) return unreadable();
      const found = list.data.filter(
        (record) => record.retref && !(record.respstat === 'C' && record.respcode === PPS_NOT_FOUND),
      );
      return { ok: true, value: found.map(toTransaction) };
    },

    tokenize({ account, expiry }) {
      return tokenizeWith({ account, ...(expiry ? { expiry } : {}) });
    },

    tokenizeWalletPayload(payload) {
      // Google's token goes exactly as Google gave it: not URL-encoded, not re-serialised.
      return payload.wallet === 'googlepay'
        ? tokenizeWith({ encryptionhandler: 'EC_GOOGLE_PAY', devicedata: payload.token })
        : tokenizeWith({
            encryptionhandler: 'EC_APPLE_PAY',
            devicedata: appleDeviceData(payload.paymentData),
          });
    },

    async saveProfileAccount(input) {
      const answer = await call('PUT', '/cardconnect/rest/profile', {
        merchid,
        ...(input.profileId ? { profile: input.profileId } : {}),
        account: input.token,
        ...(input.accountType ? { accttype: input.accountType } : {}),
        ...(input.expiry ? { expiry: input.expiry } : {}),
        name: input.name,
        ...optionalFields({
          address: input.address,
          city: input.city,
          region: input.region,
          country: input.country,
          postal: input.postal,
          phone: input.phone,
          email: input.email,
        }),
        defaultacct: input.makeDefault ? 'Y' : 'N',
      });
      if (!answer.ok) return answer;
      const record = profileRecord.safeParse(answer.value);
      if (!record.success) return unreadable();
      const { respstat, profileid, acctid, token } = record.data;
      if (respstat !== 'A' || !profileid || !acctid) return profileRefusal(record.data);
      return { ok: true, value: { profileId: profileid, accountId: acctid, token: token ?? input.token } };
    },

    async setDefaultProfileAccount({ profileId, accountId }) {
      const answer = await call('PUT', '/cardconnect/rest/profile', {
        merchid,
        profile: `${profileId}/${accountId}`,
        profileupdate: 'Y',
        defaultacct: 'Y',
      });
      if (!answer.ok) return answer;
      const record = profileRecord.safeParse(answer.value);
      if (!record.success) return unreadable();
      return record.data.respstat === 'A' ? { ok: true, value: undefined } : profileRefusal(record.data);
    },

    async deleteProfileAccount({ profileId, accountId }) {
      const answer = await call(
        'DELETE',
        `/cardconnect/rest/profile/${encodeURIComponent(profileId)}/${encodeURIComponent(accountId)}/${merchid}`,
      );
      if (!answer.ok) return answer;
      const record = profileRecord.safeParse(answer.value);
      if (!record.success) return unreadable();
      // "Profile not found": nothing is kept there any more, which is what deleting asks for.
      const gone = record.data.respstat === 'A' || record.data.respcode === PROFILE_NOT_FOUND;
      return gone ? { ok: true, value: undefined } : profileRefusal(record.data);
    },

    async cardBin(token) {
      const answer = await call('GET', `/cardconnect/rest/bin/${merchid}/${encodeURIComponent(token)}`);
      if (!answer.ok) return answer;
      const record = binRecord.safeParse(answer.value);
      if (!record.success) return unreadable();
      const { product, cardusestring, country, bin, subtype, issuer, ...flags } = record.data;
      // Blank texts (CardPointe sends " " for an unknown issuer) say nothing.
      const texts = Object.fromEntries(
        Object.entries({ country, bin, cardUse: cardusestring, subtype, issuer }).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
        ),
      );
      return {
        ok: true,
        value: {
          brand: BIN_PRODUCTS[product ?? ''] ?? 'UNKNOWN',
          ...texts,
          corporate: flags.corporate,
          purchase: flags.purchase,
          prepaid: flags.prepaid,
          fsa: flags.fsa,
          gsa: flags.gsa,
        },
      };
    },

    async inquireMerchant(): Promise<MerchantCheck> {
      const answer = await call('GET', `/cardconnect/rest/inquireMerchant/${encodeURIComponent(merchid)}`);
      if (!answer.ok) {
        if (answer.kind !== 'rejected') return { ok: false, kind: 'unavailable', message: answer.message };
        if (answer.status === 401 || answer.status === 403) {
          return { ok: false, kind: 'wrong-credentials', message: answer.message };
        }
        // CardPointe answers an unknown merchant id with a 4xx "Data not found".
        return {
          ok: false,
          kind: 'unknown-merchant',
          message: `The payment gateway does not know merchant ${merchid}`,
        };
      }
      const record = merchantRecord.safeParse(answer.value);
      if (!record.success) return { ok: false, kind: 'unavailable', message: unreadable().message };
      const { enabled, site, cardproc } = record.data;
      if (enabled !== true && enabled !== 'true') {
        return {
          ok: false,
          kind: 'merchant-disabled',
          message: `Merchant ${merchid} is not enabled at the payment gateway`,
        };
      }
      const flag = (value: string | undefined) => value?.toUpperCase() === 'Y';
      return {
        ok: true,
        value: {
          merchantId: record.data.merchid ?? merchid,
          site: site ?? '',
          cardProcessor: cardproc ?? '',
          echeck: flag(record.data.echeck),
          cvv: flag(record.data.cvv),
          avs: flag(record.data.avs),
          accountUpdater: flag(record.data.acctupdater),
        },
      };
    },

    async funding(day) {
      const query = new URLSearchParams({ merchid, date: fundingDateOf(day, new Date()) });
      const answer = await call('GET', `/cardconnect/rest/funding?${query.toString()}`);
      if (!answer.ok) return answer;
      const record = fundingAnswer.safeParse(answer.value);
      if (!record.success) return unreadable();
      const { errormsg, fundings, txns, chargebacks } = record.data;
      if (errormsg && !fundings?.length && !txns?.length) {
        if (NO_DEPOSITS.test(errormsg)) {
          return { ok: true, value: { deposits: [], transactions: [], chargebacks: [] } };
        }
        return { ok: false, kind: 'declined', respcode: '', message: errormsg };
      }
      const report: FundingReport = {
        deposits: (fundings ?? []).map((funding) => ({
          fundingId: funding.fundingid ?? funding.fundingmasterid ?? '',
          ...(funding.fundingdate ? { fundingDate: funding.fundingdate } : {}),
          currency: funding.currency ?? 'USD',
          netSalesCents: funding.netsales ?? funding.totalfunding,
          interchangeFeeCents: funding.interchangefee ?? 0,
          serviceChargeCents: funding.servicecharge ?? 0,
          feeCents: funding.fee ?? 0,
          reversalCents: funding.reversal ?? 0,
          adjustmentCents:
            (funding.adjustment ?? 0) + (funding.otheradjustment ?? 0) + (funding.thirdparty ?? 0),
          totalFundingCents: funding.totalfunding,
        })),
        transactions: (txns ?? []).map((txn) => ({
          retref: txn.retref,
          amountCents: txn.amount,
          ...(txn.type ? { type: txn.type } : {}),
          ...(txn.batchid ? { batchId: txn.batchid } : {}),
          ...(txn.invoicenumber ? { orderId: txn.invoicenumber } : {}),
          ...(txn.parentretref ? { parentRetref: txn.parentretref } : {}),
          ...(txn.achreturncode ? { achReturnCode: txn.achreturncode } : {}),
          ...(txn.interchangepercentfee != null || txn.interchangeunitfee != null
            ? { interchangeFeeCents: (txn.interchangepercentfee ?? 0) + (txn.interchangeunitfee ?? 0) }
            : {}),
        })),
        chargebacks: (chargebacks ?? []).map((chargeback) => ({
          ...(chargeback.retref ? { retref: chargeback.retref } : {}),
          ...(chargeback.invoicenumber ? { orderId: chargeback.invoicenumber } : {}),
          amountCents: chargeback.amount,
          ...(chargeback.reasoncode ? { reasonCode: chargeback.reasoncode } : {}),
          ...(chargeback.reasondescription ? { reasonDescription: chargeback.reasondescription } : {}),
          ...(chargeback.casenumber ? { caseNumber: chargeback.casenumber } : {}),
          ...(chargeback.chargebackdate ? { chargebackDate: chargeback.chargebackdate } : {}),
        })),
      };
      return { ok: true, value: report };
    },

    async settlementStatus(day) {
      const query = new URLSearchParams({ merchid, date: monthDayOf(day) });
      const answer = await call('GET', `/cardconnect/rest/settlestat?${query.toString()}`);
      if (!answer.ok) return answer;
      // "Null Batches": nothing settled that day (sent as a bare string, or as the message of an object).
      if (!Array.isArray(answer.value)) {
        return /null batches/i.test(JSON.stringify(answer.value ?? ''))
          ? { ok: true, value: [] }
          : unreadable();
      }
      const batches = settlementAnswer.safeParse(answer.value);
      if (!batches.success) return unreadable();
      return {
        ok: true,
        value: batches.data.map((batch) => ({
          batchId: batch.batchid,
          hostStatus: batch.hoststat ?? '',
          transactions: (batch.txns ?? []).map((txn) => ({
            retref: txn.retref,
            amountCents: txn.setlamount,
            accepted: txn.setlstat === 'Y',
            status: txn.setlstat ?? '',
            ...(txn.salesdoc ? { orderId: txn.salesdoc } : {}),
          })),
        })),
      };
    },

    // CardSecure's echo: the documented connection check, answered without credentials.
    async ping() {
      const message = 'readyz';
      try {
        const response = await request(`${options.baseUrl()}/cardsecure/api/v1/echo`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ message }),
          signal: AbortSignal.timeout(Math.min(options.timeoutMs, 5_000)),
        });
        if (response.statusCode < 200 || response.statusCode >= 300) {
          await response.body.dump();
          return false;
        }
        const answer = (await response.body.json()) as { message?: unknown; errorcode?: unknown };
        return Number(answer.errorcode) === 0 && answer.message === message;
      } catch {
        return false;
      }
    },

    hostedPaymentUrl({ orderId, amountCents, returnUrl, billZip }) {
      const url = new URL(options.hostedPageUrl);
      url.searchParams.set('total', centsToDecimalString(amountCents));
      url.searchParams.set('invoice', orderId);
      url.searchParams.set('returnUrl', returnUrl);
      if (billZip) url.searchParams.set('billZip', billZip);
      return url.toString();
    },
  };
}

/**
 * The address fields of an authorization, within CardPointe's limits: a street of at most 30 characters,
 * a postal code of at most 9 letters and digits (a US ZIP+4 without its dash), a two-letter country.
 */
function avsFieldsOf(address: NonNullable<AuthorizeInput['address']>): Record<string, string> {
  const postal = address.postal.replace(/[^A-Za-z0-9]/g, '').slice(0, 9);
  return optionalFields({
    address: address.street?.trim().slice(0, 30),
    postal,
    country: address.country,
  });
}

function unreadable(): GatewayFailure {
  return { ok: false, kind: 'unavailable', message: 'The payment gateway sent an unreadable answer' };
}

function readMessage(text: string, status: number): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; resptext?: unknown; error?: unknown };
    const message = body.message ?? body.resptext ?? body.error;
    if (typeof message === 'string' && message) return message;
  } catch {
    // not JSON: fall through to the generic text
  }
  return `The payment gateway refused the request (HTTP ${status})`;
}
