import type { Receipt } from '@store/core';
import { useEffect, useId } from 'react';
import { Link, useParams } from 'react-router';
import { FactList } from '../../../components/order/fact-list';
import { OrderDelivery } from '../../../components/order/order-delivery';
import { OrderItemsTable, formatDollars } from '../../../components/order/order-items-table';
import { PRINTED_PART, PrintReceiptButton, SCREEN_ONLY } from '../../../components/order/print-receipt';
import { Alert } from '../../../components/ui/alert';
import { BrandMark } from '../../../components/ui/brand-logo';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ArrowLeftIcon, RefreshIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { PATHS } from '../../../config/paths';
import { SITE } from '../../../config/site';
import { formatLongDateTime } from '../../../lib/long-date';
import { useReceipt } from '../api/get-receipt';
import { describeOrderStatus, receiptFailureOf } from '../utils/receipt-status';
import styles from './receipt-page.module.css';

/** `/receipt/:token`: an order's receipt, for whoever holds the link its confirmation email carries. */
export function ReceiptPage() {
  const { token = '' } = useParams();
  const receipt = useReceipt(token);
  const failure = receipt.isError ? receiptFailureOf(receipt.error) : null;
  // Opened from the foot of the result page, a receipt starts at its top, as any new page does.
  useEffect(() => window.scrollTo({ top: 0, behavior: 'instant' }), [token]);
  return (
    <div className={`container ${styles.page}`}>
      {/* A receipt holds a name and an address: it is no page for a search engine. */}
      <meta name="robots" content="noindex" />
      {receipt.isSuccess ? (
        <ReceiptView receipt={receipt.data} />
      ) : (
        <section className={styles.card} aria-busy={receipt.isPending} aria-live="polite">
          {receipt.isPending && <LoadingView />}
          {failure === 'not-found' && <NotFoundView />}
          {failure === 'unavailable' && (
            <UnavailableView retrying={receipt.isFetching} onRetry={() => void receipt.refetch()} />
          )}
        </section>
      )}
    </div>
  );
}

function LoadingView() {
  return (
    <>
      <title>{`Receipt · ${SITE.fullName}`}</title>
      <div className={styles.stateBody}>
        <Spinner size="large" />
        <h1 className={styles.stateTitle}>Loading your receipt…</h1>
      </div>
    </>
  );
}

function NotFoundView() {
  return (
    <>
      <title>{`Receipt not found · ${SITE.fullName}`}</title>
      <div className={styles.stateBody}>
        <h1 className={styles.stateTitle}>Receipt not found</h1>
        <p className={styles.lead}>
          This link does not lead to a receipt. Check that it was copied whole from your order confirmation
          email, or call us at {SITE.contact.phone} and we will send it again.
        </p>
        <Link to={PATHS.storefront} className={buttonClassName({ size: 'large' })}>
          <ArrowLeftIcon size={18} />
          Continue Shopping
        </Link>
      </div>
    </>
  );
}

function UnavailableView({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <>
      <title>{`Receipt · ${SITE.fullName}`}</title>
      <div className={styles.stateBody}>
        <h1 className={styles.stateTitle}>Your receipt could not be loaded</h1>
        <Alert tone="warning">
          We could not reach the store just now. Check your connection, then try again.
        </Alert>
        <Button size="large" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
          {retrying ? <Spinner /> : <RefreshIcon size={18} />}
          Try again
        </Button>
      </div>
    </>
  );
}

function ReceiptView({ receipt }: { receipt: Receipt }) {
  const titleId = useId();
  const itemsId = useId();
  const refundsId = useId();
  const deliveryId = useId();
  const status = describeOrderStatus(receipt.orderStatus);
  const delivered = Boolean(receipt.contactEmail || receipt.deliveryAddress);
  return (
    <article className={`${styles.card} ${styles.receipt} ${PRINTED_PART}`} aria-labelledby={titleId}>
      <title>{`Receipt for order ${receipt.orderId} · ${SITE.fullName}`}</title>
      <header className={styles.head}>
        <p className={styles.store}>
          <BrandMark size={28} />
          {SITE.fullName}
        </p>
        <h1 id={titleId} className={styles.title}>
          Receipt for order <span className={styles.orderId}>{receipt.orderId}</span>
        </h1>
      </header>

      <FactList
        facts={[
          { term: 'Placed', value: formatLongDateTime(receipt.placedAt) },
          {
            term: 'Status',
            value: <span className={`${styles.status} ${styles[status.tone]}`}>{status.label}</span>,
          },
          ...(receipt.paymentMethod ? [{ term: 'Payment method', value: receipt.paymentMethod }] : []),
        ]}
      />

      <section className={styles.section} aria-labelledby={itemsId}>
        <h2 id={itemsId} className={styles.sectionTitle}>
          Items
        </h2>
        <OrderItemsTable order={receipt} caption={`Items in order ${receipt.orderId}`} />
      </section>

      {receipt.refunds.length > 0 && (
        <section className={styles.section} aria-labelledby={refundsId}>
          <h2 id={refundsId} className={styles.sectionTitle}>
            Refunds
          </h2>
          <ul className={styles.refunds}>
            {receipt.refunds.map((refund, index) => (
              <li key={index} className={styles.refund}>
                <span>{formatLongDateTime(refund.at)}</span>
                <span className={styles.refundAmount}>−{formatDollars(refund.amount)}</span>
              </li>
            ))}
          </ul>
          <p className={styles.refundTotal}>
            <span>Refunded total</span>
            <span className={styles.refundAmount}>−{formatDollars(receipt.refundedTotal)}</span>
          </p>
        </section>
      )}

      {delivered && (
        <section className={styles.section} aria-labelledby={deliveryId}>
          <h2 id={deliveryId} className={styles.sectionTitle}>
            Delivery
          </h2>
          <OrderDelivery order={receipt} />
        </section>
      )}

      <div className={`${styles.actions} ${SCREEN_ONLY}`}>
        <PrintReceiptButton size="large">Print</PrintReceiptButton>
        <Link to={PATHS.storefront} className={buttonClassName({ variant: 'secondary', size: 'large' })}>
          <ArrowLeftIcon size={18} />
          Continue Shopping
        </Link>
      </div>
      <p className={styles.hint}>
        Questions about your order? Call {SITE.contact.phone} or email {SITE.contact.email}.
      </p>
    </article>
  );
}
