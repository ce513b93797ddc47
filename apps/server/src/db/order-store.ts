import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { FailedAttemptOutcome, PaymentMoney } from '@store/core';
import type { Orm, Transaction } from './client';
import { batchedPerDatabase } from './batched';
import { DELIVERY_COLUMNS } from './delivery-columns';
import { listRefundsDone, paymentMoneyColumn, paymentMoneyOf } from './payment-money';
import { columnsOf, fixedStatement, rowOf } from './prepared';
import {
  auditEvents,
  customers,
  mailOutbox,
  orders,
  paymentRequests,
  payments,
  type orderLines,
} from './schema';

/**
 * Orders as their shoppers read them (decision 027): what was bought, where it goes and how its payment
 * stands. Nothing here changes an order.
 */

export type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

/** An order with its lines, in the order the cart listed them. */
interface OrderWithLines {
  order: OrderRow;
  lines: OrderLineRow[];
}

/** An order with its lines, and what its payment request and payment say of it. */
export interface OrderRecord extends OrderWithLines {
  requestStatus: 'pending' | 'approved' | 'declined' | 'failed';
  /** How its attempt ended, when it took no money (decision 031). */
  requestFailure: FailedAttemptOutcome | null;
  payment?: typeof payments.$inferSelect;
  /** Its payment's figures (decision 048), once authorized. */
  money?: PaymentMoney;
  /** Its refunds done (none scheduled or unconfirmed, no cancelled charge), oldest first. */
  refunds: { amountCents: number; at: Date }[];
}

/** An order's lines as one JSON array, read with the order itself (the `orders` table under its own name). */
const LINES_OF_ORDER_TEXT = `(
  select coalesce(json_agg(json_build_object(
    'orderId', l.order_id, 'productId', l.product_id, 'productName', l.product_name,
    'stockHeld', l.stock_held, 'unitPriceCents', l.unit_price_cents,
    'quantity', l.quantity, 'lineTotalCents', l.line_total_cents) order by l.product_id), '[]'::json)
  from order_lines l where l.order_id = "orders"."id")`;
const LINES_OF_ORDER = sql<OrderLineRow[]>`${sql.raw(LINES_OF_ORDER_TEXT)}`;

/** An order with its lines and, once authorized, its payment. */
export type OrderWithPayment = OrderWithLines & { payment?: typeof payments.$inferSelect };

/**
 * An order with its lines and, once authorized, its payment, in one statement: what an operator's shipping
 * reads.
 */
export async function findOrderWithPayment(orm: Orm, orderId: string): Promise<OrderWithPayment | undefined> {
  const [row] = await orm
    .select({ order: orders, lines: LINES_OF_ORDER, payment: payments })
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return undefined;
  return { order: row.order, lines: row.lines, payment: row.payment ?? undefined };
}

/** What a shopper is shown of an order (its summary, the order confirmation): totals, delivery, receipt link. */
const ORDER_SUMMARY_COLUMNS = [
  'id',
  'subtotalCents',
  'taxCents',
  'totalCents',
  'receiptToken',
  ...DELIVERY_COLUMNS,
] as const satisfies readonly (keyof OrderRow)[];

/** What a shopper is shown of an order, with its lines. */
export interface OrderSummaryRecord {
  order: Pick<OrderRow, (typeof ORDER_SUMMARY_COLUMNS)[number]>;
  lines: OrderLineRow[];
}

/** What confirming a payment needs of its request: the order asked about, the amount, how it is paid, when. */
const RESULT_REQUEST_COLUMNS = [
  'requestId',
  'orderId',
  'amountCents',
  'methodKind',
  'bankName',
  'createdAt',
  'failure',
  'message',
] as const satisfies readonly (keyof typeof paymentRequests.$inferSelect)[];

/** What the result page shows of a recorded payment. */
const RESULT_PAYMENT_COLUMNS = [
  'orderId',
  'retref',
  'cardBrand',
  'bankName',
  'last4',
  'authCode',
  'authorizedCents',
  'authorizedAt',
] as const satisfies readonly (keyof typeof payments.$inferSelect)[];

/** A payment as the result page shows it. */
export type ResultPayment = Pick<typeof payments.$inferSelect, (typeof RESULT_PAYMENT_COLUMNS)[number]>;

