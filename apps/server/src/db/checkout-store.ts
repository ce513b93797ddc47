import { and, eq, ne, sql, type Column } from 'drizzle-orm';
import type { FailedAttemptOutcome, OrderDelivery } from '@store/core';
import { queryRows, type Orm, type Transaction } from './client';
import { batchedPerDatabase } from './batched';
import { deliveryColumns } from './delivery-columns';
import { fixedStatement } from './prepared';
import { paymentRequests, payments, type orders } from './schema';

type OrderRow = typeof orders.$inferSelect;
export type PaymentRequestRow = typeof paymentRequests.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export interface NewOrder {
  id: string;
  channel: OrderRow['channel'];
  customerName: string;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  delivery: OrderDelivery;
  /** The signed-in customer whose order it is. */
  customerId?: string;
  receiptToken: string;
  lines: {
    productId: string;
    /** The product's name as the order was priced, kept with the line (decision 061). */
    productName: string;
    unitPriceCents: number;
    quantity: number;
    lineTotalCents: number;
  }[];
}

/**
 * What a payment attempt pays for (decision 047): a shopper's cart, by the id the browser gave it, or a payment
 * link, by its id. Kept as `payment_requests.cart_key`, `cart:<id>` or `link:<id>`.
 */
export interface PaysFor {
  kind: 'cart' | 'link';
  id: string;
}

function cartKeyOf(paysFor: PaysFor): string {
  return `${paysFor.kind}:${paysFor.id}`;
}

/** True for a request made to pay a payment link (its `cart_key` names the link). */
export function paysForLink(request: { cartKey: string | null }): boolean {
  return request.cartKey?.startsWith('link:') ?? false;
}

/** How a payment request is paid, as known before the gateway is asked (see the columns' comments). */
export interface PaymentRequestPayer {
  /** A signed-in customer's order, and the saved method it is paid with. */
  customerId?: string;
  savedMethodId?: string;
  authorizedBy?: PaymentRequestRow['authorizedBy'];
  methodKind?: 'card' | 'ach';
  bankName?: string | null;
}

/**
 * Orders, their lines and their payment requests, written by one statement (so all or nothing, without a
 * transaction's round trips): every checkout makes it. The orders are given as one JSON array of records,
 * the lines as another, each line naming its order by position (`n`, from 1): one text each to send and to
 * read, where a column of arrays per field cost the store more to write out than the rest of a checkout's
 * statement. An order whose id is taken writes nothing, and so does one for a cart already paid (decision
 * 047); the statement answers the ids it wrote, and those it did not write because their cart is paid. The
 * catalog's triggers (migration 0033, decision 061) check each line's price against its product and take a
 * counted product's units as each request is written: a refusal fails the statement with its own SQLSTATE,
 * and `aloneOnFailure` writes the others again without it.
 */
const insertOrdersStatement = fixedStatement<{ id: string; cart_paid: boolean }>(`
  with input as (
    select * from json_to_recordset($1::json) as input(n int, id text, channel text, customer_name text,
      subtotal_cents int, tax_cents int, total_cents int, contact_email text, delivery_name text,
      delivery_address text, delivery_address2 text, delivery_city text, delivery_state text,
      delivery_zip text, delivery_country text, delivery_phone text, customer_id uuid, receipt_token text,
      request_id uuid, payer_customer_id uuid, saved_method_id uuid, authorized_by text, method_kind text,
      bank_name text, cart_key text)
  ), paid as (
    select input.n from input
    where input.cart_key is not null and exists (
      select 1 from payment_requests request
      where request.cart_key = input.cart_key and request.status = 'approved')
  ), locked as (
    -- The counted products these orders sell, locked in one order (by id) before any line takes units (the
    -- triggers of migration 0033): two statements that sell the same products never wait for each other
    -- in a circle.
    select products.id from products
    where products.stock_on_hand is not null
      and products.id in (select line.product_id from json_to_recordset($2::json) as line(product_id text))
    order by products.id
    for update
  ), created as (
    insert into orders (id, channel, customer_name, subtotal_cents, tax_cents, total_cents, contact_email,
      delivery_name, delivery_address, delivery_address2, delivery_city, delivery_state, delivery_zip,
      delivery_country, delivery_phone, customer_id, receipt_token)
    select id, channel, customer_name, subtotal_cents, tax_cents, total_cents, contact_email, delivery_name,
      delivery_address, delivery_address2, delivery_city, delivery_state, delivery_zip, delivery_country,
      delivery_phone, customer_id, receipt_token
    from input where input.n not in (select n from paid) and (select count(*) from locked) >= 0 order by n
    on conflict (id) do nothing
    returning id
  ), lines as (
    insert into order_lines (order_id, product_id, product_name, unit_price_cents, quantity, line_total_cents)
    select created.id, line.product_id, line.product_name, line.unit_price_cents, line.quantity,
      line.line_total_cents
    from json_to_recordset($2::json) as line(n int, product_id text, product_name text,
        unit_price_cents int, quantity int, line_total_cents int)
      join input on input.n = line.n
      join created on created.id = input.id
  ), request as (
    insert into payment_requests (request_id, order_id, amount_cents, customer_id, saved_method_id,
      authorized_by, method_kind, bank_name, cart_key)
    select input.request_id, created.id, input.total_cents, input.payer_customer_id, input.saved_method_id,
      coalesce(input.authorized_by, 'hosted_page'), input.method_kind, input.bank_name, input.cart_key
    from input join created on created.id = input.id
  )
  select id, false as cart_paid from created
  union all
  select input.id, true from input join paid on paid.n = input.n`);

