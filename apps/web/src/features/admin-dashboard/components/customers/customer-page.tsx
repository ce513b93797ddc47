import { orderStandingLine } from '../../../../lib/order-standing';
import {
  dollarsToCents,
  formatCents,
  ORDER_STATUS_LABELS,
  type AdminCustomer,
  type AdminCustomerMethod,
} from '@store/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { AddressBlock } from '../../../../components/order/address-block';
import { Button } from '../../../../components/ui/button';
import { ArrowLeftIcon, CheckCircleIcon, CloseIcon } from '../../../../components/ui/icons';
import { SkipLink } from '../../../../components/ui/skip-link';
import { adminOrderPath, PATHS } from '../../../../config/paths';
import { SITE } from '../../../../config/site';
import { useAdminCustomer } from '../../api/customers/get-customer';
import type { TakePhoneOrderAnswer } from '../../api/orders/take-phone-order';
import { useMay } from '../../api/staff-session';
import { RoleNote } from '../role-note';
import { failureText } from '../../utils/admin-errors';
import { formatDateTime } from '../../utils/format-date';
import { plural } from '../../utils/rows';
import { DashboardHeader } from '../dashboard-header';
import { DateTimeText } from '../panel-parts';
import { CardText } from '../payment-facts';
import { PaymentLinkDialog } from '../orders/payment-link-dialog';
import { PaymentLinksList } from '../orders/payment-links-list';
import { PhoneOrderDialog } from '../orders/phone-order-dialog';
import { StatusBadge } from '../status-badge';
import table from '../data-table.module.css';
import notices from '../notices.module.css';
import styles from '../orders/order-page.module.css';
import own from './customer-page.module.css';
import { ORDER_STATUS_TONES } from '../../utils/order-status';

const dateOnly = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function sinceText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date);
}

export interface CustomerPageProps {
  /** The Customer ID from the address, as typed. */
  customerId: string;
  username: string;
  onSignedOut: () => void;
}

/**
 * `/admin/customers/:customerId`: one customer (decision 032): who, since when, their saved methods as a
 * person may see them, their address book and their orders, each opening its order page. Every visit is an
 * audited view. An order taken by telephone starts here (decision 033), and so does a payment link
 * (decision 034).
 */
export function CustomerPage({ customerId, username, onSignedOut }: CustomerPageProps) {
  const query = useAdminCustomer(customerId);
  const customer = query.data?.customer;
  return (
    <div className={`page-shell ${styles.shell}`}>
      <title>{`Customer ${customerId} · Admin · ${SITE.fullName}`}</title>
      <SkipLink />
      <DashboardHeader username={username} onSignedOut={onSignedOut} />
      <main id="main-content" tabIndex={-1} className={`container ${styles.main}`}>
        <Link to={`${PATHS.adminDashboard}?tab=customers`} className={styles.back}>
          <ArrowLeftIcon size={16} />
          Customers
        </Link>
        {customer ? (
          <CustomerDetails customer={customer} />
        ) : (
          <>
            <h1 className={styles.title}>Customer {customerId}</h1>
            {query.isError ? (
              <p className={styles.problem} role="alert">
                {failureText(query.error, 'The customer could not be loaded')}
              </p>
            ) : (
              <p className={styles.loading} role="status">
                Loading the customer…
              </p>
            )}
          </>
        )}
      </main>
    </div>
  );
}

