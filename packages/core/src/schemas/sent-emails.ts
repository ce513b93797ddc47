import { z } from 'zod';
import { pageFields } from './admin';

/**
 * The console's Sent emails view (decision 027): in demo mode, the outbox as its messages would arrive.
 * What a message tells of, and where it is on its way to the mail server.
 */
export const MAIL_KINDS = [
  'order_confirmation',
  'order_shipped',
  'refund_confirmation',
  'charge_cancelled',
  'payment_link',
  'staff_setup',
] as const;
/** What a message tells of, in the operator's words (Sent emails, an order's timeline). */
export const MAIL_KIND_LABELS: Record<(typeof MAIL_KINDS)[number], string> = {
  order_confirmation: 'Order confirmation',
  order_shipped: 'Order shipped',
  refund_confirmation: 'Refund confirmation',
  charge_cancelled: 'Charge cancelled',
  payment_link: 'Payment link',
  staff_setup: 'Staff set-up link',
};
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;

/** A page of the outbox: the same paging as the audit log. */
export const sentEmailsRequestSchema = z.looseObject({ ...pageFields });

/** The message named in the path of its HTML body. */
export const sentEmailParamsSchema = z.object({
  id: z.string({ error: 'Email ID is required' }).uuid('Email ID is not valid'),
});

/** A message as the console lists it; its HTML body is read on its own (`GET /api/admin/emails/{id}/html`). */
export const sentEmailSchema = z.object({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  /** The order the message is about. */
  orderId: z.string().nullable(),
  recipient: z.string(),
  subject: z.string(),
  status: z
    .enum(MAIL_STATUSES)
    .describe(
      'pending until the mail server takes it; failed after the last try, or at once for a recipient address that is refused',
    ),
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** The mail server's last answer to a failed try. */
  lastError: z.string().nullable(),
  textBody: z.string(),
});
export type SentEmail = z.infer<typeof sentEmailSchema>;

export const sentEmailsResponseSchema = z.object({
  status: z.literal('success'),
  mailServer: z
    .boolean()
    .describe(
      'Whether a mail server is set (SMTP_URL): without one, nothing is sent and every message stays queued',
    ),
  emails: z.array(sentEmailSchema),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
});
export type SentEmailsResponse = z.infer<typeof sentEmailsResponseSchema>;
