import {
  ADDRESS_COUNTRIES,
  CAPTURE_STATUSES,
  FAILED_ATTEMPT_OUTCOMES,
  FULFILMENT_STATUSES,
  ORDER_CHANNELS,
  MAIL_KINDS,
  MAIL_STATUSES,
  OPERATION_STATUSES,
  type CartLine,
} from '@store/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  date,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A list of the statuses a state table names, as SQL (`('a', 'b')`): the database allows exactly these. */
function listOf(values: readonly string[]) {
  return sql.raw(`(${values.map((value) => `'${value}'`).join(', ')})`);
}

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
    /** The card brand, or ACH for a bank account. */
    cardBrand: text('card_brand').notNull(),
    last4: text('last4').notNull(),
    /** For a bank payment: the bank's name, as the customer saved it. */
    bankName: text('bank_name'),
    authCode: text('auth_code').notNull(),
    authorizedCents: integer('authorized_cents').notNull(),
    capturedCents: integer('captured_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    captureStatus: text('capture_status', { enum: CAPTURE_STATUSES }).notNull().default('authorized'),
    authorizedAt: timestamp('authorized_at', { withTimezone: true, precision: 3 }).notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    /** When the gateway settled the capture (the merchant's batch), as upkeep learned it. */
    settledAt: timestamp('settled_at', { withTimezone: true, precision: 3 }),
    /** The merchant's batch the capture settled in, as the gateway names it (when it says). */
    settlementBatch: text('settlement_batch'),
    /**
     * A chargeback reported with a funding day (decision 036): the cardholder disputed the payment; when, the
     * amount taken back, the reason code and its words, and the processor's case number.
     */
    disputedAt: timestamp('disputed_at', { withTimezone: true, precision: 3 }),
    disputeAmountCents: integer('dispute_amount_cents'),
    disputeReasonCode: text('dispute_reason_code'),
    disputeReason: text('dispute_reason'),
    disputeCaseNumber: text('dispute_case_number'),
    /** An ACH debit the bank sent back (decision 036): when the store learned it, and the return code. */
    returnedAt: timestamp('returned_at', { withTimezone: true, precision: 3 }),
    achReturnCode: text('ach_return_code'),
    /** When upkeep last asked the gateway whether the capture has settled. */
    settlementCheckedAt: timestamp('settlement_checked_at', { withTimezone: true, precision: 3 }),
    /** When upkeep last compared an open authorization with the gateway's record of it. */
    gatewayCheckedAt: timestamp('gateway_checked_at', { withTimezone: true, precision: 3 }),
    // Millisecond precision: page cursors carry JavaScript dates, which have no microseconds.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
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
    check('payments_capture_status_known', sql`${table.captureStatus} in ${listOf(CAPTURE_STATUSES)}`),
    check('payments_last4_digits', sql`${table.last4} ~ '^[0-9]{4}$'`),
    check(
      'payments_dispute_whole',
      sql`(${table.disputedAt} is null) = (${table.disputeAmountCents} is null)`,
    ),
    check('payments_return_whole', sql`(${table.returnedAt} is null) = (${table.achReturnCode} is null)`),
    // Pending Payments: small (captured daily) however large the table grows.
    index('payments_awaiting_capture_idx')
      .on(table.authorizedAt, table.id)
      .where(sql`${table.captureStatus} = 'authorized'`),
    index('payments_history_idx').on(table.createdAt, table.id),
    // The history's search by the start of an order id (LIKE 'CC-AB%'), whatever the database's collation.
    index('payments_order_id_prefix_idx').on(table.orderId.op('text_pattern_ops')),
    // ... by the start of the part after the channel ("7QX2" of CC-7QX2…), by last 4, by the amount.
    index('payments_order_body_prefix_idx').on(sql`substr(${table.orderId}, 4) text_pattern_ops`),
    index('payments_last4_idx').on(table.last4),
    index('payments_authorized_cents_idx').on(table.authorizedCents),
    // Captures whose settlement upkeep has not seen yet: small, whatever the history holds.
    index('payments_awaiting_settlement_idx')
      .on(table.capturedAt, table.id)
      .where(sql`${table.captureStatus} in ('captured', 'partially_captured')`),
  ],
);

/**
 * Every capture, void and refund sent to the gateway, written *before* the call (pending) and settled after
 * it (succeeded or failed). A pending row is a reservation: no lock is held across the network, and after a
 * crash the reconciliation finds it and asks the gateway what happened.
 */
