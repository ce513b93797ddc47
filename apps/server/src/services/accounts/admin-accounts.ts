import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { STAFF_MESSAGES, STAFF_PASSWORD_MIN_LENGTH, STAFF_ROLES, type StaffRole } from '@store/core';
import { countAdmins, insertAdmin, updateAdminPassword, updateAdminRole } from '../../db/admin-store';
import type { Orm } from '../../db/client';
import { AppError } from '../../errors';

/**
 * Console accounts made and changed outside the Staff tab (services/accounts/staff.ts): the first admin
 * at start-up, and the `admin` command's create, set-role and reset-password. Signing in is
 * services/accounts/admin-auth.ts.
 */

/** A console account nobody signed in to for this long is disabled by upkeep (PCI DSS 4.0.1 8.2.6). */
export const UNUSED_STAFF_DAYS = 90;

export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

function checkNewPassword(password: string): void {
  if (password.length < STAFF_PASSWORD_MIN_LENGTH)
    throw new AppError('invalid', STAFF_MESSAGES.passwordTooShort);
}

export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

export function isStaffRole(value: unknown): value is StaffRole {
  return STAFF_ROLES.includes(value as StaffRole);
}

function checkRole(role: string): StaffRole {
  if (!isStaffRole(role)) throw new AppError('invalid', `A role is one of: ${STAFF_ROLES.join(', ')}`);
  return role;
}

export async function createAdmin(
  orm: Orm,
  username: string,
  password: string,
  role: string = 'owner',
): Promise<void> {
  const name = normalizeUsername(username);
  if (!/^[a-z0-9._@-]{1,100}$/.test(name)) {
    throw new AppError('invalid', 'A username has 1 to 100 letters, digits or . _ @ -');
  }
  checkNewPassword(password);
  const staffRole = checkRole(role);
  if (!(await insertAdmin(orm, { username: name, passwordHash: await hash(password), role: staffRole }))) {
    throw new AppError('conflict', `An admin named ${name} already exists`);
  }
}

export async function resetAdminPassword(orm: Orm, username: string, password: string): Promise<void> {
  checkNewPassword(password);
  if (!(await updateAdminPassword(orm, normalizeUsername(username), await hash(password)))) {
    throw new AppError('not_found', `There is no admin named ${normalizeUsername(username)}`);
  }
}

/** Gives an admin another role; the store's last owner stays one. Counts from the admin's next request. */
export async function setAdminRole(orm: Orm, username: string, role: string): Promise<void> {
  const name = normalizeUsername(username);
  const outcome = await updateAdminRole(orm, name, checkRole(role));
  if (outcome === 'not_found') throw new AppError('not_found', `There is no admin named ${name}`);
  if (outcome === 'last_owner') throw new AppError('conflict', STAFF_MESSAGES.lastOwner);
}

/**
 * On a store with no admin yet: creates one from ADMIN_USERNAME / ADMIN_PASSWORD, or `admin` with a
 * random password that is returned to be printed once. There is no fixed default password.
 */
export async function provisionFirstAdmin(
  orm: Orm,
  configured: { username?: string; password?: string },
): Promise<{ username: string; generatedPassword?: string } | undefined> {
  if ((await countAdmins(orm)) > 0) return undefined;
  const username = configured.username ?? 'admin';
  const generatedPassword = configured.password ? undefined : generatePassword();
  try {
    await createAdmin(orm, username, configured.password ?? generatedPassword!);
  } catch (error) {
    // Another server created the first admin at the same moment.
    if (error instanceof AppError && error.kind === 'conflict') return undefined;
    throw error;
  }
  return { username: normalizeUsername(username), ...(generatedPassword ? { generatedPassword } : {}) };
}
