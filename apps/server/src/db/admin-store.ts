import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Orm } from './client';
import { batched } from './batched';
import { fixedStatement, SNAPSHOT_TEXT } from './prepared';
import { admins, auditEvents, loginThrottle, sessions } from './schema';

export type AdminRow = typeof admins.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AuditEventRow = typeof auditEvents.$inferSelect;

export async function countAdmins(orm: Orm): Promise<number> {
  const rows = await orm.select({ count: sql<number>`count(*)::int` }).from(admins);
  return rows[0]?.count ?? 0;
}

export async function findAdminByUsername(orm: Orm, username: string): Promise<AdminRow | undefined> {
  const rows = await orm.select().from(admins).where(eq(admins.username, username)).limit(1);
  return rows[0];
}

/** Creates an admin; false when the username is taken. */
export async function insertAdmin(orm: Orm, username: string, passwordHash: string): Promise<boolean> {
  const rows = await orm
    .insert(admins)
    .values({ username, passwordHash })
    .onConflictDoNothing({ target: admins.username })
    .returning({ id: admins.id });
  return rows.length > 0;
}

/** Sets a new password and ends every session of that admin; false when there is no such admin. */
export async function updateAdminPassword(
  orm: Orm,
  username: string,
  passwordHash: string,
): Promise<boolean> {
  return orm.transaction(async (tx) => {
    const rows = await tx
      .update(admins)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(admins.username, username))
      .returning({ id: admins.id });
    const admin = rows[0];
    if (!admin) return false;
    await tx.delete(sessions).where(and(eq(sessions.kind, 'admin'), eq(sessions.subjectId, admin.id)));
    return true;
  });
}

export async function insertSession(orm: Orm, session: typeof sessions.$inferInsert): Promise<void> {
  await orm.insert(sessions).values(session);
}

/** A live session, and the database snapshot it was read in (see http/snapshot-answers.ts). */
export type LiveSession = SessionRow & { snapshot: string };

// Every signed-in request asks this: made once, its times read as milliseconds.
const liveSessions = fixedStatement<Record<string, string | number>>(
  `select token_hash, kind, subject_id, username,
     (extract(epoch from created_at) * 1000)::float8 as created_at,
     (extract(epoch from expires_at) * 1000)::float8 as expires_at,
     ${SNAPSHOT_TEXT} as snapshot
   from sessions where token_hash = any($1::text[]) and expires_at > $2::timestamptz`,
);
const sessionChecks = new WeakMap<Orm, (tokenHash: string) => Promise<LiveSession | undefined>>();

/**
 * The live session of this token hash, if any. The checks that arrive together are asked in one statement
 * (see batched.ts), each after its request arrived: under load, one round trip to the database serves many
 * requests, and they share the snapshot it was read in.
 */
export function findLiveSession(orm: Orm, tokenHash: string): Promise<LiveSession | undefined> {
  let check = sessionChecks.get(orm);
  if (!check) {
    check = batched(async (tokenHashes: string[]) => {
      const rows = await liveSessions(orm, [[...new Set(tokenHashes)], new Date().toISOString()]);
      const found = new Map(rows.map((row) => [String(row.token_hash), liveSessionOf(row)]));
      return tokenHashes.map((hash) => found.get(hash));
    });
    sessionChecks.set(orm, check);
  }
  return check(tokenHash);
}

function liveSessionOf(row: Record<string, string | number>): LiveSession {
  return {
    tokenHash: String(row.token_hash),
    kind: row.kind as SessionRow['kind'],
    subjectId: String(row.subject_id),
    username: String(row.username),
    createdAt: new Date(Number(row.created_at)),
    expiresAt: new Date(Number(row.expires_at)),
    snapshot: String(row.snapshot),
  };
}

