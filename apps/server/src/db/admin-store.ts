/** The console's staff: their accounts, passwords, set-up links, and whether they may sign in. */

import type { StaffRole } from '@store/core';
import { and, asc, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Orm, Transaction } from './client';
import { admins, loginThrottle, sessions } from './schema';

export type AdminRow = typeof admins.$inferSelect;

export async function countAdmins(orm: Orm): Promise<number> {
  const rows = await orm.select({ count: sql<number>`count(*)::int` }).from(admins);
  return rows[0]?.count ?? 0;
}

export async function findAdminByUsername(orm: Orm, username: string): Promise<AdminRow | undefined> {
  const rows = await orm.select().from(admins).where(eq(admins.username, username)).limit(1);
  return rows[0];
}

export async function findAdminById(orm: Orm, id: string): Promise<AdminRow | undefined> {
  const rows = await orm.select().from(admins).where(eq(admins.id, id)).limit(1);
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
    const owners = await lockEnabledOwners(tx);
    const target = await lockAdmin(tx, username);
    if (!target) return 'not_found';
    if (owners.includes(username) && role !== 'owner' && owners.length <= 1) return 'last_owner';
    await tx
      .update(admins)
      .set({ role, updatedAt: new Date() })
      .where(and(eq(admins.username, username), ne(admins.role, role)));
    return 'changed';
  });
}

/**
 * The enabled owners' usernames, their rows locked: whoever changes an owner counts them under this lock,
 * so two changes at once cannot leave the store without an owner who can sign in.
 */
async function lockEnabledOwners(tx: Transaction): Promise<string[]> {
  const rows = await tx
    .select({ username: admins.username })
    .from(admins)
    .where(and(eq(admins.role, 'owner'), isNull(admins.disabledAt)))
    .orderBy(asc(admins.id))
    .for('update');
  return rows.map((row) => row.username);
}

async function lockAdmin(tx: Transaction, username: string): Promise<AdminRow | undefined> {
  const rows = await tx.select().from(admins).where(eq(admins.username, username)).for('update');
  return rows[0];
}

async function endSessionsOf(tx: Transaction, adminId: string): Promise<void> {
  await tx.delete(sessions).where(and(eq(sessions.kind, 'admin'), eq(sessions.subjectId, adminId)));
}

/** Everyone who may sign in to the console or has been invited to, with until when a lock-out holds. */
export async function listAdmins(
  orm: Orm,
  now: Date,
  lockKeyOf: (username: string) => string,
): Promise<(AdminRow & { lockedUntil: Date | null })[]> {
  const rows = await orm.select().from(admins).orderBy(asc(admins.username));
  const locks = await orm
    .select({ key: loginThrottle.key, until: loginThrottle.nextAllowedAt })
    .from(loginThrottle)
    .where(and(sql`${loginThrottle.key} like 'admin-lock:%'`, gt(loginThrottle.nextAllowedAt, now)));
  const lockedUntil = new Map(locks.map((lock) => [lock.key, lock.until]));
  return rows.map((row) => ({ ...row, lockedUntil: lockedUntil.get(lockKeyOf(row.username)) ?? null }));
}

/** A person added in the console, without a password until they use their set-up link; false when taken. */
export async function insertInvitedAdmin(
  orm: Orm,
  admin: {
    username: string;
    displayName: string;
    email: string;
    role: StaffRole;
    setupTokenHash: string;
    setupExpiresAt: Date;
  },
): Promise<AdminRow | undefined> {
  const rows = await orm.insert(admins).values(admin).onConflictDoNothing().returning();
  return rows[0];
}

/** A new one-time set-up link for a person (the one before stops working). */
export async function setAdminSetupLink(
  orm: Orm,
  username: string,
  link: { setupTokenHash: string; setupExpiresAt: Date },
): Promise<AdminRow | undefined> {
  const rows = await orm
    .update(admins)
    .set({ ...link, updatedAt: new Date() })
    .where(eq(admins.username, username))
    .returning();
  return rows[0];
}

/** The enabled person a set-up link that still works belongs to. */
export async function findAdminBySetupLink(
  orm: Orm,
  setupTokenHash: string,
  now: Date,
): Promise<AdminRow | undefined> {
  const rows = await orm
    .select()
    .from(admins)
    .where(
      and(
        eq(admins.setupTokenHash, setupTokenHash),
        gt(admins.setupExpiresAt, now),
        isNull(admins.disabledAt),
      ),
    );
  return rows[0];
}

