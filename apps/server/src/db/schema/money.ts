import {
  CAPTURE_STATUSES,
  OPERATION_STATUSES,
  REFUND_APPROVAL_METHODS,
  REFUND_APPROVAL_STATUSES,
} from '@store/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  date,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { listOf } from './list-of';
import { customers } from './people';
import { orders, paymentRequests } from './orders';

/**
 * The money: each authorized payment and its operations (captures, voids, refunds), the tokens and the
 * replayed answers of money calls, and what the gateway reports of settlement days and deposits.
 */

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
 * A refund above the approval limit, asked for by one person and decided by another (decision 058). The
 * database holds the rules: the decider is never the requester, a payment has one request awaiting at a
 * time, and an approved request's refund is the money operation whose idempotency key names the request.
 */
export const refundApprovals = pgTable(
  'refund_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** A refund, or a cancelled charge (the whole unsettled capture voided). */
    method: text('method', { enum: REFUND_APPROVAL_METHODS }).notNull().default('refund'),
    reason: text('reason'),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    status: text('status', { enum: REFUND_APPROVAL_STATUSES }).notNull().default('pending'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true, precision: 3 }),
    decisionReason: text('decision_reason'),
  },
  (table) => [
    check('refund_approvals_amount_positive', sql`${table.amountCents} > 0`),
    check('refund_approvals_method_known', sql`${table.method} in ${listOf(REFUND_APPROVAL_METHODS)}`),
    check('refund_approvals_status_known', sql`${table.status} in ${listOf(REFUND_APPROVAL_STATUSES)}`),
    check(
      'refund_approvals_second_person',
      sql`${table.decidedBy} is null or ${table.decidedBy} <> ${table.requestedBy} or ${table.status} = 'cancelled'`,
    ),
    check(
      'refund_approvals_decided_when_decided',
      sql`(${table.status} = 'pending') = (${table.decidedAt} is null)`,
    ),
    uniqueIndex('refund_approvals_one_pending_per_payment')
      .on(table.paymentId)
      .where(sql`${table.status} = 'pending'`),
    index('refund_approvals_status_idx').on(table.status, table.requestedAt),
  ],
);

/**
 * CardSecure tokens the store's tokenize-proxy issued, and tokens from the card frame once saved, kept as
 * SHA-256 digests: a token from the proxy is saved only by the customer, and in the session, it was issued
 * to, and only once; a token from the frame is saved once, ever (decision 054). CardSecure itself needs no
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

/**
 * The card frame opened for a customer's session (decision 054): one card may be saved with it, by that
 * session, soon after. Kept as the SHA-256 digest of the id the page was given.
 */
export const cardEntries = pgTable(
  'card_entries',
  {
    entryDigest: text('entry_digest').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The digest of the session's token (sessions.token_hash) that opened it. */
    sessionDigest: text('session_digest').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [index('card_entries_opened_idx').on(table.openedAt)],
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
