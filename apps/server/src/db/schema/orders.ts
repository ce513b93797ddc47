import {
  ADDRESS_COUNTRIES,
  FAILED_ATTEMPT_OUTCOMES,
  FULFILMENT_STATUSES,
  ORDER_CHANNELS,
  type CartLine,
} from '@store/core';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { listOf } from './list-of';
import { customers } from './people';

/**
 * The orders and what pays for them: the order and its lines, each payment attempt, and the payment links an
 * operator prepares.
 */

/** An order as the server priced it from the catalog; amounts in cents. */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    channel: text('channel', { enum: ORDER_CHANNELS }).notNull(),
    customerName: text('customer_name').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /**
     * Who the order is for and where it goes (decision 027): the contact email the receipt is sent to and
     * the delivery address. Empty only on orders taken before the store asked for them.
     */
    contactEmail: text('contact_email'),
    deliveryName: text('delivery_name'),
    deliveryAddress: text('delivery_address'),
    deliveryAddress2: text('delivery_address2'),
    deliveryCity: text('delivery_city'),
    deliveryState: text('delivery_state'),
    deliveryZip: text('delivery_zip'),
    deliveryCountry: text('delivery_country'),
    deliveryPhone: text('delivery_phone'),
    /** A signed-in customer's order: theirs to see in My Account. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /**
     * The random token of the order's receipt link (decision 027): whoever holds the link reads the receipt,
     * which tells no more than the confirmation email that carries it.
     */
    receiptToken: text('receipt_token'),
    /**
     * Whether the goods have left (decision 028): unfulfilled until an operator marks the order shipped,
     * with who did it, when, and the carrier and tracking number when given.
     */
    fulfilmentStatus: text('fulfilment_status', { enum: FULFILMENT_STATUSES })
      .notNull()
      .default('unfulfilled'),
    shippedAt: timestamp('shipped_at', { withTimezone: true, precision: 3 }),
    shippedBy: text('shipped_by'),
    shippingCarrier: text('shipping_carrier'),
    trackingNumber: text('tracking_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('orders_fulfilment_status_known', sql`${table.fulfilmentStatus} in ${listOf(FULFILMENT_STATUSES)}`),
    check(
      'orders_shipped_when_shipped',
      sql`(${table.fulfilmentStatus} = 'shipped') = (${table.shippedAt} is not null and ${table.shippedBy} is not null)`,
    ),
    check(
      'orders_shipping_lengths',
      sql`coalesce(char_length(${table.shippingCarrier}), 1) between 1 and 60 and coalesce(char_length(${table.trackingNumber}), 1) between 1 and 100`,
    ),
    check('orders_channel_known', sql`${table.channel} in ${listOf(ORDER_CHANNELS)}`),
    // A delivery is whole or absent: an email, a recipient, a street, a city, a state, a postal code and a
    // known country all at once (an older order has none of them).
    check(
      'orders_delivery_whole',
      sql`(${table.contactEmail} is null and ${table.deliveryName} is null and ${table.deliveryAddress} is null
        and ${table.deliveryCity} is null and ${table.deliveryState} is null and ${table.deliveryZip} is null
        and ${table.deliveryCountry} is null)
      or (coalesce(char_length(${table.contactEmail}), 0) between 3 and 254 and coalesce(char_length(${table.deliveryName}), 0) between 1 and 100
        and coalesce(char_length(${table.deliveryAddress}), 0) between 1 and 100 and coalesce(char_length(${table.deliveryCity}), 0) between 1 and 100
        and coalesce(char_length(${table.deliveryState}), 0) between 1 and 100 and coalesce(char_length(${table.deliveryZip}), 0) between 1 and 100
        and coalesce(${table.deliveryCountry}, '') in ${listOf(ADDRESS_COUNTRIES)})`,
    ),
    uniqueIndex('orders_receipt_token_unique').on(table.receiptToken),
    // A customer's orders, newest first.
    index('orders_by_customer_idx').on(table.customerId, table.createdAt),
    // Transaction History's search (decision 030): the start of the contact email, whatever its case and the
    // database's collation, and the words of the delivery name, each matched by its start.
    index('orders_contact_email_prefix_idx').on(sql`lower(${table.contactEmail}) text_pattern_ops`),
    index('orders_delivery_name_words_idx').using(
      'gin',
      sql`to_tsvector('simple'::regconfig, ${table.deliveryName})`,
    ),
    check('orders_subtotal_positive', sql`${table.subtotalCents} > 0`),
    check('orders_tax_not_negative', sql`${table.taxCents} >= 0`),
    check('orders_total_adds_up', sql`${table.totalCents} = ${table.subtotalCents} + ${table.taxCents}`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
    /** The product's name when the order was placed (decision 061); empty on orders older than the catalog. */
    productName: text('product_name'),
    /**
     * Whether the line's units are taken from the product's stock (decision 061): set when its payment
     * attempt is recorded, cleared once when the attempt ends without the money.
     */
    stockHeld: boolean('stock_held').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.productId] }),
    check('order_lines_quantity_range', sql`${table.quantity} between 1 and 999`),
    check('order_lines_price_positive', sql`${table.unitPriceCents} > 0`),
    check(
      'order_lines_total_adds_up',
      sql`${table.lineTotalCents} = ${table.unitPriceCents} * ${table.quantity}`,
    ),
  ],
);

