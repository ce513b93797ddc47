import { dollarsToCents, formatCents, PAYMENT_LINK_STATUS_LABELS, type AdminPaymentLink } from '@store/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { adminCustomerPath, adminOrderPath } from '../../../../config/paths';
import { usePaymentLinks } from '../../api/orders/list-payment-links';
import { linkDatesText, PAYMENT_LINK_TONES } from '../../utils/orders/payment-link-texts';
import { CancelPaymentLinkDialog } from './cancel-payment-link-dialog';
import { CopyLinkButton } from './copy-link-button';
import { ListEmpty, ListState, StaleListProblem } from '../list-state';
import { StatusBadge } from '../status-badge';
import dialog from '../dialog.module.css';
import styles from './payment-links.module.css';

/**
 * Payment links newest first (decision 034): all of them on the Customers tab, or one customer's on their
 * page. Each says where it stands, for whom, when it was made and by whom, and until when it can be paid;
 * its order once someone started paying it; its address to copy; and Cancel while it awaits payment.
 */
export function PaymentLinksList({ customerId }: { customerId?: string }) {
  const query = usePaymentLinks(customerId);
  const [cancelling, setCancelling] = useState<AdminPaymentLink | null>(null);
  const [cancelled, setCancelled] = useState<AdminPaymentLink | null>(null);
  const links = query.data ?? [];
  return (
    <>
      <StaleListProblem query={query} list="links" />
      <p role="status" className={cancelled ? styles.cancelled : undefined}>
        {cancelled &&
          `Payment link for ${cancelled.payerName} (${formatCents(dollarsToCents(cancelled.total))}) cancelled: it can no longer be paid.`}
      </p>
      <ListState
        query={query}
        list="links"
        columns={4}
        isEmpty={links.length === 0}
        empty={
          <ListEmpty
            title="No payment links yet"
            text={
              customerId
                ? 'Links sent to this customer appear here.'
                : 'Links sent to customers and to callers without an account appear here.'
            }
          />
        }
      >
        <ul className={styles.links} aria-label="Payment links">
          {links.map((link) => (
            <PaymentLinkItem
              key={link.id}
              link={link}
              showCustomer={customerId === undefined}
              onCancel={() => {
                setCancelled(null);
                setCancelling(link);
              }}
            />
          ))}
        </ul>
      </ListState>
      {cancelling && (
        <CancelPaymentLinkDialog
          link={cancelling}
          onClose={() => setCancelling(null)}
          onCancelled={setCancelled}
        />
      )}
    </>
  );
}

function PaymentLinkItem({
  link,
  showCustomer,
  onCancel,
}: {
  link: AdminPaymentLink;
  showCustomer: boolean;
  onCancel: () => void;
}) {
  const amount = formatCents(dollarsToCents(link.total));
  const whose = (
    <span className="visually-hidden">
      {' '}
      for {amount} to {link.payerName}
    </span>
  );
  return (
    <li className={styles.link}>
      <div className={styles.linkHead}>
        <StatusBadge label={PAYMENT_LINK_STATUS_LABELS[link.status]} tone={PAYMENT_LINK_TONES[link.status]} />
        <span className={styles.total}>{amount}</span>
      </div>
      <p className={styles.payer}>
        <span className={styles.payerName}>{link.payerName}</span> ·{' '}
        <span className={styles.breakable}>{link.email}</span>
        {showCustomer && link.customerId !== undefined && (
          <>
            {' '}
            ·{' '}
            <Link className={styles.inlineLink} to={adminCustomerPath(link.customerId)}>
              Customer {link.customerId}
            </Link>
          </>
        )}
      </p>
      <p className={styles.dates}>{linkDatesText(link)}</p>
      {link.pricesChanged && (
        <p className={styles.stale}>
          Prices changed since it was sent: the payer cannot pay it. Cancel it and send a new link.
        </p>
      )}
      {link.orderId && (
        <p className={styles.dates}>
          Order{' '}
          <Link className={`${styles.inlineLink} ${styles.orderId}`} to={adminOrderPath(link.orderId)}>
            {link.orderId}
          </Link>
        </p>
      )}
      <div className={styles.linkActions}>
        {/* A cancelled or expired link pays nothing: there is nothing to send. A paid one still shows the receipt. */}
        {link.status !== 'cancelled' && link.status !== 'expired' && (
          <CopyLinkButton url={link.url} size="small">
            Copy link{whose}
          </CopyLinkButton>
        )}
        {(link.status === 'open' || link.status === 'paying') && (
          <Button variant="ghost" size="small" className={dialog.dangerGhost} onClick={onCancel}>
            Cancel link{whose}
          </Button>
        )}
      </div>
    </li>
  );
}