const requestsWithOrders = fixedStatement<Record<string, unknown>>(`
  select ${columnsOf(paymentRequests, 'r', RESULT_REQUEST_COLUMNS)},
    ${columnsOf(orders, 'orders', ORDER_SUMMARY_COLUMNS)},
    ${columnsOf(payments, 'p', RESULT_PAYMENT_COLUMNS)},
    ${LINES_OF_ORDER_TEXT} as lines
  from payment_requests r
  join orders on orders.id = r.order_id
  left join payments p on p.order_id = r.order_id
  where r.request_id = any($1::uuid[])`);

/** A payment request and its order as the result page reads them. */
export interface RequestWithOrder {
  request: Pick<typeof paymentRequests.$inferSelect, (typeof RESULT_REQUEST_COLUMNS)[number]>;
  order: OrderSummaryRecord & { payment?: ResultPayment };
}

/**
 * A payment request with its order, the order's lines and, once authorized, its payment, in one statement
 * made once: what the result page asks for every time it is shown (a shopper's reload, a second tab). Only
 * the columns the page and the order's confirmation use are read: every reload reads them again. The
 * pages asked for together are read together (see batched.ts), each read starting after it was asked for.
 */
export const findPaymentRequestWithOrder: (
  orm: Orm,
  requestId: string,
) => Promise<RequestWithOrder | undefined> = batchedPerDatabase(
  async (orm, requestIds: string[]) => {
    const rows = await requestsWithOrders(orm, [[...new Set(requestIds)]]);
    const found = new Map(rows.map((row) => [String(row['r.request_id']), requestWithOrderOf(row)]));
    return requestIds.map((id) => found.get(id.toLowerCase()));
  },
  { aloneOnFailure: true },
);

function requestWithOrderOf(row: Record<string, unknown>): RequestWithOrder {
  return {
    request: rowOf(paymentRequests, row, 'r', RESULT_REQUEST_COLUMNS),
    order: {
      order: rowOf(orders, row, 'orders', ORDER_SUMMARY_COLUMNS),
      lines: row.lines as OrderLineRow[],
      ...(row['p.order_id'] === null ? {} : { payment: rowOf(payments, row, 'p', RESULT_PAYMENT_COLUMNS) }),
    },
  };
}

/** The order a receipt link names, with its payment and refunds; undefined for an unknown link. */
export async function findOrderByReceiptToken(orm: Orm, token: string): Promise<OrderRecord | undefined> {
  const [row] = await orm
    .select({
      order: orders,
      lines: LINES_OF_ORDER,
      requestStatus: paymentRequests.status,
      requestFailure: paymentRequests.failure,
      payment: payments,
      refundSums: paymentMoneyColumn(payments.id),
    })
    .from(orders)
    .innerJoin(paymentRequests, eq(paymentRequests.orderId, orders.id))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orders.receiptToken, token))
    .limit(1);
  if (!row) return undefined;
  const refunds = row.payment ? await listRefundsDone(orm, row.payment.id) : [];
  return {
    order: row.order,
    lines: row.lines,
    requestStatus: row.requestStatus,
    requestFailure: row.requestFailure,
    payment: row.payment ?? undefined,
    ...(row.payment ? { money: paymentMoneyOf(row.payment, row.refundSums) } : {}),
    refunds,
  };
}

/** A row of a customer's orders. */
export interface CustomerOrderRow {
  order: OrderRow;
  itemCount: number;
  requestStatus: OrderRecord['requestStatus'];
  requestFailure: OrderRecord['requestFailure'];
  /** Its payment's figures (decision 048), once authorized. */
  money?: PaymentMoney;
  /** How it was paid, once authorized. */
  method?: { cardBrand: string; last4: string; bankName: string | null };
}

/**
 * A customer's orders, newest first, a page at a time: `before` is the last row of the previous page
 * (its time and id), so that a page never repeats or skips an order placed meanwhile.
 */