interface OrderWrite {
  order: NewOrder;
  requestId: string;
  payer: PaymentRequestPayer;
  paysFor: PaysFor | undefined;
}

type OrderWritten = 'written' | 'id_taken' | 'cart_paid';

/** Writes orders with one statement; whether each was written, or why not. */
async function insertOrders(orm: Orm, writes: OrderWrite[]): Promise<OrderWritten[]> {
  // An order id twice in one statement would write the lines of both under the first: a later write of
  // the same id waits for the next statement, where it finds the id taken.
  const ids = new Set<string>();
  const now: OrderWrite[] = [];
  const later: OrderWrite[] = [];
  for (const write of writes) {
    (ids.has(write.order.id) ? later : now).push(write);
    ids.add(write.order.id);
  }
  const records = now.map(({ order, requestId, payer, paysFor }, index) => {
    const delivery = deliveryColumns(order.delivery);
    return {
      n: index + 1,
      id: order.id,
      channel: order.channel,
      customer_name: order.customerName,
      subtotal_cents: order.subtotalCents,
      tax_cents: order.taxCents,
      total_cents: order.totalCents,
      contact_email: delivery.contactEmail,
      delivery_name: delivery.deliveryName,
      delivery_address: delivery.deliveryAddress,
      delivery_address2: delivery.deliveryAddress2,
      delivery_city: delivery.deliveryCity,
      delivery_state: delivery.deliveryState,
      delivery_zip: delivery.deliveryZip,
      delivery_country: delivery.deliveryCountry,
      delivery_phone: delivery.deliveryPhone,
      customer_id: order.customerId ?? null,
      receipt_token: order.receiptToken,
      request_id: requestId,
      payer_customer_id: payer.customerId ?? null,
      saved_method_id: payer.savedMethodId ?? null,
      authorized_by: payer.authorizedBy ?? null,
      method_kind: payer.methodKind ?? null,
      bank_name: payer.bankName ?? null,
      cart_key: paysFor ? cartKeyOf(paysFor) : null,
    };
  });
  const lines = now.flatMap(({ order }, index) =>
    order.lines.map((line) => ({
      n: index + 1,
      product_id: line.productId,
      product_name: line.productName,
      unit_price_cents: line.unitPriceCents,
      quantity: line.quantity,
      line_total_cents: line.lineTotalCents,
    })),
  );
  const rows = await insertOrdersStatement(orm, [JSON.stringify(records), JSON.stringify(lines)]);
  const outcomes = new Map(
    rows.map((row): [string, OrderWritten] => [row.id, row.cart_paid ? 'cart_paid' : 'written']),
  );
  const answers = new Map(now.map((write) => [write, outcomes.get(write.order.id) ?? 'id_taken']));
  if (later.length > 0) {
    const laterAnswers = await insertOrders(orm, later);
    later.forEach((write, index) => answers.set(write, laterAnswers[index]!));
  }
  return writes.map((write) => answers.get(write)!);
}

const writeOrder = batchedPerDatabase(insertOrders, { aloneOnFailure: true });

/**
 * Records an order, its lines and its payment request at once; not when the order id is already taken, nor
 * when the cart or link it pays for is paid already (decision 047).
 * The checkouts that arrive together are written by one statement (see batched.ts): under load, one round
 * trip to the database serves many shoppers. One that the database refuses is written again alone, so that
 * it fails alone.
 */
export async function insertOrderWithPaymentRequest(
  orm: Orm,
  order: NewOrder,
  requestId: string,
  payer: PaymentRequestPayer = {},
  paysFor?: PaysFor,
): Promise<{ inserted: boolean; cartPaid: boolean }> {
  const outcome = await writeOrder(orm, { order, requestId, payer, paysFor });
  return { inserted: outcome === 'written', cartPaid: outcome === 'cart_paid' };
}

