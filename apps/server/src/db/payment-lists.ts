import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_ID_PREFIXES,
  type DeliveryAddress,
  type FailedAttemptOutcome,
  type HistorySearchTerms,
  type OrderChannel,
  type PaymentMoney,
  type TransactionChannel,
} from '@store/core';
import { deliveryOf, type PaymentRow } from './checkout-store';
import type { Orm } from './client';
import { GIVEN_BACK_CENTS, paymentMoneyColumn, paymentMoneyOf, type RefundSums } from './payment-money';
import { readPrepared, snapshotText } from './prepared';
import { payments } from './schema';
import { anyOf, matchesWords, startsWith } from './text-match';

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

export type HistoryFilter =
  | 'all'
  | 'pending'
  | 'captured'
  | 'partially_captured'
  | 'settled'
  | 'refunded'
  | 'partial_refund'
  | 'refund'
  | 'voided'
  | 'expired'
  | 'disputed';

// Amounts of one row are compared as differences with 0: the planner estimates those from the statistics
// kept on them (migration 0010), and so reads the history index newest first instead of sorting the table.
// Whether anything was given back is the payment's figures' answer (decision 048): `p.refunded_cents` also
// counts refunds only scheduled or unconfirmed, so it only narrows the rows cheaply before the figures decide.
const PAYMENT_FILTERS: Record<Exclude<HistoryFilter, 'all' | 'refund'>, SQL> = {
  pending: sql`p.capture_status = 'authorized'`,
  captured: sql`p.capture_status in ('captured', 'settled') and p.captured_cents - p.authorized_cents = 0 and (p.refunded_cents = 0 or ${GIVEN_BACK_CENTS} = 0)`,
  partially_captured: sql`p.capture_status in ('partially_captured', 'settled') and p.captured_cents - p.authorized_cents < 0 and (p.refunded_cents = 0 or ${GIVEN_BACK_CENTS} = 0)`,
  settled: sql`p.capture_status = 'settled'`,
  refunded: sql`p.captured_cents > 0 and p.refunded_cents - p.captured_cents = 0 and ${GIVEN_BACK_CENTS} = p.captured_cents`,
  partial_refund: sql`p.refunded_cents > 0 and ${GIVEN_BACK_CENTS} between 1 and p.captured_cents - 1`,
  voided: sql`p.capture_status = 'voided'`,
  expired: sql`p.capture_status = 'expired'`,
  // A chargeback or a bank's return (decision 036): money the network or the bank took back.
  disputed: sql`(p.disputed_at is not null or p.returned_at is not null)`,
};

/**
 * The ids of the orders a search's order and customer terms match, as a subquery: the delivery name's words
 * and the contact email's start on orders; the customer's name, email and Customer ID on customers, whose
 * orders are found by their customer. None when the search has no such term.
 */
function ordersMatching(terms: HistorySearchTerms): SQL | undefined {
  const orderParts: SQL[] = [];
  const customerParts: SQL[] = [];
  if (terms.nameWords && terms.nameWords.length > 0) {
    orderParts.push(matchesWords(sql`o.delivery_name`, terms.nameWords));
    customerParts.push(matchesWords(sql`c.name`, terms.nameWords));
  }
  if (terms.emailPrefix) {
    orderParts.push(startsWith(sql`lower(o.contact_email)`, terms.emailPrefix));
    customerParts.push(startsWith(sql`lower(c.email)`, terms.emailPrefix));
  }
  if (terms.customerNumber !== undefined)
    customerParts.push(sql`c.numeric_id = ${terms.customerNumber}::int`);
  if (customerParts.length > 0) {
    orderParts.push(
      sql`o.customer_id = any(array(select c.id from customers c where ${anyOf(customerParts)}))`,
    );
  }
  return orderParts.length > 0 ? sql`select o.id from orders o where ${anyOf(orderParts)}` : undefined;
}

/**
 * The payments (`p`) a search matches, as one condition: any of its terms (decision 030). Each term is read
 * from an index: the order id's start and the part after its channel, last 4 and the amount on payments; the
 * delivery name's words and the contact email's start on orders; the customer's name, email and Customer ID
 * on customers, whose orders are found by their customer. The search's text only ever travels as parameters.
 */
