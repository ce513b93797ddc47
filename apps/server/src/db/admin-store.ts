/** The console's operators: their accounts and passwords. */

import type { StaffRole } from '@store/core';
import { and, eq, ne, sql } from 'drizzle-orm';
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
export async function insertAdmin(
  orm: Orm,
  admin: { username: string; passwordHash: string; role: StaffRole },
): Promise<boolean> {
  const rows = await orm
    .insert(admins)
    .values(admin)
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

/**
 * Gives an admin another role: 'changed', 'not_found', or 'last_owner' when the admin is the only owner
 * and would no longer be one (a store always keeps an owner). Owners are counted under a lock on the
 * owners' rows, so two demotions at once cannot leave none.
 */
export async function updateAdminRole(
  orm: Orm,
  username: string,
  role: StaffRole,
): Promise<'changed' | 'not_found' | 'last_owner'> {
  return orm.transaction(async (tx) => {
    const owners = await tx
      .select({ username: admins.username })
      .from(admins)
      .where(eq(admins.role, 'owner'))
      .for('update');
    const target = await tx
      .select({ role: admins.role })
      .from(admins)
      .where(eq(admins.username, username))
      .for('update');
    if (target.length === 0) return 'not_found';
    const isOwner = target[0]!.role === 'owner';
    if (isOwner && role !== 'owner' && owners.length <= 1) return 'last_owner';
    await tx
      .update(admins)
      .set({ role, updatedAt: new Date() })
      .where(and(eq(admins.username, username), ne(admins.role, role)));
    return 'changed';
  });
}
