import { STAFF_RIGHTS, STAFF_ROLES } from '../staff-roles';
import { z } from 'zod';
import { dollarAmountSchema } from './checkout';

/**
 * The admin console's calls (product §7). The spec's client also sends the admin's username and password in
 * every body; they are accepted and ignored: the server-side session is what authorises (decision 004).
 */
const BODY_MUST_BE_OBJECT = { error: 'The request body must be a JSON object' };

export const adminLoginRequestSchema = z.object(
  {
    username: z
      .string({ error: 'Username and password are required' })
      .trim()
      .min(1, 'Username and password are required')
      .max(100, 'Username is too long'),
    password: z
      .string({ error: 'Username and password are required' })
      .min(1, 'Username and password are required')
      .max(200, 'Password is too long'),
  },
  BODY_MUST_BE_OBJECT,
);

export const TRANSACTION_FILTERS = [
  'all',
  'pending',
  'captured',
  'partially_captured',
  'settled',
  'refunded',
  'partial_refund',
  'refund',
  'voided',
  'expired',
  'disputed',
  'failed',
] as const;
export type TransactionFilter = (typeof TRANSACTION_FILTERS)[number];

export const pageFields = {
  limit: z
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(500, 'limit must be at most 500')
    .optional(),
  cursor: z.string().max(200).optional(),
};

export const adminPaymentsRequestSchema = z.looseObject({ ...pageFields });

/**
 * How a payment was made: a card typed on the hosted page, a saved card, a bank account (ACH, always saved),
 * Google Pay, Apple Pay, an order an operator took by telephone with the customer's saved method, or one paid
 * through a payment link an operator sent. Transaction History filters by it and the order page names it.
 */
export const PAYMENT_WAYS = ['card', 'saved_card', 'ach', 'googlepay', 'applepay', 'phone', 'link'] as const;
export type PaymentWay = (typeof PAYMENT_WAYS)[number];

export const PAYMENT_WAY_LABELS: Record<PaymentWay, string> = {
  card: 'Card (payment page)',
  saved_card: 'Saved card',
  ach: 'Bank account (ACH)',
  googlepay: 'Google Pay',
  applepay: 'Apple Pay',
  phone: 'Phone order',
  link: 'Payment link',
};

/** Transaction History's channel filter: every way to pay, or one. */
export const TRANSACTION_CHANNELS = ['all', ...PAYMENT_WAYS] as const;
export type TransactionChannel = (typeof TRANSACTION_CHANNELS)[number];

const paymentIdSchema = z.string({ error: 'Payment ID is required' }).uuid('Payment ID is not valid');

/** Capture: the whole authorization, or (partial capture) a reduced `amount` with the `originalAmount`. */
export const capturePaymentRequestSchema = z.looseObject({
  payment: z.looseObject(
    {
      paymentId: paymentIdSchema,
      amount: dollarAmountSchema.optional(),
      originalAmount: dollarAmountSchema.optional(),
    },
    { error: 'Payment is required' },
  ),
});

/**
 * A call about one payment and nothing else: Void (an authorization's hold released) and Cancel charge (a
 * captured payment not settled yet voided whole, so the customer is never charged).
 */
export const paymentActionRequestSchema = z.looseObject({
  payment: z.looseObject({ paymentId: paymentIdSchema }, { error: 'Payment is required' }),
});

export const refundRequestSchema = z.looseObject({
  transaction: z.looseObject({ paymentId: paymentIdSchema }, { error: 'Transaction is required' }),
  amount: dollarAmountSchema,
  /** Refund a payment the cardholder disputed anyway (decision 036): the operator read the warning. */
  confirmDisputed: z.boolean().optional(),
  /** Why, for the person who approves a refund above the approval limit (decision 058). */
  reason: z.string().trim().max(500, 'The reason must have at most 500 characters').optional(),
});

/** What a refund of a disputed payment is refused with until the operator confirms it (decision 036). */
export const DISPUTED_REFUND_WARNING =
  'The cardholder disputed this payment: the card network may already have taken the money back. A refund now may pay the customer twice. Confirm to refund anyway.';

export const auditLogRequestSchema = z.looseObject({
  ...pageFields,
  /** Only what this person did, or approved (their username). */
  person: z.string().trim().max(100).optional(),
});

const walletField = z.string().optional().describe('"Google Pay" or "Apple Pay" for a wallet payment');
const bankNameField = z.string().optional().describe("For a bank (ACH) payment: the bank's name");

