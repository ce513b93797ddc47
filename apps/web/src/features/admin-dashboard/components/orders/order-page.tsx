import { orderStandingLine } from '../../../../lib/order-standing';
import {
  dollarsToCents,
  formatCents,
  ORDER_STATUS_LABELS,
  PAYMENT_WAY_LABELS,
  type AdminOrder,
  type AnswerBadge,
  type OrderActions,
  type RefundApproval,
  type StaffRight,
} from '@store/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AddressBlock } from '../../../../components/order/address-block';
import { OrderItemsTable } from '../../../../components/order/order-items-table';
import { Button } from '../../../../components/ui/button';
import { ArrowLeftIcon } from '../../../../components/ui/icons';
import { SkipLink } from '../../../../components/ui/skip-link';
import { adminCustomerPath, PATHS } from '../../../../config/paths';
import { SITE } from '../../../../config/site';
import { useAdminOrder } from '../../api/orders/get-order';
import { useCaptureInFull } from '../../hooks/use-capture-in-full';
import { useNotices } from '../../hooks/use-notices';
import { useNow } from '../../hooks/use-now';
import { useRefundApprovalDecisions } from '../../hooks/use-refund-approval-decisions';
import { failureText } from '../../utils/admin-errors';
import { formatDateTime } from '../../utils/format-date';
import { paymentMoneyFacts } from '../../utils/orders/payment-money-facts';
import { authorizationTimeLeft } from '../../utils/time-left';
import { CancelChargeDialog } from '../payments/cancel-charge-dialog';
import { DashboardHeader } from '../dashboard-header';
import { useMay } from '../../api/staff-session';
import { RoleNote } from '../role-note';
import { NoticeList } from '../notices';
import { PartialCaptureDialog } from '../payments/partial-capture-dialog';
import { CardText } from '../payment-facts';
import { RefundApprovalDialog } from '../payments/refund-approval-actions';
import { RefundApprovalList } from '../payments/refund-approval-list';
import { RefundDialog } from '../payments/refund-dialog';
import { RestockDialog } from './restock-dialog';
import { ShipDialog } from './ship-dialog';
import { StatusBadge } from '../status-badge';
import { VoidDialog } from '../payments/void-dialog';
import dialogStyles from '../dialog.module.css';
import styles from './order-page.module.css';
import { ORDER_STATUS_TONES } from '../../utils/order-status';

type OpenDialog = 'partial' | 'void' | 'refund' | 'cancel' | 'ship' | 'restock';

export interface OrderPageProps {
  orderId: string;
  username: string;
  onSignedOut: () => void;
}

/**
 * `/admin/orders/:orderId`: one order on one screen (decision 028): what was bought and where it goes, who
 * bought it, the payment and the gateway's checks, the actions that apply now (the same dialogs and rules
 * as the lists), and every step in time order.
 */
export function OrderPage({ orderId, username, onSignedOut }: OrderPageProps) {
  const query = useAdminOrder(orderId);
  const order = query.data?.order;
  return (
    <div className={`page-shell ${styles.shell}`}>
      <title>{`Order ${orderId} · Admin · ${SITE.fullName}`}</title>
      <SkipLink />
      <DashboardHeader username={username} onSignedOut={onSignedOut} />
      <main id="main-content" tabIndex={-1} className={`container ${styles.main}`}>
        <Link to={PATHS.adminDashboard} className={styles.back}>
          <ArrowLeftIcon size={16} />
          Payments
        </Link>
        {order ? (
          <OrderDetails
            order={order}
            captureOnShipment={query.data!.captureOnShipment}
            refundApprovals={query.data!.refundApprovals}
          />
        ) : (
          <>
            <h1 className={styles.title}>Order {orderId}</h1>
            {query.isError ? (
              <p className={styles.problem} role="alert">
                {failureText(query.error, 'The order could not be loaded')}
              </p>
            ) : (
              <p className={styles.loading} role="status">
                Loading the order…
              </p>
            )}
          </>
        )}
      </main>
    </div>
  );
}

type OrderAction = keyof OrderActions;

/** The right each of the order page's actions needs. */
const ACTION_RIGHTS: Record<OrderAction, StaffRight> = {
  ship: 'ship',
  capture: 'capture',
  refund: 'refund',
  void: 'void',
  cancelCharge: 'cancel-charge',
  restock: 'catalog',
};

function mapActions(offer: (action: OrderAction) => boolean): OrderActions {
  return Object.fromEntries(
    (Object.keys(ACTION_RIGHTS) as OrderAction[]).map((action) => [action, offer(action)]),
  ) as OrderActions;
}

