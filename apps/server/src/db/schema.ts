import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** An order as the server priced it from the catalog; amounts in cents. */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    channel: text('channel', { enum: ['card', 'googlepay', 'applepay'] }).notNull(),
    customerName: text('customer_name').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('orders_channel_known', sql`${table.channel} in ('card', 'googlepay', 'applepay')`),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (table) => [
    check('payment_requests_amount_positive', sql`${table.amountCents} > 0`),
    check(
      'payment_requests_status_known',
      sql`${table.status} in ('pending', 'approved', 'declined', 'failed')`,
    ),
  ],
);

/**
 * An authorization at the gateway and what has been done with it. The money rules live here as
 * constraints: captured ≤ authorized and refunded ≤ captured, whatever the code above does.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    requestId: uuid('request_id').references(() => paymentRequests.requestId),
    retref: text('retref').notNull().unique(),
    cardBrand: text('card_brand').notNull(),
    last4: text('last4').notNull(),
    authCode: text('auth_code').notNull(),
    authorizedCents: integer('authorized_cents').notNull(),
    capturedCents: integer('captured_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    captureStatus: text('capture_status', {
      enum: ['authorized', 'captured', 'partially_captured', 'voided', 'expired', 'settled'],
    })
      .notNull()
      .default('authorized'),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }).notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('payments_authorized_positive', sql`${table.authorizedCents} > 0`),
    check(
      'payments_captured_within_authorized',
      sql`${table.capturedCents} between 0 and ${table.authorizedCents}`,
    ),
    check(
      'payments_refunded_within_captured',
      sql`${table.refundedCents} between 0 and ${table.capturedCents}`,
    ),
    check(
      'payments_capture_status_known',
      sql`${table.captureStatus} in ('authorized', 'captured', 'partially_captured', 'voided', 'expired', 'settled')`,
    ),
    check('payments_last4_digits', sql`${table.last4} ~ '^[0-9]{4}$'`),
    index('payments_status_authorized_idx').on(table.captureStatus, table.authorizedAt),
  ],
);
