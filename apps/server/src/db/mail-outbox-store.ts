import { randomUUID } from 'node:crypto';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Orm, Transaction } from './client';
import { mailOutbox, orders, type MAIL_KINDS } from './schema';

/**
 * The outbox (decision 027): every message the store sends is a row, written in the same transaction as the
 * event it tells of and sent later by upkeep (`services/mail/sender.ts`). A server claims due rows for a
 * short lease (`for update skip locked`, so that two servers never claim the same row), sends them and marks
 * each sent, or records the failed try and when to try again.
 */

type MailKind = (typeof MAIL_KINDS)[number];
export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A message to queue, rendered (`services/mail/messages.ts`) and addressed. */
export interface OutboxMessage {
  kind: MailKind;
  /**
   * Names the event the message tells of, so that it is queued once however often the event is recorded:
   * `order:<order id>` for an order's confirmation, `money-operation:<operation id>` for a refund.
   */
  dedupeKey: string;
  /** The order the message is about. */
  orderId?: string;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
}

/** A message as the outbox keeps it: with the one Message-ID it carries on every try. */
export type OutboxEntry = OutboxMessage & { messageId: string };

/**
 * A new Message-ID (RFC 5322): a random id at the store's mail domain (`mailDomainOf` in config.ts), so that
 * a message sent twice (a crash after the mail server took it) is shown once by mail programs.
 */
export function outboxEntryOf(message: OutboxMessage, domain: string): OutboxEntry {
  return { ...message, messageId: `<${randomUUID()}@${domain}>` };
}

/**
 * Queues a message, within the caller's transaction when given one (the event's own). Answers false when
 * a message for the same event is queued already: nothing is written then.
 */
export async function queueMail(
  db: Orm | Transaction,
  message: OutboxMessage,
  domain: string,
): Promise<boolean> {
  const inserted = await db
    .insert(mailOutbox)
    .values(outboxEntryOf(message, domain))
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return inserted.length > 0;
}

/** Who an order's messages go to; undefined for an order taken before the store asked for a contact. */
export async function findOrderContact(
  orm: Orm,
  orderId: string,
): Promise<{ email: string; name: string } | undefined> {
  const rows = await orm
    .select({ email: orders.contactEmail, name: orders.deliveryName })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  const row = rows[0];
  return row?.email ? { email: row.email, name: row.name ?? '' } : undefined;
}

/**
 * Claims up to `limit` messages due at `now` for `leaseMs`: pending, their next try due, and not leased to a
 * server (or that server's lease has run out: it stopped mid-pass). Rows another server is claiming at
 * this moment are skipped, not waited for. A claimed row's `leasedUntil` names its lease: the failure of
 * a try is recorded only by the lease's holder (`recordMailFailure`).
 */
export async function claimDueMail(
  orm: Orm,
  options: { now: Date; limit: number; leaseMs: number },
): Promise<OutboxRow[]> {
  const now = options.now.toISOString();
  const leasedUntil = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const due = orm
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        // A millisecond's grace: the column rounds the database's clock to the millisecond, so a message
        // queued just now may read a fraction later than this process's clock.
        sql`${mailOutbox.nextAttemptAt} <= ${now}::timestamptz + interval '1 millisecond'`,
        sql`(${mailOutbox.leasedUntil} is null or ${mailOutbox.leasedUntil} <= ${now}::timestamptz)`,
      ),
    )
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return (
    orm
      .update(mailOutbox)
      .set({ leasedUntil: sql`${leasedUntil}::timestamptz` })
      // `= any(array(…))` runs the locking select once (an `in` subquery may be run again by the planner).
      .where(sql`${mailOutbox.id} = any(array(${due}))`)
      .returning()
  );
}

