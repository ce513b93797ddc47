import { z } from 'zod';
import { detectCardBrand, isValidRoutingNumber } from '../card-brand';
import { EMAIL_REQUIRED, emailAddressProblem, INVALID_EMAIL, savedPaymentMethodSchema } from './account';
import { hasHiddenCharacterForName, NAME_HIDDEN_CHARACTER } from './hidden-characters';
import {
  ADDRESS_COUNTRIES,
  ADDRESS_MESSAGES,
  firstAddressProblem,
  isPhoneWellFormed,
  type PostalAddressFields,
} from './address';
import { cartIdSchema, cartItemsSchema, dollarAmountSchema, orderIdSchema } from './checkout';
import { orderDeliverySchema } from './delivery';

/**
 * The Add Payment Method form (product §5): one list of checks, in the spec's order and words, used by the
 * modal and by the server's tokenize route alike.
 */
/** The billing countries of product §5: those the store takes addresses in. */
export const PAYMENT_METHOD_COUNTRIES = ADDRESS_COUNTRIES;
export const BANK_ACCOUNT_TYPES = ['CHECKING', 'SAVINGS'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

export interface PaymentMethodForm extends PostalAddressFields {
  mode: 'CC' | 'ACH';
  email: string;
  phone?: string;
  /** Card number (spaces allowed) or bank account number. */
  accountNumber: string;
  expiryMonth?: string;
  expiryYear?: string;
  routingNumber?: string;
  bankName?: string;
  accountType?: BankAccountType;
}

export const PAYMENT_METHOD_MESSAGES = {
  holderName: 'Account holder name is required',
  ...ADDRESS_MESSAGES,
  email: EMAIL_REQUIRED,
  invalidEmail: INVALID_EMAIL,
  cardNumber: 'Please enter a valid card number',
  expiry: 'Valid expiration date is required',
  routingNumber: 'Please enter a valid 9-digit routing number',
  accountNumber: 'Please enter a valid account number',
  bankName: 'Bank name is required',
} as const;

/** The input limits of product §5, for the form's fields and the server alike. */
export const PAYMENT_METHOD_LIMITS = {
  cardNumber: 19,
  state: 2,
  zip: 10,
  routingNumber: 9,
  accountNumber: 17,
  text: 100,
} as const;

const blank = (value: string | undefined) => (value ?? '').trim() === '';

const ALL_MONTHS = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'));

/**
 * The expiry months offered for a year: all twelve, except in the current year, where only this month and
 * the later ones (a card is valid to the end of its expiry month). Without a year, all twelve.
 */
export function expiryMonthsFor(year: string | undefined, now: Date = new Date()): string[] {
  if (Number(year) !== now.getFullYear()) return ALL_MONTHS;
  return ALL_MONTHS.filter((month) => Number(month) >= now.getMonth() + 1);
}

/** True when a card's expiry month has ended (month "01"–"12", year "2026"). */
export function isCardExpired(month: string, year: string, now: Date = new Date()): boolean {
  const expiryYear = Number(year);
  const expiryMonth = Number(month);
  if (!Number.isInteger(expiryYear) || !Number.isInteger(expiryMonth)) return false;
  return (
    expiryYear < now.getFullYear() || (expiryYear === now.getFullYear() && expiryMonth < now.getMonth() + 1)
  );
}

/** The first problem with the form, in product §5's order; undefined when it may be sent. */
export function firstPaymentMethodProblem(
  form: PaymentMethodForm,
  now: Date = new Date(),
): string | undefined {
  const m = PAYMENT_METHOD_MESSAGES;
  const addressProblem = firstAddressProblem(form, m.holderName);
  if (addressProblem) return addressProblem;
  if (blank(form.email)) return m.email;
  const emailProblem = emailAddressProblem(form.email.trim());
  if (emailProblem) return emailProblem;
  if (form.mode === 'CC') {
    const digits = form.accountNumber.replace(/\s/g, '');
    if (!/^\d{15,19}$/.test(digits)) return m.cardNumber;
    if (blank(form.expiryMonth) || blank(form.expiryYear)) return m.expiry;
    // The spec's words for a date chosen but already past: such a card cannot be charged.
    if (isCardExpired(form.expiryMonth!, form.expiryYear!, now)) return m.expiry;
  } else {
    if (!isValidRoutingNumber(form.routingNumber ?? '')) return m.routingNumber;
    if (!/^\d{5,17}$/.test(form.accountNumber.trim())) return m.accountNumber;
    if (blank(form.bankName)) return m.bankName;
  }
  if (!isPhoneWellFormed(form.phone)) return m.phone;
  return undefined;
}

/**
 * Card numbers as typed: digits only, grouped as printed on the card (AMEX 4-6-5 and 15 digits, the
 * others a space every 4 and 16 digits), at most 19 characters (product §5).
 */
export function formatCardNumberInput(text: string): string {
  const allDigits = text.replace(/\D/g, '');
  const amex = detectCardBrand(allDigits) === 'AMEX';
  const digits = allDigits.slice(0, amex ? 15 : 16);
  const groups = amex ? [4, 6, 5] : [4, 4, 4, 4];
  const parts: string[] = [];
  let position = 0;
  for (const size of groups) {
    if (position >= digits.length) break;
    parts.push(digits.slice(position, position + size));
    position += size;
  }
  return parts.join(' ').slice(0, PAYMENT_METHOD_LIMITS.cardNumber);
}

/** Phone numbers as typed: digits, shown as 123-456-7890. */
export function formatPhoneInput(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

const text = (max: number) => z.string().max(max).default('');

/**
 * `POST /api/payment/tokenize-proxy`: the form's fields. The spec's client also sends the gateway's
 * account id, request type, currency and company code; they are accepted and ignored (the server knows
 * its own merchant).
 */
export const tokenizeRequestSchema = z
  .looseObject(
    {
      mode: z.enum(['CC', 'ACH'], { error: 'Mode must be CC or ACH' }),
      name: text(PAYMENT_METHOD_LIMITS.text),
      address: text(PAYMENT_METHOD_LIMITS.text),
      city: text(PAYMENT_METHOD_LIMITS.text),
      // Generous bounds here: product §5's own checks, in its order and words, decide what is wrong.
      state: text(PAYMENT_METHOD_LIMITS.text),
      zip: text(PAYMENT_METHOD_LIMITS.text),
      country: z.enum(PAYMENT_METHOD_COUNTRIES, { error: 'Country must be US, CA or MX' }).default('US'),
      email: text(254),
      phone: z.string().max(12).optional(),
      accountNumber: z
        .string({ error: PAYMENT_METHOD_MESSAGES.accountNumber })
        .max(PAYMENT_METHOD_LIMITS.text),
      expiryMonth: z.string().max(2).optional(),
      expiryYear: z.string().max(4).optional(),
      routingNumber: z.string().max(PAYMENT_METHOD_LIMITS.text).optional(),
      bankName: z.string().max(PAYMENT_METHOD_LIMITS.text).optional(),
      accountType: z
        .enum(BANK_ACCOUNT_TYPES, { error: 'Account type must be CHECKING or SAVINGS' })
        .optional(),
    },
    { error: 'The request body must be a JSON object' },
  )
  .superRefine((form, context) => {
    const problem = firstPaymentMethodProblem(form);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const userId = z.string({ error: 'User ID is required' }).uuid('User ID is not valid');
const paymentMethodId = z
  .string({ error: 'Payment method ID is required' })
  .uuid('Payment method ID is not valid');

/** `POST /api/payment/save-payment-token` (product §3's payload). Brand and last 4 are the gateway's word. */
export const savePaymentTokenRequestSchema = z.looseObject(
  {
    userId,
    tokenId: z.string({ error: 'Token ID is required' }).regex(/^9\d{11,18}$/, 'Token ID is not valid'),
    /** The card frame the card was typed in (`POST /api/payment/card-entry`); none for a proxy's token. */
    cardEntryId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{32}$/, 'Card entry ID is not valid')
      .optional(),
    paymentType: z.enum(['CC', 'ACH'], { error: 'Payment type must be CC or ACH' }),
    holderName: z
      .string({ error: PAYMENT_METHOD_MESSAGES.holderName })
      .trim()
      .min(1, PAYMENT_METHOD_MESSAGES.holderName)
      .max(PAYMENT_METHOD_LIMITS.text)
      .refine((name) => !hasHiddenCharacterForName(name), NAME_HIDDEN_CHARACTER),
    expiryMonth: z
      .union([z.string().max(2), z.number()])
      .transform(String)
      .optional(),
    expiryYear: z
      .union([z.string().max(4), z.number()])
      .transform(String)
      .optional(),
    bankName: z.string().trim().max(PAYMENT_METHOD_LIMITS.text).optional(),
    accountType: z.enum(BANK_ACCOUNT_TYPES).optional(),
    routingNumberLast4: z.string().max(4).optional(),
  },
  { error: 'The request body must be a JSON object' },
);

/** `POST /api/payment/payment-methods`. */
export const listPaymentMethodsRequestSchema = z.looseObject({ userId });

/** `POST /api/users/payment-methods/remove` and `…/set-default`. */
export const paymentMethodActionRequestSchema = z.looseObject({ userId, paymentMethodId });

/** `POST /api/payment/process-with-token`: a saved method pays the cart the server prices. */
export const processWithTokenRequestSchema = z.looseObject(
  {
    userId,
    paymentMethodId,
    amount: dollarAmountSchema,
    orderId: orderIdSchema,
    items: cartItemsSchema,
    delivery: orderDeliverySchema,
    cartId: cartIdSchema,
  },
  { error: 'The request body must be a JSON object' },
);

/**
 * `POST /api/payment/card-entry`: the gateway's card frame for this session (its address, with the
 * parameters the form uses), and the id to save the card typed in it with.
 */
export const cardEntryResponseSchema = z.object({
  status: z.literal('success'),
  entryId: z.string(),
  frameUrl: z.string(),
});
export type CardEntryResponse = z.infer<typeof cardEntryResponseSchema>;

/** The card or account turned into a CardSecure token (never the number itself). */
export const tokenizeResponseSchema = z.object({
  status: z.literal('Y'),
  tokenid: z.string(),
  type: z.enum(['CC', 'ACH']),
  message: z.string(),
});
export type TokenizeResponse = z.infer<typeof tokenizeResponseSchema>;

export const savePaymentTokenResponseSchema = z.object({
  status: z.literal('success'),
  paymentMethod: savedPaymentMethodSchema,
  message: z.string(),
});
export type SavePaymentTokenResponse = z.infer<typeof savePaymentTokenResponseSchema>;

export const paymentMethodsResponseSchema = z.object({
  status: z.literal('success'),
  paymentMethods: z.array(savedPaymentMethodSchema),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponseSchema>;

/** A payment made by the server (saved method): the result page verifies `requestId` as for the hosted page. */
export const serverPaymentResponseSchema = z.object({
  status: z.literal('success'),
  transactionId: z.string(),
  requestId: z.string(),
  message: z.string(),
});
export type ServerPaymentResponse = z.infer<typeof serverPaymentResponseSchema>;
