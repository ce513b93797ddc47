import { z } from 'zod';
import { cartItemsSchema, dollarAmountSchema } from './checkout';
import { orderDeliverySchema } from './delivery';
import { orderAddressSchema, orderLineSchema } from './order';

/**
 * Payment links (decision 034): an operator prepares an order for a caller who has no saved method (a
 * customer, or someone who is not one) and the store emails a link to pay it on the hosted payment page.
 * The link expires, can be cancelled, and pays once.
 */

/** How long a link can be paid, unless the operator cancels it first. */
export const PAYMENT_LINK_LIFETIME_DAYS = 7;

/**
 * Where a link stands: open (nothing paid yet), paying (its payer is at the payment page), paid, expired
 * (its seven days ran out unpaid) or cancelled by an operator.
 */
export const PAYMENT_LINK_STATUSES = ['open', 'paying', 'paid', 'expired', 'cancelled'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

export const PAYMENT_LINK_STATUS_LABELS: Record<PaymentLinkStatus, string> = {
  open: 'Awaiting payment',
  paying: 'Being paid',
  paid: 'Paid',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** The words a payer or an operator is told when a link cannot be paid or changed. */
export const PAYMENT_LINK_MESSAGES = {
  notFound: 'Payment link not found',
  expired: 'This payment link has expired. Please contact the store for a new one.',
  cancelled: 'This payment link was cancelled. Please contact the store for a new one.',
  paid: 'This order has already been paid. Nothing more is due.',
  notCancellable: 'Only a link awaiting payment can be cancelled',
  addressRequired: 'Choose a delivery address or type one',
  pricesChanged:
    'The prices of this order have changed since the link was sent. Please contact the store for a new one.',
} as const;

/**
 * POST /api/admin/payment-links: the order to be paid and who pays it. A customer (by Customer ID) gets the
 * link at their account's email, with one of their addresses (`addressId`) or a typed one (`delivery`); a
 * caller who is not a customer gives an email, a name and an address (`delivery`).
 */
export const paymentLinkRequestSchema = z.looseObject(
  {
    items: cartItemsSchema,
    /** The total the operator read out to the caller: the server's own price must be the same. */
    amount: dollarAmountSchema,
    customerId: z
      .string()
      .regex(/^\d{1,9}$/, 'Customer not found')
      .transform(Number)
      .optional(),
    addressId: z.string().uuid('Address not found').optional(),
    delivery: orderDeliverySchema.optional(),
  },
  { error: 'The request body must be a JSON object' },
);
export type PaymentLinkRequest = z.input<typeof paymentLinkRequestSchema>;

/** A link as the console lists it. */
export const adminPaymentLinkSchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_LINK_STATUSES),
  /** The address the payer opens: shown to the operator, who may read it out or copy it. */
  url: z.string(),
  payerName: z.string(),
  email: z.string(),
  /** The customer's Customer ID, when the link is for a customer. */
  customerId: z.number().optional(),
  total: z.number(),
  createdAt: z.string(),
  createdBy: z.string(),
  expiresAt: z.string(),
  cancelledAt: z.string().optional(),
  cancelledBy: z.string().optional(),
  /** The order of its latest payment attempt, once someone started paying it. */
  orderId: z.string().optional(),
  /**
   * An open link whose products the catalog now prices otherwise: its payer is refused
   * (`PAYMENT_LINK_MESSAGES.pricesChanged`), so the operator cancels it and sends another.
   */
  pricesChanged: z.literal(true).optional(),
});
export type AdminPaymentLink = z.infer<typeof adminPaymentLinkSchema>;

export const paymentLinkCreatedResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  link: adminPaymentLinkSchema,
  mailServer: z
    .boolean()
    .describe(
      "Whether a mail server is set (SMTP_URL): without one, the link's email is queued but never sent",
    ),
});

export const adminPaymentLinksQuerySchema = z.object({
  customerId: z
    .string()
    .regex(/^\d{1,9}$/, 'Customer not found')
    .transform(Number)
    .optional(),
});

export const adminPaymentLinksResponseSchema = z.object({
  status: z.literal('success'),
  links: z.array(adminPaymentLinkSchema),
});
export type AdminPaymentLinksResponse = z.infer<typeof adminPaymentLinksResponseSchema>;

export const paymentLinkIdParamsSchema = z.object({
  linkId: z.string().uuid(PAYMENT_LINK_MESSAGES.notFound),
});

/** The link's token in the payer's path: 256 random bits, base64url. */
export const paymentLinkTokenParamsSchema = z.object({ token: z.string().max(100) });

/** GET /api/payment-links/:token: what the payer is asked to pay, and whether it still can be. */
export const paymentLinkResponseSchema = z.object({
  status: z.literal('success'),
  link: z.object({
    status: z.enum(PAYMENT_LINK_STATUSES),
    payerName: z.string(),
    email: z.string(),
    items: z.array(orderLineSchema),
    subtotal: z.number(),
    tax: z.number(),
    total: z.number(),
    deliveryAddress: orderAddressSchema,
    expiresAt: z.string(),
    /** Once paid: the order's receipt page on this store ("/receipt/…"). */
    receiptPath: z.string().optional(),
  }),
});
export type PaymentLinkResponse = z.infer<typeof paymentLinkResponseSchema>;

/** POST /api/payment-links/:token/pay: where the payer is sent back to after the payment page. */
export const payPaymentLinkRequestSchema = z.looseObject(
  { redirectUrl: z.string({ error: 'Redirect URL is required' }).max(2048) },
  { error: 'The request body must be a JSON object' },
);

export const payPaymentLinkResponseSchema = z.object({
  status: z.literal('success'),
  requestId: z.string(),
  paymentUrl: z.string(),
  /** Dollars, as the result page keeps the amount. */
  amount: z.number(),
  orderId: z.string(),
});
