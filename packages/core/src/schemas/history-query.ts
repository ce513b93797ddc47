import { z } from 'zod';
import { parseDollars, type Cents } from '../money';
import { ORDER_ID_PREFIXES } from '../order-id';

import { pageFields, TRANSACTION_CHANNELS, TRANSACTION_FILTERS } from './admin';

/**
 * What Transaction History is asked (decision 030): its filters, its dates with their time zone, and its one
 * search box read as terms; the export takes the same.
 */

/** The longest search the history takes: a whole email address fits. */
export const HISTORY_SEARCH_MAX_LENGTH = 100;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day written YYYY-MM-DD that exists (no 2026-02-30), from the year 2000 to 9999. */
export function isCalendarDate(text: string): boolean {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An IANA time zone name the platform knows ("America/Chicago", "UTC"). */
export function isKnownTimeZone(text: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(text)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: text });
    return true;
  } catch {
    return false;
  }
}

/** What a date that is not a calendar day written YYYY-MM-DD is answered with. */
export const CALENDAR_DATE_MESSAGE = 'Date must be YYYY-MM-DD';

/**
 * The one rule for a date a route takes (a day, an export's range, the history's filters): a calendar day
 * written YYYY-MM-DD that exists (`isCalendarDate`: no 2026-02-30, 2025-02-29 or 2026-13-01). `message` names
 * the field where a form has two.
 */
export function calendarDateSchema(message: string = CALENDAR_DATE_MESSAGE) {
  // The pattern too, though the check below covers it: the API document shows it to a client generator.
  return z
    .string({ error: message })
    .max(10, message)
    .regex(CALENDAR_DATE, message)
    .refine(isCalendarDate, message);
}

const calendarDateField = (name: 'From' | 'To') =>
  calendarDateSchema(`${name} date must be a date written YYYY-MM-DD`).optional();

/**
 * Transaction History's search and filters, the same for the list and its CSV export. The dates are
 * calendar days in `timeZone` (the operator's, which the console sends; UTC when absent), both included.
 */
export const historyFilterFields = {
  search: z
    .string({ error: 'Search must be text' })
    .trim()
    .max(HISTORY_SEARCH_MAX_LENGTH, 'Search is too long')
    .optional(),
  status: z.enum(TRANSACTION_FILTERS, { error: 'Unknown status filter' }).optional(),
  channel: z.enum(TRANSACTION_CHANNELS, { error: 'Unknown channel filter' }).optional(),
  from: calendarDateField('From'),
  to: calendarDateField('To'),
  timeZone: z
    .string({ error: 'Unknown time zone' })
    .refine(isKnownTimeZone, 'Unknown time zone')
    .optional()
    .describe('IANA time zone of the From and To dates ("America/Chicago"); UTC when absent'),
};

/** From after To selects nothing: said plainly rather than answered with an empty list. */
export function refineDateRange(
  value: { from?: string; to?: string },
  context: { addIssue: (issue: { code: 'custom'; message: string; path: string[] }) => void },
): void {
  if (value.from && value.to && value.from > value.to) {
    context.addIssue({
      code: 'custom',
      message: 'The From date must not be after the To date',
      path: ['to'],
    });
  }
}

export const adminTransactionsRequestSchema = z
  .looseObject({ ...pageFields, ...historyFilterFields })
  .superRefine(refineDateRange);

/**
 * What a history search looks for, read from the text the operator typed (decision 030). Every part is data
 * for the query's parameters, never SQL. The history lists the payments that match any part, with their
 * refunds.
 */
export interface HistorySearchTerms {
  /** The order id starts with it (upper case), as "CC-7QX" or "cc-7qx". */
  orderIdPrefix?: string;
  /** The order id's part after its channel ("CC-") starts with it: 4 to 12 of its characters. */
  orderBodyPrefix?: string;
  /** Exactly 4 digits: the card's or account's last 4. */
  last4?: string;
  /** 6 to 9 digits from 100001: the customer's Customer ID. */
  customerNumber?: number;
  /** A dollar amount ("15.74", "$15", "$1,234.50"): the authorized amount, exactly. */
  amountCents?: Cents;
  /** The order's contact email or the customer's email starts with it (lower case). */
  emailPrefix?: string;
  /** Each word starts a word of the delivery name or the customer's name (lower case, any order). */
  nameWords?: string[];
}

const ORDER_ID_TEXT = /^[A-Za-z0-9-]{1,19}$/;
/** The order id alphabet (no I, L, O, U): 4 to 12 of its characters, with a digit or at least 8 long. */
const ORDER_BODY_TEXT = /^(?=.*\d|.{8})[0-9A-HJKMNP-TV-Z]{4,12}$/i;
const CHANNEL_PREFIX = new RegExp(`^(${Object.values(ORDER_ID_PREFIXES).join('|')})-`, 'i');
const DOLLAR_AMOUNT = /^(\$)?\s*((?:\d{1,3}(?:,\d{3})+)|\d+)(\.\d{1,2})?$/;
const EMAIL_START = /^[\p{L}\p{N}._%+'-]+$/u;
const MAX_NAME_WORDS = 6;

export function historySearchTerms(text: string): HistorySearchTerms {
  const search = text.trim().replace(/\s+/g, ' ').slice(0, HISTORY_SEARCH_MAX_LENGTH);
  if (search === '') return {};
  const amount = DOLLAR_AMOUNT.exec(search);
  // An amount shows it is one: "$15", "15.74", "1,234". Four plain digits are a last 4, six a Customer ID.
  if (amount && (amount[1] || amount[3] || amount[2]!.includes(','))) {
    const parsed = parseDollars(`${amount[2]!.replaceAll(',', '')}${amount[3] ?? ''}`);
    return parsed.ok && parsed.cents > 0 ? { amountCents: parsed.cents } : {};
  }
  if (search.includes('@')) return { emailPrefix: search.toLowerCase() };
  // "CC-7QX…": an order id, nothing else.
  if (CHANNEL_PREFIX.test(search)) {
    return ORDER_ID_TEXT.test(search) ? { orderIdPrefix: search.toUpperCase() } : {};
  }
  const terms: HistorySearchTerms = {};
  if (ORDER_BODY_TEXT.test(search)) terms.orderBodyPrefix = search.toUpperCase();
  if (/^\d+$/.test(search)) {
    if (search.length === 4) terms.last4 = search;
    const number = Number(search);
    if (search.length >= 6 && search.length <= 9 && number >= 100_001) terms.customerNumber = number;
    return terms;
  }
  // "CC", "GP", "AP" start every order id of a channel (and may start a name too).
  if (/^(cc|gp|ap)$/i.test(search)) terms.orderIdPrefix = search.toUpperCase();
  if (EMAIL_START.test(search)) terms.emailPrefix = search.toLowerCase();
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  if (words.length > 0 && /\p{L}/u.test(search)) terms.nameWords = words.slice(0, MAX_NAME_WORDS);
  return terms;
}
