import type { OrderSummary } from '@store/core';
import { useId } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { OrderDelivery } from '../../../components/order/order-delivery';
import { OrderItemsTable } from '../../../components/order/order-items-table';
import { PRINTED_PART, PrintReceiptButton, SCREEN_ONLY } from '../../../components/order/print-receipt';
import { Button, buttonClassName } from '../../../components/ui/button';
import {
  AlertCircleIcon,
  ArrowLeftIcon,
  CheckCircleIcon,
  ReceiptIcon,
  RefreshIcon,
  XCircleIcon,
} from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import {
  OPEN_CART_STATE,
  PATHS,
  PAY_AGAIN_STATE,
  PAYMENT_LINK_RETURN_PARAM,
  isReceiptPath,
  paymentLinkPath,
  paymentLinkTokenOf,
} from '../../../config/paths';
import { SITE } from '../../../config/site';
import { usePaymentResult } from '../hooks/use-payment-result';
import { useCart } from '../../../lib/cart/cart-provider';
import { formatLongDateTime } from '../../../lib/long-date';
import { adviseOnFailure, tryAgainOf, type FailureKind, type PaymentReceipt } from '../utils/payment-outcome';
import styles from './payment-complete-page.module.css';

export function PaymentCompletePage() {
  const outcome = usePaymentResult();
  const [searchParams] = useSearchParams();
  // A payment link's payer (decision 034) came from their order's page, and goes back there.
  const linkToken = paymentLinkTokenOf(searchParams.get(PAYMENT_LINK_RETURN_PARAM));
  // Cancelling is not failing: back to the store with the cart open as it was, or to the link's order.
  if (outcome.state === 'cancelled') {
    return linkToken ? (
      <Navigate to={paymentLinkPath(linkToken)} replace />
    ) : (
      <Navigate to={PATHS.storefront} replace state={OPEN_CART_STATE} />
    );
  }
  return (
    <div className={`container ${styles.page}`}>
      <title>{`Payment result · ${SITE.fullName}`}</title>
      <section
        className={`${styles.card} ${outcome.state === 'success' ? PRINTED_PART : ''}`}
        aria-live="polite"
        aria-busy={outcome.state === 'processing'}
      >
        {outcome.state === 'processing' && <ProcessingView />}
        {outcome.state === 'success' && <SuccessView receipt={outcome.receipt} order={outcome.order} />}
        {outcome.state === 'failed' && (
          <FailedView
            kind={outcome.kind}
            message={outcome.message}
            details={outcome.details}
            linkToken={linkToken}
          />
        )}
      </section>
    </div>
  );
}

function ProcessingView() {
  return (
    <>
      <div className={`${styles.badge} ${styles.processingBadge}`}>
        <Spinner size="large" />
      </div>
      <h1 className={styles.title}>Processing your payment…</h1>
      <p className={styles.lead}>
        We are confirming your payment with our payment partner. Please keep this page open.
      </p>
    </>
  );
}

function SuccessView({ receipt, order }: { receipt: PaymentReceipt; order: OrderSummary | null }) {
  const rows: { term: string; value: string | null; className?: string }[] = [
    { term: 'Order ID', value: receipt.orderId, className: styles.mono },
    { term: 'Amount paid', value: receipt.amountPaid, className: styles.amount },
    { term: 'Payment method', value: receipt.paymentMethod },
    // A bank debit has the gateway's reference, not a card issuer's authorization.
    {
      term: receipt.bankPayment ? 'Reference' : 'Authorization code',
      value: receipt.authorizationCode,
      className: styles.mono,
    },
    {
      term: 'Transaction date',
      value: receipt.transactionDate ? formatLongDateTime(receipt.transactionDate) : null,
    },
  ];
  return (
    <>
      <div className={`${styles.badge} ${styles.successBadge} ${SCREEN_ONLY}`}>
        <CheckCircleIcon size={40} />
      </div>
      <h1 className={styles.title}>Payment Successful</h1>
      <p className={styles.lead}>Thank you for your order! Keep these details for your records.</p>

      {receipt.testMode && (
        <p className={styles.notice} role="note">
          <AlertCircleIcon size={18} />
          <span>
            <strong>Test mode:</strong> this Apple Pay payment ran in test mode, so no real card was charged.
            {receipt.testModeReason ? ` ${receipt.testModeReason}` : ''}
          </span>
        </p>
      )}

      <dl className={styles.receipt} aria-label="Payment details">
        {rows.map((row) => (
          <div key={row.term} className={styles.receiptRow}>
            <dt>{row.term}</dt>
            <dd className={row.className}>{row.value ?? '—'}</dd>
          </div>
        ))}
      </dl>

      {order && <OrderDetails order={order} />}

      <div className={`${styles.actions} ${SCREEN_ONLY}`}>
        <Link to={PATHS.storefront} className={buttonClassName({ size: 'large' })}>
          <ArrowLeftIcon size={18} />
          Continue Shopping
        </Link>
      </div>
      <p className={styles.hint}>Questions about your order? Call us at {SITE.contact.phone}.</p>
    </>
  );
}