export async function deleteSession(orm: Orm, tokenHash: string): Promise<void> {
  await orm.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteExpiredSessions(orm: Orm, now: Date): Promise<void> {
  await orm.delete(sessions).where(lt(sessions.expiresAt, now));
}

export interface ThrottleKey {
  key: string;
  /** Attempts this key may make, since its last success, before each further one must wait. */
  freeAttempts: number;
}

export type ThrottleVerdict =
  { allowed: true; slowed: { key: string; waitMs: number }[] } | { allowed: false; retryAfterMs: number };

/**
 * Takes one sign-in attempt against every key, *before* the password is checked, in one transaction with
 * the keys' rows locked (in key order, so two attempts never wait on each other): parallel guesses cannot
 * slip past the limit. An attempt is refused while any key must still wait; otherwise it is counted, and a
 * key past its free attempts must wait `delayAfter(attempts beyond the free ones)` before the next one.
 */
export async function takeSignInAttempt(
  orm: Orm,
  keys: ThrottleKey[],
  options: { now: Date; forgetAfterMs: number; delayAfter: (excess: number) => number },
): Promise<ThrottleVerdict> {
  const { now } = options;
  const forgotten = now.getTime() - options.forgetAfterMs;
  const ordered = [...keys].sort((a, b) => a.key.localeCompare(b.key));
  return orm.transaction(async (tx) => {
    const rows = [];
    for (const { key, freeAttempts } of ordered) {
      await tx
        .insert(loginThrottle)
        .values({ key, attempts: 0, lastAttemptAt: now, nextAllowedAt: now })
        .onConflictDoNothing();
      const row = (await tx.select().from(loginThrottle).where(eq(loginThrottle.key, key)).for('update'))[0]!;
      // A key unused for long enough starts again from nothing.
      const fresh = row.lastAttemptAt.getTime() < forgotten;
      rows.push({
        key,
        freeAttempts,
        attempts: fresh ? 0 : row.attempts,
        nextAllowedAt: fresh ? now : row.nextAllowedAt,
      });
    }
    const waitMs = Math.max(0, ...rows.map((row) => row.nextAllowedAt.getTime() - now.getTime()));
    if (waitMs > 0) return { allowed: false, retryAfterMs: waitMs };
    const slowed: { key: string; waitMs: number }[] = [];
    for (const row of rows) {
      const attempts = row.attempts + 1;
      const excess = attempts - row.freeAttempts;
      const delayMs = excess >= 0 ? options.delayAfter(excess) : 0;
      if (delayMs > 0) slowed.push({ key: row.key, waitMs: delayMs });
      await tx
        .update(loginThrottle)
        .set({ attempts, lastAttemptAt: now, nextAllowedAt: new Date(now.getTime() + delayMs) })
        .where(eq(loginThrottle.key, row.key));
    }
    return { allowed: true, slowed };
  });
}

/**
 * After a right password: the account-and-address keys start again from nothing; a shared key (the client
 * address) only gets back the attempt that succeeded, so that signing in to one's own account does not
 * wipe out the failures made against others from the same address.
 */
export async function recordSignInSuccess(
  orm: Orm,
  input: { resetKeys: string[]; creditKeys: string[] },
): Promise<void> {
  if (input.resetKeys.length > 0) {
    await orm.delete(loginThrottle).where(inArray(loginThrottle.key, input.resetKeys));
  }
  if (input.creditKeys.length > 0) {
    await orm
      .update(loginThrottle)
      .set({ attempts: sql`greatest(${loginThrottle.attempts} - 1, 0)` })
      .where(inArray(loginThrottle.key, input.creditKeys));
  }
}

/** Forgets counters unused for longer than they are remembered. */
export async function deleteStaleThrottleKeys(orm: Orm, before: Date): Promise<void> {
  await orm.delete(loginThrottle).where(lt(loginThrottle.lastAttemptAt, before));
}

export async function insertAuditEvent(orm: Orm, event: typeof auditEvents.$inferInsert): Promise<void> {
  await insertAuditEvents(orm, [event]);
}

/** Many audit lines in one statement (Capture All writes one per payment). */
export async function insertAuditEvents(
  orm: Orm,
  events: (typeof auditEvents.$inferInsert)[],
): Promise<void> {
  if (events.length > 0) await orm.insert(auditEvents).values(events);
}

/** Newest first, keyset-paginated on (at, id). */
export async function listAuditEvents(
  orm: Orm,
  options: { limit: number; before?: { at: Date; id: string } },
): Promise<AuditEventRow[]> {
  const before = options.before;
  return orm
    .select()
    .from(auditEvents)
    .where(
      before
        ? or(lt(auditEvents.at, before.at), and(eq(auditEvents.at, before.at), lt(auditEvents.id, before.id)))
        : undefined,
    )
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(options.limit);
}
