import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { countAdmins, findAdminByUsername, insertAdmin, updateAdminPassword } from '../../db/admin-store';
import { deleteSession, findLiveSession, insertSession } from '../../db/session-store';
import { insertAuditEvent } from '../../db/audit-store';
import type { Orm } from '../../db/client';
import { AppError } from '../../errors';
import { beginSignInAttempt } from './throttles';

export const ADMIN_SESSION_TTL_MS = 8 * 60 * 60 * 1000;
const MIN_ADMIN_PASSWORD_LENGTH = 12;

export interface AdminIdentity {
  username: string;
  /** The database snapshot the session was read in: a list read in the same one is still exact. */
  snapshot: string;
}

function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Verifying against this when the username is unknown keeps the answer time the same either way. */
let unknownUserHash: Promise<string> | undefined;

/**
 * Checks an admin's username and password, throttled per username-and-address and per address (slowed
 * down, never locked: services/accounts/throttles.ts), and opens a server-side session. Every attempt that is
 * checked is audited, and so is every slow-down; the password never is.
 */
export async function loginAdmin(
  orm: Orm,
  input: { username: string; password: string; clientAddress: string; now?: Date },
): Promise<{ token: string; username: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  const username = normalizeUsername(input.username);
  const attempt = await beginSignInAttempt(orm, {
    actor: 'admin',
    account: username,
    clientAddress: input.clientAddress,
    now,
  });
  const admin = await findAdminByUsername(orm, username);
  // A name that is no account may be a password typed in the wrong field: it is not written down.
  const actor = admin ? admin.username : '(unknown user)';
  unknownUserHash ??= hash(randomBytes(16).toString('hex'));
  const valid = admin
    ? await verify(admin.passwordHash, input.password)
    : (await verify(await unknownUserHash, input.password), false);
  if (!admin || !valid) {
    await insertAuditEvent(orm, {
      actor,
      action: 'login',
      outcome: 'failure',
      detail: `invalid credentials (client ${input.clientAddress})`,
    });
    if (attempt.slowDownNote) {
      await insertAuditEvent(orm, {
        actor,
        action: 'login_throttled',
        outcome: 'failure',
        detail: attempt.slowDownNote,
      });
    }
    throw new AppError('unauthorized', 'Invalid credentials');
  }
  await attempt.succeeded();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ADMIN_SESSION_TTL_MS);
  await insertSession(orm, {
    tokenHash: hashSessionToken(token),
    kind: 'admin',
    subjectId: admin.id,
    username: admin.username,
    expiresAt,
  });
  await insertAuditEvent(orm, {
    actor: admin.username,
    action: 'login',
    outcome: 'success',
    detail: `client ${input.clientAddress}`,
  });
  return { token, username: admin.username, expiresAt };
}

export async function findAdminSession(
  orm: Orm,
  token: string | undefined,
): Promise<AdminIdentity | undefined> {
  if (!token) return undefined;
  const session = await findLiveSession(orm, hashSessionToken(token));
  return session?.kind === 'admin' ? { username: session.username, snapshot: session.snapshot } : undefined;
}

export async function logoutAdmin(orm: Orm, token: string, username: string): Promise<void> {
  await deleteSession(orm, hashSessionToken(token));
  await insertAuditEvent(orm, { actor: username, action: 'logout', outcome: 'success' });
}

function checkNewPassword(password: string): void {
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new AppError('invalid', `The password must have at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`);
  }
}

export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

export async function createAdmin(orm: Orm, username: string, password: string): Promise<void> {
  const name = normalizeUsername(username);
  if (!/^[a-z0-9._@-]{1,100}$/.test(name)) {
    throw new AppError('invalid', 'A username has 1 to 100 letters, digits or . _ @ -');
  }
  checkNewPassword(password);
  if (!(await insertAdmin(orm, name, await hash(password)))) {
    throw new AppError('conflict', `An admin named ${name} already exists`);
  }
}

export async function resetAdminPassword(orm: Orm, username: string, password: string): Promise<void> {
  checkNewPassword(password);
  if (!(await updateAdminPassword(orm, normalizeUsername(username), await hash(password)))) {
    throw new AppError('not_found', `There is no admin named ${normalizeUsername(username)}`);
  }
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
