import { randomBytes } from 'node:crypto';
import { STAFF_FACTOR_MESSAGES, STORE_NAME, type StaffSecurity } from '@store/core';
import { Secret, TOTP } from 'otpauth';
import { insertAuditEvent } from '../../db/audit-store';
import type { Orm } from '../../db/client';
import {
  beginAuthenticator,
  countRecoveryCodesLeft,
  findAuthenticator,
  removeAuthenticator,
  replaceRecoveryCodes,
  takeAuthenticatorStep,
  useRecoveryCode,
  type StaffFactorRow,
} from '../../db/staff-factor-store';
import { AppError } from '../../errors';
import { passkeysOf } from './passkeys';
import { digestOfSecret } from './secret-digest';

/**
 * A staff member's second factor (decision 059): an authenticator app's six-digit codes (TOTP, RFC 6238:
 * SHA-1, 30-second steps, the step before and after accepted for clock drift, each step taken once), and ten
 * one-time recovery codes for a lost phone.
 */

const PERIOD_SECONDS = 30;
const RECOVERY_CODES = 10;
/** Letters and digits a person does not mistake for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

interface Person {
  adminId: string;
  username: string;
}

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: STORE_NAME,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  });
}

/** "k7m2p-x9qrt": 50 random bits, shown in two halves. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const letters = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** A recovery code as typed: spaces and dashes ignored, any case. */
function normalRecoveryCode(typed: string): string {
  return typed.replaceAll(/[\s-]/g, '').toLowerCase();
}

async function issueRecoveryCodes(orm: Orm, adminId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await replaceRecoveryCodes(
    orm,
    adminId,
    codes.map((code) => digestOfSecret(normalRecoveryCode(code))),
  );
  return codes;
}

/**
 * Checks a six-digit code against an authenticator and takes its time step, so that the same code (or an
 * older one) is not taken again, even by two requests at once.
 */
async function takeCode(orm: Orm, factor: StaffFactorRow, code: string, now: Date): Promise<boolean> {
  if (!/^\d{6}$/.test(code) || !factor.totpSecret) return false;
  const totp = totpOf(factor.totpSecret, '');
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return false;
  const step = totp.counter({ timestamp: now.getTime() }) + delta;
  return takeAuthenticatorStep(orm, factor.id, step, now);
}

/** What the person's account page shows of their second factors. */
export async function securityOf(orm: Orm, adminId: string): Promise<StaffSecurity> {
  const authenticator = await findAuthenticator(orm, adminId);
  const confirmed = authenticator?.confirmedAt ? authenticator : undefined;
  return {
    authenticator: confirmed ? { addedAt: confirmed.confirmedAt!.toISOString() } : null,
    recoveryCodesLeft: confirmed ? await countRecoveryCodesLeft(orm, adminId) : 0,
    passkeys: await passkeysOf(orm, adminId),
  };
}

/** Starts adding an authenticator app: the secret, as a key to type and as the otpauth URI a QR code holds. */
export async function beginAuthenticatorSetup(
  orm: Orm,
  person: Person,
): Promise<{ secret: string; uri: string }> {
  const secret = new Secret({ size: 20 }).base32;
  const started = await beginAuthenticator(orm, {
    adminId: person.adminId,
    label: 'Authenticator app',
    secret,
  });
  if (started === 'exists') throw new AppError('conflict', STAFF_FACTOR_MESSAGES.alreadySetUp);
  return { secret, uri: totpOf(secret, person.username).toString() };
}

/** The first code proves the app holds the secret: the authenticator counts, and ten recovery codes are made. */
export async function confirmAuthenticator(
  orm: Orm,
  person: Person,
  code: string,
  now = new Date(),
): Promise<string[]> {
  const factor = await findAuthenticator(orm, person.adminId);
  if (!factor) throw new AppError('conflict', STAFF_FACTOR_MESSAGES.notStarted);
  if (factor.confirmedAt) throw new AppError('conflict', STAFF_FACTOR_MESSAGES.alreadySetUp);
  if (!(await takeCode(orm, factor, code.trim(), now))) {
    throw new AppError('invalid', STAFF_FACTOR_MESSAGES.wrongCode);
  }
  const codes = await issueRecoveryCodes(orm, person.adminId);
  await insertAuditEvent(orm, {
    actor: person.username,
    action: 'second_factor_add',
    outcome: 'success',
    detail: 'authenticator app added; 10 recovery codes made',
  });
  return codes;
}

/**
 * Checks a second factor: a six-digit authenticator code, or one of the recovery codes (used up). Answers how
 * it was proved, or undefined. Nothing here slows a guesser: the caller counts the attempt first.
 */
export async function proveSecondFactor(
  orm: Orm,
  person: Person,
  typed: string,
  now = new Date(),
): Promise<'authenticator' | 'recovery code' | undefined> {
  const factor = await findAuthenticator(orm, person.adminId);
  if (!factor?.confirmedAt) return undefined;
  const code = typed.trim();
  if (/^\d{6}$/.test(code)) return (await takeCode(orm, factor, code, now)) ? 'authenticator' : undefined;
  const recovery = normalRecoveryCode(code);
  if (
    recovery.length !== 10 ||
    !(await useRecoveryCode(orm, person.adminId, digestOfSecret(recovery), now))
  ) {
    return undefined;
  }
  const left = await countRecoveryCodesLeft(orm, person.adminId);
  await insertAuditEvent(orm, {
    actor: person.username,
    action: 'recovery_code_used',
    outcome: 'success',
    detail: `a recovery code was used; ${left} left`,
  });
  return 'recovery code';
}

/** Removes the authenticator (a code or recovery code first): its recovery codes go with it. */
export async function removeAuthenticatorOf(
  orm: Orm,
  person: Person,
  code: string,
  now = new Date(),
): Promise<void> {
  if (!(await proveSecondFactor(orm, person, code, now))) {
    throw new AppError('invalid', STAFF_FACTOR_MESSAGES.wrongCode);
  }
  await removeAuthenticator(orm, person.adminId);
  await insertAuditEvent(orm, {
    actor: person.username,
    action: 'second_factor_remove',
    outcome: 'success',
    detail: 'authenticator app removed with its recovery codes',
  });
}

/** Ten new recovery codes (a code or recovery code first); the old ones stop working. */
export async function renewRecoveryCodes(
  orm: Orm,
  person: Person,
  code: string,
  now = new Date(),
): Promise<string[]> {
  if (!(await proveSecondFactor(orm, person, code, now))) {
    throw new AppError('invalid', STAFF_FACTOR_MESSAGES.wrongCode);
  }
  const codes = await issueRecoveryCodes(orm, person.adminId);
  await insertAuditEvent(orm, {
    actor: person.username,
    action: 'recovery_codes_renewed',
    outcome: 'success',
    detail: '10 new recovery codes; the old ones no longer work',
  });
  return codes;
}
