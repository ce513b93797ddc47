import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Orm } from './client';
import { orderLines, orders, paymentRequests, payments } from './schema';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRequestRow = typeof paymentRequests.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export interface NewOrder {
  id: string;
  channel: OrderRow['channel'];
  customerName: string;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  lines: { productId: string; unitPriceCents: number; quantity: number; lineTotalCents: number }[];
}

/** Records an order, its lines and its payment request at once; false when the order id is already taken. */
export async function insertOrderWithPaymentRequest(
  orm: Orm,
  order: NewOrder,
  requestId: string,
  customer?: { customerId: string; savedMethodId?: string },
): Promise<{ inserted: boolean }> {
  return orm.transaction(async (tx) => {
    const created = await tx
      .insert(orders)
      .values({
        id: order.id,
        channel: order.channel,
        customerName: order.customerName,
        subtotalCents: order.subtotalCents,
        taxCents: order.taxCents,
        totalCents: order.totalCents,
      })
      .onConflictDoNothing({ target: orders.id })
      .returning({ id: orders.id });
    if (created.length === 0) return { inserted: false };
    await tx.insert(orderLines).values(order.lines.map((line) => ({ orderId: order.id, ...line })));
    await tx
      .insert(paymentRequests)
      .values({ requestId, orderId: order.id, amountCents: order.totalCents, ...customer });
    return { inserted: true };
  });
}

export async function findPaymentRequest(
  orm: Orm,
  requestId: string,
): Promise<PaymentRequestRow | undefined> {
  const rows = await orm
    .select()
    .from(paymentRequests)
    .where(eq(paymentRequests.requestId, requestId))
    .limit(1);
  return rows[0];
}

export async function findPaymentByOrder(orm: Orm, orderId: string): Promise<PaymentRow | undefined> {
  const rows = await orm.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
  return rows[0];
}

export async function markPaymentRequest(
  orm: Orm,
  requestId: string,
  status: 'declined' | 'failed',
  message: string,
): Promise<void> {
  await orm
    .update(paymentRequests)
    .set({ status, message, verifiedAt: new Date() })
    .where(eq(paymentRequests.requestId, requestId));
}

export async function notePaymentRequestSeenByBrowser(orm: Orm, requestId: string): Promise<void> {
  await orm
    .update(paymentRequests)
    .set({ browserRecordedAt: new Date() })
    .where(eq(paymentRequests.requestId, requestId));
}

export interface NewAuthorization {
  orderId: string;
  requestId: string;
  retref: string;
  cardBrand: string;
  last4: string;
  authCode: string;
  authorizedCents: number;
  authorizedAt: Date;
  bankName?: string | null;
  /** A bank payment is authorized and captured in one call. */
  captured?: boolean;
}

/**
 * Records a confirmed authorization and marks its request approved. Verifying twice (two tabs, a reload)
 * records it once: the order and the retref are unique.
 */
export async function recordAuthorization(orm: Orm, authorization: NewAuthorization): Promise<PaymentRow> {
  return orm.transaction(async (tx) => {
    const { captured, ...fields } = authorization;
    await tx
      .insert(payments)
      .values({
        ...fields,
        ...(captured
          ? {
              captureStatus: 'captured',
              capturedCents: fields.authorizedCents,
              capturedAt: fields.authorizedAt,
            }
          : {}),
      })
      .onConflictDoNothing();
    await tx
      .update(paymentRequests)
      .set({ status: 'approved', message: null, verifiedAt: new Date() })
      .where(eq(paymentRequests.requestId, authorization.requestId));
    const rows = await tx.select().from(payments).where(eq(payments.orderId, authorization.orderId)).limit(1);
    const payment = rows[0];
    if (!payment) throw new Error(`Authorization for ${authorization.orderId} was not recorded`);
    return payment;
  });
}

/** Hosted-page payment requests never confirmed (the shopper's browser did not come back), oldest first. */
export async function listUnverifiedPaymentRequests(
  orm: Orm,
  options: { createdBefore: Date; createdAfter: Date; limit: number },
): Promise<PaymentRequestRow[]> {
  return orm
    .select()
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.status, 'pending'),
        lt(paymentRequests.createdAt, options.createdBefore),
        gt(paymentRequests.createdAt, options.createdAfter),
      ),
    )
    .orderBy(asc(paymentRequests.createdAt))
    .limit(options.limit);
}
