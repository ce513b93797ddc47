import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { PASSKEY_MESSAGES, STORE_NAME } from '@store/core';
import { insertAuditEvent } from '../../db/audit-store';
import type { Orm } from '../../db/client';
import {
  findPasskey,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  removePasskey,
  takeChallenge,
  type StaffFactorRow,
} from '../../db/staff-factor-store';
import { AppError } from '../../errors';

/**
 * Passkeys (WebAuthn, decision 059) with SimpleWebAuthn: a sign-in of their own (something the person has,
 * unlocked by something they are or know: two factors, phishing-resistant), and a way to confirm a money
 * action. The relying party is the store's public address; user verification is required; each challenge
 * is taken once within five minutes.
 */

const CHALLENGE_MS = 5 * 60 * 1000;

export interface RelyingParty {
  /** The store's public address (PUBLIC_URL): the origin a browser signs for, and its host the RP ID. */
  publicUrl: string;
}

const rpOf = (rp: RelyingParty) => {
  const url = new URL(rp.publicUrl);
  return { origin: url.origin, id: url.hostname };
};

interface Person {
  adminId: string;
  username: string;
}

function passkeyLabel(response: RegistrationResponseJSON): string {
  return response.authenticatorAttachment === 'cross-platform' ? 'Security key' : 'Passkey';
}

/** Options for adding a passkey to the person's account; the passkeys they have are excluded. */
export async function passkeyRegistrationOptions(
  orm: Orm,
  rp: RelyingParty,
  person: Person,
  now = new Date(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeys(orm, person.adminId);
  const options = await generateRegistrationOptions({
    rpName: STORE_NAME,
    rpID: rpOf(rp).id,
    userName: person.username,
    userID: new TextEncoder().encode(person.adminId),
    attestationType: 'none',
    excludeCredentials: existing.map((factor) => ({ id: factor.credentialId! })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await insertChallenge(orm, {
    challenge: options.challenge,
    purpose: 'register',
    adminId: person.adminId,
    expiresAt: new Date(now.getTime() + CHALLENGE_MS),
    now,
  });
  return options;
}

/** Adds the person's passkey; `name` is theirs to tell it from others, else what kind of passkey it is. */
export async function addPasskey(
  orm: Orm,
  rp: RelyingParty,
  person: Person,
  response: RegistrationResponseJSON,
  { name, now = new Date() }: { name?: string; now?: Date } = {},
): Promise<void> {
  const { origin, id } = rpOf(rp);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) =>
        takeChallenge(orm, { challenge, purpose: 'register', adminId: person.adminId, now }),
      expectedOrigin: origin,
      expectedRPID: id,
      requireUserVerification: true,
    });
  } catch {
    throw new AppError('invalid', PASSKEY_MESSAGES.notAdded);
  }
  if (!verification.verified) throw new AppError('invalid', PASSKEY_MESSAGES.notAdded);
  const { credential } = verification.registrationInfo;
  const label = name ?? passkeyLabel(response);
  const added = await insertPasskey(orm, {
    adminId: person.adminId,
    label,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    signCount: credential.counter,
    transports: credential.transports?.join(',') ?? null,
    now,
  });
  if (!added) throw new AppError('conflict', PASSKEY_MESSAGES.alreadyAdded);
  await insertAuditEvent(orm, {
    actor: person.username,
    action: 'second_factor_add',
    outcome: 'success',
    detail: `passkey added: ${label} (${passkeyLabel(response).toLowerCase()})`,
  });
}

/** Options for a passkey sign-in (any of the store's passkeys: the browser offers those it holds). */
export async function passkeySignInOptions(
  orm: Orm,
  rp: RelyingParty,
  now = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: rpOf(rp).id, userVerification: 'required' });
  await insertChallenge(orm, {
    challenge: options.challenge,
    purpose: 'sign-in',
    adminId: null,
    expiresAt: new Date(now.getTime() + CHALLENGE_MS),
    now,
  });
  return options;
}

/** Options to confirm a money action with one of the person's passkeys. */
export async function passkeyStepUpOptions(
  orm: Orm,
  rp: RelyingParty,
  person: Person,
  now = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await listPasskeys(orm, person.adminId);
  if (passkeys.length === 0) throw new AppError('conflict', PASSKEY_MESSAGES.none);
  const options = await generateAuthenticationOptions({
    rpID: rpOf(rp).id,
    userVerification: 'required',
    allowCredentials: passkeys.map((factor) => ({
      id: factor.credentialId!,
      transports: (factor.transports?.split(',') ?? []) as AuthenticatorTransportFuture[],
    })),
  });
  await insertChallenge(orm, {
    challenge: options.challenge,
    purpose: 'step-up',
    adminId: person.adminId,
    expiresAt: new Date(now.getTime() + CHALLENGE_MS),
    now,
  });
  return options;
}

/**
 * Checks a passkey's answer to a sign-in or step-up challenge: the passkey, its owner's id, or undefined when
 * the passkey is unknown, the signature wrong, the challenge not this one's, or the counter went back.
 */
export async function verifyPasskey(
  orm: Orm,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  purpose: { kind: 'sign-in' } | { kind: 'step-up'; adminId: string },
  now = new Date(),
): Promise<StaffFactorRow | undefined> {
  const factor = typeof response?.id === 'string' ? await findPasskey(orm, response.id) : undefined;
  if (!factor || !factor.publicKey) return undefined;
  if (purpose.kind === 'step-up' && factor.adminId !== purpose.adminId) return undefined;
  const { origin, id } = rpOf(rp);
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) =>
        takeChallenge(orm, {
          challenge,
          purpose: purpose.kind,
          adminId: purpose.kind === 'step-up' ? purpose.adminId : null,
          now,
        }),
      expectedOrigin: origin,
      expectedRPID: id,
      credential: {
        id: factor.credentialId!,
        publicKey: new Uint8Array(Buffer.from(factor.publicKey, 'base64url')),
        counter: factor.signCount ?? 0,
      },
      requireUserVerification: true,
    });
    if (!verification.verified) return undefined;
    const used = await recordPasskeyUse(orm, factor.id, verification.authenticationInfo.newCounter, now);
    return used ? factor : undefined;
  } catch {
    return undefined;
  }
}

/** The person's passkeys, as Your account lists them. */
export async function passkeysOf(orm: Orm, adminId: string) {
  return (await listPasskeys(orm, adminId)).map((factor) => ({
    id: factor.id,
    label: factor.label,
    addedAt: (factor.confirmedAt ?? factor.createdAt).toISOString(),
    lastUsedAt: factor.lastUsedAt?.toISOString() ?? null,
  }));
}

export async function removePasskeyOf(orm: Orm, person: Person, factorId: string): Promise<void> {
  if (!(await removePasskey(orm, person.adminId, factorId))) {
    throw new AppError('not_found', PASSKEY_MESSAGES.notFound);
  }
  await insertAuditEvent(orm, {
    actor: person.username,
    action: 'second_factor_remove',
    outcome: 'success',
    detail: 'passkey removed',
  });
}
