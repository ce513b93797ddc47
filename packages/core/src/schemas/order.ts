import { z } from 'zod';
import { savedAddressSchema } from './address-book';

/**
 * An order as its shopper reads it (decision 027): on the result page after paying, on the receipt page the
 * confirmation links to, and in My Account's Orders. Amounts are dollars, as on every other call.
 */

export const orderLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  lineTotal: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** A delivery address as it is shown: an address book entry's fields. */
export const orderAddressSchema = savedAddressSchema.omit({ id: true, isDefault: true });

/**
 * Where an order stands, in a shopper's words: the funds are held (authorized), taken (paid), given back in
 * part or in full, or the charge was cancelled or lapsed before it was taken.
 */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'payment_failed',
  'not_paid',
  'authorized',
  'paid',
  'partially_paid',
  'shipped',
  'refund_scheduled',
  'partially_refunded',
  'refunded',
  'cancelled',
  'disputed',
  'payment_returned',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Whether an order's goods have left: an operator marks it shipped (decision 028). */
export const FULFILMENT_STATUSES = ['unfulfilled', 'shipped'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  payment_failed: 'Payment failed',
  not_paid: 'Not paid',
  authorized: 'Payment authorized',
  paid: 'Paid',
  partially_paid: 'Paid in part',
  shipped: 'Shipped',
  refund_scheduled: 'Refund scheduled',
  partially_refunded: 'Refunded in part',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
  disputed: 'Disputed',
  payment_returned: 'Payment returned by the bank',
};

/**
 * An order's status as every view of it sends it (decision 048): the status, the amount it speaks of and
 * whether that amount is only held (`orderStandingFields` in order-standing.ts).
 */
export const orderStandingShape = {
  orderStatus: z.enum(ORDER_STATUSES),
  statusAmount: z.number().optional(),
  statusHeld: z.literal(true).optional(),
};

/** What was bought and where it goes: the part of an order every view of it shows. */
export const orderSummarySchema = z.object({
  orderId: z.string(),
  items: z.array(orderLineSchema),
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  /** Absent only on orders taken before the store asked for a contact and an address. */
  contactEmail: z.string().optional(),
  deliveryAddress: orderAddressSchema.optional(),
  /** The receipt page's address on this store ("/receipt/…"). */
  receiptPath: z.string().optional(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** GET /api/receipts/:token: the receipt page. */
export const receiptResponseSchema = z.object({
  status: z.literal('success'),
  order: orderSummarySchema.extend({
    placedAt: z.string(),
    ...orderStandingShape,
    /** "VISA •••• 1111" or "First Bank •••• 6789"; absent while nothing was paid. */
    paymentMethod: z.string().optional(),
    /** Refunds given back, oldest first. */
    refunds: z.array(z.object({ amount: z.number(), at: z.string() })),
    refundedTotal: z.number(),
    /** Once shipped: when, and with whom and how to follow it when the operator said. */
    shipment: z
      .object({
        shippedAt: z.string(),
        carrier: z.string().optional(),
        trackingNumber: z.string().optional(),
      })
      .optional(),
  }),
});
export type ReceiptResponse = z.infer<typeof receiptResponseSchema>;
export type Receipt = ReceiptResponse['order'];

/** GET /api/users/orders: a signed-in customer's orders, newest first. */
export const customerOrdersResponseSchema = z.object({
  status: z.literal('success'),
  orders: z.array(
    z.object({
      orderId: z.string(),
      placedAt: z.string(),
      total: z.number(),
      itemCount: z.number(),
      ...orderStandingShape,
      /** How it was paid, as the receipt names it ("Apple Pay · VISA •••• 1111"); absent before payment. */
      paymentMethod: z.string().optional(),
      receiptPath: z.string().optional(),
    }),
  ),
  /** Where the next page starts; absent on the last page. */
  nextCursor: z.string().optional(),
});
export type CustomerOrdersResponse = z.infer<typeof customerOrdersResponseSchema>;

export const receiptParamsSchema = z.object({ token: z.string().max(100) });
export const customerOrdersQuerySchema = z.object({ cursor: z.string().max(100).optional() });
