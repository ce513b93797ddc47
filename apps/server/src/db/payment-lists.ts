import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import {
  type DeliveryAddress,
  type FailedAttemptOutcome,
  type HistorySearchTerms,
  type PaymentMoney,
  type TransactionChannel,
} from '@store/core';
import { type PaymentRow } from './checkout-store';
import { deliveryOf } from './delivery-columns';
import type { Orm } from './client';
import { paymentMoneyColumn, paymentMoneyOf, type RefundSums } from './payment-money';
import { readPrepared, snapshotText } from './prepared';
import { payments } from './schema';
import {
  ATTEMPT_CHANNEL_FILTERS,
  attemptSearchCondition,
  CHANNEL_FILTERS,
  PAYMENT_FILTERS,
  searchCondition,
  type HistoryFilter,
} from './history-filters';

/**
 * The console's lists of payments: awaiting capture, Transaction History (and its failed attempts), and
 * Capture All's targets.
 */

/** Authorized payments, oldest first (they expire first), keyset-paginated on (authorized_at, id). */
export async function listAuthorizedPayments(
  orm: Orm,
  options: { limit: number; after?: { at: Date; id: string } },
): Promise<PaymentRow[]> {
  const after = options.after;
  return orm
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.captureStatus, 'authorized'),
        after
          ? or(
              gt(payments.authorizedAt, after.at),
              and(eq(payments.authorizedAt, after.at), gt(payments.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(payments.authorizedAt), asc(payments.id))
    .limit(options.limit);
}

/** A timestamp as JavaScript's toISOString writes it, made by the database (UTC, milliseconds). */
const isoText = (column: SQL) =>
  sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A Pending Payments row: what the console shows, with the times already as ISO text. */
export interface AwaitingCaptureRow {
  id: string;
  orderId: string;
  requestId: string | null;
  cardBrand: string;
  last4: string;
  bankName: string | null;
  authorizedCents: number;
  authorizedAt: string;
  /** When the authorization lapses at the gateway: `authorizedAt` plus the lifetime the caller gave. */
  expiresAt: string;
  /** Whether its order has been marked shipped (captured with it, unless capture on shipment is off). */
  shipped: boolean;
}

/**
 * One page of Pending Payments and how many await capture (counted up to `countCap`), in one statement:
 * only the columns shown, times as text (a page is 100 rows; parsing dates and mapping whole rows cost
 * more than the query itself), and one round trip instead of two.
 */
export async function listAwaitingCapture(
  orm: Orm,
  options: {
    limit: number;
    after?: { at: Date; id: string };
    countCap: number;
    /** How long an authorization lasts at the gateway: each row's expiry is written with the page. */
    lifetimeMs: number;
  },
): Promise<{ rows: AwaitingCaptureRow[]; total: number; snapshot: string }> {
  const after = options.after;
  const found = await readPrepared<Record<string, unknown>>(
    orm,
    sql`
    with page as (
      select id, order_id, request_id, card_brand, last4, bank_name, authorized_cents, authorized_at
      from payments where capture_status = 'authorized'
      ${after ? sql`and (authorized_at, id) > (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)` : sql``}
      order by authorized_at, id limit ${options.limit}
    ), awaiting as (
      select count(*)::int as total, ${snapshotText} as snapshot from (
        select 1 from payments where capture_status = 'authorized' limit ${options.countCap}
      ) counted
    )
    select page.id, page.order_id, page.request_id, page.card_brand, page.last4, page.bank_name,
           page.authorized_cents, ${isoText(sql`page.authorized_at`)} as authorized_at,
           ${isoText(sql`page.authorized_at + ${options.lifetimeMs}::int8 * interval '1 millisecond'`)} as expires_at,
           (select o.fulfilment_status = 'shipped' from orders o where o.id = page.order_id) as shipped,
           awaiting.total, awaiting.snapshot
    from awaiting left join page on true
    order by page.authorized_at, page.id`,
  );
  const total = Number(found[0]?.total ?? 0);
  const rows: AwaitingCaptureRow[] = [];
  for (const row of found) {
    if (row.id === null) continue;
    rows.push({
      id: row.id as string,
      orderId: row.order_id as string,
      requestId: row.request_id as string | null,
      cardBrand: row.card_brand as string,
      last4: row.last4 as string,
      bankName: row.bank_name as string | null,
      authorizedCents: Number(row.authorized_cents),
      authorizedAt: row.authorized_at as string,
      expiresAt: row.expires_at as string,
      shipped: row.shipped === true,
    });
  }
  return { rows, total, snapshot: String(found[0]!.snapshot) };
}

export interface HistoryRow {
  rowKind: 'payment' | 'refund';
  rowId: string;
  paymentId: string;
  orderId: string;
  requestId: string | null;
  cardBrand: string;
  last4: string;
  bankName: string | null;
  authorizedCents: number;
  capturedCents: number;
  /** The payment's money, as every reader has it (decision 048). */
  money: PaymentMoney;
  captureStatus: PaymentRow['captureStatus'];
  refundCents: number | null;
  /** The row's time, as ISO text (as are the other times). */
  at: string;
  paymentAt: string;
  /** When the gateway settled the payment's capture. */
  settledAt: string | null;
  /** For a refund row: sent as a refund, or (whole, before settlement) as a void of the capture. */
  refundMethod: 'refund' | 'void' | null;
  /** For a refund row: done, or waiting for the capture to settle. */
  refundState: 'succeeded' | 'scheduled' | null;
  /** The order's contact email and delivery address; null on orders taken before the store asked. */
  contactEmail: string | null;
  delivery: DeliveryAddress | null;
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** A history row's order contact and delivery, read from its columns as an order's are. */
function deliveryFields(row: Record<string, unknown>): Pick<HistoryRow, 'contactEmail' | 'delivery'> {
  const delivery = deliveryOf({
    contactEmail: text(row.contact_email),
    deliveryName: text(row.delivery_name),
    deliveryAddress: text(row.delivery_address),
    deliveryAddress2: text(row.delivery_address2),
    deliveryCity: text(row.delivery_city),
    deliveryState: text(row.delivery_state),
    deliveryZip: text(row.delivery_zip),
    deliveryCountry: text(row.delivery_country),
    deliveryPhone: text(row.delivery_phone),
  });
  return { contactEmail: delivery?.email ?? null, delivery: delivery?.address ?? null };
}

export async function listHistory(
  orm: Orm,
  options: {
    limit: number;
    before?: { at: Date; id: string };
    search?: HistorySearchTerms;
    filter: HistoryFilter;
    channel?: TransactionChannel;
    from?: Date;
    until?: Date;
  },
): Promise<{ rows: HistoryRow[]; /** Read in (none when no row was found). */ snapshot?: string }> {
  const before = options.before;
  const rowConditions = (atColumn: SQL, idColumn: SQL) => {
    const conditions: SQL[] = [];
    if (before) {
      conditions.push(
        sql`and (${atColumn}, ${idColumn}) < (${before.at.toISOString()}::timestamptz, ${before.id}::uuid)`,
      );
    }
    if (options.from) conditions.push(sql`and ${atColumn} >= ${options.from.toISOString()}::timestamptz`);
    if (options.until) conditions.push(sql`and ${atColumn} < ${options.until.toISOString()}::timestamptz`);
    return sql.join(conditions, sql` `);
  };
  const channel = options.channel && options.channel !== 'all' ? CHANNEL_FILTERS[options.channel] : undefined;
  const search = options.search ? searchCondition(options.search) : undefined;
  // Conditions on the payment (`p`): a refund row is kept when its payment meets them.
  const paymentConditions = sql.join(
    [channel ? sql`and ${channel}` : sql``, search ? sql`and ${search}` : sql``],
    sql` `,
  );

  const paymentRows =
    options.filter === 'refund'
      ? undefined
      : sql`select 'payment' as row_kind, p.id as row_id, p.created_at as at, null::int as refund_cents,
            null::text as refund_method, null::text as refund_state, p.id as payment_id from payments p
            where true ${options.filter === 'all' ? sql`` : sql`and ${PAYMENT_FILTERS[options.filter]}`}
            ${paymentConditions} ${rowConditions(sql`p.created_at`, sql`p.id`)}
            order by p.created_at desc, p.id desc limit ${options.limit}`;
  // Refunds are read newest first from their own index; their payments are read only to match a search or
  // a channel.
  const refundRows =
    options.filter === 'all' || options.filter === 'refund'
      ? sql`select 'refund' as row_kind, o.id as row_id, o.created_at as at, o.amount_cents as refund_cents,
            o.method as refund_method, o.status as refund_state, o.payment_id
            from money_operations o
            where o.kind = 'refund' and o.status in ('succeeded', 'scheduled')
            ${channel || search ? sql`and o.payment_id in (select p.id from payments p where true ${paymentConditions})` : sql``}
            ${rowConditions(sql`o.created_at`, sql`o.id`)}
            order by o.created_at desc, o.id desc limit ${options.limit}`
      : undefined;
  const union = [paymentRows, refundRows].filter((part): part is SQL => part !== undefined);
  const combined = union.length === 2 ? sql`(${union[0]}) union all (${union[1]})` : sql`${union[0]}`;

  const statement = sql`
    select r.row_kind, r.row_id, ${isoText(sql`r.at`)} as at, r.refund_cents, r.refund_method, r.refund_state,
           p.id as payment_id, p.order_id, p.request_id, p.card_brand, p.bank_name, p.last4, p.authorized_cents,
           p.captured_cents, p.refunded_cents, p.capture_status, ${isoText(sql`p.created_at`)} as payment_at,
           ${isoText(sql`p.settled_at`)} as settled_at, ${isoText(sql`p.returned_at`)} as returned_at,
           ${isoText(sql`p.disputed_at`)} as disputed_at, p.dispute_amount_cents,
           ${paymentMoneyColumn(sql`p.id`)} as refund_sums,
           ord.contact_email, ord.delivery_name, ord.delivery_address, ord.delivery_address2, ord.delivery_city,
           ord.delivery_state, ord.delivery_zip, ord.delivery_country, ord.delivery_phone,
           ${snapshotText} as snapshot
    from (${combined}) r join payments p on p.id = r.payment_id join orders ord on ord.id = p.order_id
    order by r.at desc, r.row_id desc
    limit ${options.limit}`;
  // A search or a channel is planned for its own values, each time: a prepared statement's generic plan
  // cannot know whether a name matches 1 payment or 2,500, and one chosen for the first kind of search
  // (walk the history newest first, testing each row) takes a hundred times longer on the other kind.
  const found =
    search || channel
      ? ((await orm.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows
      : await readPrepared<Record<string, unknown>>(orm, statement);
  const rows = found.map((row) => ({
    rowKind: row.row_kind as HistoryRow['rowKind'],
    rowId: String(row.row_id),
    paymentId: String(row.payment_id),
    orderId: String(row.order_id),
    requestId: row.request_id === null ? null : String(row.request_id),
    cardBrand: String(row.card_brand),
    bankName: row.bank_name === null ? null : String(row.bank_name),
    last4: String(row.last4),
    authorizedCents: Number(row.authorized_cents),
    capturedCents: Number(row.captured_cents),
    money: paymentMoneyOf(
      {
        captureStatus: row.capture_status as PaymentRow['captureStatus'],
        authorizedCents: Number(row.authorized_cents),
        capturedCents: Number(row.captured_cents),
        refundedCents: Number(row.refunded_cents),
        disputeAmountCents: row.dispute_amount_cents === null ? null : Number(row.dispute_amount_cents),
        disputedAt: (row.disputed_at ?? null) as string | null,
        returnedAt: (row.returned_at ?? null) as string | null,
      },
      row.refund_sums as RefundSums | string | null,
    ),
    captureStatus: row.capture_status as PaymentRow['captureStatus'],
    refundCents: row.refund_cents === null ? null : Number(row.refund_cents),
    at: row.at as string,
    paymentAt: row.payment_at as string,
    settledAt: (row.settled_at ?? null) as string | null,
    refundMethod: (row.refund_method ?? null) as HistoryRow['refundMethod'],
    refundState: (row.refund_state ?? null) as HistoryRow['refundState'],
    ...deliveryFields(row),
  }));
  return { rows, snapshot: found[0] ? String(found[0].snapshot) : undefined };
}

/** A failed attempt as Transaction History's Failed filter lists it: a payment request that took no money. */
export interface FailedAttemptRow {
  requestId: string;
  orderId: string;
  amountCents: number;
  /** How it ended (declined, not confirmed, abandoned, failed), as recorded with it. */
  failure: FailedAttemptOutcome;
  message: string | null;
  respcode: string | null;
  methodKind: 'card' | 'ach' | null;
  bankName: string | null;
  /** Whether a saved method paid; its brand and last 4 while the customer still keeps it. */
  saved: boolean;
  savedCardBrand: string | null;
  savedLast4: string | null;
  /** The last 4 the gateway named in its answer (none for an attempt it never answered, or made before). */
  last4: string | null;
  /** When the attempt was made, as ISO text (milliseconds). */
  at: string;
  /** The same instant to the microsecond, as the database keeps it: the page cursor's time. */
  cursorAt: string;
  contactEmail: string | null;
  delivery: DeliveryAddress | null;
}

/**
 * Transaction History's Failed filter: payment requests declined or failed, on every channel, newest first,
 * keyset-paginated on (created_at, request_id) to the microsecond the database keeps; optionally a search, a
 * channel and a time range, as the other filters. A request whose order has a payment is left out: the
 * payment is its money row. Read from `payment_requests_failed_idx` (migration 0016), never from payments,
 * so no money list or figure depends on it.
 */
export async function listFailedAttempts(
  orm: Orm,
  options: {
    limit: number;
    /** The last row of the page before: its time as ISO text (to the microsecond) and its request id. */
    before?: { at: string; id: string };
    search?: HistorySearchTerms;
    channel?: TransactionChannel;
    from?: Date;
    until?: Date;
  },
): Promise<{ rows: FailedAttemptRow[]; snapshot?: string }> {
  const conditions: SQL[] = [];
  const before = options.before;
  if (before) {
    conditions.push(sql`and (r.created_at, r.request_id) < (${before.at}::timestamptz, ${before.id}::uuid)`);
  }
  if (options.from) conditions.push(sql`and r.created_at >= ${options.from.toISOString()}::timestamptz`);
  if (options.until) conditions.push(sql`and r.created_at < ${options.until.toISOString()}::timestamptz`);
  const channel =
    options.channel && options.channel !== 'all' ? ATTEMPT_CHANNEL_FILTERS[options.channel] : undefined;
  if (channel) conditions.push(sql`and ${channel}`);
  const search = options.search ? attemptSearchCondition(options.search) : undefined;
  if (search) conditions.push(sql`and ${search}`);
  const statement = sql`
    select r.request_id, r.order_id, r.amount_cents, r.failure, r.message, r.respcode,
           r.method_kind, r.bank_name, r.saved_method_id is not null as saved, m.card_brand as saved_card_brand,
           m.last4 as saved_last4, r.last4, ${isoText(sql`r.created_at`)} as at,
           to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at,
           ord.contact_email, ord.delivery_name, ord.delivery_address, ord.delivery_address2, ord.delivery_city,
           ord.delivery_state, ord.delivery_zip, ord.delivery_country, ord.delivery_phone,
           ${snapshotText} as snapshot
    from payment_requests r
    join orders ord on ord.id = r.order_id
    left join saved_payment_methods m on m.id = r.saved_method_id
    where r.status in ('declined', 'failed')
      and not exists (select 1 from payments p where p.order_id = r.order_id)
      ${sql.join(conditions, sql` `)}
    order by r.created_at desc, r.request_id desc
    limit ${options.limit}`;
  // As the payments' list: a search or a channel is planned for its own values.
  const found =
    search || channel
      ? ((await orm.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows
      : await readPrepared<Record<string, unknown>>(orm, statement);
  const rows = found.map((row): FailedAttemptRow => ({
    requestId: String(row.request_id),
    orderId: String(row.order_id),
    amountCents: Number(row.amount_cents),
    failure: row.failure as FailedAttemptOutcome,
    message: text(row.message),
    respcode: text(row.respcode),
    methodKind: (row.method_kind ?? null) as FailedAttemptRow['methodKind'],
    bankName: text(row.bank_name),
    saved: row.saved === true,
    savedCardBrand: text(row.saved_card_brand),
    savedLast4: text(row.saved_last4),
    last4: text(row.last4),
    at: row.at as string,
    cursorAt: row.cursor_at as string,
    ...deliveryFields(row),
  }));
  return { rows, snapshot: found[0] ? String(found[0].snapshot) : undefined };
}