function searchCondition(terms: HistorySearchTerms): SQL {
  const parts: SQL[] = [];
  if (terms.orderIdPrefix) parts.push(startsWith(sql`p.order_id`, terms.orderIdPrefix));
  if (terms.orderBodyPrefix) parts.push(startsWith(sql`substr(p.order_id, 4)`, terms.orderBodyPrefix));
  if (terms.last4) parts.push(sql`p.last4 = ${terms.last4}`);
  if (terms.amountCents !== undefined) parts.push(sql`p.authorized_cents = ${terms.amountCents}::int`);
  const orders = ordersMatching(terms);
  if (orders) parts.push(sql`p.order_id = any(array(${orders}))`);
  // A search in which nothing could match (a lone "$"): no rows, rather than every row.
  return parts.length > 0 ? anyOf(parts) : sql`false`;
}

/** Payments made through a site-issued (CardPointe) saved method: the store authorized them with a profile. */
const SAVED_METHOD = sql`exists (select 1 from payment_requests r
  where r.request_id = p.request_id and r.saved_method_id is not null)`;

/**
 * Whether the order id in `alias.order_id` is of a channel: its prefix, from the core's one table of prefixes,
 * written into the statement (a constant, not a parameter, so that the prefix index serves it in any plan).
 */
function orderIdOf(alias: 'p' | 'r', channel: OrderChannel): SQL {
  return sql.raw(`${alias}.order_id like '${ORDER_ID_PREFIXES[channel]}-%'`);
}

/**
 * How each payment was made, from what the store recorded with it: Google Pay and Apple Pay by their order
 * ids' channel prefix (as `walletNameOf` tells them apart), a bank account by its ACH brand, and a card order
 * by whether a saved method paid it (the store) or the shopper typed the card on the hosted page.
 */
const CHANNEL_FILTERS: Record<Exclude<TransactionChannel, 'all'>, SQL> = {
  card: sql`${orderIdOf('p', 'card')} and p.card_brand <> 'ACH' and not ${SAVED_METHOD}`,
  saved_card: sql`${orderIdOf('p', 'card')} and p.card_brand <> 'ACH' and ${SAVED_METHOD}`,
  ach: sql`p.card_brand = 'ACH'`,
  googlepay: orderIdOf('p', 'googlepay'),
  applepay: orderIdOf('p', 'applepay'),
  phone: orderIdOf('p', 'phone'),
  link: orderIdOf('p', 'link'),
};

/**
 * Transaction History: every payment and every completed refund as rows of their own, newest first,
 * keyset-paginated on (time, id); optionally a search (its terms), a status, a channel, and a time range on
 * each row's own time (`from` included, `until` not).
 */
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
 * The failed attempts (`r`) a search matches (decision 031): the terms of `searchCondition`, read from what a
 * request and its order keep. The amount is the amount asked; the last 4 is the saved method's, or the one
 * the gateway named in its answer; the order's and customer's terms are the payments' own.
 */
function attemptSearchCondition(terms: HistorySearchTerms): SQL {
  const parts: SQL[] = [];
  if (terms.orderIdPrefix) parts.push(startsWith(sql`r.order_id`, terms.orderIdPrefix));
  if (terms.orderBodyPrefix) parts.push(startsWith(sql`substr(r.order_id, 4)`, terms.orderBodyPrefix));
  if (terms.last4) parts.push(sql`m.last4 = ${terms.last4}`, sql`r.last4 = ${terms.last4}`);
  if (terms.amountCents !== undefined) parts.push(sql`r.amount_cents = ${terms.amountCents}::int`);
  // The orders are found from their own indexes, then kept in a hash that each failed attempt is looked up
  // in: with the other terms (an order id's part, an amount) the attempts are walked newest first, and an
  // array of thousands of order ids (a first name's) compared one by one costs a hundred times more.
  const orders = ordersMatching(terms);
  if (orders) parts.push(sql`r.order_id in (${orders})`);
  return parts.length > 0 ? anyOf(parts) : sql`false`;
}

/** How each attempt was to be paid, as the payments' channel filter names it (`CHANNEL_FILTERS`). */
const ATTEMPT_CHANNEL_FILTERS: Record<Exclude<TransactionChannel, 'all'>, SQL> = {
  card: sql`${orderIdOf('r', 'card')} and r.saved_method_id is null and r.method_kind is distinct from 'ach'`,
  saved_card: sql`${orderIdOf('r', 'card')} and r.saved_method_id is not null and r.method_kind is distinct from 'ach'`,
  ach: sql`r.method_kind = 'ach'`,
  googlepay: orderIdOf('r', 'googlepay'),
  applepay: orderIdOf('r', 'applepay'),
  phone: orderIdOf('r', 'phone'),
  link: orderIdOf('r', 'link'),
};

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
