import {
  ORDER_ID_PATTERN,
  centsToDollars,
  orderStandingFields,
  orderStandingOf,
  STORE_NAME,
  walletNameOf,
  type CustomerOrdersResponse,
  type OrderLine,
  type OrderSummary,
  type Receipt,
} from '@store/core';
import { type PaymentRow } from '../../db/checkout-store';
import { deliveryOf } from '../../db/delivery-columns';
import type { Orm, Transaction } from '../../db/client';
import { queueMail } from '../../db/mail-outbox-store';
import {
  findOrderByReceiptToken,
  listCustomerOrders,
  type OrderRecord,
  type OrderSummaryRecord,
} from '../../db/order-store';
import { mailDomainOf } from '../../config';
import { AppError } from '../../errors';
import { orderConfirmation } from '../mail/messages';
import { paymentMethodShown } from '../money/customer-messages';
import { decodeTimeCursor, encodeCursor } from '../page-cursor';

/**
 * Orders as their shoppers read them (decision 027): the result page after paying, the receipt page the
 * confirmation email links to, and a customer's Orders in My Account. One summary of an order for all three,
 * and for the confirmation email.
 */

/** Where an order's receipt is read, on this store. */
export function receiptPathOf(token: string): string {
  return `/receipt/${token}`;
}

/** The receipt page's full address, as the customer's messages link to it. */
export function receiptUrlOf(token: string, publicUrl: string): string {
  return new URL(receiptPathOf(token), publicUrl).href;
}

const RECEIPT_NOT_FOUND = 'Receipt not found';

/** A priced line as every view of an order shows it: the product's name as it was ordered, in dollars. */
export function orderLineOf(line: {
  productId: string;
  /** Empty only where no name was kept: the product's id stands in. */
  productName?: string | null;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}): OrderLine {
  return {
    productId: line.productId,
    name: line.productName ?? line.productId,
    quantity: line.quantity,
    unitPrice: centsToDollars(line.unitPriceCents),
    lineTotal: centsToDollars(line.lineTotalCents),
  };
}

/** What was bought and where it goes, in dollars, as every view of the order shows it. */
export function orderSummaryOf({ order, lines }: OrderSummaryRecord): OrderSummary {
  const delivery = deliveryOf(order);
  return {
    orderId: order.id,
    items: lines.map(orderLineOf),
    subtotal: centsToDollars(order.subtotalCents),
    tax: centsToDollars(order.taxCents),
    total: centsToDollars(order.totalCents),
    ...(delivery ? { contactEmail: delivery.email, deliveryAddress: delivery.address } : {}),
    ...(order.receiptToken ? { receiptPath: receiptPathOf(order.receiptToken) } : {}),
  };
}

/**
 * "VISA •••• 1111", a bank's name and the account's last 4, or with the wallet that paid first ("Apple Pay ·
 * VISA •••• 1111": a wallet's last 4 is its device number's, which the customer knows by the wallet), as the
 * result page, the emails and the console name it.
 */
function paymentMethodLabel(payment: {
  orderId: string;
  cardBrand: string;
  last4: string;
  bankName: string | null;
}) {
  const wallet = walletNameOf(payment.orderId);
  const method = `${payment.bankName ?? payment.cardBrand} •••• ${payment.last4}`;
  return wallet ? `${wallet} · ${method}` : method;
}

function receiptOf(record: OrderRecord): Receipt {
  const { payment, money } = record;
  return {
    ...orderSummaryOf(record),
    placedAt: record.order.createdAt.toISOString(),
    ...orderStandingFields(
      orderStandingOf(
        { status: record.requestStatus, failure: record.requestFailure },
        money,
        record.order.fulfilmentStatus,
      ),
    ),
    ...(payment ? { paymentMethod: paymentMethodLabel(payment) } : {}),
    // The refunds done: a charge cancelled before it settled never reached the customer's statement and is
    // no refund (the payment's figures, decision 048).
    refunds: record.refunds.map((refund) => ({
      amount: centsToDollars(refund.amountCents),
      at: refund.at.toISOString(),
    })),
    refundedTotal: centsToDollars(money?.refundedCents ?? 0),
    ...shipmentOf(record.order),
  };
}