export async function listCustomerOrders(
  orm: Orm,
  customerId: string,
  page: { limit: number; before?: { createdAt: Date; id: string } },
): Promise<CustomerOrderRow[]> {
  const before = page.before;
  // Pages are cut at the millisecond, the precision of the cursor's JavaScript date.
  const placedAt = sql`date_trunc('milliseconds', ${orders.createdAt})`;
  const rows = await orm
    .select({
      order: orders,
      itemCount: sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = ${orders.id})`,
      requestStatus: paymentRequests.status,
      requestFailure: paymentRequests.failure,
      payment: {
        captureStatus: payments.captureStatus,
        authorizedCents: payments.authorizedCents,
        capturedCents: payments.capturedCents,
        refundedCents: payments.refundedCents,
        disputeAmountCents: payments.disputeAmountCents,
        disputedAt: payments.disputedAt,
        returnedAt: payments.returnedAt,
        cardBrand: payments.cardBrand,
        last4: payments.last4,
        bankName: payments.bankName,
      },
      refundSums: paymentMoneyColumn(payments.id),
    })
    .from(orders)
    .innerJoin(paymentRequests, eq(paymentRequests.orderId, orders.id))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(
      and(
        eq(orders.customerId, customerId),
        before
          ? or(
              sql`${placedAt} < ${before.createdAt}`,
              and(sql`${placedAt} = ${before.createdAt}`, lt(orders.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(placedAt), desc(orders.id))
    .limit(page.limit);
  return rows.map((row) => ({
    order: row.order,
    itemCount: Number(row.itemCount),
    requestStatus: row.requestStatus,
    requestFailure: row.requestFailure,
    ...(row.payment
      ? {
          money: paymentMoneyOf(row.payment, row.refundSums),
          method: {
            cardBrand: row.payment.cardBrand,
            last4: row.payment.last4,
            bankName: row.payment.bankName,
          },
        }
      : {}),
  }));
}

/** What the console's order page reads of an order besides its payment's history row (decision 028). */
export interface AdminOrderRecord extends OrderWithLines {
  request: typeof paymentRequests.$inferSelect;
  payment?: typeof payments.$inferSelect;
  /** Its payment's figures (decision 048), once authorized. */
  money?: PaymentMoney;
  customer?: { name: string; email: string; numericId: number };
  /** Every audit line about the order, oldest first: who did what to it, and how it ended. */
  events: (typeof auditEvents.$inferSelect)[];
  /** The messages queued to its customer, oldest first. */
  mail: Pick<typeof mailOutbox.$inferSelect, 'kind' | 'recipient' | 'status' | 'createdAt' | 'sentAt'>[];
}

/** Everything the order page shows of one order; undefined for an unknown order id. */
export async function findAdminOrder(orm: Orm, orderId: string): Promise<AdminOrderRecord | undefined> {
  const [row] = await orm
    .select({
      order: orders,
      lines: LINES_OF_ORDER,
      request: paymentRequests,
      payment: payments,
      refundSums: paymentMoneyColumn(payments.id),
      customerName: customers.name,
      customerEmail: customers.email,
      customerNumericId: customers.numericId,
    })
    .from(orders)
    .innerJoin(paymentRequests, eq(paymentRequests.orderId, orders.id))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return undefined;
  const [events, mail] = await Promise.all([
    orm
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.orderId, orderId))
      .orderBy(asc(auditEvents.at), asc(auditEvents.id))
      .limit(500),
    orm
      .select({
        kind: mailOutbox.kind,
        recipient: mailOutbox.recipient,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, orderId))
      .orderBy(asc(mailOutbox.createdAt)),
  ]);
  return {
    order: row.order,
    lines: row.lines,
    request: row.request,
    payment: row.payment ?? undefined,
    ...(row.payment ? { money: paymentMoneyOf(row.payment, row.refundSums) } : {}),
    customer:
      row.customerName !== null && row.customerEmail !== null && row.customerNumericId !== null
        ? { name: row.customerName, email: row.customerEmail, numericId: row.customerNumericId }
        : undefined,
    events,
    mail,
  };
}

export interface Shipment {
  orderId: string;
  actor: string;
  carrier?: string;
  trackingNumber?: string;
  at: Date;
}

/**
 * Marks an unfulfilled order shipped, and runs `alongside` (its audit line, its customer's message) in the
 * same transaction. Answers the order as shipped, or undefined when it was not unfulfilled any more (shipped
 * by someone else meanwhile): nothing is written then.
 */
export async function markOrderShipped(
  orm: Orm,
  shipment: Shipment,
  alongside: (tx: Transaction, order: OrderRow) => Promise<void>,
): Promise<OrderRow | undefined> {
  return orm.transaction(async (tx) => {
    const [shipped] = await tx
      .update(orders)
      .set({
        fulfilmentStatus: 'shipped',
        shippedAt: shipment.at,
        shippedBy: shipment.actor,
        shippingCarrier: shipment.carrier ?? null,
        trackingNumber: shipment.trackingNumber ?? null,
      })
      .where(and(eq(orders.id, shipment.orderId), eq(orders.fulfilmentStatus, 'unfulfilled')))
      .returning();
    if (!shipped) return undefined;
    await alongside(tx, shipped);
    return shipped;
  });
}