function CustomerDetails({ customer }: { customer: AdminCustomer }) {
  const [ordering, setOrdering] = useState(false);
  const [linking, setLinking] = useState(false);
  const [taken, setTaken] = useState<TakePhoneOrderAnswer | null>(null);
  const may = useMay();
  const missing = [
    customer.savedMethods.length === 0 ? 'a saved payment method' : undefined,
    customer.addresses.length === 0 ? 'a saved address' : undefined,
  ].filter(Boolean);
  return (
    <>
      <div className={styles.heading}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>Customer {customer.customerId}</h1>
        </div>
        <p className={styles.meta}>
          <span className={own.customerName}>{customer.name}</span> ·{' '}
          <span className={own.breakable}>{customer.email}</span> · Customer since{' '}
          <time dateTime={customer.createdAt} title={formatDateTime(customer.createdAt)}>
            {sinceText(customer.createdAt)}
          </time>
        </p>
      </div>

      {/* Stays until dismissed: it carries the way to the new order's page. */}
      <div className={notices.region} aria-live="polite">
        {taken && (
          <div className={`${notices.notice} ${notices.success}`} role="status">
            <span className={notices.icon}>
              <CheckCircleIcon size={20} />
            </span>
            <div className={notices.text}>
              <p className={notices.title}>{taken.message}</p>
              <p className={notices.detail}>
                <Link to={adminOrderPath(taken.orderId)} className={own.noticeLink}>
                  Open order {taken.orderId}
                </Link>
              </p>
            </div>
            <button
              type="button"
              className={notices.dismiss}
              onClick={() => setTaken(null)}
              aria-label="Dismiss message"
            >
              <CloseIcon size={16} />
            </button>
          </div>
        )}
      </div>

      <RoleNote rights={['phone-order', 'payment-link']} />
      <div className={styles.actions}>
        {missing.length === 0 && may('phone-order') && (
          <Button onClick={() => setOrdering(true)}>New phone order</Button>
        )}
        {/* No saved method is needed: the customer pays on the payment page, from the link's email. */}
        {may('payment-link') && (
          <Button
            variant={missing.length === 0 && may('phone-order') ? 'secondary' : 'primary'}
            onClick={() => setLinking(true)}
          >
            Send payment link
          </Button>
        )}
        {missing.length > 0 && may('phone-order') && (
          <p className={own.cannotOrder}>
            A phone order needs {missing.join(' and ')}: the customer adds{' '}
            {missing.length > 1 ? 'them' : 'it'} in My Account. A payment link needs neither.
          </p>
        )}
      </div>

      <div className={styles.grid}>
        <div className={styles.column}>
          <section className={`${styles.card} ${styles.last}`} aria-labelledby="customer-orders">
            <h2 id="customer-orders" className={styles.cardTitle}>
              Orders
            </h2>
            {customer.orders.length === 0 ? (
              <p className={styles.muted}>No orders yet.</p>
            ) : (
              <>
                <div className={`${table.wrap} ${own.inCard}`}>
                  <table className={table.table} aria-label={`Orders of customer ${customer.customerId}`}>
                    <thead>
                      <tr>
                        <th scope="col">Order ID</th>
                        <th scope="col">Date</th>
                        <th scope="col" className={table.numeric}>
                          Total
                        </th>
                        <th scope="col">Status</th>
                      </tr>
                    </thead>
                    <tbody>
                      {customer.orders.map((order) => (
                        <tr key={order.orderId}>
                          <td className={table.primary} data-label="Order ID">
                            <Link
                              className={`${table.order} ${table.orderLink}`}
                              to={adminOrderPath(order.orderId)}
                            >
                              {order.orderId}
                            </Link>
                          </td>
                          <td data-label="Date">
                            <DateTimeText iso={order.placedAt} />
                          </td>
                          <td className={`${table.numeric} ${table.headline}`} data-label="Total">
                            <span className={table.amount}>{formatCents(dollarsToCents(order.total))}</span>
                          </td>
                          <td data-label="Status">
                            <StatusBadge
                              label={ORDER_STATUS_LABELS[order.orderStatus]}
                              tone={ORDER_STATUS_TONES[order.orderStatus]}
                            />
                            <span className={`${table.sub} ${table.wrap}`}>{orderStandingLine(order)}</span>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                {customer.orderCount > customer.orders.length && (
                  <p className={own.more}>
                    The newest {customer.orders.length} of {plural(customer.orderCount, 'order')}; Transaction
                    History finds the others by Customer ID.
                  </p>
                )}
              </>
            )}
          </section>
        </div>

        <div className={styles.column}>
          <section className={styles.card} aria-labelledby="customer-methods">
            <h2 id="customer-methods" className={styles.cardTitle}>
              Saved methods
            </h2>
            {customer.savedMethods.length === 0 ? (
              <p className={styles.muted}>No saved payment methods.</p>
            ) : (
              <ul className={own.list}>
                {customer.savedMethods.map((method) => (
                  <li key={method.id} className={own.item}>
                    <span className={own.itemMain}>
                      <CardText
                        cardType={method.kind === 'ach' ? 'ACH' : (method.cardBrand ?? '')}
                        last4={method.last4}
                        bankName={method.bankName}
                      />
                      {method.kind === 'card' && (
                        <span className={own.itemMeta}> · {expiryText(method)}</span>
                      )}
                    </span>
                    {method.isDefault && <span className={own.default}>Default</span>}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className={styles.card} aria-labelledby="customer-addresses">
            <h2 id="customer-addresses" className={styles.cardTitle}>
              Addresses
            </h2>
            {customer.addresses.length === 0 ? (
              <p className={styles.muted}>No saved addresses.</p>
            ) : (
              <ul className={own.list}>
                {customer.addresses.map((address) => (
                  <li key={address.id} className={own.addressItem}>
                    {address.isDefault && (
                      <span>
                        <span className={own.default}>Default</span>
                      </span>
                    )}
                    <AddressBlock address={address} className={styles.address} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>

      <section className={`${styles.card} ${own.linksCard}`} aria-labelledby="customer-payment-links">
        <h2 id="customer-payment-links" className={styles.cardTitle}>
          Payment links
        </h2>
        <div className={own.inCard}>
          <PaymentLinksList customerId={String(customer.customerId)} />
        </div>
      </section>

      {linking && <PaymentLinkDialog customer={customer} onClose={() => setLinking(false)} />}
      {ordering && (
        <PhoneOrderDialog
          customer={customer}
          onClose={() => setOrdering(false)}
          onTaken={(answer) => setTaken(answer)}
        />
      )}
    </>
  );
}

/** "Expires 12/2030": a card's expiry (a bank account has none). */
function expiryText(method: AdminCustomerMethod): string {
  if (method.expiryMonth === undefined || method.expiryYear === undefined) return 'No expiry recorded';
  return `Expires ${String(method.expiryMonth).padStart(2, '0')}/${method.expiryYear}`;
}
