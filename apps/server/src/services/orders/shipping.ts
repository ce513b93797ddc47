import { authorizationExpiresAt, formatCents, STORE_NAME } from '@store/core';
import { insertAuditEvent } from '../../db/audit-store';
import { findPayment, type PaymentRow } from '../../db/checkout-store';
import { deliveryOf } from '../../db/delivery-columns';
import type { Transaction } from '../../db/client';
import { queueMail } from '../../db/mail-outbox-store';
import { findOrderWithPayment, markOrderShipped, type OrderRow } from '../../db/order-store';
import { mailDomainOf } from '../../config';
import { AppError } from '../../errors';
import { orderShipped } from '../mail/messages';
import { capturePayment } from '../money/commands';
import type { OperationsDependencies } from '../money/dependencies';
import { receiptUrlOf } from './receipts';

/**
 * Mark as shipped (decision 028). The order's goods have left: its fulfilment status becomes shipped, the
 * step is audited with the operator's name, and the customer is sent the shipping notice. With capture on
 * shipment (CAPTURE_ON_SHIPMENT, the default), an order whose payment still awaits capture is captured in
 * the same action, through the same reserve → call → confirm path as the Capture button: the card networks
 * expect a physical order to be charged when it ships. A capture that fails leaves the order unshipped.
 */

const ORDER_ALREADY_SHIPPED = 'This order has already been marked as shipped';

/** Payment states whose goods may leave: authorized (and capturable) or charged, and not all given back. */
const SHIPPABLE = ['authorized', 'captured', 'partially_captured', 'settled'];
const CHARGED = ['captured', 'partially_captured', 'settled'];

/** Why an order cannot be shipped, by its payment; undefined when it can. */
export function shippingRefusal(payment: PaymentRow | undefined, now = new Date()): AppError | undefined {
  if (!payment) return new AppError('conflict', 'This order has not been paid: it cannot be shipped');
  if (!SHIPPABLE.includes(payment.captureStatus)) {
    return new AppError('conflict', `This order's payment is ${payment.captureStatus}: it cannot be shipped`);
  }
  // An authorization past its lifetime can no longer be captured: goods shipped on it would go unpaid.
  if (payment.captureStatus === 'authorized' && authorizationExpiresAt(payment.authorizedAt) <= now) {
    return new AppError(
      'conflict',
      "This order's authorization has lapsed and can no longer be captured: it cannot be shipped",
    );
  }
  if (payment.capturedCents > 0 && payment.refundedCents >= payment.capturedCents) {
    return new AppError('conflict', 'This order is refunded in full: it cannot be shipped');
  }
  // The money did not stay (decision 036): a returned debit was never paid, a disputed charge is being taken back.
  if (payment.returnedAt) {
    return new AppError(
      'conflict',
      'The bank returned this payment: the order is not paid and cannot be shipped',
    );
  }
  if (payment.disputedAt) {
    return new AppError('conflict', 'The cardholder disputed this payment: the order cannot be shipped');
  }
  return undefined;
}

export interface ShipOrderRequest {
  orderId: string;
  actor: string;
  carrier?: string;
  trackingNumber?: string;
  /** The request's scoped Idempotency-Key: a retry finds its own capture instead of making another. */
  idempotencyKey?: string;
}

export interface ShippingDependencies extends OperationsDependencies {
  captureOnShipment: boolean;
}

function shipmentWords(request: ShipOrderRequest): string {
  return [
    request.carrier ? `carrier ${request.carrier}` : undefined,
    request.trackingNumber ? `tracking ${request.trackingNumber}` : undefined,
  ]
    .filter(Boolean)
    .join(', ');
}

export async function shipOrder(
  deps: ShippingDependencies,
  request: ShipOrderRequest,
): Promise<{ message: string; captured: boolean }> {
  const found = await findOrderWithPayment(deps.orm, request.orderId);
  if (!found) throw new AppError('not_found', 'Order not found');
  const refuse = async (error: AppError): Promise<never> => {
    await insertAuditEvent(deps.orm, {
      actor: request.actor,
      action: 'ship',
      orderId: request.orderId,
      outcome: 'failure',
      detail: `not shipped: ${error.message}`,
    });
    throw error;
  };
  if (found.order.fulfilmentStatus === 'shipped') throw new AppError('conflict', ORDER_ALREADY_SHIPPED);
  const refusal = shippingRefusal(found.payment);
  if (refusal) return refuse(refusal);
  const payment = found.payment!;

  let capturedCents: number | undefined;
  if (deps.captureOnShipment && payment.captureStatus === 'authorized') {
    try {
      const answer = await capturePayment(deps, {
        paymentId: payment.id,
        actor: request.actor,
        idempotencyKey: request.idempotencyKey ? `${request.idempotencyKey}:capture` : undefined,
      });
      capturedCents = answer.payment.capturedCents;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Captured meanwhile by someone else (the Capture button, Capture All): the charge is made all the same.
      const now = await findPayment(deps.orm, payment.id);
      if (!now || !CHARGED.includes(now.captureStatus)) {
        return refuse(new AppError(error.kind, `Not shipped: ${error.message}`));
      }
    }
  }

  const words = shipmentWords(request);
  const shipped = await markOrderShipped(
    deps.orm,
    {
      orderId: request.orderId,
      actor: request.actor,
      carrier: request.carrier,
      trackingNumber: request.trackingNumber,
      at: new Date(),
    },
    async (tx, order) => {
      await insertAuditEvent(tx, {
        actor: request.actor,
        action: 'ship',
        orderId: order.id,
        amountCents: capturedCents ?? null,
        outcome: 'success',
        detail: [
          words,
          capturedCents !== undefined ? `captured ${formatCents(capturedCents)} on shipment` : '',
        ]
          .filter(Boolean)
          .join(' · '),
      });
      await queueShippingNotice(tx, deps.publicUrl, order);
    },
  );
  if (!shipped) throw new AppError('conflict', ORDER_ALREADY_SHIPPED);
  return {
    message:
      capturedCents !== undefined
        ? `Captured ${formatCents(capturedCents)} and marked as shipped`
        : 'Marked as shipped',
    captured: capturedCents !== undefined,
  };
}

/** The shipping notice, queued with the shipment; an order taken before the store asked for a contact gets none. */
async function queueShippingNotice(
  tx: Transaction,
  publicUrl: string | undefined,
  order: OrderRow,
): Promise<void> {
  const delivery = deliveryOf(order);
  if (!delivery) return;
  const message = orderShipped({
    storeName: STORE_NAME,
    orderId: order.id,
    delivery: delivery.address,
    carrier: order.shippingCarrier ?? undefined,
    trackingNumber: order.trackingNumber ?? undefined,
    ...(order.receiptToken && publicUrl ? { receiptUrl: receiptUrlOf(order.receiptToken, publicUrl) } : {}),
  });
  await queueMail(
    tx,
    {
      kind: 'order_shipped',
      dedupeKey: `shipped:${order.id}`,
      orderId: order.id,
      recipient: delivery.email,
      ...message,
    },
    mailDomainOf(publicUrl),
  );
}
