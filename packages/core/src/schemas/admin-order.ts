import { z } from 'zod';
import { FULFILMENT_STATUSES, orderStandingShape, orderSummarySchema } from './order';
import type { OrderChannel } from '../order-id';
import { adminTransactionSchema, PAYMENT_WAYS, type PaymentWay } from './admin';
import { hasHiddenCharacterForEmail } from './hidden-characters';
import { refundApprovalSchema } from './refund-approvals';

/**
 * The console's page of one order (decision 028): what was bought, where it goes, who bought it, how it
 * was paid, what can be done with it now, and every step of its payment in time order.
 */

export const adminOrderParamsSchema = z.object({
  orderId: z
    .string({ error: 'Order ID is required' })
    .min(1, 'Order ID is required')
    .max(100, 'Order ID is too long'),
});

/** How a step of the timeline reads: a plain fact, a good outcome, one to look at, or a refusal. */
export const TIMELINE_TONES = ['neutral', 'success', 'warning', 'danger'] as const;

/** The way an order was paid, from its id's channel and its payment request. */
export function paymentWayOf(
  channel: OrderChannel,
  request: { methodKind: 'card' | 'ach' | null; savedMethodId: string | null },
): PaymentWay {
  if (channel !== 'card') return channel;
  if (request.methodKind === 'ach') return 'ach';
  return request.savedMethodId ? 'saved_card' : 'card';
}

/** A plain badge of a check the gateway made (AVS, CVV) or a fact it gave (prepaid, corporate, country). */
export const answerBadgeSchema = z.object({
  label: z.string(),
  tone: z.enum(TIMELINE_TONES),
  /** A sentence saying what the badge means, for a tooltip or a screen reader. */
  detail: z.string().optional(),
});
export type AnswerBadge = z.infer<typeof answerBadgeSchema>;

export const timelineStepSchema = z.object({
  at: z.string(),
  title: z.string(),
  /** Who or what did it: an operator's username, the customer, the gateway, or the store's upkeep. */
  by: z.string(),
  tone: z.enum(TIMELINE_TONES),
  detail: z.string().optional(),
  badges: z.array(answerBadgeSchema).optional(),
});
export type TimelineStep = z.infer<typeof timelineStepSchema>;

/** What the operator can do with the order now; each button is shown only when its call would be taken. */
export const orderActionsSchema = z.object({
  capture: z.boolean(),
  void: z.boolean(),
  refund: z.boolean(),
  cancelCharge: z.boolean(),
  ship: z.boolean(),
  /** The goods of a captured order came back: its counted units can go back to stock, once (decision 061). */
  restock: z.boolean(),
});
export type OrderActions = z.infer<typeof orderActionsSchema>;

export const adminOrderSchema = orderSummarySchema.extend({
  placedAt: z.string(),
  paymentWay: z.enum(PAYMENT_WAYS),
  ...orderStandingShape,
  fulfilment: z.object({
    status: z.enum(FULFILMENT_STATUSES),
    shippedAt: z.string().optional(),
    shippedBy: z.string().optional(),
    carrier: z.string().optional(),
    trackingNumber: z.string().optional(),
  }),
  /** A signed-in customer's order: who, and the Customer ID they give on the phone. */
  customer: z.object({ name: z.string(), email: z.string(), customerId: z.number() }).optional(),
  /**
   * The payment, once authorized, as Transaction History lists it (the same figures, flags and labels), so
   * that the same dialogs act on it.
   */
  transaction: adminTransactionSchema.optional(),
  /** When the authorization lapses, while it awaits capture. */
  authorizationExpiresAt: z.string().optional(),
  /** What the gateway said of the authorization: its checks and facts as badges. */
  gatewayChecks: z.array(answerBadgeSchema),
  actions: orderActionsSchema,
  timeline: z.array(timelineStepSchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderResponseSchema = z.object({
  status: z.literal('success'),
  order: adminOrderSchema,
  /** Marking an authorized order shipped captures it in the same action (CAPTURE_ON_SHIPMENT). */
  captureOnShipment: z.boolean(),
  /** Refunds of this order above the approval limit: awaiting first, then decided (decision 058). */
  refundApprovals: z.array(refundApprovalSchema),
});
export type AdminOrderResponse = z.infer<typeof adminOrderResponseSchema>;

const optionalShippingText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .refine((value) => !hasHiddenCharacterForEmail(value), `${field} must not contain invisible characters`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** Mark as shipped: the carrier and tracking number are optional. */
export const shipOrderRequestSchema = z.looseObject({
  carrier: optionalShippingText('Carrier', 60),
  trackingNumber: optionalShippingText('Tracking number', 100),
});
export type ShipOrderRequest = z.input<typeof shipOrderRequestSchema>;

export const shipOrderResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  /** Whether this action captured the payment (capture on shipment). */
  captured: z.boolean(),
});
