/** Server-side sessions of operators and customers (the cookie carries a token; the table its digest). */

import { and, eq, lt } from 'drizzle-orm';
import type { Orm } from './client';
import { batchedPerDatabase } from './batched';
import { fixedStatement, SNAPSHOT_TEXT } from './prepared';
import { sessions } from './schema';

type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(orm: Orm, session: typeof sessions.$inferInsert): Promise<void> {
  await orm.insert(sessions).values(session);
}

/**
 * A live session, the database snapshot it was read in (see http/snapshot-answers.ts), and for a console
 * session the role its admin has now (a changed role counts from the next request; a disabled admin has none).
 */
export type LiveSession = SessionRow & {
  snapshot: string;
  staffRole: string | null;
  /** Whether the session's admin has a confirmed second factor (decision 059). */
  hasSecondFactor: boolean;
};

// Every signed-in request asks this: made once, its times read as milliseconds.
const liveSessions = fixedStatement<Record<string, string | number | boolean | null>>(
  `select s.token_hash, s.kind, s.subject_id, s.username,
     (extract(epoch from s.created_at) * 1000)::float8 as created_at,
     (extract(epoch from s.expires_at) * 1000)::float8 as expires_at,
     (extract(epoch from s.last_active_at) * 1000)::float8 as last_active_at,
     s.idle_seconds,
     (extract(epoch from s.second_factor_at) * 1000)::float8 as second_factor_at,
     exists (select 1 from staff_factors f where f.admin_id = a.id and f.confirmed_at is not null) as has_second_factor,
     a.role as staff_role,
     ${SNAPSHOT_TEXT} as snapshot
   from sessions s
     left join admins a on s.kind = 'admin' and a.id = s.subject_id and a.disabled_at is null
   where s.token_hash = any($1::text[]) and s.expires_at > $2::timestamptz`,
);
/**
 * The live session of this token hash, if any. The checks that arrive together are asked in one statement
 * (see batched.ts), each after its request arrived: under load, one round trip to the database serves many
 * requests, and they share the snapshot it was read in.
 */
export const findLiveSession: (orm: Orm, tokenHash: string) => Promise<LiveSession | undefined> =
  batchedPerDatabase(async (orm, tokenHashes: string[]) => {
    const rows = await liveSessions(orm, [[...new Set(tokenHashes)], new Date().toISOString()]);
    const found = new Map(rows.map((row) => [String(row.token_hash), liveSessionOf(row)]));
    return tokenHashes.map((hash) => found.get(hash));
  });

function liveSessionOf(row: Record<string, string | number | boolean | null>): LiveSession {
  return {
    tokenHash: String(row.token_hash),
    kind: row.kind as SessionRow['kind'],
    subjectId: String(row.subject_id),
    username: String(row.username),
    createdAt: new Date(Number(row.created_at)),
    expiresAt: new Date(Number(row.expires_at)),
    lastActiveAt: new Date(Number(row.last_active_at)),
    idleSeconds: row.idle_seconds === null ? null : Number(row.idle_seconds),
    secondFactorAt: row.second_factor_at === null ? null : new Date(Number(row.second_factor_at)),
    hasSecondFactor: row.has_second_factor === true || row.has_second_factor === 't',
    snapshot: String(row.snapshot),
    staffRole: row.staff_role === null ? null : String(row.staff_role),
  };
}

/** The session proved a second factor now (sign-in or step-up). */
export async function markSecondFactor(orm: Orm, tokenHash: string, at: Date): Promise<void> {
  await orm.update(sessions).set({ secondFactorAt: at }).where(eq(sessions.tokenHash, tokenHash));
}

/** Moves a session's last activity forward to `activeAt` (never back). */
export async function touchSession(orm: Orm, tokenHash: string, activeAt: Date): Promise<void> {
  await orm
    .update(sessions)
    .set({ lastActiveAt: activeAt })
    .where(and(eq(sessions.tokenHash, tokenHash), lt(sessions.lastActiveAt, activeAt)));
}

export async function deleteSession(orm: Orm, tokenHash: string): Promise<void> {
  await orm.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteExpiredSessions(orm: Orm, now: Date): Promise<void> {
  await orm.delete(sessions).where(lt(sessions.expiresAt, now));
}
