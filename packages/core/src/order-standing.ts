import { centsToDollars, dollarsToCents, formatCents } from './money';
import type { FulfilmentStatus, OrderStatus } from './schemas/order';

/**
 * Every figure of a payment's money that a person reads, in cents, as `db/payment-money.ts` reads them from the
 * payment and its money operations (the one place they are computed). The receipt, My Account, the console's
 * order page and a customer's page all turn them into words here.
 */
export interface PaymentMoney {
  captureStatus: string;
  authorizedCents: number;
  capturedCents: number;
  /** Refunds the gateway confirmed, sent as refunds. */
  refundedCents: number;
  /** Given back by voiding the capture before it settled (Cancel charge): never reached the statement. */
  cancelledCents: number;
  /** Refunds waiting for the capture to settle (decision 015). */
  scheduledRefundCents: number;
  /** Refunds sent whose answer is not confirmed yet (decision 007). */
  unconfirmedRefundCents: number;
  /** Taken back by the card network (a chargeback, decision 036). */
  chargedBackCents: number;
  /** Sent back by the customer's bank (an ACH return, decision 036): the whole debit. */
  returnedCents: number;
  /** What a refund may still take: nothing of a returned debit. */
  refundableCents: number;
  /** A cardholder disputed it; a bank returned it. */
  disputed: boolean;
  returned: boolean;
}

/** An order's status and the amount that status speaks of (null where it speaks of none). */
export interface OrderStanding {
  status: OrderStatus;
  amountCents: number | null;
  /** The amount is held on the card, not charged yet (an authorization awaiting capture). */
  held?: true;
}

/**
 * The one rule from an order's money to the word a person reads (decision 048): a bank's return of the debit or
 * a cardholder's dispute says more than anything else; then a charge cancelled before it settled, refunds done,
 * refunds scheduled; then the shipping; then what was taken: authorized, paid in full or in part.
 */
export function orderStandingOf(
  request: { status: 'pending' | 'approved' | 'declined' | 'failed'; failure?: string | null },
  money: PaymentMoney | undefined,
  fulfilment: FulfilmentStatus = 'unfulfilled',
): OrderStanding {
  if (!money) {
    // Left unpaid, or paid when it could no longer be and voided (decision 047): nothing was charged.
    if (request.failure === 'abandoned' || request.failure === 'superseded') {
      return { status: 'not_paid', amountCents: null };
    }
    const failed = request.status === 'declined' || request.status === 'failed';
    return { status: failed ? 'payment_failed' : 'awaiting_payment', amountCents: null };
  }
  if (money.returned) return { status: 'payment_returned', amountCents: money.returnedCents };
  if (money.disputed) return { status: 'disputed', amountCents: money.chargedBackCents };
  // A charge cancelled whole before it settled was never charged: cancelled, not refunded (decision 027).
  if (money.capturedCents > 0 && money.cancelledCents >= money.capturedCents) {
    return { status: 'cancelled', amountCents: money.cancelledCents };
  }
  if (money.captureStatus === 'voided' || money.captureStatus === 'expired') {
    return { status: 'cancelled', amountCents: money.authorizedCents };
  }
  if (money.refundedCents > 0) {
    const kept = money.capturedCents - money.cancelledCents;
    return {
      status: money.refundedCents >= kept ? 'refunded' : 'partially_refunded',
      amountCents: money.refundedCents,
    };
  }
  if (money.scheduledRefundCents > 0) {
    return { status: 'refund_scheduled', amountCents: money.scheduledRefundCents };
  }
  if (money.captureStatus === 'authorized') {
    const status = fulfilment === 'shipped' ? 'shipped' : 'authorized';
    return { status, amountCents: money.authorizedCents, held: true };
  }
  if (fulfilment === 'shipped') return { status: 'shipped', amountCents: money.capturedCents };
  return {
    status: money.capturedCents < money.authorizedCents ? 'partially_paid' : 'paid',
    amountCents: money.capturedCents,
  };
}

/**
 * The standing in a line of words with its amount, as every screen shows it beside the status badge: "Paid
 * $7.00 of $15.74", "Refunded $5.00", "Cancelled: nothing charged". `totalCents` is the order's total.
 */
export function orderStandingText(standing: OrderStanding, totalCents: number): string {
  const amount = formatCents(standing.amountCents ?? 0);
  const total = formatCents(totalCents);
  const ofTotal = standing.amountCents !== null && standing.amountCents < totalCents ? ` of ${total}` : '';
  switch (standing.status) {
    case 'awaiting_payment':
      return `${total} to pay`;
    case 'payment_failed':
    case 'not_paid':
      return `${total}, nothing charged`;
    case 'authorized':
      return `${amount} authorized, not charged yet`;
    case 'paid':
    case 'partially_paid':
      return `Paid ${amount}${ofTotal}`;
    case 'shipped':
      return standing.held ? `Shipped, ${amount} authorized` : `Shipped, ${amount} paid${ofTotal}`;
    case 'refund_scheduled':
      return `Refund of ${amount} scheduled, nothing refunded yet`;
    case 'partially_refunded':
    case 'refunded':
      return `Refunded ${amount}`;
    case 'cancelled':
      return 'Cancelled: nothing charged';
    case 'disputed':
      return `${amount} taken back by a dispute`;
    case 'payment_returned':
      return `${amount} returned by the bank`;
  }
}

/** An order's standing as the API sends it, beside the order's other fields. */
export interface OrderStandingFields {
  orderStatus: OrderStatus;
  /** The amount the status speaks of, in dollars; absent where it speaks of none. */
  statusAmount?: number;
  /** The amount is held on the card, not charged yet. */
  statusHeld?: true;
}

export function orderStandingFields(standing: OrderStanding): OrderStandingFields {
  return {
    orderStatus: standing.status,
    ...(standing.amountCents !== null ? { statusAmount: centsToDollars(standing.amountCents) } : {}),
    ...(standing.held ? { statusHeld: true as const } : {}),
  };
}

export function orderStandingFromFields(fields: OrderStandingFields): OrderStanding {
  return {
    status: fields.orderStatus,
    amountCents: fields.statusAmount === undefined ? null : dollarsToCents(fields.statusAmount),
    ...(fields.statusHeld ? { held: true as const } : {}),
  };
}
