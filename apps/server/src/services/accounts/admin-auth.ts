import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { PASSKEY_MESSAGES, STAFF_FACTOR_MESSAGES, STAFF_IDLE_MINUTES, type StaffRole } from '@store/core';
import { findAdminById, findAdminByUsername, recordAdminSignIn } from '../../db/admin-store';
import {
  deleteSession,
  findLiveSession,
  insertSession,
  markSecondFactor,
  touchSession,
} from '../../db/session-store';
import { hasConfirmedFactor } from '../../db/staff-factor-store';
import { proveSecondFactor } from './second-factor';
import { verifyPasskey, type RelyingParty } from './passkeys';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { insertAuditEvent } from '../../db/audit-store';
import type { Orm } from '../../db/client';
import { AppError } from '../../errors';
import { beginSignInAttempt } from './throttles';
import { isStaffRole, normalizeUsername, UNUSED_STAFF_DAYS } from './admin-accounts';
import { digestOfSecret } from './secret-digest';

/**
 * Signing in to the console and its sessions: the password, the pending second step and the passkey,
 * step-up, the session's lookup with its idle limit, and signing out. Making and changing accounts is
 * services/accounts/admin-accounts.ts (the command line, the first admin) and staff.ts (the Staff tab).
 */

export const ADMIN_SESSION_TTL_MS = 8 * 60 * 60 * 1000;

/** What a disabled person reads at sign-in, once their password proved right. */
export function disabledAccountMessage(disabledBy: string | null): string {
  return disabledBy === null
    ? `This account was disabled after ${UNUSED_STAFF_DAYS} days without a sign-in. Ask the store’s owner to enable it again.`
    : 'This account was disabled by the store’s owner. Ask them to enable it again.';
}

export interface AdminIdentity {
  adminId: string;
  username: string;
  /** What the person may do (decision 055), as the admins table says now. */
  role: StaffRole;
  /** The database snapshot the session was read in: a list read in the same one is still exact. */
  snapshot: string;
  /** The session's idle limit (decision 057); null for a session without one. */
  idleSeconds: number | null;
  /** Whether the person has a second factor, and when this session last proved it (decision 059). */
  hasSecondFactor: boolean;
  secondFactorAt: Date | null;
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
  input: { username: string; password: string; clientAddress: string; idleMs?: number; now?: Date },
): Promise<SignedIn> {
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
  // A person who has not used their set-up link yet has no password: no password is theirs.
  const passwordHash = admin?.passwordHash;
  const valid = passwordHash
    ? await verify(passwordHash, input.password)
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
  if (admin.disabledAt) {
    // Said only to whoever knows the password: to anyone else the account is like any other.
    await insertAuditEvent(orm, {
      actor: admin.username,
      action: 'login',
      outcome: 'failure',
      detail: `account disabled (client ${input.clientAddress})`,
    });
    throw new AppError('forbidden', disabledAccountMessage(admin.disabledBy));
  }
  if (await hasConfirmedFactor(orm, admin.id)) {
    // The password proved right; the session opens once the second factor does too (decision 059).
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + PENDING_SIGN_IN_MS);
    await insertSession(orm, {
      tokenHash: digestOfSecret(token),
      kind: 'admin_pending',
      subjectId: admin.id,
      username: admin.username,
      expiresAt,
    });
    await insertAuditEvent(orm, {
      actor: admin.username,
      action: 'login',
      outcome: 'success',
      detail: `password right; authenticator code asked (client ${input.clientAddress})`,
    });
    return { token, username: admin.username, expiresAt, secondFactor: 'required' };
  }
  return openAdminSession(orm, admin, { ...input, now });
}

