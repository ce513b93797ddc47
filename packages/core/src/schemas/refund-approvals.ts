import { z } from 'zod';
import { formatCents } from '../money';

/**
 * Refunds above the approval limit (decision 058): a request another manager or the owner approves, which
 * then sends the refund once, or declines, with the reason.
 */

/** The approval limit unless REFUND_APPROVAL_ABOVE says otherwise, in cents. */
export const REFUND_APPROVAL_DEFAULT_CENTS = 25_000;

/** What an approved request sends: a refund, or a cancelled charge (the whole unsettled capture voided). */
export const REFUND_APPROVAL_METHODS = ['refund', 'cancel_charge'] as const;
export type RefundApprovalMethod = (typeof REFUND_APPROVAL_METHODS)[number];

export const REFUND_APPROVAL_STATUSES = ['pending', 'approved', 'declined', 'cancelled', 'failed'] as const;
export type RefundApprovalStatus = (typeof REFUND_APPROVAL_STATUSES)[number];

export const REFUND_APPROVAL_STATUS_LABELS: Record<RefundApprovalStatus, string> = {
  pending: 'Awaiting approval',
  approved: 'Approved',
  declined: 'Declined',
  cancelled: 'Withdrawn',
  failed: 'Approved, refund refused',
};

export const REFUND_APPROVAL_MESSAGES = {
  ownRequest: 'You asked for this refund: another manager or the owner approves it',
  alreadyDecided: 'This refund request was already decided',
  onePending: 'This payment already has a refund awaiting approval',
  notFound: 'There is no such refund request',
  declineReasonRequired: 'Say why the refund is declined',
  onlyRequester: 'Only the person who asked for the refund can withdraw it',
} as const;

/** What the refund (or cancel charge) dialog says of money back that became a request. */
export function refundAwaitsApprovalMessage(
  amountCents: number,
  limitCents: number,
  method: RefundApprovalMethod = 'refund',
): string {
  const what = method === 'cancel_charge' ? 'Cancelling a charge of more than' : 'A refund above';
  return `${what} ${formatCents(limitCents)} needs a second person: ${formatCents(amountCents)} is awaiting approval by another manager or the owner`;
}

export const refundApprovalSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  paymentId: z.string(),
  amount: z.number(),
  method: z.enum(REFUND_APPROVAL_METHODS),
  reason: z.string().nullable(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  status: z.enum(REFUND_APPROVAL_STATUSES),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Why it was declined, or why the gateway or the ledger refused the approved refund. */
  decisionReason: z.string().nullable(),
});
export type RefundApproval = z.infer<typeof refundApprovalSchema>;

export const refundApprovalListRequestSchema = z.looseObject({
  status: z.enum(['pending', 'all']).optional(),
});
export const refundApprovalListResponseSchema = z.object({
  status: z.literal('success'),
  approvals: z.array(refundApprovalSchema),
  /** Above this a refund needs a second person; null when the store sends every refund at once. */
  limit: z.number().nullable(),
});
export type RefundApprovalListResponse = z.infer<typeof refundApprovalListResponseSchema>;

export const refundApprovalParamsSchema = z.object({
  requestId: z.string().uuid(REFUND_APPROVAL_MESSAGES.notFound),
});

export const refundApprovalDecisionSchema = z.looseObject({
  reason: z.string().trim().max(500, 'The reason must have at most 500 characters').optional(),
});

export const refundApprovalDecisionResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  approval: refundApprovalSchema,
});
export type RefundApprovalDecisionResponse = z.infer<typeof refundApprovalDecisionResponseSchema>;