/**
 * Gives back the units held by the pending attempts of the cart or link a new attempt pays for (migration
 * 0033's `release_cart_attempts`): before that attempt is written again, when it was refused for too few units
 * that an older attempt of its own cart held.
 */
export async function releaseOlderAttempts(orm: Orm, paysFor: PaysFor): Promise<void> {
  await orm.execute(sql`select release_cart_attempts(${cartKeyOf(paysFor)}, null)`);
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

export async function findPayment(orm: Orm, paymentId: string): Promise<PaymentRow | undefined> {
  const rows = await orm.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return rows[0];
}

/**
 * What the gateway said of an authorization, as its payment request keeps it (decision 029): the response
 * code, the AVS and CVV result codes, the card's BIN facts and the last 4 it named. No other card data.
 */
export type KeptGatewayAnswer = Partial<
  Pick<
    PaymentRequestRow,
    'respcode' | 'avsResponse' | 'cvvResponse' | 'binCountry' | 'binPrepaid' | 'binCorporate' | 'last4'
  >
>;

/**
 * Closes a request that took no money, saying how (declined, not confirmed, abandoned, failed; its status
 * follows), with what the gateway said of its authorization, if anything. A request recorded as paid
 * meanwhile (the gateway's notice, a second look) stays paid.
 */
export async function markPaymentRequest(
  orm: Orm,
  requestId: string,
  failure: FailedAttemptOutcome,
  message: string,
  gatewayAnswer: KeptGatewayAnswer = {},
): Promise<void> {
  const status = failure === 'declined' ? 'declined' : 'failed';
  await orm
    .update(paymentRequests)
    .set({ status, failure, message, verifiedAt: new Date(), ...gatewayAnswer })
    .where(and(eq(paymentRequests.requestId, requestId), ne(paymentRequests.status, 'approved')));
}

/**
 * Closes a request still pending as abandoned, with `message`: the shopper's Cancel (decision 062). An outcome
 * recorded meanwhile (paid, declined, voided as superseded) stays as it was.
 */
export async function closePendingRequest(orm: Orm, requestId: string, message: string): Promise<void> {
  await orm
    .update(paymentRequests)
    .set({ status: 'failed', failure: 'abandoned', message, verifiedAt: new Date() })
    .where(and(eq(paymentRequests.requestId, requestId), eq(paymentRequests.status, 'pending')));
}

/** An order's payment request and, once recorded, its payment: what a hosted-page webhook is checked against. */
export async function findRequestAndPaymentOfOrder(
  orm: Orm,
  orderId: string,
): Promise<{ request: PaymentRequestRow; payment?: PaymentRow } | undefined> {
  const rows = await orm
    .select({ request: paymentRequests, payment: payments })
    .from(paymentRequests)
    .leftJoin(payments, eq(payments.orderId, paymentRequests.orderId))
    .where(eq(paymentRequests.orderId, orderId))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return { request: row.request, ...(row.payment ? { payment: row.payment } : {}) };
}

/**
 * Adds to a request the check results an answer other than the authorization's own reported (the hosted
 * page's webhook, decision 029): the AVS and CVV codes, and the response code where none is kept yet. With
 * `approval`, the codes are the approved authorization's and replace a declined attempt's; otherwise they
 * only fill what is empty. Nothing else of the request changes (status, message, amount), so a second
 * delivery of the same answer leaves it as it was. True when a row was changed.
 */
export async function addAuthorizationChecks(
  orm: Orm,
  requestId: string,
  checks: Pick<KeptGatewayAnswer, 'respcode' | 'avsResponse' | 'cvvResponse'>,
  options: { approval: boolean },
): Promise<boolean> {
  const fill = (column: Column, value: string) =>
    options.approval ? sql`${value}` : sql`coalesce(${column}, ${value})`;
  const set = {
    ...(checks.avsResponse ? { avsResponse: fill(paymentRequests.avsResponse, checks.avsResponse) } : {}),
    ...(checks.cvvResponse ? { cvvResponse: fill(paymentRequests.cvvResponse, checks.cvvResponse) } : {}),
    ...(checks.respcode ? { respcode: sql`coalesce(${paymentRequests.respcode}, ${checks.respcode})` } : {}),
  };
  if (Object.keys(set).length === 0) return false;
  const changed = await orm
    .update(paymentRequests)
    .set(set)
    .where(
      and(
        eq(paymentRequests.requestId, requestId),
        // Only a row the update changes: a replay writes nothing at all.
        sql`(${paymentRequests.avsResponse}, ${paymentRequests.cvvResponse}, ${paymentRequests.respcode})
          is distinct from (${set.avsResponse ?? paymentRequests.avsResponse}, ${set.cvvResponse ?? paymentRequests.cvvResponse}, ${set.respcode ?? paymentRequests.respcode})`,
      ),
    )
    .returning({ requestId: paymentRequests.requestId });
  return changed.length > 0;
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
  /** What the gateway said of the authorization, kept with its request. */
  gatewayAnswer?: KeptGatewayAnswer;
}

/**
 * Records a confirmed authorization and marks its request approved, keeping what the gateway said of it. Verifying twice (two tabs, a reload)
 * records it once: the order and the retref are unique.
 */
/**
 * Where a payment attempt stands among the attempts of the cart or link it pays for (decision 047), read in
 * the transaction that would record its payment, with the attempt, and the link if it pays one, held until it
 * ends: a second attempt recorded meanwhile, a cancellation or a new Pay waits for it.
 */
export interface AttemptStanding {
  status: PaymentRequestRow['status'];
  /** What it pays for; null when nothing is named (a client that sent no cart id, a telephone order). */
  paysFor: PaysFor['kind'] | null;
  /** Whether no attempt of the same cart or link was made after it. */
  newest: boolean;
  /** Another attempt of the same cart or link already paid: its order. */
  paidOrderId: string | null;
  /** The link's state, for a link's attempt. */
  link: { cancelled: boolean; expired: boolean } | null;
}

async function readAttemptStanding(tx: Transaction, requestId: string): Promise<AttemptStanding> {
  const [request] = await queryRows<{ status: PaymentRequestRow['status']; cart_key: string | null }>(
    tx,
    sql`select status, cart_key from payment_requests where request_id = ${requestId} for update`,
  );
  if (!request) throw new Error(`Payment request ${requestId} not found`);
  const key = request.cart_key;
  if (!key) return { status: request.status, paysFor: null, newest: true, paidOrderId: null, link: null };
  const [kind, id] = key.split(':') as [PaysFor['kind'], string];
  let link: AttemptStanding['link'] = null;
  if (kind === 'link') {
    const [row] = await queryRows<{ cancelled: boolean; expired: boolean }>(
      tx,
      sql`select cancelled_at is not null as cancelled, expires_at <= now() as expired
        from payment_links where id = ${id} for update`,
    );
    link = row ?? null;
  } else {
    // Two attempts of one cart recorded at once wait for each other here (a link's wait for its row above).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
  const [others] = await queryRows<{ newest: boolean; paid_order_id: string | null }>(
    tx,
    sql`select
        (select request_id from payment_requests where cart_key = ${key}
          order by created_at desc, request_id desc limit 1) = ${requestId}::uuid as newest,
        (select order_id from payment_requests where cart_key = ${key} and status = 'approved'
          and request_id <> ${requestId}::uuid limit 1) as paid_order_id`,
  );
  return {
    status: request.status,
    paysFor: kind,
    newest: others?.newest ?? true,
    paidOrderId: others?.paid_order_id ?? null,
    link,
  };
}

/**
 * Records an authorization the gateway approved, with its order's confirmation, unless `admit` (given where
 * the attempt stands, decision 047) answers why it may not be: then nothing is written and the reason is
 * answered. Once recorded, a second call finds the payment and writes nothing.
 */
export async function recordAuthorization(
  orm: Orm,
  authorization: NewAuthorization,
  /** Written in the same transaction, only by the call that records the payment (its confirmation). */
  onRecorded?: (tx: Transaction, payment: PaymentRow) => Promise<void>,
  admit?: (standing: AttemptStanding) => string | undefined,
): Promise<{ recorded: PaymentRow } | { refused: string }> {
  return orm.transaction(async (tx) => {
    if (admit) {
      // Read with the attempt held: one recorded meanwhile (by another server) is approved, and stays so.
      const standing = await readAttemptStanding(tx, authorization.requestId);
      const refusal = standing.status === 'approved' ? undefined : admit(standing);
      if (refusal) return { refused: refusal };
    }
    const { captured, gatewayAnswer, ...fields } = authorization;
    const inserted = await tx
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
      .onConflictDoNothing()
      .returning();
    if (inserted[0] && onRecorded) await onRecorded(tx, inserted[0]);
    await tx
      .update(paymentRequests)
      .set({ status: 'approved', failure: null, message: null, verifiedAt: new Date(), ...gatewayAnswer })
      .where(eq(paymentRequests.requestId, authorization.requestId));
    const rows = await tx.select().from(payments).where(eq(payments.orderId, authorization.orderId)).limit(1);
    const payment = rows[0];
    if (!payment) throw new Error(`Authorization for ${authorization.orderId} was not recorded`);
    return { recorded: payment };
  });
}