/** How long the second step of a sign-in may wait after the password. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;

/** Opens a console session for a person who proved who they are; audited with how. */
async function openAdminSession(
  orm: Orm,
  admin: { id: string; username: string },
  input: { clientAddress: string; idleMs?: number; now: Date; proved?: string },
): Promise<SignedIn> {
  const { now } = input;
  await recordAdminSignIn(orm, admin.id, now);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ADMIN_SESSION_TTL_MS);
  await insertSession(orm, {
    tokenHash: digestOfSecret(token),
    kind: 'admin',
    subjectId: admin.id,
    username: admin.username,
    expiresAt,
    lastActiveAt: now,
    idleSeconds: Math.round((input.idleMs ?? STAFF_IDLE_MINUTES * 60_000) / 1000),
    secondFactorAt: input.proved ? now : null,
  });
  await insertAuditEvent(orm, {
    actor: admin.username,
    action: 'login',
    outcome: 'success',
    detail: `client ${input.clientAddress}${input.proved ? `, with ${input.proved}` : ''}`,
  });
  return { token, username: admin.username, expiresAt };
}

interface SignedIn {
  token: string;
  username: string;
  expiresAt: Date;
  /** The password was right; the session waits for the second factor (the token is the pending one's). */
  secondFactor?: 'required';
}

/**
 * A code (or recovery code) proves what a password let start: counted like a password attempt (slowed, and
 * ten failures lock the account), then the session opens.
 */
export async function completeSecondFactorSignIn(
  orm: Orm,
  input: {
    pendingToken: string | undefined;
    code: string;
    clientAddress: string;
    idleMs?: number;
    now?: Date;
  },
): Promise<SignedIn> {
  const now = input.now ?? new Date();
  const pendingHash = input.pendingToken ? digestOfSecret(input.pendingToken) : undefined;
  const pending = pendingHash ? await findLiveSession(orm, pendingHash) : undefined;
  if (!pending || pending.kind !== 'admin_pending') {
    throw new AppError('unauthorized', STAFF_FACTOR_MESSAGES.noPendingSignIn);
  }
  const attempt = await beginSignInAttempt(orm, {
    actor: 'admin',
    account: pending.username,
    clientAddress: input.clientAddress,
    now,
  });
  const person = { adminId: pending.subjectId, username: pending.username };
  const proved = await proveSecondFactor(orm, person, input.code, now);
  if (!proved) {
    await insertAuditEvent(orm, {
      actor: pending.username,
      action: 'login',
      outcome: 'failure',
      detail: `wrong authenticator code (client ${input.clientAddress})`,
    });
    throw new AppError('unauthorized', STAFF_FACTOR_MESSAGES.wrongCode);
  }
  await attempt.succeeded();
  await deleteSession(orm, pendingHash!);
  const admin = await findAdminByUsername(orm, pending.username);
  if (!admin || admin.disabledAt)
    throw new AppError('forbidden', disabledAccountMessage(admin?.disabledBy ?? null));
  return openAdminSession(orm, admin, { ...input, now, proved });
}

/**
 * Signs in with a passkey alone (decision 059): the passkey is something the person has, unlocked on their
 * device by something they are or know. Counted per address like a password attempt.
 */
export async function passkeySignIn(
  orm: Orm,
  rp: RelyingParty,
  input: { response: AuthenticationResponseJSON; clientAddress: string; idleMs?: number; now?: Date },
): Promise<SignedIn> {
  const now = input.now ?? new Date();
  const attempt = await beginSignInAttempt(orm, {
    actor: 'admin',
    account: '(passkey)',
    clientAddress: input.clientAddress,
    now,
  });
  const passkey = await verifyPasskey(orm, rp, input.response, { kind: 'sign-in' }, now);
  const admin = passkey ? await findAdminById(orm, passkey.adminId) : undefined;
  if (!admin) {
    await insertAuditEvent(orm, {
      actor: '(unknown user)',
      action: 'login',
      outcome: 'failure',
      detail: `passkey not recognised (client ${input.clientAddress})`,
    });
    throw new AppError('unauthorized', PASSKEY_MESSAGES.notRecognised);
  }
  await attempt.succeeded();
  if (admin.disabledAt) throw new AppError('forbidden', disabledAccountMessage(admin.disabledBy));
  return openAdminSession(orm, admin, { ...input, now, proved: 'passkey' });
}

