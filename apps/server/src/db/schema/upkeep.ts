import { MAIL_KINDS, MAIL_STATUSES } from '@store/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { listOf } from './list-of';
import { orders } from './orders';

/**
 * What the store keeps about itself: the audit log, the outbox of messages, upkeep's leases and the lists'
 * changes.
 */

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
  (table) => [
    index('audit_events_at_idx').on(table.at),
    // The audit log filtered by person.
    index('audit_events_actor_at_idx').on(table.actor, table.at),
  ],
);

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
