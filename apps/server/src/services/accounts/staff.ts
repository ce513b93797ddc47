import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import {
  STAFF_MESSAGES,
  STAFF_ROLE_LABELS,
  STAFF_SETUP_LINK_HOURS,
  STORE_NAME,
  type AddStaffRequest,
  type StaffMember,
  type StaffRole,
} from '@store/core';
import {
  disableAdmin,
  disableUnusedAdmins,
  enableAdmin,
  findAdminBySetupLink,
  insertInvitedAdmin,
  listAdmins,
  setAdminSetupLink,
  updateAdminRole,
  useAdminSetupLink,
  type AdminRow,
} from '../../db/admin-store';
import { insertAuditEvent } from '../../db/audit-store';
import type { Orm } from '../../db/client';
import { queueMail } from '../../db/mail-outbox-store';
import { mailDomainOf } from '../../config';
import { AppError } from '../../errors';
import { staffSetup as staffSetupMessage } from '../mail/messages';
import { UNUSED_STAFF_DAYS } from './admin-accounts';
import { newPasswordRefusal } from './new-password';
import { staffLockKey } from './throttles';
import { digestOfSecret } from './secret-digest';

/**
 * The console's Staff tab (decision 056): the owner adds people, who choose their own password through a
 * one-time set-up link; changes roles; disables and enables. Every change is audited with who made it.
 */

const SETUP_LINK_MS = STAFF_SETUP_LINK_HOURS * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface StaffDependencies {
  orm: Orm;
  /** Where the store is reached: the set-up link's origin. */
  publicUrl: string;
  /** Whether queued messages are sent (SMTP_URL set). */
  mailServer: boolean;
}

function memberOf(row: AdminRow, lockedUntil: Date | null = null): StaffMember {
  const disabledReason = row.disabledAt
    ? row.disabledBy === null
      ? `Unused for ${UNUSED_STAFF_DAYS} days`
      : `Disabled by ${row.disabledBy}`
    : null;
  return {
    username: row.username,
    name: row.displayName ?? row.username,
    email: row.email,
    role: row.role,
    status: row.disabledAt ? 'disabled' : row.passwordHash ? 'active' : 'invited',
    disabledReason,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    setupExpiresAt: row.setupExpiresAt?.toISOString() ?? null,
    lockedUntil: lockedUntil?.toISOString() ?? null,
  };
}

const STATUS_ORDER = { active: 0, invited: 1, disabled: 2 } as const;
const ROLE_ORDER: Record<StaffRole, number> = { owner: 0, manager: 1, clerk: 2, viewer: 3 };

/** Everyone, owners first, then by role, then by name; enabled people before disabled ones. */
export async function listStaff(orm: Orm, now = new Date()): Promise<StaffMember[]> {
  const rows = await listAdmins(orm, now, staffLockKey);
  return rows
    .map((row) => memberOf(row, row.lockedUntil))
    .sort(
      (a, b) =>
        STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
        ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
        a.name.localeCompare(b.name),
    );
}

function setupLinkOf(token: string, publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/admin/setup#${token}`;
}

/** A new link and its digest; the link itself is kept nowhere but in the answer and the person's email. */
function newSetupLink(now: Date) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    setupTokenHash: digestOfSecret(token),
    setupExpiresAt: new Date(now.getTime() + SETUP_LINK_MS),
  };
}

async function sendSetupLink(
  deps: StaffDependencies,
  row: AdminRow,
  link: { token: string; setupExpiresAt: Date },
  invitedBy: string,
) {
  const setupLink = setupLinkOf(link.token, deps.publicUrl);
  if (row.email) {
    const message = staffSetupMessage({
      storeName: STORE_NAME,
      name: row.displayName ?? row.username,
      username: row.username,
      roleLabel: STAFF_ROLE_LABELS[row.role],
      invitedBy,
      setupLink,
      expiresAt: link.setupExpiresAt,
    });
    await queueMail(
      deps.orm,
      {
        kind: 'staff_setup',
        dedupeKey: `staff-setup:${digestOfSecret(link.token)}`,
        recipient: row.email,
        ...message,
      },
      mailDomainOf(deps.publicUrl),
    );
  }
  return {
    setupLink,
    setupExpiresAt: link.setupExpiresAt.toISOString(),
    emailed: Boolean(row.email) && deps.mailServer,
  };
}

export async function addStaffMember(
  deps: StaffDependencies,
  request: AddStaffRequest,
  owner: string,
  now = new Date(),
) {
  const email = request.email.trim().toLowerCase();
  const link = newSetupLink(now);
  const row = await insertInvitedAdmin(deps.orm, {
    username: email,
    displayName: request.name,
    email,
    role: request.role,
    setupTokenHash: link.setupTokenHash,
    setupExpiresAt: link.setupExpiresAt,
  });
  if (!row) throw new AppError('conflict', STAFF_MESSAGES.emailTaken);
  await insertAuditEvent(deps.orm, {
    actor: owner,
    action: 'staff_add',
    outcome: 'success',
    detail: `${row.username} added as ${STAFF_ROLE_LABELS[row.role]}`,
  });
  return {
    message: `${row.displayName} was added as ${STAFF_ROLE_LABELS[row.role]}`,
    member: memberOf(row),
    ...(await sendSetupLink(deps, row, link, owner)),
  };
}

