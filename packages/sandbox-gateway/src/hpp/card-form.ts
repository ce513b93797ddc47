import { detectCardBrand, isLuhnValid, parseDollars, type CardBrand } from '@store/core';
import { isExpiryPast, ORDER_ID } from '../formats';

/**
 * The hosted payment page's rules. The page's script checks the same rules with the same messages as the
 * person types; the server checks them again, since a browser can skip the script.
 */
export const CARD_FORM_MESSAGES = {
  cardNumberRequired: 'Enter the card number',
  cardNumberInvalid: 'Enter a valid card number',
  cardBrandUnsupported: 'We accept Visa, Mastercard, American Express and Discover',
  expiryRequired: 'Enter the expiration date',
  expiryInvalid: 'Enter the expiration date as MM/YY',
  expiryPast: 'This card has expired',
  cvvRequired: 'Enter the CVV',
  cvvInvalid: 'The CVV is 3 or 4 digits',
  nameRequired: 'Enter the cardholder name',
  nameTooLong: 'The cardholder name can be at most 100 characters',
  billZipInvalid: 'Enter the billing ZIP or postal code, or leave it empty',
} as const;

export const MAX_NAME_LENGTH = 100;

export type CardFormField = 'cardNumber' | 'expiry' | 'cvv' | 'name' | 'billZip';
export type CardFormErrors = Partial<Record<CardFormField, string>>;

export interface ValidCard {
  cardNumber: string;
  brand: CardBrand;
  /** MMYY, as the gateway takes it. */
  expiry: string;
  cvv: string;
  name: string;
  /** The billing ZIP or postal code, for the address check (AVS); optional, as on CardPointe's page. */
  postal?: string;
}

/** A ZIP or postal code as the gateway takes it (US, Canada, Mexico and most others). */
export const BILL_ZIP = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

const EXPIRY = /^(0?[1-9]|1[0-2])\s*\/?\s*(\d{2}|20\d{2})$/;

function fieldValue(form: Record<string, unknown>, field: string): string {
  const value = form[field];
  return typeof value === 'string' ? value.trim() : '';
}

/** MM/YY (or MMYY, M/YY, MM/YYYY) as MMYY; undefined when it is none of these. */
function normaliseExpiry(text: string): string | undefined {
  const match = EXPIRY.exec(text.trim());
  if (!match?.[1] || !match[2]) return undefined;
  return match[1].padStart(2, '0') + match[2].slice(-2);
}

export function validateCardForm(
  form: Record<string, unknown>,
  now: Date,
): { ok: true; card: ValidCard } | { ok: false; errors: CardFormErrors } {
  const errors: CardFormErrors = {};
  const messages = CARD_FORM_MESSAGES;

  const cardNumber = fieldValue(form, 'cardNumber').replace(/[\s-]/g, '');
  const brand = detectCardBrand(cardNumber);
  if (!cardNumber) errors.cardNumber = messages.cardNumberRequired;
  else if (!/^\d{12,19}$/.test(cardNumber) || !isLuhnValid(cardNumber))
    errors.cardNumber = messages.cardNumberInvalid;
  else if (brand === 'UNKNOWN') errors.cardNumber = messages.cardBrandUnsupported;

  const expiryText = fieldValue(form, 'expiry');
  const expiry = normaliseExpiry(expiryText);
  if (!expiryText) errors.expiry = messages.expiryRequired;
  else if (!expiry) errors.expiry = messages.expiryInvalid;
  else if (isExpiryPast(expiry, now)) errors.expiry = messages.expiryPast;

  const cvv = fieldValue(form, 'cvv');
  if (!cvv) errors.cvv = messages.cvvRequired;
  else if (!/^\d{3,4}$/.test(cvv)) errors.cvv = messages.cvvInvalid;

  const name = fieldValue(form, 'name').replace(/\s+/g, ' ');
  if (!name) errors.name = messages.nameRequired;
  else if (name.length > MAX_NAME_LENGTH) errors.name = messages.nameTooLong;

  const postal = fieldValue(form, 'billZip');
  if (postal && !BILL_ZIP.test(postal)) errors.billZip = messages.billZipInvalid;

  if (Object.keys(errors).length > 0 || !expiry) return { ok: false, errors };
  return { ok: true, card: { cardNumber, brand, expiry, cvv, name, ...(postal ? { postal } : {}) } };
}

export interface PaymentRequest {
  totalCents: number;
  invoice: string;
  returnUrl: URL;
  /** The billing ZIP the store prefilled (CardPointe's `billZip`), if it is one. */
  billZip?: string;
}

function single(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The store's part of the page address (and of the form's hidden fields): what to charge, for what, and where to return. */
export function parsePaymentRequest(
  input: Record<string, unknown>,
  allowedReturnOrigins?: readonly string[],
): { ok: true; request: PaymentRequest } | { ok: false; problems: string[]; returnUrl?: URL } {
  const problems: string[] = [];

  const total = parseDollars(single(input.total));
  const totalCents = total.ok && total.cents > 0 ? total.cents : undefined;
  if (totalCents === undefined) problems.push('total must be an amount in dollars, such as 68.20');

  const invoiceText = single(input.invoice)?.trim();
  const invoice = invoiceText && ORDER_ID.test(invoiceText) ? invoiceText : undefined;
  if (invoice === undefined) problems.push('invoice must be an order id of 1 to 19 characters');

  const parsedReturnUrl = parseReturnUrl(single(input.returnUrl));
  // Like the return address configured for a merchant's hosted page: the page sends shoppers only there.
  const returnUrl =
    parsedReturnUrl && (!allowedReturnOrigins || allowedReturnOrigins.includes(parsedReturnUrl.origin))
      ? parsedReturnUrl
      : undefined;
  if (parsedReturnUrl === undefined) problems.push('returnUrl must be an http or https address');
  else if (returnUrl === undefined) problems.push('returnUrl must point back to the store');

  if (totalCents === undefined || invoice === undefined || returnUrl === undefined) {
    return { ok: false, problems, returnUrl };
  }
  // Only a prefill: one that is not a postal code is left out, never a reason to refuse the page.
  const billZip = single(input.billZip)?.trim();
  const prefill = billZip && BILL_ZIP.test(billZip) ? { billZip } : {};
  return { ok: true, request: { totalCents, invoice, returnUrl, ...prefill } };
}

function parseReturnUrl(text: string | undefined): URL | undefined {
  if (!text || text.length > 2048) return undefined;
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.username || url.password) return undefined;
    return url;
  } catch {
    return undefined;
  }
}

/**
 * The store's return address with status=cancelled, for Cancel and for the way back from a page that cannot
 * be shown: the shopper chose not to pay (or could not start), which the store must not show as a failed
 * payment.
 */
export function cancelUrlOf(returnUrl: URL): string {
  const url = new URL(returnUrl);
  url.searchParams.set('status', 'cancelled');
  return url.toString();
}
