import { and, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Orm } from './client';
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

export async function findLiveSession(
  orm: Orm,
  tokenHash: string,
  now: Date,
): Promise<SessionRow | undefined> {
  const rows = await orm
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0];
}

export async function deleteSession(orm: Orm, tokenHash: string): Promise<void> {
  await orm.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteExpiredSessions(orm: Orm, now: Date): Promise<void> {
  await orm.delete(sessions).where(lt(sessions.expiresAt, now));
}

/**
 * Counts a sign-in attempt against each key *before* the password is checked, in one statement per key,
 * so that parallel attempts cannot slip past the limit. Answers, for the most used key, how many attempts
 * its window holds and when that window started.
 */
export async function countLoginAttempt(
  orm: Orm,
  keys: string[],
  now: Date,
  windowMs: number,
): Promise<{ attempts: number; windowStartedAt: Date }> {
  const windowStart = sql`${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
  const at = sql`${now.toISOString()}::timestamptz`;
  let busiest = { attempts: 0, windowStartedAt: now };
  for (const key of keys) {
    const rows = await orm
      .insert(loginThrottle)
      .values({ key, attempts: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          attempts: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then 1 else ${loginThrottle.attempts} + 1 end`,
          windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then ${at} else ${loginThrottle.windowStartedAt} end`,
        },
      })
      .returning({ attempts: loginThrottle.attempts, windowStartedAt: loginThrottle.windowStartedAt });
    const row = rows[0];
    if (row && row.attempts > busiest.attempts) busiest = row;
  }
  return busiest;
}

export async function clearLoginFailures(orm: Orm, keys: string[]): Promise<void> {
  await orm.delete(loginThrottle).where(inArray(loginThrottle.key, keys));
}

export async function insertAuditEvent(orm: Orm, event: typeof auditEvents.$inferInsert): Promise<void> {
  await orm.insert(auditEvents).values(event);
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
