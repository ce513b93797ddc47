import { z } from 'zod';
import { dollarAmountSchema } from './checkout';

/**
 * The admin console's calls (SPEC §7). The spec's client also sends the admin's username and password in
 * every body; they are accepted and ignored: the server-side session is what authorises (DESIGN §4).
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
] as const;
export type TransactionFilter = (typeof TRANSACTION_FILTERS)[number];

const pageFields = {
  limit: z
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(500, 'limit must be at most 500')
    .optional(),
  cursor: z.string().max(200).optional(),
};

export const adminPaymentsRequestSchema = z.looseObject({ ...pageFields });

export const adminTransactionsRequestSchema = z.looseObject({
  ...pageFields,
  search: z.string().trim().max(40, 'Search is too long').optional(),
  status: z.enum(TRANSACTION_FILTERS, { error: 'Unknown status filter' }).optional(),
});

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

export const voidPaymentRequestSchema = z.looseObject({
  payment: z.looseObject({ paymentId: paymentIdSchema }, { error: 'Payment is required' }),
});

/** Cancel the charge: a captured payment not settled yet is voided whole, so the customer is never charged. */
export const cancelChargeRequestSchema = voidPaymentRequestSchema;

export const refundRequestSchema = z.looseObject({
  transaction: z.looseObject({ paymentId: paymentIdSchema }, { error: 'Transaction is required' }),
  amount: dollarAmountSchema,
});

export const auditLogRequestSchema = z.looseObject({ ...pageFields });

/** A payment awaiting capture, as Pending Payments lists it. */
export interface AdminPayment {
  paymentId: string;
  orderId: string;
  requestId: string | null;
  amount: number;
  originalAmount: number;
  cardType: string;
  /** "Google Pay" or "Apple Pay" for a wallet payment. */
  wallet?: string;
  last4: string;
  /** For a bank (ACH) payment: the bank's name. */
  bankName?: string;
  transactionDate: string;
  timestamp: string;
  captureStatus: 'authorized';
  /** When the authorization lapses at the gateway (7 days after it was made). */
  expiresAt: string;
}

/** A row of Transaction History: a payment, or a refund of one (SPEC §3's fields). */
export interface AdminTransaction {
  id: string;
  paymentId: string;
  orderId: string;
  requestId: string | null;
  amount: number;
  cardType: string;
  /** "Google Pay" or "Apple Pay" for a wallet payment. */
  wallet?: string;
  last4: string;
  /** For a bank (ACH) payment: the bank's name. */
  bankName?: string;
  transactionDate: string;
  timestamp: string;
  captureStatus: 'authorized' | 'captured' | 'partially_captured' | 'voided' | 'expired' | 'settled' | null;
  isRefunded: boolean;
  isPartialRefund: boolean;
  refundAmount: number;
  refundType?: 'refund';
  creditType?: 'credit';
  isDemoRefund: boolean;
  refundedOrderId?: string;
  isPartialCapture: boolean;
  captureAmount: number;
  originalAmount: number;
  refundDate?: string;
  /** How a refund row was sent: a refund, or (whole, before settlement) a void that cancelled the charge. */
  refundMethod?: 'refund' | 'void';
  /** A refund row waiting for its capture to settle: the gateway takes it after tonight's settlement. */
  refundState?: 'scheduled';
  /** On a payment row: refunds waiting for the capture to settle (already counted out of refundableAmount). */
  scheduledRefundAmount?: number;
  /** When the gateway settled the capture (the merchant's nightly batch); absent until then. */
  settledAt?: string;
  /** What can still be given back: captured minus refunded (0 on refund rows). */
  refundableAmount: number;
}

export interface CaptureAllResult {
  paymentId: string;
  requestId: string | null;
  orderId: string;
  success: boolean;
  message: string;
}

export interface AuditEvent {
  id: string;
  at: string;
  actor: string;
  action: string;
  orderId: string | null;
  amount: number | null;
  outcome: 'success' | 'failure';
  detail: string;
}
