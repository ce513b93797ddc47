/** The console's operators: their accounts and passwords. */

import { and, eq, sql } from 'drizzle-orm';
import type { Orm } from './client';
import { admins, sessions } from './schema';

export type AdminRow = typeof admins.$inferSelect;

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
