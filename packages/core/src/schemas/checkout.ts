import { z } from 'zod';
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from '../cart';
import { PRODUCT_IDS } from '../catalog';
import { parseDollars } from '../money';
import { ORDER_ID_PATTERN } from '../order-id';

/** A dollar amount on the wire (number or string), parsed exactly into cents. */
export const dollarAmountSchema = z.unknown().transform((value, context) => {
  if (value === undefined || value === null || value === '') {
    context.addIssue({ code: 'custom', message: 'Amount is required' });
    return z.NEVER;
  }
  const parsed = parseDollars(value);
  if (!parsed.ok) {
    context.addIssue({ code: 'custom', message: parsed.reason });
    return z.NEVER;
  }
  if (parsed.cents === 0) {
    context.addIssue({ code: 'custom', message: 'Amount must be greater than zero' });
    return z.NEVER;
  }
  return parsed.cents;
});

export const cartItemSchema = z.object({
  productId: z.enum(PRODUCT_IDS, { error: 'Unknown product' }),
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    // The bounds first: 2^53 is out of range before it is "not a whole number" (beyond safe integers).
    .min(MIN_LINE_QUANTITY, `Quantity must be at least ${MIN_LINE_QUANTITY}`)
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`)
    .int('Quantity must be a whole number'),
});

export const cartItemsSchema = z
  .array(cartItemSchema, { error: 'The cart is empty' })
  .min(1, 'The cart is empty')
  .max(PRODUCT_IDS.length, 'Too many cart lines')
  .refine((items) => new Set(items.map((item) => item.productId)).size === items.length, {
    message: 'Each product may appear only once in the cart',
  });

export const orderIdSchema = z
  .string({ error: 'Order ID is required' })
  .regex(ORDER_ID_PATTERN, 'Order ID is not valid');

const BODY_MUST_BE_OBJECT = { error: 'The request body must be a JSON object' };

export const createPaymentRequestSchema = z.object(
  {
    amount: dollarAmountSchema,
    orderId: orderIdSchema,
    customerName: z
      .string({ error: 'Customer name is required' })
      .trim()
      .min(1, 'Customer name is required')
      .max(100, 'Customer name is too long'),
    redirectUrl: z.string({ error: 'Redirect URL is required' }).max(2000, 'Redirect URL is too long'),
    userId: z.string().max(100).optional(),
    items: cartItemsSchema,
  },
  BODY_MUST_BE_OBJECT,
);
export type CreatePaymentRequest = z.input<typeof createPaymentRequestSchema>;

export interface CreatePaymentResponse {
  status: 'success';
  requestId: string;
  paymentUrl: string;
  message: string;
}

export const verifyPaymentRequestSchema = z.object(
  {
    requestId: z.string({ error: 'Request ID is required' }).uuid('Request ID is not valid'),
  },
  BODY_MUST_BE_OBJECT,
);

export interface PaymentDetails {
  orderId: string;
  /** "Google Pay" or "Apple Pay" for a wallet payment. */
  wallet?: string;
  paymentMethod: string;
  transactionStatus: string;
  transaction: string;
  amount: number;
  last4: string;
  authorizationCode: string;
  transactionDate: string;
  /** Apple Pay ran in test mode: the result page says so. */
  testMode?: boolean;
  testModeReason?: string;
}

export interface VerifyPaymentResponse {
  status: 'success' | 'error';
  message: string;
  paymentDetails?: PaymentDetails;
  error?: string;
  errorcode?: string;
}

/** The body of every refused call: the message is what a person reads. */
export interface ErrorResponse {
  status: 'error';
  message: string;
  error?: string;
}
