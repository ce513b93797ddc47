import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { OrderDelivery } from '../../../components/order/order-delivery';
import { OrderItemsTable, formatDollars } from '../../../components/order/order-items-table';
import {
  ORDER_SHEET as sheet,
  OrderSheetLoading,
  OrderSheetNotFound,
  OrderSheetPage,
  OrderSheetStateCard,
  OrderSheetUnavailable,
} from '../../../components/order/order-sheet';
import { Alert } from '../../../components/ui/alert';
import { BrandMark } from '../../../components/ui/brand-logo';
import { Button, buttonClassName } from '../../../components/ui/button';
import { AlertCircleIcon, CheckCircleIcon, LockIcon, ReceiptIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { isReceiptPath, paymentLinkReturnUrl } from '../../../config/paths';
import { SITE } from '../../../config/site';
import { formatLongDateTime } from '../../../lib/long-date';
import { usePaymentLink, type PaymentLinkView } from '../api/get-payment-link';
import { usePayPaymentLink } from '../api/pay-payment-link';
import { preparePaymentPage } from '../utils/leave-for-payment-page';
import { orderSheetFailureOf } from '../../../components/order/sheet-failure';
import { paymentLinkStateOf, payRefusalText } from '../utils/link-state';
import styles from './payment-link-page.module.css';

/**
 * `/pay/:token`: an order an operator prepared (decision 034), for whoever holds the link the store
 * emailed: what it is, where it goes, and the way to the hosted payment page, while the link can be paid.
 */
export function PaymentLinkPage() {
  const { token = '' } = useParams();
  const link = usePaymentLink(token);
  const failure = link.isError ? orderSheetFailureOf(link.error) : null;
  const pageTitle = `Payment for your order · ${SITE.fullName}`;
  return (
    <OrderSheetPage>
      {link.isSuccess ? (
        <LinkView token={token} link={link.data} onStale={() => void link.refetch()} />
      ) : (
        <OrderSheetStateCard busy={link.isPending}>
          {link.isPending && <OrderSheetLoading pageTitle={pageTitle} heading="Loading your payment…" />}
          {failure === 'not-found' && (
            <OrderSheetNotFound
              pageTitle={`Payment link not found · ${SITE.fullName}`}
              heading="Payment link not found"
            >
              This link does not lead to an order to pay. Check that it was copied whole from our email, or
              call us at {SITE.contact.phone} and we will send a new one.
            </OrderSheetNotFound>
          )}
          {failure === 'unavailable' && (
            <OrderSheetUnavailable
              pageTitle={pageTitle}
              heading="Your payment could not be loaded"
              retrying={link.isFetching}
              onRetry={() => void link.refetch()}
            />
          )}
        </OrderSheetStateCard>
      )}
    </OrderSheetPage>
  );
}

function LinkView({ token, link, onStale }: { token: string; link: PaymentLinkView; onStale: () => void }) {
  const titleId = useId();
  const itemsId = useId();
  const deliveryId = useId();
  const paymentId = useId();
  const state = paymentLinkStateOf(link.status);
  // A refused payment: said where the button was, and still said once the page shows why (cancelled…).
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <article className={`${sheet.card} ${sheet.sheet}`} aria-labelledby={titleId}>
      <title>{`Payment for your order · ${SITE.fullName}`}</title>
      <header className={sheet.head}>
        <p className={sheet.store}>
          <BrandMark size={28} />
          {SITE.fullName}
        </p>
        <h1 id={titleId} className={sheet.title}>
          Payment for your order
        </h1>
        <p className={styles.payer}>
          Prepared for <span className={styles.payerName}>{link.payerName}</span>
        </p>
      </header>

      <section className={sheet.section} aria-labelledby={itemsId}>
        <h2 id={itemsId} className={sheet.sectionTitle}>
          Items
        </h2>
        <OrderItemsTable order={link} caption="Items in your order" />
      </section>

      <section className={sheet.section} aria-labelledby={deliveryId}>
        <h2 id={deliveryId} className={sheet.sectionTitle}>
          Delivery
        </h2>
        <OrderDelivery order={{ contactEmail: link.email, deliveryAddress: link.deliveryAddress }} />
      </section>

      <section className={sheet.section} aria-labelledby={paymentId}>
        <h2 id={paymentId} className={sheet.sectionTitle}>
          Payment
        </h2>
        {state.kind === 'payable' && (
          <PayPart
            token={token}
            link={link}
            resumed={state.resumed}
            onStale={onStale}
            refusal={refusal}
            onRefusal={setRefusal}
          />
        )}
        {state.kind === 'paid' && (
          <div className={`${styles.outcome} ${styles.paid}`} role={refusal ? 'alert' : undefined}>
            <CheckCircleIcon size={22} />
            <div className={styles.outcomeText}>
              <p className={styles.outcomeTitle}>This order has been paid</p>
              <p>Thank you: nothing more is due.</p>
              {link.receiptPath && isReceiptPath(link.receiptPath) && (
                <Link to={link.receiptPath} className={buttonClassName({ variant: 'secondary' })}>
                  <ReceiptIcon size={18} />
                  View your receipt
                </Link>
              )}
            </div>
          </div>
        )}
        {state.kind === 'closed' && (
          <div className={`${styles.outcome} ${styles.closed}`} role={refusal ? 'alert' : undefined}>
            <AlertCircleIcon size={22} />
            <p className={styles.outcomeTitle}>{state.message}</p>
          </div>
        )}
      </section>

      <p className={sheet.hint}>
        Questions about your order? Call {SITE.contact.phone} or email {SITE.contact.email}.
      </p>
    </article>
  );
}

