import {
  authorizationExpiresAt,
  auditActionLabel,
  FAILED_ATTEMPT_LABELS,
  formatCents,
  MAIL_KIND_LABELS,
  orderStandingFields,
  orderStandingOf,
  PAYMENT_WAY_LABELS,
  paymentWayOf,
  type AdminOrderResponse,
  type AdminTransaction,
  type AnswerBadge,
  type OrderActions,
  type TimelineStep,
  walletNameOf,
} from '@store/core';
import type { Orm } from '../../db/client';
import type { PaymentRow } from '../../db/checkout-store';
import { findAdminOrder, type AdminOrderRecord } from '../../db/order-store';
import { AppError } from '../../errors';
import {
  authorizationAnswerOf,
  avsResultOf,
  cvvResultOf,
  type CheckAnswer,
} from '../../gateway/cardpointe-codes';
import { failedAttemptOf } from './failed-attempts';
import { listTransactions } from './payment-lists';
import { SCHEDULED_DETAIL, UNCONFIRMED_DETAIL } from '../money/audit';
import { cancellationRefusal } from '../money/refund-policy';
import { orderSummaryOf } from '../orders/receipts';
import { shippingRefusal } from '../orders/shipping';
import { listApprovals } from '../money/refund-approvals';

/**
 * The console's page of one order (decision 028): what was bought and where it goes, who bought it, how it
 * was paid (the payment's row exactly as Transaction History lists it, so the same dialogs act on it), what
 * can be done with it now, and a timeline of every step with who or what did it.
 */

const ORDER_NOT_FOUND = 'Order not found';

/** Who the timeline names for what the store did by itself (upkeep, messages). */
const STORE = 'Store';

/** The order page; "not found" for an order id the store does not know. */
export async function readAdminOrder(
  orm: Orm,
  options: { orderId: string; demoMode: boolean; captureOnShipment: boolean; now?: Date },
): Promise<AdminOrderResponse> {
  const record = await findAdminOrder(orm, options.orderId);
  if (!record) throw new AppError('not_found', ORDER_NOT_FOUND);
  const { order, request, payment, customer } = record;
  // The payment's own row of the history: the same figures, flags and labels as the list shows.
  const transaction = payment
    ? (
        await listTransactions(orm, {
          search: order.id,
          status: 'all',
          limit: 50,
          demoMode: options.demoMode,
        })
      ).transactions.find((row) => row.paymentId === payment.id && row.refundType !== 'refund')
    : undefined;
  const now = options.now ?? new Date();
  const expiresAt =
    payment?.captureStatus === 'authorized' ? authorizationExpiresAt(payment.authorizedAt) : undefined;
  const paymentWay = paymentWayOf(order.channel, request);

  const refundApprovals = payment
    ? await listApprovals({ orm }, { pendingOnly: false, paymentIds: [payment.id] })
    : [];

  return {
    status: 'success',
    captureOnShipment: options.captureOnShipment,
    refundApprovals,
    order: {
      ...orderSummaryOf(record),
      placedAt: order.createdAt.toISOString(),
      paymentWay,
      ...orderStandingFields(orderStandingOf(request, record.money, order.fulfilmentStatus)),
      fulfilment: {
        status: order.fulfilmentStatus,
        ...(order.shippedAt ? { shippedAt: order.shippedAt.toISOString() } : {}),
        ...(order.shippedBy ? { shippedBy: order.shippedBy } : {}),
        ...(order.shippingCarrier ? { carrier: order.shippingCarrier } : {}),
        ...(order.trackingNumber ? { trackingNumber: order.trackingNumber } : {}),
      },
      ...(customer
        ? { customer: { name: customer.name, email: customer.email, customerId: customer.numericId } }
        : {}),
      ...(transaction ? { transaction } : {}),
      ...(expiresAt ? { authorizationExpiresAt: expiresAt.toISOString() } : {}),
      gatewayChecks: gatewayChecksOf(request),
      actions: actionsOf(record, transaction, expiresAt, now),
      timeline: timelineOf(record, paymentWay),
    },
  };
}

