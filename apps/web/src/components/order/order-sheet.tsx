import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../../config/paths';
import { Alert } from '../ui/alert';
import { Button, buttonClassName } from '../ui/button';
import { ArrowLeftIcon, RefreshIcon } from '../ui/icons';
import { Spinner } from '../ui/spinner';
import styles from './order-sheet.module.css';

/**
 * The parts of a shopper's page of one order (a receipt, a payment link): the page's frame, and the short
 * messages shown in its card while it loads or when it cannot be shown.
 */
export const ORDER_SHEET = styles;

/** The page around the card; a page that shows a name and an address is no page for a search engine. */
export function OrderSheetPage({ children }: { children: ReactNode }) {
  return (
    <div className={`container ${styles.page}`}>
      <meta name="robots" content="noindex" />
      {children}
    </div>
  );
}

/** The card while the order loads or could not be shown: its message is announced as it changes. */
export function OrderSheetStateCard({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <section className={styles.card} aria-busy={busy} aria-live="polite">
      {children}
    </section>
  );
}

/** "Loading your receipt…" under a spinner; `pageTitle` is the browser tab's. */
export function OrderSheetLoading({ pageTitle, heading }: { pageTitle: string; heading: string }) {
  return (
    <>
      <title>{pageTitle}</title>
      <div className={styles.stateBody}>
        <Spinner size="large" />
        <h1 className={styles.stateTitle}>{heading}</h1>
      </div>
    </>
  );
}

/** A link that leads nowhere: what to check, and the way back to the store. */
export function OrderSheetNotFound({
  pageTitle,
  heading,
  children,
}: {
  pageTitle: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <>
      <title>{pageTitle}</title>
      <div className={styles.stateBody}>
        <h1 className={styles.stateTitle}>{heading}</h1>
        <p className={styles.lead}>{children}</p>
        <Link to={PATHS.storefront} className={buttonClassName({ size: 'large' })}>
          <ArrowLeftIcon size={18} />
          Continue Shopping
        </Link>
      </div>
    </>
  );
}

/** The store did not answer: asking again may work. */
export function OrderSheetUnavailable({
  pageTitle,
  heading,
  retrying,
  onRetry,
}: {
  pageTitle: string;
  heading: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <>
      <title>{pageTitle}</title>
      <div className={styles.stateBody}>
        <h1 className={styles.stateTitle}>{heading}</h1>
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