/** Step-up with a passkey: the person's own, to a challenge given to them. */
export async function passkeyStepUp(
  orm: Orm,
  rp: RelyingParty,
  input: { token: string; admin: AdminIdentity; response: AuthenticationResponseJSON; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const passkey = await verifyPasskey(
    orm,
    rp,
    input.response,
    { kind: 'step-up', adminId: input.admin.adminId },
    now,
  );
  if (!passkey) throw new AppError('invalid', PASSKEY_MESSAGES.notRecognised);
  await markSecondFactor(orm, digestOfSecret(input.token), now);
  await insertAuditEvent(orm, {
    actor: input.admin.username,
    action: 'step_up',
    outcome: 'success',
    detail: 'confirmed with passkey',
  });
}

/** Step-up: a signed-in person proves their second factor again before moving money (decision 059). */
export async function stepUp(
  orm: Orm,
  input: { token: string; admin: AdminIdentity; code: string; clientAddress: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const attempt = await beginSignInAttempt(orm, {
    actor: 'admin',
    account: input.admin.username,
    clientAddress: input.clientAddress,
    now,
  });
  const proved = await proveSecondFactor(
    orm,
    { adminId: input.admin.adminId, username: input.admin.username },
    input.code,
    now,
  );
  if (!proved) {
    await insertAuditEvent(orm, {
      actor: input.admin.username,
      action: 'step_up',
      outcome: 'failure',
      detail: `wrong authenticator code (client ${input.clientAddress})`,
    });
    throw new AppError('invalid', STAFF_FACTOR_MESSAGES.wrongCode);
  }
  await attempt.succeeded();
  await markSecondFactor(orm, digestOfSecret(input.token), now);
  await insertAuditEvent(orm, {
    actor: input.admin.username,
    action: 'step_up',
    outcome: 'success',
    detail: `confirmed with ${proved}`,
  });
}

/** A session's last activity is written at most this often: the idle limit is minutes, not seconds. */
const ACTIVITY_WRITE_EVERY_MS = 5_000;

/**
 * The admin of a session token, unless the session expired, its admin is disabled or gone, or it has been
 * idle longer than its limit (decision 057: then it ends here). `idleMs` is how long the console says its
 * person has done nothing (its lists refresh by themselves, which is no activity); a caller that says
 * nothing is active now. Activity moves the session's last activity forward.
 */
export async function findAdminSession(
  orm: Orm,
  token: string | undefined,
  activity: { idleMs?: number; now?: Date } = {},
): Promise<AdminIdentity | undefined> {
  if (!token) return undefined;
  const tokenHash = digestOfSecret(token);
  const session = await findLiveSession(orm, tokenHash);
  // A session whose admin is gone (deleted since) or disabled is no session.
  if (session?.kind !== 'admin' || !isStaffRole(session.staffRole)) return undefined;
  const now = (activity.now ?? new Date()).getTime();
  const idleLimitMs = (session.idleSeconds ?? Infinity) * 1000;
  if (now - session.lastActiveAt.getTime() > idleLimitMs) {
    await deleteSession(orm, tokenHash);
    return undefined;
  }
  const activeAt = now - Math.max(0, activity.idleMs ?? 0);
  if (activeAt - session.lastActiveAt.getTime() >= ACTIVITY_WRITE_EVERY_MS) {
    await touchSession(orm, tokenHash, new Date(activeAt));
  }
  return {
    adminId: session.subjectId,
    username: session.username,
    role: session.staffRole,
    snapshot: session.snapshot,
    idleSeconds: session.idleSeconds,
    hasSecondFactor: session.hasSecondFactor,
    secondFactorAt: session.secondFactorAt,
  };
}

export async function logoutAdmin(orm: Orm, token: string, username: string): Promise<void> {
  await deleteSession(orm, digestOfSecret(token));
  await insertAuditEvent(orm, { actor: username, action: 'logout', outcome: 'success' });
}
