import { and, asc, eq, gt, isNotNull, lt, or, sql } from 'drizzle-orm';
import { type Orm } from './client';
import { paymentRequests } from './schema';

import type { PaymentRequestRow } from './checkout-store';

/**
 * The attempts still open, as upkeep looks for them (decisions 011, 025, 047): requests the gateway has not
 * answered for, and declined ones of a cart or link to look at again.
 */

/**
 * Payment requests still pending, made in the window given, oldest first: by the hosted page (the
 * shopper's browser did not come back), or by the store (its answer to the shopper was lost).
 */
export async function listPendingPaymentRequests(
  orm: Orm,
  options: {
    authorizedBy: PaymentRequestRow['authorizedBy'];
    createdBefore: Date;
    createdAfter: Date;
    limit: number;
  },
): Promise<PaymentRequestRow[]> {
  return orm
    .select()
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.status, 'pending'),
        eq(paymentRequests.authorizedBy, options.authorizedBy),
        lt(paymentRequests.createdAt, options.createdBefore),
        gt(paymentRequests.createdAt, options.createdAfter),
      ),
    )
    .orderBy(asc(paymentRequests.createdAt))
    .limit(options.limit);
}

/**
 * Hosted-page requests closed as abandoned, or declined while paying for a cart or a payment link (their page
 * can still be paid: Back, a tab left open; decision 047), younger than `createdAfter`, whose next look at the
 * gateway is due: each is looked at again after as long as it had been open when last looked at (two hours after it
 * was made, then four, eight …), and never sooner than an hour after the last look. A shopper who left the
 * payment page open and paid after an hour is found within a few hours, while a request nobody paid costs
 * the gateway about seven questions over an authorization's life. Oldest look first.
 */
export async function listClosedToRecheck(
  orm: Orm,
  options: { now: Date; createdAfter: Date; limit: number },
): Promise<string[]> {
  const rows = await orm
    .select({ requestId: paymentRequests.requestId })
    .from(paymentRequests)
    .where(
      and(
        or(
          and(eq(paymentRequests.status, 'failed'), eq(paymentRequests.failure, 'abandoned')),
          and(eq(paymentRequests.status, 'declined'), isNotNull(paymentRequests.cartKey)),
        ),
        eq(paymentRequests.authorizedBy, 'hosted_page'),
        gt(paymentRequests.createdAt, options.createdAfter),
        sql`${paymentRequests.verifiedAt} <= ${options.now.toISOString()}::timestamptz - greatest(${paymentRequests.verifiedAt} - ${paymentRequests.createdAt}, interval '1 hour')`,
      ),
    )
    .orderBy(asc(paymentRequests.verifiedAt))
    .limit(options.limit);
  return rows.map((row) => row.requestId);
}

/** Notes when an abandoned request was last looked at, if it is still abandoned. */
export async function markAbandonedLookedAt(orm: Orm, requestId: string, at: Date): Promise<void> {
  await orm
    .update(paymentRequests)
    .set({ verifiedAt: at })
    .where(
      and(
        eq(paymentRequests.requestId, requestId),
        eq(paymentRequests.status, 'failed'),
        eq(paymentRequests.failure, 'abandoned'),
      ),
    );
}

/** A request the store authorized itself whose outcome it has not settled. */
const pendingStoreRequest = and(
  eq(paymentRequests.status, 'pending'),
  eq(paymentRequests.authorizedBy, 'store'),
);

/** The oldest request the store authorized that is still pending and younger than `after`, if any. */
export async function oldestPendingStoreRequest(orm: Orm, after: Date): Promise<Date | undefined> {
  const rows = await orm
    .select({ oldest: sql<string | null>`min(${paymentRequests.createdAt})` })
    .from(paymentRequests)
    .where(and(pendingStoreRequest, gt(paymentRequests.createdAt, after)));
  const oldest = rows[0]?.oldest;
  return oldest ? new Date(oldest) : undefined;
}

/** A payment the store authorized for this customer whose outcome is not settled yet, if any. */
export async function findUnsettledStoreRequest(
  orm: Orm,
  customerId: string,
  after: Date,
): Promise<PaymentRequestRow | undefined> {
  const rows = await orm
    .select()
    .from(paymentRequests)
    .where(
      and(
        pendingStoreRequest,
        eq(paymentRequests.customerId, customerId),
        gt(paymentRequests.createdAt, after),
      ),
    )
    .limit(1);
  return rows[0];
}
