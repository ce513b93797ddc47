import { z } from 'zod';
import { parseGatewayAmount } from './amount';
import { RequestError } from './errors';
import { EXPIRY_MMYY, ORDER_ID } from './formats';
import type { SettlestatQuery } from './inquiries';
import type { AuthorizationRequest } from './money-calls';

function requiredString(field: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`),
  });
}

/** An optional field; CardPointe clients often send "" or null for "not given". */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
}

const merchid = requiredString('merchid').trim().min(1, 'merchid is required').max(16, 'merchid is too long');
const retref = requiredString('retref').trim().min(1, 'retref is required').max(36, 'retref is too long');

/** A positive amount in CardPointe's notation (see parseGatewayAmount), as cents. */
function positiveAmount(field: string) {
  return z.unknown().transform((value, context) => {
    if (value === undefined || value === null || value === '') {
      context.addIssue({ code: 'custom', message: `${field} is required` });
      return z.NEVER;
    }
    const parsed = parseGatewayAmount(value);
    if (!parsed.ok) {
      context.addIssue({ code: 'custom', message: parsed.reason });
      return z.NEVER;
    }
    if (parsed.cents === 0) {
      context.addIssue({ code: 'custom', message: `${field} must be greater than zero` });
      return z.NEVER;
    }
    return parsed.cents;
  });
}

const ACCOUNT_TYPES = ['ECHK', 'ESAV'] as const;
const CARD_OR_TOKEN = 'account must be a card number or token of 12-19 digits';

const text = (field: string, max: number) => optional(requiredString(field).max(max, `${field} is too long`));

const authorizationSchema = z.object({
  merchid,
  // 12-19 digits for a card number or token (checked below), up to 19 for a bank account number.
  account: optional(requiredString('account').regex(/^\d{1,19}$/, CARD_OR_TOKEN)),
  bankaba: optional(requiredString('bankaba').regex(/^\d{9}$/, 'bankaba must be a 9-digit routing number')),
  profile: optional(
    requiredString('profile').regex(/^\d{20}(\/\d{1,3})?$/, 'profile must be <profileid>/<acctid>'),
  ),
  accttype: optional(z.enum(ACCOUNT_TYPES, { error: 'accttype must be ECHK or ESAV' })),
  // CardPointe takes an authorization whose cof is none of its values, and leaves cof out of the answer.
  cof: optional(requiredString('cof')).transform((value) => {
    const upper = value?.toUpperCase();
    return upper === 'C' || upper === 'M' ? upper : undefined;
  }),
  cofscheduled: optional(requiredString('cofscheduled').regex(/^[YNyn]$/, "cofscheduled must be 'Y' or 'N'")),
  expiry: optional(requiredString('expiry').regex(EXPIRY_MMYY, 'expiry must be MMYY')),
  amount: positiveAmount('amount'),
  currency: optional(requiredString('currency').regex(/^[A-Za-z]{3}$/, 'currency must be a 3-letter code')),
  orderid: optional(requiredString('orderid').regex(ORDER_ID, 'orderid must be 1-19 characters')),
  capture: optional(requiredString('capture').regex(/^[YyNn]$/, "capture must be 'Y' or 'N'")),
  cvv2: optional(requiredString('cvv2').regex(/^\d{3,4}$/, 'cvv2 must be 3 or 4 digits')),
  name: optional(requiredString('name').max(100, 'name must be at most 100 characters')),
  postal: optional(requiredString('postal').regex(/^[A-Za-z0-9 -]{1,10}$/, 'postal is not a postal code')),
  address: text('address', 100),
  country: optional(requiredString('country').regex(/^[A-Za-z]{2,3}$/, 'country must be a country code')),
  bin: optional(requiredString('bin').regex(/^[YNyn]$/, "bin must be 'Y' or 'N'")),
  // B (a prearranged debit, SEC code PPD) is one of ProfitStars ACH's values.
  ecomind: optional(
    requiredString('ecomind').regex(/^[ERTBertb]$/, "ecomind must be 'E', 'R', 'T' or (ACH) 'B'"),
  ),
});

const captureSchema = z.object({ merchid, retref, amount: optional(positiveAmount('amount')) });
// CardPointe's "0" means the whole authorization, like no amount at all.
const voidAmount = optional(requiredString('amount')).transform((value, context) => {
  if (value === undefined) return undefined;
  const parsed = parseGatewayAmount(value);
  if (!parsed.ok) {
    context.addIssue({ code: 'custom', message: parsed.reason });
    return z.NEVER;
  }
  return parsed.cents === 0 ? undefined : parsed.cents;
});
const voidSchema = z.object({ merchid, retref, amount: voidAmount });
const voidByOrderIdSchema = z.object({
  merchid,
  orderid: requiredString('orderid').regex(ORDER_ID, 'orderid must be 1-19 characters'),
  amount: voidAmount,
});
const refundSchema = z.object({ merchid, retref, amount: optional(positiveAmount('amount')) });

const profileSchema = z.object({
  merchid,
  profile: optional(
    requiredString('profile').regex(/^\d{20}(\/\d{1,3})?$/, 'profile must be <profileid>[/<acctid>]'),
  ),
  account: optional(
    requiredString('account').regex(/^(\d{12,19}|\d{9}\/\d{4,17})$/, 'account is not an account'),
  ),
  accttype: optional(z.enum(ACCOUNT_TYPES, { error: 'accttype must be ECHK or ESAV' })),
  expiry: optional(requiredString('expiry').regex(EXPIRY_MMYY, 'expiry must be MMYY')),
  defaultacct: optional(requiredString('defaultacct').regex(/^[YNyn]$/, "defaultacct must be 'Y' or 'N'")),
  profileupdate: optional(
    requiredString('profileupdate').regex(/^[YNyn]$/, "profileupdate must be 'Y' or 'N'"),
  ),
  name: text('name', 100),
  address: text('address', 100),
  city: text('city', 100),
  region: text('region', 100),
  country: text('country', 3),
  postal: text('postal', 10),
  phone: text('phone', 20),
  email: text('email', 254),
});

export function parseProfileRequest(body: unknown) {
  const { merchid: id, profile, account, defaultacct, ...details } = parseBody(profileSchema, body);
  return {
    merchid: id,
    profile,
    account,
    defaultacct: defaultacct?.toUpperCase() === 'Y',
    details: {
      accttype: details.accttype ?? null,
      expiry: details.expiry ?? null,
      name: details.name ?? null,
      address: details.address ?? null,
      city: details.city ?? null,
      region: details.region ?? null,
      country: details.country ?? null,
      postal: details.postal ?? null,
      phone: details.phone ?? null,
      email: details.email ?? null,
    },
  };
}

const tokenizeSchema = z.object({
  account: requiredString('account').trim().min(1, 'account is required').max(32, 'account is too long'),
  expiry: optional(requiredString('expiry').regex(EXPIRY_MMYY, 'expiry must be MMYY')),
});

function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new RequestError('Request body must be a JSON object');
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new RequestError(result.error.issues.map((issue) => issue.message).join('; '));
  return result.data;
}

export function parseAuthorizationRequest(body: unknown): AuthorizationRequest {
  const { amount: amountCents, capture, ...fields } = parseBody(authorizationSchema, body);
  if (!fields.account === !fields.profile)
    throw new RequestError('account is required (or, instead, a profile)');
  if (fields.bankaba !== undefined) {
    // CardPointe: a bank account number goes with its routing number; a token or a profile needs none.
    if (fields.profile) throw new RequestError('bankaba goes with a bank account number in account');
  } else if (fields.account !== undefined) {
    if (!/^\d{12,19}$/.test(fields.account)) throw new RequestError(CARD_OR_TOKEN);
    if (fields.accttype && !fields.account.startsWith('9')) {
      throw new RequestError('bankaba is required with a bank account number (or send its token)');
    }
  }
  return {
    merchid: fields.merchid,
    account: fields.account,
    bankaba: fields.bankaba,
    profile: fields.profile,
    accttype: fields.accttype,
    expiry: fields.expiry,
    amountCents,
    currency: fields.currency,
    orderid: fields.orderid,
    capture: capture?.toUpperCase() === 'Y',
    cvv2: fields.cvv2,
    name: fields.name,
    postal: fields.postal,
    address: fields.address,
    country: fields.country,
    bin: fields.bin?.toUpperCase() === 'Y',
    ecomind: fields.ecomind?.toUpperCase() as AuthorizationRequest['ecomind'],
    cof: fields.cof,
    cofscheduled: fields.cofscheduled?.toUpperCase() as AuthorizationRequest['cofscheduled'],
  };
}

export interface FollowUpRequest {
  merchid: string;
  retref: string;
  amountCents: number | undefined;
}

export function parseCaptureRequest(body: unknown): FollowUpRequest {
  const { merchid: id, retref: reference, amount: amountCents } = parseBody(captureSchema, body);
  return { merchid: id, retref: reference, amountCents };
}

export function parseVoidRequest(body: unknown): FollowUpRequest {
  const { merchid: id, retref: reference, amount: amountCents } = parseBody(voidSchema, body);
  return { merchid: id, retref: reference, amountCents };
}

export function parseVoidByOrderIdRequest(body: unknown): {
  merchid: string;
  orderid: string;
  amountCents: number | undefined;
} {
  const { merchid: id, orderid, amount: amountCents } = parseBody(voidByOrderIdSchema, body);
  return { merchid: id, orderid, amountCents };
}

export function parseRefundRequest(body: unknown): FollowUpRequest {
  const { merchid: id, retref: reference, amount: amountCents } = parseBody(refundSchema, body);
  return { merchid: id, retref: reference, amountCents };
}

const walletTokenizeSchema = z.object({
  devicedata: requiredString('devicedata')
    .min(1, 'devicedata is required')
    .max(12_000, 'devicedata is too long'),
  encryptionhandler: z.enum(['EC_GOOGLE_PAY', 'EC_APPLE_PAY'], {
    error: 'encryptionhandler must be EC_GOOGLE_PAY or EC_APPLE_PAY with devicedata',
  }),
});

export type TokenizeRequest =
  | { kind: 'account'; account: string; expiry: string | undefined }
  | { kind: 'wallet'; devicedata: string; encryptionhandler: 'EC_GOOGLE_PAY' | 'EC_APPLE_PAY' };

/** A card number or bank account (`account`), or a wallet payload (`devicedata` with its handler). */
export function parseTokenizeRequest(body: unknown): TokenizeRequest {
  if (typeof body === 'object' && body !== null && 'devicedata' in body) {
    if ('account' in body) throw new RequestError('Send account or devicedata, not both');
    return { kind: 'wallet', ...parseBody(walletTokenizeSchema, body) };
  }
  const { account, expiry } = parseBody(tokenizeSchema, body);
  return { kind: 'account', account, expiry };
}

/**
 * The funding endpoint's query: the merchant id, and the day as MMDD (in the current calendar year, by
 * `now` in UTC) or YYYYMMDD. Answers that day at midnight UTC.
 */
export function parseFundingQuery(query: unknown, now: Date): { merchid: string; day: Date } {
  const fields = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
  const id = merchid.safeParse(fields.merchid);
  if (!id.success) throw new RequestError(id.error.issues[0]?.message ?? 'merchid is required');
  // CardPointe then answers what was not fetched yet; the sandbox keeps no record of what was fetched.
  if (fields.date === undefined || fields.date === '') {
    throw new RequestError('date is required here (MMDD or YYYYMMDD)');
  }
  const match = typeof fields.date === 'string' ? /^(\d{4})?(\d{2})(\d{2})$/.exec(fields.date) : null;
  if (!match) throw new RequestError('date must be MMDD or YYYYMMDD');
  const [, yearText, monthText, dayText] = match as unknown as [string, string | undefined, string, string];
  const year = yearText ? Number(yearText) : now.getUTCFullYear();
  const day = new Date(Date.UTC(year, Number(monthText) - 1, Number(dayText)));
  if (day.getUTCMonth() !== Number(monthText) - 1 || day.getUTCDate() !== Number(dayText)) {
    throw new RequestError('date is not a calendar date');
  }
  return { merchid: id.data, day };
}

/**
 * settlestat's query: the merchant id with `date` (MMDD: the most recent such day, by `now` in UTC, that is
 * not in the future), or with `batchid`, or alone (the batches not reported yet).
 */
export function parseSettlestatQuery(query: unknown, now: Date): { merchid: string; query: SettlestatQuery } {
  const fields = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
  const id = merchid.safeParse(fields.merchid);
  if (!id.success) throw new RequestError(id.error.issues[0]?.message ?? 'merchid is required');
  const date = fields.date === '' ? undefined : fields.date;
  const batchid = fields.batchid === '' ? undefined : fields.batchid;
  if (date !== undefined && batchid !== undefined) throw new RequestError('Send date or batchid, not both');
  if (batchid !== undefined) {
    if (typeof batchid !== 'string' || !/^\d{1,18}$/.test(batchid)) {
      throw new RequestError('batchid must be a batch number');
    }
    return { merchid: id.data, query: { kind: 'batch', batchId: batchid } };
  }
  if (date === undefined) return { merchid: id.data, query: { kind: 'unreported' } };
  const match = typeof date === 'string' ? /^(\d{2})(\d{2})$/.exec(date) : null;
  if (!match) throw new RequestError('date must be MMDD');
  const month = Number(match[1]) - 1;
  const dayOfMonth = Number(match[2]);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // The most recent year in which the day exists and is not after today (29 February: up to 8 years back).
  for (let year = now.getUTCFullYear(); year >= now.getUTCFullYear() - 8; year -= 1) {
    const day = new Date(Date.UTC(year, month, dayOfMonth));
    const exists = day.getUTCMonth() === month && day.getUTCDate() === dayOfMonth;
    if (exists && day.getTime() <= today) return { merchid: id.data, query: { kind: 'date', day } };
  }
  throw new RequestError('date is not a calendar date (MMDD)');
}

/** The sandbox's backdate control: `days`, a whole number from 1 to 31. */
export function parseBackdateRequest(body: unknown): { days: number; batchIds?: string[] } {
  const days = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof days.days !== 'number' || !Number.isInteger(days.days) || days.days < 1 || days.days > 31) {
    throw new RequestError('days must be a whole number from 1 to 31');
  }
  if (days.batchids === undefined) return { days: days.days };
  if (
    !Array.isArray(days.batchids) ||
    days.batchids.length > 100 ||
    !days.batchids.every((id) => typeof id === 'string' && /^\d{1,18}$/.test(id))
  ) {
    throw new RequestError('batchids must be a list of batch ids');
  }
  return { days: days.days, batchIds: days.batchids as string[] };
}

/** CardSecure echo's body: `message` must be there, blank or up to 250 characters. */
export function parseEchoRequest(body: unknown): { message: string } {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof fields.message !== 'string') {
    throw new RequestError(fields.message === undefined ? 'message is required' : 'message must be a string');
  }
  if (fields.message.length > 250) throw new RequestError('message is too long');
  return { message: fields.message };
}