export const moneyOperations = pgTable(
  'money_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    kind: text('kind', { enum: ['capture', 'void', 'refund'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /**
     * pending: reserved, the gateway call is made or its answer awaited; scheduled: a refund the gateway
     * takes only once the capture settles, reserved and sent by upkeep then; succeeded or failed: settled.
     */
    status: text('status', { enum: OPERATION_STATUSES }).notNull().default('pending'),
    /** The refund's own retref at the gateway. */
    gatewayRetref: text('gateway_retref'),
    /**
     * How a refund is sent: a refund call, or (in full, before the capture settles) a void of the capture,
     * which cancels the charge. Set before the call, so a lost answer is looked for in the right place.
     */
    method: text('method', { enum: ['refund', 'void'] }),
    message: text('message'),
    actor: text('actor').notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** When a scheduled refund was sent: its answer is awaited from then on, not from when it was asked. */
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    check('money_operations_amount_positive', sql`${table.amountCents} > 0`),
    check('money_operations_kind_known', sql`${table.kind} in ('capture', 'void', 'refund')`),
    check('money_operations_status_known', sql`${table.status} in ${listOf(OPERATION_STATUSES)}`),
    check(
      'money_operations_only_refunds_wait',
      sql`${table.status} <> 'scheduled' or ${table.kind} = 'refund'`,
    ),
    check(
      'money_operations_method_known',
      sql`${table.method} is null or ${table.method} in ('refund', 'void')`,
    ),
    // One capture (full or partial) or void per authorization, ever: a second one cannot even be reserved.
    uniqueIndex('money_operations_one_capture_or_void')
      .on(table.paymentId)
      .where(sql`${table.kind} in ('capture', 'void') and ${table.status} <> 'failed'`),
    uniqueIndex('money_operations_gateway_retref').on(table.gatewayRetref),
    uniqueIndex('money_operations_idempotency_key').on(table.idempotencyKey),
    index('money_operations_payment_idx').on(table.paymentId, table.createdAt),
    // Transaction History's refund rows, newest first: read in order, never sorted.
    index('money_operations_refund_history_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.kind} = 'refund' and ${table.status} in ('succeeded', 'scheduled')`),
    index('money_operations_pending_idx')
      .on(table.status)
      .where(sql`${table.status} = 'pending'`),
    // Refunds waiting for their capture to settle: few, whatever the history holds.
    index('money_operations_scheduled_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'scheduled'`),
  ],
);

/**
 * CardSecure tokens the store's tokenize-proxy issued, kept as SHA-256 digests: a token is saved only by
 * the customer, and in the session, it was issued to, and only once. CardSecure itself needs no
 * credentials, so a token made elsewhere proves nothing about who entered the card.
 */
export const issuedTokens = pgTable(
  'issued_tokens',
  {
    tokenDigest: text('token_digest').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The digest of the session's token (sessions.token_hash) that asked for it. */
    sessionDigest: text('session_digest').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    savedAt: timestamp('saved_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [index('issued_tokens_issued_idx').on(table.issuedAt)],
);

/** Stored answers of money-moving calls, so that a replayed Idempotency-Key gets the first answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: text('status', { enum: ['in_progress', 'done'] }).notNull(),
    responseCode: integer('response_code'),
    /** The answer exactly as first sent (text, not jsonb, so that a replay is byte for byte the same). */
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);

export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-side sessions; the cookie carries a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind', { enum: ['admin', 'customer'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    username: text('username').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_expires_idx').on(table.expiresAt)],
);

