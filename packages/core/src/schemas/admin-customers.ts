import { z } from 'zod';
import { orderStandingShape } from './order';
import { savedAddressSchema } from './address-book';
import { historySearchTerms } from './history-query';

/**
 * The console's Customers (decision 032): find a customer by the Customer ID they read out from My Account,
 * their name or their email, and read their page (saved methods, addresses, orders). Read-only: nothing
 * here changes a customer, and nothing shown is more than what a person may see of a saved method (with the
 * store's own ids of methods and addresses, which a telephone order names).
 */

/** The longest search the Customers tab takes: a whole email address fits. */
export const CUSTOMER_SEARCH_MAX_LENGTH = 100;

export const adminCustomersRequestSchema = z.looseObject({
  search: z
    .string({ error: 'Search must be text' })
    .trim()
    .max(CUSTOMER_SEARCH_MAX_LENGTH, 'Search is too long')
    .optional(),
  limit: z
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .optional(),
  cursor: z.string().max(200).optional(),
});
export type AdminCustomersRequest = z.input<typeof adminCustomersRequestSchema>;

/**
 * What a customer search looks for, read as Transaction History reads its search (decision 030): 6 to 9
 * digits from 100001 are a Customer ID, exactly; text with an `@` the start of the email; words the starts
 * of words of the name, a single word also the start of the email. Anything else (an amount, an order id)
 * finds no customer.
 */
export interface CustomerSearchTerms {
  customerNumber?: number;
  emailPrefix?: string;
  nameWords?: string[];
}

export function customerSearchTerms(text: string): CustomerSearchTerms {
  const { customerNumber, emailPrefix, nameWords } = historySearchTerms(text);
  return {
    ...(customerNumber !== undefined ? { customerNumber } : {}),
    ...(emailPrefix !== undefined ? { emailPrefix } : {}),
    ...(nameWords !== undefined ? { nameWords } : {}),
  };
}

/** A customer as the Customers tab lists them. */
export const adminCustomerRowSchema = z.object({
  /** The Customer ID (`numericId`) the customer reads out from My Account. */
  customerId: z.number(),
  name: z.string(),
  email: z.string(),
  /** When the account was opened. */
  createdAt: z.string(),
  savedMethodCount: z.number(),
  orderCount: z.number(),
  /** When the newest order was placed; null for a customer who never ordered. */
  lastOrderAt: z.string().nullable(),
});
export type AdminCustomerRow = z.infer<typeof adminCustomerRowSchema>;

export const adminCustomersResponseSchema = z.object({
  status: z.literal('success'),
  customers: z.array(adminCustomerRowSchema),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
  message: z.string(),
});
export type AdminCustomersResponse = z.infer<typeof adminCustomersResponseSchema>;

export const adminCustomerParamsSchema = z.object({
  customerId: z
    .string({ error: 'Customer ID is required' })
    .regex(/^[0-9]{1,10}$/, 'Customer ID must be a number'),
});

/**
 * A saved method as the operator may see it: brand or bank, last 4, expiry, default, and the store's own id
 * of it (what a telephone order names it by, decision 033). Never the gateway's profile or account id, the
 * holder's name or the routing number.
 */
export const adminCustomerMethodSchema = z.object({
  /** The store's id of the saved method (not the gateway's): a telephone order's `methodId`. */
  id: z.string(),
  kind: z.enum(['card', 'ach']),
  /** The card's brand ("VISA"); absent for a bank account. */
  cardBrand: z.string().optional(),
  /** The bank's name; absent for a card. */
  bankName: z.string().optional(),
  last4: z.string(),
  /** A card's expiry month (1–12) and year; absent for a bank account. */
  expiryMonth: z.number().optional(),
  expiryYear: z.number().optional(),
  isDefault: z.boolean(),
});
export type AdminCustomerMethod = z.infer<typeof adminCustomerMethodSchema>;

/** An order of the customer's, as their page lists it; its id opens the order's page. */
export const adminCustomerOrderSchema = z.object({
  orderId: z.string(),
  placedAt: z.string(),
  total: z.number(),
  ...orderStandingShape,
});
export type AdminCustomerOrder = z.infer<typeof adminCustomerOrderSchema>;

/** How many of a customer's orders their page lists, newest first. */
export const CUSTOMER_PAGE_ORDERS = 50;

export const adminCustomerSchema = z.object({
  customerId: z.number(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
  /** The default first, then the oldest first (as My Account lists them). */
  savedMethods: z.array(adminCustomerMethodSchema),
  /** The address book: the default first, then the newest first; `id` is a telephone order's `addressId`. */
  addresses: z.array(savedAddressSchema),
  /** The newest orders, up to `CUSTOMER_PAGE_ORDERS`. */
  orders: z.array(adminCustomerOrderSchema),
  /** Every order of the customer's, listed or not. */
  orderCount: z.number(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

export const adminCustomerResponseSchema = z.object({
  status: z.literal('success'),
  customer: adminCustomerSchema,
});
export type AdminCustomerResponse = z.infer<typeof adminCustomerResponseSchema>;