/** A new one-time link: the one before stops working; using it replaces the password. */
export async function renewSetupLink(
  deps: StaffDependencies,
  username: string,
  owner: string,
  now = new Date(),
) {
  const link = newSetupLink(now);
  const row = await setAdminSetupLink(deps.orm, username, link);
  if (!row) throw new AppError('not_found', STAFF_MESSAGES.noSuchPerson);
  await insertAuditEvent(deps.orm, {
    actor: owner,
    action: 'staff_setup_link',
    outcome: 'success',
    detail: `new set-up link for ${row.username}`,
  });
  return {
    message: `A new set-up link for ${row.displayName ?? row.username}`,
    member: memberOf(row),
    ...(await sendSetupLink(deps, row, link, owner)),
  };
}

async function memberNamed(orm: Orm, username: string): Promise<StaffMember> {
  const member = (await listStaff(orm)).find((person) => person.username === username);
  if (!member) throw new AppError('not_found', STAFF_MESSAGES.noSuchPerson);
  return member;
}

export async function changeStaffRole(orm: Orm, username: string, role: StaffRole, owner: string) {
  const before = await memberNamed(orm, username);
  const outcome = await updateAdminRole(orm, username, role);
  if (outcome === 'not_found') throw new AppError('not_found', STAFF_MESSAGES.noSuchPerson);
  if (outcome === 'last_owner') throw new AppError('conflict', STAFF_MESSAGES.lastOwner);
  if (before.role !== role) {
    await insertAuditEvent(orm, {
      actor: owner,
      action: 'staff_role',
      outcome: 'success',
      detail: `${username}: ${STAFF_ROLE_LABELS[before.role]} → ${STAFF_ROLE_LABELS[role]}`,
    });
  }
  const member = await memberNamed(orm, username);
  return { message: `${member.name} is now ${STAFF_ROLE_LABELS[role]}`, member };
}

export async function disableStaffMember(orm: Orm, username: string, owner: string, now = new Date()) {
  if (username === owner) throw new AppError('conflict', STAFF_MESSAGES.notYourself);
  const { outcome } = await disableAdmin(orm, username, owner, now);
  if (outcome === 'not_found') throw new AppError('not_found', STAFF_MESSAGES.noSuchPerson);
  if (outcome === 'last_owner') throw new AppError('conflict', STAFF_MESSAGES.lastOwner);
  await insertAuditEvent(orm, {
    actor: owner,
    action: 'staff_disable',
    outcome: 'success',
    detail: `${username} disabled; their sessions ended`,
  });
  const member = await memberNamed(orm, username);
  return { message: `${member.name} is disabled and signed out`, member };
}

export async function enableStaffMember(orm: Orm, username: string, owner: string, now = new Date()) {
  const row = await enableAdmin(orm, username, staffLockKey(username), now);
  if (!row) throw new AppError('not_found', STAFF_MESSAGES.noSuchPerson);
  await insertAuditEvent(orm, {
    actor: owner,
    action: 'staff_enable',
    outcome: 'success',
    detail: `${username} enabled`,
  });
  const member = await memberNamed(orm, username);
  return { message: `${member.name} may sign in again`, member };
}

/** The set-up page, before the password: whose link it is. */
export async function checkSetupLink(orm: Orm, token: string, now = new Date()) {
  const row = await findAdminBySetupLink(orm, digestOfSecret(token), now);
  if (!row) throw new AppError('gone', STAFF_MESSAGES.setupLinkGone);
  return { name: row.displayName ?? row.username, username: row.username, role: row.role };
}

/** The person chooses their password; the link then stops working. */
export async function completeSetup(orm: Orm, token: string, password: string, now = new Date()) {
  const refusal = newPasswordRefusal(password);
  if (refusal) throw new AppError('invalid', refusal);
  // Checked first so that a link that no longer works does not cost a password hash.
  if (!(await findAdminBySetupLink(orm, digestOfSecret(token), now))) {
    throw new AppError('gone', STAFF_MESSAGES.setupLinkGone);
  }
  const row = await useAdminSetupLink(orm, digestOfSecret(token), await hash(password), now);
  if (!row) throw new AppError('gone', STAFF_MESSAGES.setupLinkGone);
  await insertAuditEvent(orm, {
    actor: row.username,
    action: 'staff_setup',
    outcome: 'success',
    detail: 'password set with a set-up link',
  });
  return { message: 'Your password is set. Sign in to the console.', username: row.username };
}

/** Upkeep: disables the accounts nobody signed in to for 90 days, and says so in the audit log. */
export async function disableUnusedStaff(orm: Orm, now = new Date()): Promise<string[]> {
  const disabled = await disableUnusedAdmins(orm, new Date(now.getTime() - UNUSED_STAFF_DAYS * DAY_MS), now);
  for (const username of disabled) {
    await insertAuditEvent(orm, {
      actor: 'upkeep',
      action: 'staff_disable',
      outcome: 'success',
      detail: `${username} disabled after ${UNUSED_STAFF_DAYS} days without a sign-in; their sessions ended`,
    });
  }
  return disabled;
}