/** The mail server took the message: it is sent, whoever holds its lease now. */
export async function markMailSent(orm: Orm, id: string, now = new Date()): Promise<void> {
  await orm
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: now, leasedUntil: null, lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/**
 * Gives back the leases of claimed messages that were not tried (the server is stopping): they are due again
 * at once, for any server, without waiting for the lease to run out. A lease lost meanwhile is left alone.
 */
export async function releaseMailLeases(
  orm: Orm,
  claimed: Pick<OutboxRow, 'id' | 'leasedUntil'>[],
): Promise<void> {
  for (const message of claimed) {
    if (!message.leasedUntil) continue;
    await orm
      .update(mailOutbox)
      .set({ leasedUntil: null })
      .where(
        and(
          eq(mailOutbox.id, message.id),
          eq(mailOutbox.status, 'pending'),
          eq(mailOutbox.leasedUntil, message.leasedUntil),
        ),
      );
  }
}

/** How many times a message is tried before it is marked failed for the operator. */
export const MAIL_MAX_ATTEMPTS = 12;
/** The wait after the first failed try; each later one doubles it, up to MAIL_RETRY_CAP_MS. */
const MAIL_RETRY_BASE_MS = 30_000;
const MAIL_RETRY_CAP_MS = 60 * 60 * 1000;

/**
 * How long to wait after a message's `attempts`-th failed try: 30 s, 1 min, 2 min … at most an hour, so that
 * a mail server down for a few hours still gets the message (about five hours over the twelve tries).
 */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), MAIL_RETRY_CAP_MS);
}

/** The longest last error kept: a mail server's answer, not a transcript. */
const ERROR_LIMIT = 500;

/**
 * Records a failed try of a claimed message (`claimed`, as `claimDueMail` answered it): one more attempt,
 * the error, the lease given back and the next try after a growing wait (`mailRetryDelayMs`); after the last
 * try the message is failed, for the operator. A `permanent` failure (a recipient that is not one address,
 * or that the mail server refused as an address: decision 045) is failed at once, as no later try would
 * go otherwise. Nothing changes if the lease was lost meanwhile (it ran out and another server claimed the
 * message) or the message was sent. Answers the row as it now is, or undefined.
 */
export async function recordMailFailure(
  orm: Orm,
  claimed: Pick<OutboxRow, 'id' | 'attempts' | 'leasedUntil'>,
  input: { error: string; now: Date; permanent?: boolean },
): Promise<OutboxRow | undefined> {
  const attempts = claimed.attempts + 1;
  const givenUp = input.permanent === true || attempts >= MAIL_MAX_ATTEMPTS;
  const rows = await orm
    .update(mailOutbox)
    .set({
      attempts,
      status: givenUp ? 'failed' : 'pending',
      nextAttemptAt: new Date(input.now.getTime() + mailRetryDelayMs(attempts)),
      lastError: input.error.slice(0, ERROR_LIMIT),
      leasedUntil: null,
    })
    .where(
      and(
        eq(mailOutbox.id, claimed.id),
        eq(mailOutbox.status, 'pending'),
        eq(mailOutbox.attempts, claimed.attempts),
        claimed.leasedUntil ? eq(mailOutbox.leasedUntil, claimed.leasedUntil) : undefined,
      ),
    )
    .returning();
  return rows[0];
}

/** Where a page of the outbox list ends: the last row's creation time and id. */
export interface OutboxCursor {
  createdAt: Date;
  id: string;
}

/**
 * The outbox, newest first, a page at a time (keyset: a page starts after the cursor of the one before, so
 * that messages queued meanwhile neither repeat nor hide a row).
 */
export async function listOutbox(
  orm: Orm,
  options: { limit: number; after?: OutboxCursor },
): Promise<{ messages: OutboxRow[]; next?: OutboxCursor }> {
  const after = options.after;
  const rows = await orm
    .select()
    .from(mailOutbox)
    .where(
      after
        ? or(
            sql`${mailOutbox.createdAt} < ${after.createdAt.toISOString()}::timestamptz`,
            and(
              sql`${mailOutbox.createdAt} = ${after.createdAt.toISOString()}::timestamptz`,
              sql`${mailOutbox.id} < ${after.id}`,
            ),
          )
        : undefined,
    )
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(options.limit + 1);
  const messages = rows.slice(0, options.limit);
  const last = messages.at(-1);
  return rows.length > options.limit && last
    ? { messages, next: { createdAt: last.createdAt, id: last.id } }
    : { messages };
}

/** A message's HTML body, as the console shows it in demo mode; undefined for an id the outbox has not. */
export async function findOutboxHtml(orm: Orm, id: string): Promise<string | undefined> {
  const rows = await orm
    .select({ htmlBody: mailOutbox.htmlBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id))
    .limit(1);
  return rows[0]?.htmlBody;
}
