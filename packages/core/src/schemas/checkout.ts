import { z } from 'zod';
import { MAX_LINE_QUANTITY, MIN_LINE_QUANTITY } from '../cart';
import { MAX_CART_LINES, PRODUCT_ID_PATTERN } from '../catalog';
import { parseDollars } from '../money';
import { ORDER_ID_PATTERN } from '../order-id';
import { orderDeliverySchema } from './delivery';
import { hasHiddenCharacterForName, NAME_HIDDEN_CHARACTER } from './hidden-characters';
import { orderSummarySchema } from './order';

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
  productId: z.string({ error: 'Unknown product' }).regex(PRODUCT_ID_PATTERN, 'Unknown product'),
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
  .max(MAX_CART_LINES, 'Too many cart lines')
  .refine((items) => new Set(items.map((item) => item.productId)).size === items.length, {
    message: 'Each product may appear only once in the cart',
  });

export const orderIdSchema = z
  .string({ error: 'Order ID is required' })
  .regex(ORDER_ID_PATTERN, 'Order ID is not valid');

/**
 * The browser's id for the cart a checkout pays (decision 047): the attempts of one cart pay it once, and only
 * its newest may still be paid. Optional for clients that send none (each of their attempts stands alone).
 */
export const cartIdSchema = z
  .string({ error: 'Cart ID is not valid' })
  .uuid('Cart ID is not valid')
  .transform((id) => id.toLowerCase())
  .optional();

/** The result page's query parameter naming the attempt the shopper returns from (decision 047). */
export const ATTEMPT_RETURN_PARAM = 'attempt';

const BODY_MUST_BE_OBJECT = { error: 'The request body must be a JSON object' };

export const createPaymentRequestSchema = z.object(
  {
    amount: dollarAmountSchema,
    orderId: orderIdSchema,
    customerName: z
      .string({ error: 'Customer name is required' })
      .trim()
      .min(1, 'Customer name is required')
      .max(100, 'Customer name is too long')
      .refine((name) => !hasHiddenCharacterForName(name), NAME_HIDDEN_CHARACTER),
    redirectUrl: z.string({ error: 'Redirect URL is required' }).max(2000, 'Redirect URL is too long'),
    userId: z.string().max(100).optional(),
    items: cartItemsSchema,
    delivery: orderDeliverySchema,
    cartId: cartIdSchema,
  },
  BODY_MUST_BE_OBJECT,
);
export type CreatePaymentRequest = z.input<typeof createPaymentRequestSchema>;

export const createPaymentResponseSchema = z.object({
  status: z.literal('success'),
  requestId: z.string(),
  paymentUrl: z.string(),
  message: z.string(),
});
export type CreatePaymentResponse = z.infer<typeof createPaymentResponseSchema>;

/** An attempt, by its request ID: what verify-payment and cancel-payment (the hosted page's Cancel) take. */
export const verifyPaymentRequestSchema = z.object(
  {
    requestId: z.string({ error: 'Request ID is required' }).uuid('Request ID is not valid'),
  },
  BODY_MUST_BE_OBJECT,
);

/**
 * `closed`: nothing was paid, and the attempt is closed now, its units back in stock; `paid`: the gateway had a
 * payment for it after all (another tab), which is recorded, and which My Account and the console show;
 * `left`: nothing to close (the attempt had ended, or is a payment link's, which its page pays again).
 */
export const cancelPaymentResponseSchema = z.object({ outcome: z.enum(['closed', 'paid', 'left']) });
export type CancelPaymentResponse = z.infer<typeof cancelPaymentResponseSchema>;
/** The message kept with an attempt closed on the shopper's Cancel (it is closed as abandoned otherwise). */
export const CANCELLED_ON_PAYMENT_PAGE = 'Cancelled on the payment page';

export const paymentDetailsSchema = z.object({
  orderId: z.string(),
  /** "Google Pay" or "Apple Pay" for a wallet payment. */
  wallet: z.string().optional(),
  paymentMethod: z.string(),
  transactionStatus: z.string(),
  transaction: z.string(),
  amount: z.number(),
  last4: z.string(),
  authorizationCode: z.string(),
  transactionDate: z.string(),
  /** Apple Pay ran in test mode: the result page says so. */
  testMode: z.boolean().optional(),
  testModeReason: z.string().optional(),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

export const verifyPaymentResponseSchema = z.object({
  status: z.enum(['success', 'error']),
  message: z.string(),
  paymentDetails: paymentDetailsSchema.optional(),
  /** What was bought and where it goes, with the receipt's link: given with a successful payment. */
  order: orderSummarySchema.optional(),
  error: z.string().optional(),
  errorcode: z.string().optional(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

/** The body of every refused call: the message is what a person reads. */
export const errorResponseSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  error: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A result code as CardPointe sends it; blank when the gateway gave none (a decline, usually). */
const webhookCodeSchema = z.string().max(10, 'A response code is at most 10 characters').optional();

/**
 * What CardPointe's hosted payment page posts to the merchant's webhook after a payment: the
 * authorization's answer beside the page's own fields (its developer guide, "Using HPP Webhooks"). The
 * store reads the fields below; the page sends many more (the shopper's name and address, a masked card
 * number, custom fields, line items), which are accepted and never kept.
 */
export const hostedPageWebhookSchema = z.looseObject(
  {
    /** The order id the store gave the page as its `invoice`. */
    invoice: orderIdSchema,
    /** The amount paid, in dollars, as the page sends it ("54.80"). */
    total: dollarAmountSchema,
    /** The authorization's `retref`. */
    gatewayTransactionId: z
      .string({ error: 'gatewayTransactionId is required' })
      .regex(/^\d{1,20}$/, 'gatewayTransactionId is not valid'),
    avsResponseCode: webhookCodeSchema,
    cvvResponseCode: webhookCodeSchema,
    responseCode: webhookCodeSchema,
    merchantId: z.string().max(40).optional(),
  },
  BODY_MUST_BE_OBJECT,
);
export type HostedPageWebhook = z.output<typeof hostedPageWebhookSchema>;

/** The secret the webhook address carries: the only thing that tells the store's own gateway from anyone. */
export const hostedPageWebhookQuerySchema = z.object({
  key: z.string({ error: 'key is required' }).max(200, 'key is too long'),
});

export const hostedPageWebhookResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
});