/** What can be done now: each is offered only when the call would be taken. */
function actionsOf(
  record: AdminOrderRecord,
  transaction: AdminTransaction | undefined,
  expiresAt: Date | undefined,
  now: Date,
): OrderActions {
  const { payment, order } = record;
  const awaitingCapture =
    payment?.captureStatus === 'authorized' && expiresAt !== undefined && expiresAt > now;
  return {
    capture: awaitingCapture,
    void: awaitingCapture,
    refund: transaction !== undefined && transaction.refundableAmount > 0,
    cancelCharge:
      payment !== undefined && payment.settledAt === null && cancellationRefusal(payment) === undefined,
    ship: order.fulfilmentStatus === 'unfulfilled' && shippingRefusal(payment, now) === undefined,
    restock: (payment?.capturedCents ?? 0) > 0 && record.lines.some((line) => line.stockHeld),
  };
}

/** Every step of the order in time order: placed, authorized or declined, each operator's action, the
 * gateway's settlement, and each message to the customer. */
/** What the gateway reports taking back from the merchant (decision 036): always a step to look at. */
const MONEY_TAKEN_BACK = new Set(['chargeback', 'ach_return']);

function timelineOf(record: AdminOrderRecord, paymentWay: keyof typeof PAYMENT_WAY_LABELS): TimelineStep[] {
  const { order, payment, customer, request } = record;
  const steps: TimelineStep[] = [
    {
      at: order.createdAt.toISOString(),
      title: 'Order placed',
      by: customer ? `${customer.name} (Customer ID ${customer.numericId})` : 'Guest',
      tone: 'neutral',
      detail: `${formatCents(order.totalCents)} · ${PAYMENT_WAY_LABELS[paymentWay]}`,
    },
  ];
  const authorization = authorizationStep(request, payment);
  if (authorization) steps.push(authorization);
  for (const event of record.events) {
    // The authorization's own refusal is told by its step above, with what the gateway said.
    if (event.action === 'payment_declined') continue;
    // A money call whose answer was lost is not a refusal: reconciliation settles it, and its own line
    // follows. A refund scheduled for after settlement is not yet money given back.
    const unconfirmed = event.outcome === 'failure' && event.detail === UNCONFIRMED_DETAIL;
    const scheduled = event.outcome === 'success' && event.detail === SCHEDULED_DETAIL;
    const title = eventTitle(event.action, event.amountCents, event.outcome);
    steps.push({
      at: event.at.toISOString(),
      title: unconfirmed
        ? `${eventTitle(event.action, event.amountCents, 'success')}: not confirmed yet`
        : scheduled
          ? `${title} scheduled`
          : title,
      by: event.actor,
      tone:
        unconfirmed || scheduled
          ? 'warning'
          : event.outcome === 'success' && !MONEY_TAKEN_BACK.has(event.action)
            ? 'success'
            : 'danger',
      ...(event.detail ? { detail: event.detail } : {}),
    });
  }
  if (payment?.settledAt) {
    steps.push({
      at: payment.settledAt.toISOString(),
      title: `Settled ${formatCents(payment.capturedCents)}`,
      by: 'Gateway',
      tone: 'success',
      detail: `The capture was settled in the merchant's batch${
        payment.settlementBatch ? ` ${payment.settlementBatch}` : ''
      }: the money is on its way to the bank`,
    });
  }
  for (const message of record.mail) {
    steps.push({
      at: message.createdAt.toISOString(),
      title: `Email: ${MAIL_KIND_LABELS[message.kind]}`,
      by: STORE,
      tone: message.status === 'failed' ? 'danger' : 'neutral',
      detail: `To ${message.recipient} · ${
        message.status === 'sent'
          ? `sent ${message.sentAt?.toISOString().slice(0, 16).replace('T', ' ') ?? ''} UTC`
          : message.status === 'pending'
            ? 'waiting in the outbox'
            : 'could not be delivered'
      }`,
    });
  }
  // Stable: steps of the same moment keep the order they were added in (placed before authorized …).
  return steps
    .map((step, index) => ({ step, index }))
    .sort((a, b) => a.step.at.localeCompare(b.step.at) || a.index - b.index)
    .map(({ step }) => step);
}

/** "Captured $12.00", "Refund failed": the audit line's action in words, with its amount. */
function eventTitle(action: string, amountCents: number | null, outcome: 'success' | 'failure'): string {
  const label = auditActionLabel(action);
  if (outcome === 'failure') return `${label} refused or failed`;
  // A shipment's amount is what it captured, which its detail says: the title says what happened.
  if (action === 'ship') return 'Marked as shipped';
  return amountCents === null ? label : `${label} ${formatCents(amountCents)}`;
}