/**
 * A shopper's account. The email is unique whatever its case; the password is kept only as an argon2id
 * hash. `numericId` is the short Customer ID read out for phone orders. `gatewayProfileId` is the
 * customer's stored profile at the gateway, once a payment method has been saved.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    numericId: integer('numeric_id').notNull().generatedAlwaysAsIdentity({ startWith: 100001 }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    gatewayProfileId: text('gateway_profile_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customers_email_unique').on(sql`lower(${table.email})`),
    uniqueIndex('customers_numeric_id_unique').on(table.numericId),
    uniqueIndex('customers_gateway_profile_unique').on(table.gatewayProfileId),
    // Transaction History's search (decision 030): the start of the email, the words of the name.
    index('customers_email_prefix_idx').on(sql`lower(${table.email}) text_pattern_ops`),
    index('customers_name_words_idx').using('gin', sql`to_tsvector('simple'::regconfig, ${table.name})`),
    check('customers_name_length', sql`char_length(${table.name}) between 1 and 100`),
    check('customers_email_length', sql`char_length(${table.email}) between 3 and 254`),
  ],
);

/**
 * A card or bank account saved to a customer's gateway profile: only the gateway's account id and what a
 * person may be shown (brand or bank, last 4, expiry); never a card or account number. At most one default
 * per customer, enforced by the database.
 */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['card', 'ach'] }).notNull(),
    /** The account's id within the customer's gateway profile. */
    gatewayAccountId: text('gateway_account_id').notNull(),
    cardBrand: text('card_brand'),
    last4: text('last4').notNull(),
    holderName: text('holder_name').notNull(),
    expiryMonth: integer('expiry_month'),
    expiryYear: integer('expiry_year'),
    bankName: text('bank_name'),
    accountType: text('account_type', { enum: ['CHECKING', 'SAVINGS'] }),
    routingNumberLast4: text('routing_number_last4'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saved_payment_methods_one_default')
      .on(table.customerId)
      .where(sql`${table.isDefault}`),
    uniqueIndex('saved_payment_methods_gateway_account').on(table.customerId, table.gatewayAccountId),
    check('saved_payment_methods_kind_known', sql`${table.kind} in ('card', 'ach')`),
    check('saved_payment_methods_last4_digits', sql`${table.last4} ~ '^[0-9]{4}$'`),
    check(
      'saved_payment_methods_card_fields',
      sql`${table.kind} <> 'card' or (${table.cardBrand} is not null and ${table.expiryMonth} between 1 and 12 and ${table.expiryYear} between 2000 and 2100)`,
    ),
    check(
      'saved_payment_methods_bank_fields',
      sql`${table.kind} <> 'ach' or (${table.bankName} is not null and ${table.accountType} is not null and ${table.routingNumberLast4} ~ '^[0-9]{4}$')`,
    ),
  ],
);

/**
 * Sign-in attempts per account-and-client-address and per client address, shared by every server: how
 * many have been made since the last success, and when the next one may be (services/accounts/throttles.ts).
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, precision: 3 }).notNull(),
    nextAllowedAt: timestamp('next_allowed_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [
    check('login_throttle_attempts_not_negative', sql`${table.attempts} >= 0`),
    index('login_throttle_last_attempt_idx').on(table.lastAttemptAt),
  ],
);

export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    orderId: text('order_id'),
    amountCents: integer('amount_cents'),
    outcome: text('outcome', { enum: ['success', 'failure'] }).notNull(),
    detail: text('detail').notNull().default(''),
  },
  (table) => [index('audit_events_at_idx').on(table.at)],
);

/**
 * A customer's address book: delivery addresses kept for the next order, at most one of them the default
 * (preselected in the cart), as the database enforces.
 */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    country: text('country').notNull(),
    phone: text('phone'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customer_addresses_one_default')
      .on(table.customerId)
      .where(sql`${table.isDefault}`),
    index('customer_addresses_customer_idx').on(table.customerId, table.createdAt),
    check('customer_addresses_country_known', sql`${table.country} in ${listOf(ADDRESS_COUNTRIES)}`),
    check(
      'customer_addresses_lengths',
      sql`char_length(${table.name}) between 1 and 100 and char_length(${table.address}) between 1 and 100
        and char_length(${table.city}) between 1 and 100 and char_length(${table.state}) between 1 and 100
        and char_length(${table.zip}) between 1 and 100`,
    ),
  ],
);

// Named in the core: the console's Sent emails view shows them too.
export { MAIL_KINDS, MAIL_STATUSES };

/**
 * The outbox (decision 027): every message the store sends, written in the same transaction as the event
 * it tells of, and sent later by upkeep. `dedupeKey` names the event (an order's confirmation, one refund),
 * so an event queues its message once however often it is recorded; `messageId` is the one Message-ID the
 * message keeps on every try. A server claims due rows for a short lease (`leasedUntil`) before sending.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    orderId: text('order_id').references(() => orders.id),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    messageId: text('message_id').notNull(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    leasedUntil: timestamp('leased_until', { withTimezone: true, precision: 3 }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex('mail_outbox_dedupe_key').on(table.dedupeKey),
    uniqueIndex('mail_outbox_message_id').on(table.messageId),
    check('mail_outbox_kind_known', sql`${table.kind} in ${listOf(MAIL_KINDS)}`),
    check('mail_outbox_status_known', sql`${table.status} in ${listOf(MAIL_STATUSES)}`),
    check('mail_outbox_attempts_not_negative', sql`${table.attempts} >= 0`),
    check('mail_outbox_sent_when_sent', sql`(${table.status} = 'sent') = (${table.sentAt} is not null)`),
    // What upkeep sends next: few, whatever the outbox has sent.
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('mail_outbox_created_idx').on(table.createdAt, table.id),
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

/**
 * When upkeep last asked the gateway about a day: which batches settled that day (settlestat, decision 035)
 * or what was funded that day (funding, decision 036). One server claims a day at a time, so these calls
 * depend on the days, not on the number of payments or servers.
 */
