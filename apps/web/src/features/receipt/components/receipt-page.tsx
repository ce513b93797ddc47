import { orderStandingLine } from '../../../lib/order-standing';
import type { Receipt } from '@store/core';
import { useEffect, useId } from 'react';
import { Link, useParams } from 'react-router';
import { FactList } from '../../../components/order/fact-list';
import { OrderDelivery } from '../../../components/order/order-delivery';
import { OrderItemsTable, formatDollars } from '../../../components/order/order-items-table';
import { PRINTED_PART, PrintReceiptButton, SCREEN_ONLY } from '../../../components/order/print-receipt';
import { BrandMark } from '../../../components/ui/brand-logo';
import {
  ORDER_SHEET as sheet,
  OrderSheetLoading,
  OrderSheetNotFound,
  OrderSheetPage,
  OrderSheetStateCard,
  OrderSheetUnavailable,
} from '../../../components/order/order-sheet';
import { buttonClassName } from '../../../components/ui/button';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { PATHS } from '../../../config/paths';
import { SITE } from '../../../config/site';
import { formatLongDateTime } from '../../../lib/long-date';
import { useReceipt } from '../api/get-receipt';
import { orderSheetFailureOf } from '../../../components/order/sheet-failure';
import { describeOrderStatus } from '../utils/receipt-status';
import styles from './receipt-page.module.css';

/** `/receipt/:token`: an order's receipt, for whoever holds the link its confirmation email carries. */
export function ReceiptPage() {
  const { token = '' } = useParams();
  const receipt = useReceipt(token);
  const failure = receipt.isError ? orderSheetFailureOf(receipt.error) : null;
  // Opened from the foot of the result page, a receipt starts at its top, as any new page does.
  useEffect(() => window.scrollTo({ top: 0, behavior: 'instant' }), [token]);
  const pageTitle = `Receipt · ${SITE.fullName}`;
  return (
    <OrderSheetPage>
      {receipt.isSuccess ? (
        <ReceiptView receipt={receipt.data} />
      ) : (
        <OrderSheetStateCard busy={receipt.isPending}>
          {receipt.isPending && <OrderSheetLoading pageTitle={pageTitle} heading="Loading your receipt…" />}
          {failure === 'not-found' && (
            <OrderSheetNotFound
              pageTitle={`Receipt not found · ${SITE.fullName}`}
              heading="Receipt not found"
            >
              This link does not lead to a receipt. Check that it was copied whole from your order
              confirmation email, or call us at {SITE.contact.phone} and we will send it again.
            </OrderSheetNotFound>
          )}
          {failure === 'unavailable' && (
            <OrderSheetUnavailable
              pageTitle={pageTitle}
              heading="Your receipt could not be loaded"
              retrying={receipt.isFetching}
              onRetry={() => void receipt.refetch()}
            />
          )}
        </OrderSheetStateCard>
      )}
    </OrderSheetPage>
  );
}

function ReceiptView({ receipt }: { receipt: Receipt }) {
  const titleId = useId();
  const itemsId = useId();
  const refundsId = useId();
  const deliveryId = useId();
  const status = describeOrderStatus(receipt.orderStatus);
  const delivered = Boolean(receipt.contactEmail || receipt.deliveryAddress || receipt.shipment);
  return (
    <article className={`${sheet.card} ${sheet.sheet} ${PRINTED_PART}`} aria-labelledby={titleId}>
      <title>{`Receipt for order ${receipt.orderId} · ${SITE.fullName}`}</title>
      <header className={sheet.head}>
        <p className={sheet.store}>
          <BrandMark size={28} />
          {SITE.fullName}
        </p>
        <h1 id={titleId} className={sheet.title}>
          Receipt for order <span className={styles.orderId}>{receipt.orderId}</span>
        </h1>
      </header>

      <FactList
        facts={[
          { term: 'Placed', value: formatLongDateTime(receipt.placedAt) },
          {
            term: 'Status',
            value: (
              <>
                <span className={`${styles.status} ${styles[status.tone]}`}>{status.label}</span>{' '}
                {orderStandingLine(receipt)}
              </>
            ),
          },
          ...(receipt.paymentMethod ? [{ term: 'Payment method', value: receipt.paymentMethod }] : []),
        ]}
      />

      <section className={sheet.section} aria-labelledby={itemsId}>
        <h2 id={itemsId} className={sheet.sectionTitle}>
          Items
        </h2>
        <OrderItemsTable order={receipt} caption={`Items in order ${receipt.orderId}`} />
      </section>

      {receipt.refunds.length > 0 && (
        <section className={sheet.section} aria-labelledby={refundsId}>
          <h2 id={refundsId} className={sheet.sectionTitle}>
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
        <section className={sheet.section} aria-labelledby={deliveryId}>
          <h2 id={deliveryId} className={sheet.sectionTitle}>
            Delivery
          </h2>
          {receipt.shipment && (
            <FactList
              facts={[
                { term: 'Shipped', value: formatLongDateTime(receipt.shipment.shippedAt) },
                ...(receipt.shipment.carrier ? [{ term: 'Carrier', value: receipt.shipment.carrier }] : []),
                ...(receipt.shipment.trackingNumber
                  ? [
                      {
                        term: 'Tracking number',
                        value: <span className={styles.tracking}>{receipt.shipment.trackingNumber}</span>,
                      },
                    ]
                  : []),
              ]}
            />
          )}
          <OrderDelivery order={receipt} />
        </section>
      )}

      <div className={`${sheet.actions} ${SCREEN_ONLY}`}>
        <PrintReceiptButton size="large">Print</PrintReceiptButton>
        <Link to={PATHS.storefront} className={buttonClassName({ variant: 'secondary', size: 'large' })}>
          <ArrowLeftIcon size={18} />
          Continue Shopping
        </Link>
      </div>
      <p className={sheet.hint}>
        Questions about your order? Call {SITE.contact.phone} or email {SITE.contact.email}.
      </p>
    </article>
  );
}