/** What was bought and where it goes, under the payment's details. */
function OrderDetails({ order }: { order: OrderSummary }) {
  const headingId = useId();
  const deliveryHeadingId = useId();
  const delivered = Boolean(order.contactEmail || order.deliveryAddress);
  return (
    <section className={styles.order} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.orderTitle}>
        Your order
      </h2>
      <OrderItemsTable order={order} caption={`Items in order ${order.orderId}`} />
      {delivered && (
        <section className={styles.delivery} aria-labelledby={deliveryHeadingId}>
          <h3 id={deliveryHeadingId} className={styles.deliveryTitle}>
            Delivery
          </h3>
          <OrderDelivery order={order} />
        </section>
      )}
      <div className={`${styles.orderActions} ${SCREEN_ONLY}`}>
        {order.receiptPath && isReceiptPath(order.receiptPath) && (
          <Link to={order.receiptPath} className={buttonClassName({ variant: 'secondary' })}>
            <ReceiptIcon size={18} />
            View receipt
          </Link>
        )}
        <PrintReceiptButton variant="secondary" />
      </div>
    </section>
  );
}

function FailedView({
  kind,
  message,
  details,
  linkToken,
}: {
  kind: FailureKind;
  message: string;
  details: string | null;
  /** The payment link the payer came from, if they did. */
  linkToken: string | null;
}) {
  const { itemCount } = useCart();
  const navigate = useNavigate();
  const advice = adviseOnFailure(kind, itemCount > 0, linkToken !== null);
  // Try Again leads where paying starts again; loading this page again would only show the same answer.
  const tryAgain = tryAgainOf(kind, itemCount > 0, linkToken);
  const onTryAgain = () => {
    if (tryAgain?.to === 'order') void navigate(paymentLinkPath(tryAgain.linkToken));
    else if (tryAgain?.to === 'cart') void navigate(PATHS.storefront, { state: PAY_AGAIN_STATE });
    else window.location.reload();
  };
  const backVariant = tryAgain ? 'secondary' : 'primary';
  return (
    <>
      <div className={`${styles.badge} ${styles.failedBadge}`}>
        <XCircleIcon size={40} />
      </div>
      <h1 className={styles.title}>Payment Failed</h1>
      <p className={styles.message}>{message}</p>

      <div className={styles.advice}>
        <p className={styles.happened}>{advice.happened}</p>
        <p>{advice.next}</p>
      </div>

      {details && (
        <div className={styles.details}>
          <h2 className={styles.detailsTitle}>Error details</h2>
          <p className={styles.detailsText}>{details}</p>
        </div>
      )}

      <div className={styles.actions}>
        {linkToken ? (
          // Try Again already goes back to the order, unless it checks this payment again.
          tryAgain?.to !== 'order' && (
            <Link
              to={paymentLinkPath(linkToken)}
              className={buttonClassName({ variant: backVariant, size: 'large' })}
            >
              <ArrowLeftIcon size={18} />
              Back to your order
            </Link>
          )
        ) : (
          // Back to shopping, the cart kept; Try Again is the way back to paying.
          <Link to={PATHS.storefront} className={buttonClassName({ variant: backVariant, size: 'large' })}>
            <ArrowLeftIcon size={18} />
            Return to Store
          </Link>
        )}
        {tryAgain && (
          <Button size="large" variant="primary" onClick={onTryAgain}>
            <RefreshIcon size={18} />
            Try Again
          </Button>
        )}
      </div>
      <p className={styles.hint}>
        Need help? Call {SITE.contact.phone} or email {SITE.contact.email}.
      </p>
    </>
  );
}
