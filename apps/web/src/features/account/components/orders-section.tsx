import { orderStandingLine } from '../../../lib/order-standing';
import { ORDER_STATUS_LABELS, type CustomerUser } from '@store/core';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isReceiptPath } from '../../../config/paths';
import { useOrders } from '../api/list-orders';
import { serverMessageOr } from '../utils/server-message';
import styles from './account-page.module.css';

const PLACED = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * My Account's orders (decision 027): the customer's own, newest first, each with its date, total and
 * status, opening its receipt. The server lists only the signed-in customer's.
 */
export function OrdersSection({ user }: { user: CustomerUser }) {
  const orders = useOrders(user.id);
  const list = orders.data?.pages.flatMap((page) => page.orders) ?? [];

  return (
    <section className={styles.card} aria-labelledby="orders-heading">
      <div className={styles.cardHeader}>
        <h2 id="orders-heading" className={styles.cardTitle}>
          Orders
        </h2>
      </div>
      {orders.isPending ? (
        <p className={styles.muted}>
          <Spinner /> Loading orders…
        </p>
      ) : orders.isError ? (
        <Alert>{serverMessageOr(orders.error, 'Failed to load orders')}</Alert>
      ) : list.length === 0 ? (
        <p className={styles.muted}>You haven&apos;t placed an order yet.</p>
      ) : (
        <ul className={styles.entries} aria-label="Your orders">
          {list.map((order) => (
            <li key={order.orderId} className={styles.entry}>
              <div>
                <p className={styles.entryTitle}>
                  Order {order.orderId}
                  <span className={styles.badge}>{ORDER_STATUS_LABELS[order.orderStatus]}</span>
                </p>
                <p className={styles.note}>
                  {PLACED.format(new Date(order.placedAt))} · {order.itemCount}{' '}
                  {order.itemCount === 1 ? 'item' : 'items'} · {orderStandingLine(order)}
                </p>
                {order.paymentMethod && <p className={styles.note}>Paid with {order.paymentMethod}</p>}
              </div>
              {order.receiptPath && isReceiptPath(order.receiptPath) && (
                <Link className={styles.receiptLink} to={order.receiptPath}>
                  View receipt<span className="visually-hidden"> for order {order.orderId}</span>
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      {orders.hasNextPage && (
        <div>
          <Button
            variant="secondary"
            size="small"
            disabled={orders.isFetchingNextPage}
            onClick={() => void orders.fetchNextPage()}
          >
            {orders.isFetchingNextPage ? 'Loading…' : 'Show more orders'}
          </Button>
        </div>
      )}
    </section>
  );
}
