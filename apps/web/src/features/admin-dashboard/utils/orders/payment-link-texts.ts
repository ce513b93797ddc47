import type { AdminPaymentLink, PaymentLinkStatus } from '@store/core';
import type { BadgeTone } from '../../components/status-badge';
import { formatDateTime } from '../format-date';

/** The colour of each link status. */
export const PAYMENT_LINK_TONES: Record<PaymentLinkStatus, BadgeTone> = {
  open: 'info',
  paying: 'pending',
  paid: 'success',
  expired: 'neutral',
  cancelled: 'neutral',
};

/** When the link was made and by whom, then until when it can be paid, or when it stopped. */
export function linkDatesText(link: AdminPaymentLink): string {
  const created = `Created ${formatDateTime(link.createdAt)} by ${link.createdBy}`;
  switch (link.status) {
    case 'open':
      return `${created} · Expires ${formatDateTime(link.expiresAt)}`;
    case 'paying':
      // Why it reads so, and that it need not be waited for: Cancel still works (decision 047).
      return `${created} · Expires ${formatDateTime(link.expiresAt)} · The payer pressed Pay and is at the payment page`;
    case 'expired':
      return `${created} · Expired ${formatDateTime(link.expiresAt)}`;
    case 'cancelled':
      return link.cancelledAt
        ? `${created} · Cancelled ${formatDateTime(link.cancelledAt)}${link.cancelledBy ? ` by ${link.cancelledBy}` : ''}`
        : created;
    case 'paid':
      return created;
  }
}