/**
 * The way to the hosted payment page: the store records a payment of the link and answers the page's
 * address; the request is kept for the result page, as the cart's checkout keeps it, and the browser goes.
 */
function PayPart({
  token,
  link,
  resumed,
  onStale,
  refusal,
  onRefusal: setRefusal,
}: {
  token: string;
  link: PaymentLinkView;
  resumed: boolean;
  onStale: () => void;
  refusal: string | null;
  onRefusal: (refusal: string | null) => void;
}) {
  const pay = usePayPaymentLink();
  const [leaving, setLeaving] = useState(false);
  const busy = pay.isPending || leaving;

  useEffect(() => {
    // Back from the payment page, the browser may show this page as it was left (busy): ask again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setLeaving(false);
      onStale();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [onStale]);

  const start = async () => {
    if (busy) return;
    setRefusal(null);
    const origin = window.location.origin;
    try {
      const answer = await pay.mutateAsync({ token, redirectUrl: paymentLinkReturnUrl(origin, token) });
      const paymentUrl = preparePaymentPage(answer, { origin });
      if (!paymentUrl) {
        setRefusal('The payment page address is not valid. Please try again later.');
        return;
      }
      setLeaving(true);
      window.location.assign(paymentUrl.href);
    } catch (error) {
      setRefusal(payRefusalText(error));
    }
  };

  return (
    <div className={styles.pay}>
      <p>
        This link expires on <strong>{formatLongDateTime(link.expiresAt)}</strong>.
      </p>
      {resumed && (
        <p className={styles.resumed}>
          A payment of this order was started and not finished. You can go back to the payment page: you will
          not be charged twice.
        </p>
      )}
      <div className={sheet.actions}>
        <Button size="large" onClick={() => void start()} disabled={busy} aria-busy={busy}>
          {busy ? <Spinner /> : <LockIcon size={18} />}
          {busy ? 'Opening the payment page…' : `Pay ${formatDollars(link.total)}`}
        </Button>
      </div>
      {refusal && <Alert>{refusal}</Alert>}
      <p className={sheet.hint}>
        You pay on our secure payment page: no card number is ever typed into this store&rsquo;s pages.
      </p>
    </div>
  );
}
