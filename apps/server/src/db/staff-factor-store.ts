/** Staff second factors and recovery codes (decision 059). */

import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Orm } from './client';
import { staffFactors, staffRecoveryCodes, webauthnChallenges } from './schema';

export type StaffFactorRow = typeof staffFactors.$inferSelect;

/** Starts adding an authenticator: one awaiting its first code replaces any other awaiting one. */
export async function beginAuthenticator(
  orm: Orm,
  input: { adminId: string; label: string; secret: string },
): Promise<'started' | 'exists'> {
  return orm.transaction(async (tx) => {
    await tx
      .delete(staffFactors)
      .where(
        and(
          eq(staffFactors.adminId, input.adminId),
          eq(staffFactors.kind, 'totp'),
          isNull(staffFactors.confirmedAt),
        ),
      );
    const inserted = await tx
      .insert(staffFactors)
      .values({ adminId: input.adminId, kind: 'totp', label: input.label, totpSecret: input.secret })
      .onConflictDoNothing()
      .returning({ id: staffFactors.id });
    return inserted.length === 1 ? 'started' : 'exists';
  });
}

/** The authenticator of a person: confirmed, or awaiting its first code. */
export async function findAuthenticator(orm: Orm, adminId: string): Promise<StaffFactorRow | undefined> {
  const rows = await orm
    .select()
    .from(staffFactors)
    .where(and(eq(staffFactors.adminId, adminId), eq(staffFactors.kind, 'totp')));
  return rows[0];
}

/**
 * Takes a code's time step for an authenticator: true when the step is later than every step taken before,
 * so a code is used once, even by two requests at once (one conditional UPDATE). Confirms an authenticator
 * awaiting its first code.
 */
export async function takeAuthenticatorStep(
  orm: Orm,
  factorId: string,
  step: number,
  now: Date,
): Promise<boolean> {
  const rows = await orm
    .update(staffFactors)
    .set({
      totpLastStep: step,
      lastUsedAt: now,
      confirmedAt: sql`coalesce(${staffFactors.confirmedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(staffFactors.id, factorId),
        or(isNull(staffFactors.totpLastStep), lt(staffFactors.totpLastStep, step)),
      ),
    )
    .returning({ id: staffFactors.id });
  return rows.length === 1;
}

/** Removes a person's authenticator and its recovery codes. */
export async function removeAuthenticator(orm: Orm, adminId: string): Promise<boolean> {
  return orm.transaction(async (tx) => {
    const removed = await tx
      .delete(staffFactors)
      .where(and(eq(staffFactors.adminId, adminId), eq(staffFactors.kind, 'totp')))
      .returning({ id: staffFactors.id });
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.adminId, adminId));
    return removed.length > 0;
  });
}

/** Replaces a person's recovery codes with these digests. */
export async function replaceRecoveryCodes(orm: Orm, adminId: string, codeHashes: string[]): Promise<void> {
  await orm.transaction(async (tx) => {
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.adminId, adminId));
    await tx.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ adminId, codeHash })));
  });
}

/** Uses one recovery code once (one conditional UPDATE): false when it is not one of theirs, or used. */
export async function useRecoveryCode(
  orm: Orm,
  adminId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await orm
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.adminId, adminId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length === 1;
}

export async function countRecoveryCodesLeft(orm: Orm, adminId: string): Promise<number> {
  const rows = await orm
    .select({ left: count() })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.adminId, adminId), isNull(staffRecoveryCodes.usedAt)));
  return Number(rows[0]?.left ?? 0);
}

/** Whether a person has a confirmed second factor. */
export async function hasConfirmedFactor(orm: Orm, adminId: string): Promise<boolean> {
  const rows = await orm
    .select({ id: staffFactors.id })
    .from(staffFactors)
    .where(and(eq(staffFactors.adminId, adminId), isNotNull(staffFactors.confirmedAt)))
    .limit(1);
  return rows.length === 1;
}

type ChallengePurpose = 'register' | 'sign-in' | 'step-up';

/** Keeps a passkey ceremony's challenge until `expiresAt`; the expired ones are forgotten on the way. */
export async function insertChallenge(
  orm: Orm,
  input: { challenge: string; purpose: ChallengePurpose; adminId: string | null; expiresAt: Date; now: Date },
): Promise<void> {
  await orm.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, input.now));
  await orm.insert(webauthnChallenges).values({
    challenge: input.challenge,
    purpose: input.purpose,
    adminId: input.adminId,
    expiresAt: input.expiresAt,
  });
}

/** Takes a challenge once: true when it was given for this purpose (and person), and has not expired. */
export async function takeChallenge(
  orm: Orm,
  input: { challenge: string; purpose: ChallengePurpose; adminId: string | null; now: Date },
): Promise<boolean> {
  const rows = await orm
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, input.challenge),
        eq(webauthnChallenges.purpose, input.purpose),
        input.adminId === null
          ? isNull(webauthnChallenges.adminId)
          : eq(webauthnChallenges.adminId, input.adminId),
        gt(webauthnChallenges.expiresAt, input.now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return rows.length === 1;
}

export async function listPasskeys(orm: Orm, adminId: string): Promise<StaffFactorRow[]> {
  return orm
    .select()
    .from(staffFactors)
    .where(and(eq(staffFactors.adminId, adminId), eq(staffFactors.kind, 'passkey')));
}

export async function findPasskey(orm: Orm, credentialId: string): Promise<StaffFactorRow | undefined> {
  const rows = await orm.select().from(staffFactors).where(eq(staffFactors.credentialId, credentialId));
  return rows[0];
}

export async function insertPasskey(
  orm: Orm,
  input: {
    adminId: string;
    label: string;
    credentialId: string;
    publicKey: string;
    signCount: number;
    transports: string | null;
    now: Date;
  },
): Promise<boolean> {
  const rows = await orm
    .insert(staffFactors)
    .values({
      adminId: input.adminId,
      kind: 'passkey',
      label: input.label,
      credentialId: input.credentialId,
      publicKey: input.publicKey,
      signCount: input.signCount,
      transports: input.transports,
      confirmedAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: staffFactors.id });
  return rows.length === 1;
}

/**
 * Records a passkey's use: its new signature counter, kept only when it moved forward (or the authenticator
 * keeps none, 0), so that a cloned key showing an old counter is refused.
 */
export async function recordPasskeyUse(
  orm: Orm,
  factorId: string,
  signCount: number,
  now: Date,
): Promise<boolean> {
  const rows = await orm
    .update(staffFactors)
    .set({ signCount, lastUsedAt: now })
    .where(
      and(
        eq(staffFactors.id, factorId),
        signCount === 0 ? eq(staffFactors.signCount, 0) : lt(staffFactors.signCount, signCount),
      ),
    )
    .returning({ id: staffFactors.id });
  return rows.length === 1;
}

export async function removePasskey(orm: Orm, adminId: string, factorId: string): Promise<boolean> {
  const rows = await orm
    .delete(staffFactors)
    .where(
      and(eq(staffFactors.id, factorId), eq(staffFactors.adminId, adminId), eq(staffFactors.kind, 'passkey')),
    )
    .returning({ id: staffFactors.id });
  return rows.length === 1;
}
