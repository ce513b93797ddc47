import { Spinner } from '../../../components/ui/spinner';
import styles from './status-badge.module.css';

export type BadgeTone = 'success' | 'info' | 'warning' | 'danger' | 'neutral' | 'refund' | 'pending';

/** The colour of each display label that `transactionLabel` can give. */
const LABEL_TONES: Record<string, BadgeTone> = {
  Captured: 'success',
  'Partially Captured': 'info',
  'Pending Capture': 'warning',
  Refunded: 'neutral',
  'Partial Refund': 'warning',
  Refund: 'refund',
  'Demo Refund': 'refund',
  'Scheduled Refund': 'info',
  Credited: 'info',
  Voided: 'neutral',
  Cancelled: 'neutral',
  'Charge Cancelled': 'neutral',
  Expired: 'danger',
  // Money the card network or the bank took back (decision 048).
  Disputed: 'danger',
  'Returned by Bank': 'danger',
  // Failed attempts (the Failed filter): nothing was charged.
  Declined: 'danger',
  'Not Confirmed': 'warning',
  Abandoned: 'neutral',
  Failed: 'danger',
  'Second Payment Voided': 'neutral',
};

function toneOfLabel(label: string): BadgeTone {
  return LABEL_TONES[label] ?? 'neutral';
}

export function StatusBadge({ label, tone = toneOfLabel(label) }: { label: string; tone?: BadgeTone }) {
  return (
    <span className={`${styles.badge} ${styles[tone]}`}>
      {tone === 'pending' ? <Spinner /> : <span className={styles.dot} aria-hidden="true" />}
      {label}
    </span>
  );
}