export const gatewayDayChecks = pgTable(
  'gateway_day_checks',
  {
    kind: text('kind', { enum: ['settlement', 'funding'] }).notNull(),
    day: date('day').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.day] }),
    check('gateway_day_checks_kind_known', sql`${table.kind} in ('settlement', 'funding')`),
  ],
);

/**
 * A deposit the gateway reported for a funding day (decision 036), as it reported it: net sales, what came off
 * (negative) and the total paid to the bank, in cents (bigint: a busy shop's day passes the $21 million an
 * integer holds). A day read again replaces its deposits and lines.
 */
export const deposits = pgTable(
  'deposits',
  {
    fundingId: text('funding_id').primaryKey(),
    /** The day asked about (UTC), whose deposit this is. */
    day: date('day').notNull(),
    currency: text('currency').notNull(),
    netSalesCents: bigint('net_sales_cents', { mode: 'number' }).notNull(),
    interchangeFeeCents: bigint('interchange_fee_cents', { mode: 'number' }).notNull(),
    serviceChargeCents: bigint('service_charge_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    reversalCents: bigint('reversal_cents', { mode: 'number' }).notNull(),
    adjustmentCents: bigint('adjustment_cents', { mode: 'number' }).notNull(),
    totalFundingCents: bigint('total_funding_cents', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [index('deposits_day_idx').on(table.day)],
);

export const DEPOSIT_LINE_KINDS = ['sale', 'refund', 'return', 'chargeback', 'other'] as const;
export const DEPOSIT_LINE_MATCHES = ['matched', 'unexpected', 'amount_differs'] as const;

/**
 * One line of a funding day: a sale, a refund, an ACH return or a chargeback, with the store's payment or
 * refund it was matched to, and how: matched to the cent, unexpected (the store has no such transaction), or
 * with a different amount (`expectedCents` is the store's).
 */
export const depositLines = pgTable(
  'deposit_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    day: date('day').notNull(),
    fundingId: text('funding_id'),
    kind: text('kind', { enum: DEPOSIT_LINE_KINDS }).notNull(),
    retref: text('retref'),
    orderId: text('order_id'),
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull().default(0),
    achReturnCode: text('ach_return_code'),
    paymentId: uuid('payment_id').references(() => payments.id),
    refundOperationId: uuid('refund_operation_id').references(() => moneyOperations.id),
    match: text('match', { enum: DEPOSIT_LINE_MATCHES }).notNull(),
    expectedCents: integer('expected_cents'),
  },
  (table) => [
    index('deposit_lines_day_idx').on(table.day),
    index('deposit_lines_payment_idx').on(table.paymentId),
    check('deposit_lines_kind_known', sql`${table.kind} in ${listOf(DEPOSIT_LINE_KINDS)}`),
    check('deposit_lines_match_known', sql`${table.match} in ${listOf(DEPOSIT_LINE_MATCHES)}`),
    check(
      'deposit_lines_expected_when_differs',
      sql`(${table.match} = 'amount_differs') = (${table.expectedCents} is not null)`,
    ),
  ],
);

/**
 * Which server runs a part of upkeep that asks the gateway, until when (decision 037): a server takes the
 * lease when it is free or lapsed (or already its own), so of two or four servers one asks the gateway each
 * time, and another takes over within a lease's length if it stops.
 */
export const upkeepLeases = pgTable('upkeep_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  leasedUntil: timestamp('leased_until', { withTimezone: true, precision: 3 }).notNull(),
});

/**
 * The transactions that changed a row the console's lists can show (decision 042), one row each, written by
 * the triggers of migration 0022: a kept list answer still stands in a newer snapshot when no transaction
 * seen by one snapshot and not the other is here. Housekeeping forgets those far behind every snapshot.
 */
export const listChanges = pgTable('list_changes', {
  /** The writing transaction's id (`pg_current_xact_id()`). */
  xid: bigint('xid', { mode: 'number' }).primaryKey(),
});