/** A payment awaiting capture, as Pending Payments lists it. */
export const adminPaymentSchema = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  requestId: z.string().nullable(),
  amount: z.number(),
  originalAmount: z.number(),
  cardType: z.string(),
  wallet: walletField,
  last4: z.string(),
  bankName: bankNameField,
  transactionDate: z.string(),
  timestamp: z.string(),
  captureStatus: z.literal('authorized'),
  /** When the authorization lapses at the gateway (7 days after it was made). */
  expiresAt: z.string(),
  /** Whether the order has been marked shipped (with capture on shipment off, it can be before capture). */
  shipped: z.boolean(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/**
 * How a payment attempt that took no money ended (decision 031): declined by the gateway or the issuer; not
 * confirmed (the store asked for it itself and the answer was lost, so anything held was voided); abandoned
 * (the shopper never came back from the payment page); failed for another reason the store recorded; or
 * superseded: paid when it could no longer be (its cart or link had a newer attempt or was paid, the link was
 * cancelled or the attempt closed), so the store voided it and recorded nothing (decision 047).
 */
export const FAILED_ATTEMPT_OUTCOMES = [
  'declined',
  'not_confirmed',
  'abandoned',
  'failed',
  'superseded',
] as const;
export type FailedAttemptOutcome = (typeof FAILED_ATTEMPT_OUTCOMES)[number];

/**
 * What to do after a decline, after the card networks' decline categories (Visa's 1, 2 and 3): the issuer
 * may approve later, will never approve, or may approve once the details are corrected. The store's words
 * for it: the server's gateway adapter reads them from the gateway's codes.
 */
const DECLINE_ADVICES = ['retry_later', 'do_not_retry', 'fix_and_retry'] as const;
export type DeclineAdvice = (typeof DECLINE_ADVICES)[number];

/** What a failed attempt row adds: why it failed, in plain words, and for a decline whether to retry. */
export const failedAttemptSchema = z.object({
  outcome: z.enum(FAILED_ATTEMPT_OUTCOMES),
  /** Why, in an operator's words (a decline: what its code means). */
  reason: z.string(),
  /** The gateway's response code, as sent; absent when it gave none. */
  respcode: z.string().optional(),
  /** For a decline: whether trying again can help, and how to say so. */
  advice: z.enum(DECLINE_ADVICES).optional(),
  adviceText: z.string().optional(),
  /** How it was to be paid: "Google Pay", "Saved card · VISA •••• 1111", "Card (payment page) •••• 1038". */
  paidWith: z.string(),
});
export type FailedAttempt = z.infer<typeof failedAttemptSchema>;

/**
 * A row of Transaction History: a payment, or a refund of one (product §3's fields); under the Failed filter
 * only, a payment attempt that took no money (`attempt`), which no money call acts on.
 */
export const adminTransactionSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  orderId: z.string(),
  requestId: z.string().nullable(),
  amount: z.number(),
  cardType: z.string(),
  wallet: walletField,
  last4: z.string(),
  bankName: bankNameField,
  transactionDate: z.string(),
  timestamp: z.string(),
  captureStatus: z
    .enum(['authorized', 'captured', 'partially_captured', 'voided', 'expired', 'settled'])
    .nullable(),
  isRefunded: z.boolean(),
  isPartialRefund: z.boolean(),
  refundAmount: z.number(),
  refundType: z.literal('refund').optional(),
  creditType: z.literal('credit').optional(),
  isDemoRefund: z.boolean(),
  refundedOrderId: z.string().optional(),
  isPartialCapture: z.boolean(),
  captureAmount: z.number(),
  originalAmount: z.number(),
  refundDate: z.string().optional(),
  /** How a refund row was sent: a refund, or (whole, before settlement) a void that cancelled the charge. */
  refundMethod: z.enum(['refund', 'void']).optional(),
  /** A refund row waiting for its capture to settle: the gateway takes it after tonight's settlement. */
  refundState: z.literal('scheduled').optional(),
  /** On a payment row: refunds waiting for the capture to settle (already counted out of refundableAmount). */
  scheduledRefundAmount: z.number().optional(),
  /** When the gateway settled the capture (the merchant's nightly batch); absent until then. */
  settledAt: z.string().optional(),
  /**
   * On a payment row: its whole capture was voided before settlement (Cancel charge, or a refund of all of
   * it sent as a void), so the customer was never charged.
   */
  chargeCancelled: z.literal(true).optional(),
  /** On a payment row: the cardholder disputed it, and what the card network took back (decision 036). */
  disputedAmount: z.number().optional(),
  /** On a payment row: the customer's bank sent the debit back (decision 036); nothing of it can be refunded. */
  returnedByBank: z.literal(true).optional(),
  /** What can still be given back: captured minus refunded (0 on refund rows). */
  refundableAmount: z.number(),
  /** The order's contact email and where it goes, on one line; absent on orders taken before the store asked. */
  contactEmail: z.string().optional(),
  deliverTo: z.string().optional(),
  /**
   * Only on a failed attempt row (status filter `failed`): why it took no money. Such a row has no payment:
   * `paymentId` is empty, `captureStatus` null and every money figure but `amount` (the amount asked) 0;
   * `id` is its payment request's id.
   */
  attempt: failedAttemptSchema.optional(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

export const captureAllResultSchema = z.object({
  paymentId: z.string(),
  requestId: z.string().nullable(),
  orderId: z.string(),
  success: z.boolean(),
  message: z.string(),
});
export type CaptureAllResult = z.infer<typeof captureAllResultSchema>;

export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  orderId: z.string().nullable(),
  amount: z.number().nullable(),
  outcome: z.enum(['success', 'failure']),
  detail: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

const success = z.literal('success');
const nextCursor = z
  .string()
  .nullable()
  .describe('Pass as `cursor` for the next page; null on the last page');

export const adminLoginResponseSchema = z.object({
  status: success,
  message: z.string(),
  username: z.string(),
  /** The password was right; the code from the authenticator app is asked next (decision 059). */
  secondFactor: z.literal('required').optional(),
});
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;
/** Who is signed in, their role, and what it lets them do (decision 055): the console offers only that. */
export const adminSessionResponseSchema = z.object({
  status: success,
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  rights: z.array(z.enum(STAFF_RIGHTS)),
  /** The session ends after this many seconds without activity (decision 057); null: it does not. */
  idleSeconds: z.number().int().nullable(),
});
export type AdminSessionResponse = z.infer<typeof adminSessionResponseSchema>;
export const messageResponseSchema = z.object({ status: success, message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const adminPaymentsResponseSchema = z.object({
  status: success,
  payments: z.array(adminPaymentSchema),
  nextCursor,
  /** Every authorized payment, not only this page. */
  total: z.number(),
  /** The count stops at 1,000: there are at least `total`. */
  totalIsCapped: z.boolean(),
  message: z.string(),
});
export type AdminPaymentsResponse = z.infer<typeof adminPaymentsResponseSchema>;

export const adminTransactionsResponseSchema = z.object({
  status: success,
  transactions: z.array(adminTransactionSchema),
  nextCursor,
  message: z.string(),
  /** With the built-in sandbox gateway: the console may close its batch (POST /api/admin/sandbox/settle). */
  sandboxBatch: z.literal(true).optional(),
});
export type AdminTransactionsResponse = z.infer<typeof adminTransactionsResponseSchema>;

export const capturePaymentResponseSchema = z.object({
  status: success,
  message: z.string(),
  payment: z.object({
    paymentId: z.string(),
    orderId: z.string(),
    captureStatus: z.string(),
    captureAmount: z.number(),
    originalAmount: z.number(),
  }),
});
export type CapturePaymentResponse = z.infer<typeof capturePaymentResponseSchema>;

export const captureAllResponseSchema = z.object({
  status: success,
  message: z.string(),
  results: z.array(captureAllResultSchema),
  successCount: z.number(),
  failureCount: z.number(),
});
export type CaptureAllResponse = z.infer<typeof captureAllResponseSchema>;

export const refundResponseSchema = z.object({
  status: success,
  message: z.string(),
  /** True when the gateway is the sandbox: no real money moved. */
  demoMode: z.boolean(),
  refund: z.object({
    amount: z.number(),
    refundableAmount: z.number(),
    /** Waiting for the capture to settle: sent after tonight's settlement. */
    scheduled: z.literal(true).optional(),
  }),
  /** Above the approval limit: nothing was refunded yet; another manager or the owner decides (decision 058). */
  approval: z.object({ id: z.string(), status: z.literal('pending') }).optional(),
});
export type RefundResponse = z.infer<typeof refundResponseSchema>;

/** Demo mode: close the sandbox's batch now, or as if it had closed `daysAgo` days ago (decision 036). */
export const sandboxSettleRequestSchema = z
  .looseObject({
    daysAgo: z
      .number({ error: 'Days ago must be a whole number from 0 to 31' })
      .int('Days ago must be a whole number from 0 to 31')
      .min(0, 'Days ago must be a whole number from 0 to 31')
      .max(31, 'Days ago must be a whole number from 0 to 31')
      .optional(),
  })
  .optional();

export const sandboxSettleResponseSchema = z.object({
  status: success,
  message: z.string(),
  settled: z.number(),
  refundsSent: z.number(),
  /** Funding days read again at once, with their deposits, returns and chargebacks. */
  depositDaysRead: z.number(),
});
export type SandboxSettleResponse = z.infer<typeof sandboxSettleResponseSchema>;

export const auditLogResponseSchema = z.object({
  status: success,
  events: z.array(auditEventSchema),
  nextCursor,
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

export const reconcileResponseSchema = z.object({
  status: success,
  message: z.string(),
  succeeded: z.number(),
  failed: z.number(),
  pending: z.number(),
});