/**
 * Uses a set-up link once: the password is set, the link stops working, the 90 days start again, and any
 * session of the person ends (a forgotten password replaced). Undefined when the link no longer works.
 */
export async function useAdminSetupLink(
  orm: Orm,
  setupTokenHash: string,
  passwordHash: string,
  now: Date,
): Promise<AdminRow | undefined> {
  return orm.transaction(async (tx) => {
    const rows = await tx
      .update(admins)
      .set({ passwordHash, setupTokenHash: null, setupExpiresAt: null, enabledAt: now, updatedAt: now })
      .where(
        and(
          eq(admins.setupTokenHash, setupTokenHash),
          gt(admins.setupExpiresAt, now),
          isNull(admins.disabledAt),
        ),
      )
      .returning();
    const admin = rows[0];
    if (admin) await endSessionsOf(tx, admin.id);
    return admin;
  });
}

/**
 * Disables a person and ends their sessions in the same transaction: 'changed' (or already disabled),
 * 'not_found', or 'last_owner' when they are the only enabled owner.
 */
export async function disableAdmin(
  orm: Orm,
  username: string,
  by: string,
  now: Date,
): Promise<{ outcome: 'changed' | 'not_found' | 'last_owner'; admin?: AdminRow }> {
  return orm.transaction(async (tx) => {
    const owners = await lockEnabledOwners(tx);
    const target = await lockAdmin(tx, username);
    if (!target) return { outcome: 'not_found' };
    if (owners.includes(username) && owners.length <= 1) return { outcome: 'last_owner' };
    const rows = await tx
      .update(admins)
      .set(target.disabledAt ? {} : { disabledAt: now, disabledBy: by, updatedAt: now })
      .where(eq(admins.id, target.id))
      .returning();
    await endSessionsOf(tx, target.id);
    return { outcome: 'changed', admin: rows[0] };
  });
}

/** Enables a person again, from now for the 90 days, and lifts a lock-out. */
export async function enableAdmin(
  orm: Orm,
  username: string,
  lockKey: string,
  now: Date,
): Promise<AdminRow | undefined> {
  return orm.transaction(async (tx) => {
    const rows = await tx
      .update(admins)
      .set({ disabledAt: null, disabledBy: null, enabledAt: now, updatedAt: now })
      .where(eq(admins.username, username))
      .returning();
    if (rows[0]) await tx.delete(loginThrottle).where(eq(loginThrottle.key, lockKey));
    return rows[0];
  });
}

export async function recordAdminSignIn(orm: Orm, adminId: string, now: Date): Promise<void> {
  await orm.update(admins).set({ lastSignInAt: now }).where(eq(admins.id, adminId));
}

/**
 * Disables the people with a password who have not signed in since `before` (nor been set up or enabled
 * since), ending their sessions (PCI DSS 4.0.1 8.2.6). The store's last enabled owner stays enabled: the
 * most recently active of the owners is kept when all of them would go. Answers who was disabled.
 */
export async function disableUnusedAdmins(orm: Orm, before: Date, now: Date): Promise<string[]> {
  return orm.transaction(async (tx) => {
    const owners = await lockEnabledOwners(tx);
    const lastActive = sql<Date>`greatest(${admins.lastSignInAt}, ${admins.enabledAt})`;
    const unused = await tx
      .select({ id: admins.id, username: admins.username, role: admins.role, lastActive })
      .from(admins)
      .where(and(isNull(admins.disabledAt), isNotNull(admins.passwordHash), lt(lastActive, before)))
      .orderBy(sql`${lastActive} desc`)
      .for('update');
    const unusedOwners = unused.filter((row) => row.role === 'owner');
    const kept = unusedOwners.length >= owners.length ? unusedOwners[0]?.id : undefined;
    const disabled = unused.filter((row) => row.id !== kept);
    for (const row of disabled) {
      await tx
        .update(admins)
        .set({ disabledAt: now, disabledBy: null, updatedAt: now })
        .where(eq(admins.id, row.id));
      await endSessionsOf(tx, row.id);
    }
    return disabled.map((row) => row.username);
  });
}
