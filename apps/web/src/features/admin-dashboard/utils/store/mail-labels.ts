import type { SentEmail } from '@store/core';
import type { BadgeTone } from '../../components/status-badge';

/**
 * Where a message is: queued in the outbox (and, without a mail server, staying there), taken by the mail
 * server, or given up after its last try.
 */
export const MAIL_STATUS_BADGES: Record<SentEmail['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Queued', tone: 'warning' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};