/** The shipment as the receipt tells it: the same carrier and tracking number as the shipping email. */
function shipmentOf(order: OrderRecord['order']): Pick<Receipt, 'shipment'> {
  if (order.fulfilmentStatus !== 'shipped' || !order.shippedAt) return {};
  return {
    shipment: {
      shippedAt: order.shippedAt.toISOString(),
      ...(order.shippingCarrier ? { carrier: order.shippingCarrier } : {}),
      ...(order.trackingNumber ? { trackingNumber: order.trackingNumber } : {}),
    },
  };
}

/** The receipt a link names; "not found" for any other token, whatever it looks like. */
export async function readReceipt(orm: Orm, token: string): Promise<Receipt> {
  // Tokens are 43 base64url characters: anything else is not looked up at all.
  const record = /^[A-Za-z0-9_-]{43}$/.test(token) ? await findOrderByReceiptToken(orm, token) : undefined;
  if (!record) throw new AppError('not_found', RECEIPT_NOT_FOUND);
  return receiptOf(record);
}

/** How many of a customer's orders one page lists. */
const ORDERS_PAGE_SIZE = 20;

/** A page of a customer's orders ends at an order: its time and its order id. */
function orderCursorOf(cursor: string | undefined): { createdAt: Date; id: string } | undefined {
  const decoded = decodeTimeCursor(cursor, ORDER_ID_PATTERN);
  return decoded && { createdAt: decoded.at, id: decoded.id };
}

/** A signed-in customer's orders, newest first; only ever their own. */
export async function readCustomerOrders(
  orm: Orm,
  customerId: string,
  cursor?: string,
): Promise<CustomerOrdersResponse> {
  const rows = await listCustomerOrders(orm, customerId, {
    limit: ORDERS_PAGE_SIZE + 1,
    before: orderCursorOf(cursor),
  });
  const page = rows.slice(0, ORDERS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    status: 'success',
    orders: page.map((row) => ({
      orderId: row.order.id,
      placedAt: row.order.createdAt.toISOString(),
      total: centsToDollars(row.order.totalCents),
      itemCount: row.itemCount,
      ...orderStandingFields(
        orderStandingOf(
          { status: row.requestStatus, failure: row.requestFailure },
          row.money,
          row.order.fulfilmentStatus,
        ),
      ),
      ...(row.method ? { paymentMethod: paymentMethodLabel({ orderId: row.order.id, ...row.method }) } : {}),
      ...(row.order.receiptToken ? { receiptPath: receiptPathOf(row.order.receiptToken) } : {}),
    })),
    ...(rows.length > ORDERS_PAGE_SIZE && last
      ? { nextCursor: encodeCursor(last.order.createdAt, last.order.id) }
      : {}),
  };
}

/**
 * Queues the order's confirmation (items, totals, delivery, payment method, receipt link) in the
 * transaction that records its payment, so that a payment is never recorded without its message nor a
 * message sent for a payment that was not. An order taken before the store asked for a contact gets none.
 */
export async function queueOrderConfirmation(
  tx: Transaction,
  publicUrl: string,
  { order, lines }: OrderSummaryRecord,
  payment: PaymentRow,
): Promise<void> {
  const delivery = deliveryOf(order);
  if (!delivery || !order.receiptToken) return;
  const message = orderConfirmation({
    storeName: STORE_NAME,
    orderId: order.id,
    contactEmail: delivery.email,
    items: lines.map((line) => ({
      productName: line.productName ?? line.productId,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      lineTotalCents: line.lineTotalCents,
    })),
    subtotalCents: order.subtotalCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    delivery: delivery.address,
    paymentMethod: paymentMethodShown(payment),
    receiptUrl: receiptUrlOf(order.receiptToken, publicUrl),
  });
  await queueMail(
    tx,
    {
      kind: 'order_confirmation',
      dedupeKey: `order:${order.id}`,
      orderId: order.id,
      recipient: delivery.email,
      ...message,
    },
    mailDomainOf(publicUrl),
  );
}
