import { desc, eq, sql } from 'drizzle-orm';
import type { Orm, Transaction } from './client';
import { customers, paymentLinks, paymentRequests, payments } from './schema';

/**
 * Payment links (decision 034) as the console and the payer read them: each with how its latest attempt
 * stands (no attempt yet, a request still pending at the hosted page, or its payment), which decides the
 * link's status.
 */

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

export interface PaymentLinkRecord {
  link: PaymentLinkRow;
  /** The customer's Customer ID, when the link is for a customer. */
  customerNumericId: number | null;
  /** How its latest attempt's payment request stands; null before anyone pressed Pay. */
  attemptStatus: 'pending' | 'approved' | 'declined' | 'failed' | null;
  attemptRequestId: string | null;
  /** Whether its latest attempt was paid (an authorization recorded). */
  paid: boolean;
  /** The paid order's receipt token. */
  receiptToken: string | null;
}

function selectLinks(db: Orm | Transaction) {
  return db
    .select({
      link: paymentLinks,
      customerNumericId: customers.numericId,
      attemptStatus: paymentRequests.status,
      attemptRequestId: paymentRequests.requestId,
      paid: sql<boolean>`${payments.id} is not null`,
      receiptToken: sql<
        string | null
      >`(select o.receipt_token from orders o where o.id = ${paymentLinks.orderId})`,
    })
    .from(paymentLinks)
    .leftJoin(customers, eq(customers.id, paymentLinks.customerId))
    .leftJoin(paymentRequests, eq(paymentRequests.orderId, paymentLinks.orderId))
    .leftJoin(payments, eq(payments.orderId, paymentLinks.orderId));
}

export async function insertPaymentLink(
  orm: Orm | Transaction,
  values: typeof paymentLinks.$inferInsert,
): Promise<PaymentLinkRow> {
  const [row] = await orm.insert(paymentLinks).values(values).returning();
  return row!;
}

export async function findPaymentLinkByToken(
  db: Orm | Transaction,
  token: string,
): Promise<PaymentLinkRecord | undefined> {
  const [row] = await selectLinks(db).where(eq(paymentLinks.token, token)).limit(1);
  return row;
}

export async function findPaymentLink(
  db: Orm | Transaction,
  id: string,
): Promise<PaymentLinkRecord | undefined> {
  const [row] = await selectLinks(db).where(eq(paymentLinks.id, id)).limit(1);
  return row;
}

/** The newest links, every customer's and every caller's, or one customer's. */
export async function listPaymentLinks(
  orm: Orm,
  options: { customerId?: string; limit: number },
): Promise<PaymentLinkRecord[]> {
  return selectLinks(orm)
    .where(options.customerId ? eq(paymentLinks.customerId, options.customerId) : undefined)
    .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
    .limit(options.limit);
}

/**
 * Holds a link until the caller's transaction ends: whoever pays or cancels it waits for the other, so a link
 * never gets two attempts at once, nor an attempt after its cancellation.
 */
export async function lockPaymentLink(tx: Transaction, id: string): Promise<void> {
  await tx.select({ id: paymentLinks.id }).from(paymentLinks).where(eq(paymentLinks.id, id)).for('update');
}

export async function setPaymentLinkOrder(tx: Transaction, id: string, orderId: string): Promise<void> {
  await tx.update(paymentLinks).set({ orderId }).where(eq(paymentLinks.id, id));
}

export async function markPaymentLinkCancelled(
  tx: Transaction,
  id: string,
  operator: string,
  at: Date,
): Promise<void> {
  await tx
    .update(paymentLinks)
    .set({ cancelledAt: at, cancelledBy: operator })
    .where(eq(paymentLinks.id, id));
}
