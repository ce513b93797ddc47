import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './client';
import {
  claimDueMail,
  listOutbox,
  markMailSent,
  MAIL_MAX_ATTEMPTS,
  mailRetryDelayMs,
  queueMail,
  recordMailFailure,
  type OutboxMessage,
  type OutboxRow,
} from './mail-outbox-store';
import { testDatabaseKinds } from './test-database';

/**
 * The outbox's rules, on both databases: a message per event, claimed by one server at a time for a lease,
 * sent once, tried again after a growing wait and given up after the last try; listed newest first.
 */
describe.each(testDatabaseKinds())('the mail outbox, on $name', (kind) => {
  let database: Database;
  const LEASE_MS = 60_000;
  const DOMAIN = 'shop.example';

  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.sql.query('delete from mail_outbox');
  });

  const message = (dedupeKey: string): OutboxMessage => ({
    kind: 'refund_confirmation',
    dedupeKey,
    recipient: 'pat@example.com',
    subject: 'Refund of $8.20',
    textBody: 'We have refunded $8.20.',
    htmlBody: '<p>We have refunded $8.20.</p>',
  });
  const claim = (now = new Date(), limit = 10) =>
    claimDueMail(database.orm, { now, limit, leaseMs: LEASE_MS });
  const ids = (rows: OutboxRow[]) => rows.map((row) => row.id).sort();
  async function rowOf(id: string) {
    const { rows } = await database.sql.query<{
      status: string;
      attempts: number;
      next_attempt_at: Date | string;
      last_error: string | null;
      leased_until: unknown;
      sent_at: unknown;
    }>('select * from mail_outbox where id = $1', [id]);
    return { ...rows[0]!, next_attempt_at: new Date(rows[0]!.next_attempt_at) };
  }

  it('queues a message once per event, with a Message-ID of its own at the store’s domain', async () => {
    expect(await queueMail(database.orm, message('money-operation:1'), DOMAIN)).toBe(true);
    expect(await queueMail(database.orm, { ...message('money-operation:1'), subject: 'again' }, DOMAIN)).toBe(
      false,
    );
    expect(await queueMail(database.orm, message('money-operation:2'), DOMAIN)).toBe(true);
    const { rows } = await database.sql.query<{ dedupe_key: string; subject: string; message_id: string }>(
      'select dedupe_key, subject, message_id from mail_outbox order by dedupe_key',
    );
    expect(rows.map((row) => [row.dedupe_key, row.subject])).toEqual([
      ['money-operation:1', 'Refund of $8.20'],
      ['money-operation:2', 'Refund of $8.20'],
    ]);
    for (const row of rows) expect(row.message_id).toMatch(/^<[0-9a-f-]{36}@shop\.example>$/);
    expect(rows[0]!.message_id).not.toBe(rows[1]!.message_id);
  });

  it('queues within the event’s transaction: nothing is left of one rolled back', async () => {
    await database.orm
      .transaction(async (tx) => {
        await queueMail(tx, message('order:rolled-back'), DOMAIN);
        throw new Error('the order could not be recorded');
      })
      .catch(() => undefined);
    await database.orm.transaction(async (tx) => {
      await queueMail(tx, message('order:recorded'), DOMAIN);
    });
    const { rows } = await database.sql.query<{ dedupe_key: string }>('select dedupe_key from mail_outbox');
    expect(rows.map((row) => row.dedupe_key)).toEqual(['order:recorded']);
  });

  it('claims what is due for a lease: nobody else claims it until the lease runs out', async () => {
    for (const key of ['a', 'b', 'c']) await queueMail(database.orm, message(key), DOMAIN);
    await database.sql.query(
      "update mail_outbox set next_attempt_at = now() + interval '1 hour' where dedupe_key = 'c'",
    );
    const now = new Date();
    const first = await claim(now);
    expect(first.map((row) => row.dedupeKey).sort()).toEqual(['a', 'b']);
    expect(first[0]!.leasedUntil).toEqual(new Date(now.getTime() + LEASE_MS));
    expect(await claim(new Date(now.getTime() + LEASE_MS - 1))).toEqual([]);
    // The server that held them stopped: once the lease has run out, they are due again.
    expect(ids(await claim(new Date(now.getTime() + LEASE_MS)))).toEqual(ids(first));
  });

  it('gives every due message to one of two servers claiming at once, never to both', async () => {
    for (let index = 0; index < 12; index += 1) await queueMail(database.orm, message(`m${index}`), DOMAIN);
    const claimed: OutboxRow[] = [];
    for (;;) {
      const [one, other] = await Promise.all([claim(new Date(), 4), claim(new Date(), 4)]);
      if (one.length + other.length === 0) break;
      claimed.push(...one, ...other);
    }
    expect(claimed).toHaveLength(12);
    expect(new Set(ids(claimed)).size).toBe(12);
  });

  it('marks a sent message sent: it is not claimed again', async () => {
    await queueMail(database.orm, message('sent'), DOMAIN);
    const [row] = await claim();
    await markMailSent(database.orm, row!.id);
    const stored = await rowOf(row!.id);
    expect(stored).toMatchObject({ status: 'sent', leased_until: null });
    expect(stored.sent_at).not.toBeNull();
    expect(await claim(new Date(Date.now() + 24 * 3600_000))).toEqual([]);
  });

  it('waits longer after each failed try, and gives the message up after the last one', async () => {
    await queueMail(database.orm, message('refused'), DOMAIN);
    let now = new Date();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      const [row] = await claim(now);
      expect(row, `try ${attempt} is due`).toBeDefined();
      const failed = await recordMailFailure(database.orm, row!, { error: 'connect ECONNREFUSED', now });
      expect(failed).toMatchObject({
        attempts: attempt,
        lastError: 'connect ECONNREFUSED',
        leasedUntil: null,
      });
      const wait = failed!.nextAttemptAt.getTime() - now.getTime();
      waits.push(wait);
      if (attempt < MAIL_MAX_ATTEMPTS) {
        expect(failed!.status).toBe('pending');
        // Not before its wait is over (but for the claim's millisecond of grace).
        expect(await claim(new Date(now.getTime() + wait - 2))).toEqual([]);
        now = failed!.nextAttemptAt;
      } else {
        expect(failed!.status).toBe('failed');
      }
    }
    expect(waits).toEqual(
      Array.from({ length: MAIL_MAX_ATTEMPTS }, (_, index) => mailRetryDelayMs(index + 1)),
    );
    expect(waits.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(Math.max(...waits)).toBe(3_600_000);
    // Failed for the operator: never tried again.
    expect(await claim(new Date(now.getTime() + 365 * 24 * 3600_000))).toEqual([]);
  });

  it('keeps a failure only from the lease’s holder', async () => {
    await queueMail(database.orm, message('stale'), DOMAIN);
    const now = new Date();
    const [stale] = await claim(now);
    // Its lease ran out and another server claimed it meanwhile.
    const [current] = await claim(new Date(now.getTime() + LEASE_MS));
    expect(await recordMailFailure(database.orm, stale!, { error: 'timed out', now })).toBeUndefined();
    await markMailSent(database.orm, current!.id);
    expect(await recordMailFailure(database.orm, current!, { error: 'late', now })).toBeUndefined();
    expect(await rowOf(current!.id)).toMatchObject({ status: 'sent', attempts: 0, last_error: null });
  });

  it('lists the outbox newest first, a page at a time, without repeating or skipping a message', async () => {
    // Two queued in one transaction share their creation time: the id orders them.
    await database.orm.transaction(async (tx) => {
      await queueMail(tx, message('same-1'), DOMAIN);
      await queueMail(tx, message('same-2'), DOMAIN);
    });
    for (let index = 0; index < 5; index += 1)
      await queueMail(database.orm, message(`later-${index}`), DOMAIN);
    const { rows } = await database.sql.query<{ id: string }>(
      'select id from mail_outbox order by created_at desc, id desc',
    );
    const listed: string[] = [];
    let page = await listOutbox(database.orm, { limit: 3 });
    for (;;) {
      listed.push(...page.messages.map((row) => row.id));
      if (!page.next) break;
      page = await listOutbox(database.orm, { limit: 3, after: page.next });
    }
    expect(listed).toEqual(rows.map((row) => row.id));
  });
});