function OrderDetails({
  order,
  captureOnShipment,
  refundApprovals,
}: {
  order: AdminOrder;
  captureOnShipment: boolean;
  /** Refunds of this order above the approval limit (decision 058): awaiting first, then decided. */
  refundApprovals: readonly RefundApproval[];
}) {
  const now = useNow();
  const { notices, push, dismiss } = useNotices();
  const decisions = useRefundApprovalDecisions(push);
  const { captureInFull, capturing } = useCaptureInFull(push);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const transaction = order.transaction;
  // What the order allows, offered as far as the signed-in person's role allows it (decision 055); what it
  // allows and the role does not is said in a note.
  const may = useMay();
  const offered = order.actions;
  const actions = mapActions((action) => offered[action] && may(ACTION_RIGHTS[action]));
  const withheld = (Object.keys(ACTION_RIGHTS) as OrderAction[])
    .filter((action) => offered[action] && !may(ACTION_RIGHTS[action]))
    .map((action) => ACTION_RIGHTS[action]);
  const timeLeft = order.authorizationExpiresAt
    ? authorizationTimeLeft(order.authorizationExpiresAt, now)
    : undefined;

  const anyAction = Object.values(actions).some(Boolean);

  return (
    <>
      <div className={styles.heading}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>Order {order.orderId}</h1>
          <StatusBadge
            label={ORDER_STATUS_LABELS[order.orderStatus]}
            tone={ORDER_STATUS_TONES[order.orderStatus]}
          />
        </div>
        <p className={styles.meta}>
          Placed {formatDateTime(order.placedAt)} · {PAYMENT_WAY_LABELS[order.paymentWay]} ·{' '}
          <strong>{orderStandingLine(order)}</strong>
        </p>
      </div>

      {anyAction && (
        <div className={styles.actions} role="group" aria-label="Order actions">
          {actions.ship && (
            <Button onClick={() => setDialog('ship')}>
              {captureOnShipment && offered.capture ? 'Capture and mark as shipped' : 'Mark as shipped'}
            </Button>
          )}
          {actions.capture && (
            <Button
              variant={actions.ship ? 'secondary' : 'primary'}
              onClick={() => transaction && void captureInFull(transaction)}
              disabled={capturing}
              aria-busy={capturing}
            >
              {capturing ? 'Capturing…' : 'Capture'}
            </Button>
          )}
          {actions.capture && (
            <Button variant="secondary" onClick={() => setDialog('partial')}>
              Partial capture
            </Button>
          )}
          {actions.refund && (
            <Button variant="secondary" onClick={() => setDialog('refund')}>
              Refund
            </Button>
          )}
          {actions.void && (
            <Button variant="ghost" className={dialogStyles.dangerGhost} onClick={() => setDialog('void')}>
              Void
            </Button>
          )}
          {actions.cancelCharge && (
            <Button variant="ghost" className={dialogStyles.dangerGhost} onClick={() => setDialog('cancel')}>
              Cancel charge
            </Button>
          )}
          {actions.restock && (
            <Button variant="secondary" onClick={() => setDialog('restock')}>
              Put back in stock
            </Button>
          )}
        </div>
      )}

      <RoleNote rights={withheld} />
      <NoticeList notices={notices} onDismiss={dismiss} />

      <div className={styles.grid}>
        <div className={styles.column}>
          <section className={styles.card} aria-labelledby="order-items">
            <h2 id="order-items" className={styles.cardTitle}>
              Items
            </h2>
            <OrderItemsTable order={order} caption={`Items of order ${order.orderId}`} />
          </section>

          <section className={`${styles.card} ${styles.last}`} aria-labelledby="order-timeline">
            <h2 id="order-timeline" className={styles.cardTitle}>
              Timeline
            </h2>
            <ol className={styles.timeline}>
              {order.timeline.map((step, index) => (
                <li key={index} className={`${styles.step} ${styles[`step_${step.tone}`]}`}>
                  <span className={styles.stepDot} aria-hidden="true" />
                  <div className={styles.stepBody}>
                    <p className={styles.stepTitle}>{step.title}</p>
                    <p className={styles.stepMeta}>
                      <time dateTime={step.at}>{formatDateTime(step.at)}</time> · {step.by}
                    </p>
                    {step.detail && <p className={styles.stepDetail}>{step.detail}</p>}
                    {step.badges && step.badges.length > 0 && <Badges badges={step.badges} />}
                  </div>
                </li>
              ))}
            </ol>
          </section>
        </div>

        <div className={styles.column}>
          <section className={styles.card} aria-labelledby="order-payment">
            <h2 id="order-payment" className={styles.cardTitle}>
              Payment
            </h2>
            {transaction ? (
              <dl className={styles.facts}>
                <Fact term="Paid with">
                  <CardText
                    cardType={transaction.cardType}
                    last4={transaction.last4}
                    bankName={transaction.bankName}
                    wallet={transaction.wallet}
                  />
                </Fact>
                <Fact term="Authorized">{formatCents(dollarsToCents(transaction.originalAmount))}</Fact>
                <Fact term="Captured">{formatCents(dollarsToCents(transaction.captureAmount))}</Fact>
                {paymentMoneyFacts(transaction).map(([term, value]) => (
                  <Fact key={term} term={term}>
                    {value}
                  </Fact>
                ))}
                {timeLeft && (
                  <Fact term="Authorization expires">
                    <span className={timeLeft.expiringSoon || timeLeft.expired ? styles.warn : undefined}>
                      {timeLeft.text}
                    </span>
                  </Fact>
                )}
                <Fact term="Settlement">
                  {transaction.settledAt
                    ? `Settled ${formatDateTime(transaction.settledAt)}`
                    : 'Not settled yet'}
                </Fact>
              </dl>
            ) : (
              <p className={styles.muted}>No payment was authorized for this order.</p>
            )}
            {order.gatewayChecks.length > 0 && (
              <>
                <h3 className={styles.subTitle}>Gateway checks</h3>
                <Badges badges={order.gatewayChecks} />
              </>
            )}
          </section>

          {refundApprovals.length > 0 && (
            <section className={styles.card} aria-labelledby="order-refund-approvals">
              <h2 id="order-refund-approvals" className={styles.cardTitle}>
                Refund approvals
              </h2>
              <RefundApprovalList approvals={refundApprovals} decisions={decisions} />
            </section>
          )}

          <section className={styles.card} aria-labelledby="order-shipping">
            <h2 id="order-shipping" className={styles.cardTitle}>
              Shipping
            </h2>
            <dl className={styles.facts}>
              <Fact term="Status">
                {order.fulfilment.status === 'shipped'
                  ? `Shipped ${formatDateTime(order.fulfilment.shippedAt)} by ${order.fulfilment.shippedBy ?? ''}`
                  : 'Not shipped yet'}
              </Fact>
              {order.fulfilment.carrier && <Fact term="Carrier">{order.fulfilment.carrier}</Fact>}
              {order.fulfilment.trackingNumber && (
                <Fact term="Tracking number">
                  <span className={styles.code}>{order.fulfilment.trackingNumber}</span>
                </Fact>
              )}
            </dl>
            {order.deliveryAddress ? (
              <>
                <h3 className={styles.subTitle}>Deliver to</h3>
                <AddressBlock address={order.deliveryAddress} className={styles.address} />
              </>
            ) : (
              <p className={styles.muted}>
                This order was placed before the store asked for a delivery address.
              </p>
            )}
          </section>

          <section className={styles.card} aria-labelledby="order-customer">
            <h2 id="order-customer" className={styles.cardTitle}>
              Customer
            </h2>
            <dl className={styles.facts}>
              {order.customer ? (
                <>
                  <Fact term="Name">{order.customer.name}</Fact>
                  <Fact term="Customer ID">
                    {/* Their other orders, addresses and saved methods, and a phone order, are a click away. */}
                    <Link
                      to={adminCustomerPath(order.customer.customerId)}
                      aria-label={`Customer ID ${order.customer.customerId}: open ${order.customer.name}'s page`}
                    >
                      {order.customer.customerId}
                    </Link>
                  </Fact>
                  <Fact term="Account email">
                    <span className={styles.breakable}>{order.customer.email}</span>
                  </Fact>
                </>
              ) : (
                <Fact term="Account">Guest (no account)</Fact>
              )}
              {order.contactEmail && (
                <Fact term="Contact email">
                  <span className={styles.breakable}>{order.contactEmail}</span>
                </Fact>
              )}
            </dl>
          </section>
        </div>
      </div>

      {transaction && dialog === 'partial' && (
        <PartialCaptureDialog payment={transaction} onClose={() => setDialog(null)} onOutcome={push} />
      )}
      {transaction && dialog === 'void' && (
        <VoidDialog payment={transaction} onClose={() => setDialog(null)} onOutcome={push} />
      )}
      {transaction && dialog === 'refund' && (
        <RefundDialog transaction={transaction} onClose={() => setDialog(null)} />
      )}
      {transaction && dialog === 'cancel' && (
        <CancelChargeDialog transaction={transaction} onClose={() => setDialog(null)} onOutcome={push} />
      )}
      <RefundApprovalDialog decisions={decisions} onOutcome={push} />
      {dialog === 'restock' && (
        <RestockDialog order={order} onClose={() => setDialog(null)} onOutcome={push} />
      )}
      {dialog === 'ship' && (
        <ShipDialog
          order={order}
          capturesNow={captureOnShipment && offered.capture}
          onClose={() => setDialog(null)}
          onOutcome={push}
        />
      )}
    </>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Badges({ badges }: { badges: AnswerBadge[] }) {
  return (
    <ul className={styles.badges}>
      {badges.map((badge) => (
        <li
          key={badge.label}
          className={`${styles.badge} ${styles[`badge_${badge.tone}`]}`}
          title={badge.detail}
        >
          {badge.label}
          {badge.detail && <span className="visually-hidden">: {badge.detail}</span>}
        </li>
      ))}
    </ul>
  );
}