/** One hosted-page payment attempt for an order: the `requestId` the browser keeps and verifies. */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    requestId: uuid('request_id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'declined', 'failed'] })
      .notNull()
      .default('pending'),
    message: text('message'),
    /** A signed-in customer's order: whose, and the saved method it is paid with, if any. */
    customerId: uuid('customer_id'),
    savedMethodId: uuid('saved_method_id'),
    /**
     * Who asks the gateway for the authorization: the shopper on the hosted page, or the store itself (a
     * saved method, a wallet). A store request left pending was answered to nobody, so it is voided, never
     * made capturable.
     */
    authorizedBy: text('authorized_by', { enum: ['hosted_page', 'store'] })
      .notNull()
      .default('hosted_page'),
    /**
     * What is charged, when the store knows before the call (a saved method, a wallet): a card, or a bank
     * account (ACH, debited at once) and its bank's name. Written with the request, so that nothing done
     * to the saved method during the call changes what is recorded.
     */
    methodKind: text('method_kind', { enum: ['card', 'ach'] }),
    bankName: text('bank_name'),
    /**
     * What the gateway said of the authorization, approved or declined (decision 029): its response code,
     * the address (AVS) and card security code (CVV) check results as it reports them, and the BIN facts
     * it gives (country of issue, prepaid, corporate). No card data but the last 4 (`last4`).
     */
    respcode: text('respcode'),
    /**
     * How an attempt that took no money ended (decision 031), written with its status: declined, not
     * confirmed (a store-made authorization whose answer was lost: anything held was voided), abandoned (the
     * shopper never came back from the hosted page), or failed for another reason in `message`.
     */
    failure: text('failure', { enum: FAILED_ATTEMPT_OUTCOMES }),
    avsResponse: text('avs_response'),
    cvvResponse: text('cvv_response'),
    binCountry: text('bin_country'),
    binPrepaid: boolean('bin_prepaid'),
    binCorporate: boolean('bin_corporate'),
    /**
     * The last 4 of the card or account the gateway named in its answer (its token's), approved or
     * declined: how a declined card typed on the payment page or held in a wallet is found again.
     */
    last4: text('last4'),
    /**
     * What the attempt pays for (decision 047): a shopper's cart (`cart:` and the id the browser gave it) or a
     * payment link (`link:` and its id). The attempts of one cart or link pay it once: only its newest attempt
     * may be recorded as paid, and never a second one.
     */
    cartKey: text('cart_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** When the browser said it showed the result (Google Pay's record-payment); it changes no money. */
    browserRecordedAt: timestamp('browser_recorded_at', { withTimezone: true }),
  },
  (table) => [
    check('payment_requests_amount_positive', sql`${table.amountCents} > 0`),
    check(
      'payment_requests_failure_known',
      sql`${table.failure} is null or ${table.failure} in ${listOf(FAILED_ATTEMPT_OUTCOMES)}`,
    ),
    // A request that took no money says how; a declined one was declined, and only it.
    check(
      'payment_requests_failure_with_status',
      sql`(${table.status} in ('declined', 'failed')) = (${table.failure} is not null)
        and (${table.status} = 'declined') = (coalesce(${table.failure}, '') = 'declined')`,
    ),
    check(
      'payment_requests_gateway_answer_lengths',
      sql`coalesce(char_length(${table.respcode}), 1) between 1 and 10 and coalesce(char_length(${table.avsResponse}), 1) between 1 and 4
        and coalesce(char_length(${table.cvvResponse}), 1) between 1 and 4 and coalesce(char_length(${table.binCountry}), 2) between 2 and 3`,
    ),
    check('payment_requests_authorized_by_known', sql`${table.authorizedBy} in ('hosted_page', 'store')`),
    check('payment_requests_last4_digits', sql`${table.last4} is null or ${table.last4} ~ '^[0-9]{4}$'`),
    check(
      'payment_requests_cart_key_form',
      sql`${table.cartKey} is null or ${table.cartKey} ~ '^(cart|link):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`,
    ),
    // A cart or a payment link is paid once, whatever its attempts do (decision 047).
    uniqueIndex('payment_requests_one_paid_per_cart')
      .on(table.cartKey)
      .where(sql`${table.status} = 'approved' and ${table.cartKey} is not null`),
    // A cart's or link's attempts, newest last: which one may still be paid.
    index('payment_requests_cart_idx')
      .on(table.cartKey, table.createdAt)
      .where(sql`${table.cartKey} is not null`),
    check(
      'payment_requests_method_kind_known',
      sql`${table.methodKind} is null or ${table.methodKind} in ('card', 'ach')`,
    ),
    check(
      'payment_requests_bank_named',
      sql`${table.methodKind} is distinct from 'ach' or ${table.bankName} is not null`,
    ),
    // Requests the store authorized itself and has not settled: few, read by every reconciliation pass.
    index('payment_requests_store_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending' and ${table.authorizedBy} = 'store'`),
    // Transaction History's Failed filter (decision 031): declined and failed attempts, newest first.
    index('payment_requests_failed_idx')
      .on(table.createdAt, table.requestId)
      .where(sql`${table.status} in ('declined', 'failed')`),
    check(
      'payment_requests_status_known',
      sql`${table.status} in ('pending', 'approved', 'declined', 'failed')`,
    ),
  ],
);

/** A product, its quantity and its price then, in cents. */
export interface PricedLine extends CartLine {
  unitPriceCents: number;
  lineTotalCents: number;
}

/**
 * A payment link (decision 034): an order an operator prepared for a caller, priced by the server, and the
 * random token of the link emailed to them. Each attempt at paying it is an order of its own (`orderId`, the
 * latest), as every hosted-page payment is; the link is paid once that order is. It can be paid until
 * `expiresAt` unless an operator cancels it first.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 256 random bits, base64url: whoever holds the link may see the order and pay it. */
    token: text('token').notNull(),
    /** The customer it is for (by their account), when the caller is one. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    contactEmail: text('contact_email').notNull(),
    deliveryName: text('delivery_name').notNull(),
    deliveryAddress: text('delivery_address').notNull(),
    deliveryAddress2: text('delivery_address2'),
    deliveryCity: text('delivery_city').notNull(),
    deliveryState: text('delivery_state').notNull(),
    deliveryZip: text('delivery_zip').notNull(),
    deliveryCountry: text('delivery_country').notNull(),
    deliveryPhone: text('delivery_phone'),
    /**
     * The lines as priced when the link was made: what the payer is shown and asked to pay. Each attempt's
     * order is priced from the catalog again and must come to the same total.
     */
    items: jsonb('items').$type<PricedLine[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, precision: 3 }),
    cancelledBy: text('cancelled_by'),
    /** The order of the latest attempt at paying it; none until someone presses Pay. */
    orderId: text('order_id').references(() => orders.id),
  },
  (table) => [
    uniqueIndex('payment_links_token_unique').on(table.token),
    uniqueIndex('payment_links_order_unique').on(table.orderId),
    // The console's lists: every link, or one customer's, newest first.
    index('payment_links_created_idx').on(table.createdAt, table.id),
    index('payment_links_customer_idx').on(table.customerId, table.createdAt),
    check(
      'payment_links_total_adds_up',
      sql`${table.totalCents} = ${table.subtotalCents} + ${table.taxCents}`,
    ),
    check('payment_links_subtotal_positive', sql`${table.subtotalCents} > 0`),
    check('payment_links_expires_after_created', sql`${table.expiresAt} > ${table.createdAt}`),
    check(
      'payment_links_cancelled_whole',
      sql`(${table.cancelledAt} is null) = (${table.cancelledBy} is null)`,
    ),
    check('payment_links_country_known', sql`${table.deliveryCountry} in ${listOf(ADDRESS_COUNTRIES)}`),
    check(
      'payment_links_lengths',
      sql`char_length(${table.contactEmail}) between 3 and 254 and char_length(${table.deliveryName}) between 1 and 100
        and char_length(${table.deliveryAddress}) between 1 and 100 and char_length(${table.deliveryCity}) between 1 and 100
        and char_length(${table.deliveryState}) between 1 and 100 and char_length(${table.deliveryZip}) between 1 and 100`,
    ),
  ],
);