const CHECK_TONES: Record<CheckAnswer['result'], AnswerBadge['tone']> = {
  match: 'success',
  partial: 'warning',
  no_match: 'danger',
  not_checked: 'neutral',
};

function checkBadge(kind: 'AVS' | 'CVV', answer: CheckAnswer): AnswerBadge {
  // "CVV matches" says what it is already; "Address and ZIP match" is named as the check operators know.
  const label = answer.label.startsWith(kind) ? answer.label : `${kind}: ${answer.label}`;
  return { label, tone: CHECK_TONES[answer.result], detail: answer.detail };
}

/**
 * What the gateway said of a card authorization, as badges: the address (AVS) and security code (CVV)
 * checks, and the BIN facts it gave. A bank payment has no card checks; an attempt never answered, none.
 */
function gatewayChecksOf(request: AdminOrderRecord['request']): AnswerBadge[] {
  if (request.methodKind === 'ach') return [];
  if (request.status !== 'approved' && request.status !== 'declined') return [];
  const badges = [
    checkBadge('AVS', avsResultOf(request.avsResponse)),
    checkBadge('CVV', cvvResultOf(request.cvvResponse)),
  ];
  if (request.binPrepaid) {
    badges.push({
      label: 'Prepaid card',
      tone: 'warning',
      detail: 'A prepaid card (a gift or reloadable card), as its BIN tells',
    });
  }
  if (request.binCorporate) {
    badges.push({ label: 'Corporate card', tone: 'neutral', detail: 'A business or corporate card' });
  }
  if (request.binCountry) {
    badges.push({
      label: `Issued in ${request.binCountry}`,
      tone: 'neutral',
      detail: `The card's issuing bank is in ${request.binCountry}`,
    });
  }
  return badges;
}

/** The authorization's step: approved (with its checks), declined (with what to do), or still awaited. */
function authorizationStep(
  request: AdminOrderRecord['request'],
  payment: PaymentRow | undefined,
): TimelineStep | undefined {
  const code = request.respcode ? ` (code ${request.respcode})` : '';
  if (payment) {
    const bank = payment.cardBrand === 'ACH';
    const answer = request.respcode ? authorizationAnswerOf({ respcode: request.respcode }) : undefined;
    return {
      at: payment.authorizedAt.toISOString(),
      title: `${bank ? 'Debited' : 'Authorized'} ${formatCents(payment.authorizedCents)}`,
      by: 'Gateway',
      tone: 'success',
      detail: `${answer ? `${answer.meaning.replace(/\.$/, '')}${code} · ` : ''}approval code ${payment.authCode}`,
      badges: gatewayChecksOf(request),
    };
  }
  const at = (request.verifiedAt ?? request.createdAt).toISOString();
  if (request.status === 'pending') {
    return {
      at,
      title: 'Awaiting payment',
      by: 'Shopper',
      tone: 'neutral',
      detail: 'The shopper was sent to pay and has not come back yet',
    };
  }
  if (!request.failure) return undefined;
  // Told as the Failed list tells it (one rule for why an attempt took no money).
  const { failure, message, respcode } = request;
  const attempt = failedAttemptOf({ failure, message, respcode }, '');
  const declined = attempt.outcome === 'declined';
  // The card or account the gateway named: how the payer on the phone may know it.
  const refused = request.last4
    ? `${walletNameOf(request.orderId) ?? (request.methodKind === 'ach' ? 'Bank account' : 'Card')} •••• ${request.last4}: `
    : '';
  return {
    at,
    title: `Payment ${FAILED_ATTEMPT_LABELS[attempt.outcome].toLowerCase()}`,
    by: declined ? 'Gateway' : STORE,
    tone: declined ? 'danger' : 'warning',
    detail: [
      `${refused}${attempt.reason.replace(/\.$/, '')}${attempt.respcode ? ` (code ${attempt.respcode})` : ''}.`,
      attempt.adviceText,
    ]
      .filter(Boolean)
      .join(' '),
    ...(declined ? { badges: gatewayChecksOf(request) } : {}),
  };
}
