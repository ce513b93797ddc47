import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import type { CustomerUser, SavedPaymentMethod } from '@store/core';
import { deleteSession, findLiveSession, insertAuditEvent, insertSession } from '../db/admin-store';
import type { Orm } from '../db/client';
import {
  findCustomer,
  findCustomerByEmail,
  insertCustomer,
  listSavedMethods,
  updateCustomerProfile,
  type CustomerRow,
  type SavedMethodRow,
} from '../db/customer-store';
import { AppError } from '../http/errors';
import { hashSessionToken } from './admin-auth';
import { beginRegistrationAttempt, beginSignInAttempt } from './sign-in-throttle';

export const CUSTOMER_SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** The 49,000 most common passwords of zxcvbn's dictionary, read once. */
let commonPasswords: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'] as string[]);
  return commonPasswords.has(password.toLowerCase());
}

export interface CustomerIdentity {
  id: string;
}

/** The saved method as the browser shows it (SPEC §3): display fields only. */
export function toSavedMethod(row: SavedMethodRow): SavedPaymentMethod {
  const card = row.kind === 'card';
  return {
    id: row.id,
    paymentType: card ? 'CC' : 'ACH',
    cardType: card ? (row.cardBrand ?? 'UNKNOWN') : 'ACH',
    last4: row.last4,
    holderName: row.holderName,
    isDefault: row.isDefault,
    ...(card
      ? {
          expiryMonth: String(row.expiryMonth).padStart(2, '0'),
          expiryYear: String(row.expiryYear),
        }
      : {
          bankName: row.bankName ?? '',
          accountType: row.accountType ?? 'CHECKING',
          routingNumberLast4: row.routingNumberLast4 ?? '',
        }),
  };
}

/** The public profile: what SPEC §3's User holds, never a hash, a token or a gateway profile id. */
export async function toUser(orm: Orm, customer: CustomerRow): Promise<CustomerUser> {
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    numericId: customer.numericId,
    paymentMethods: (await listSavedMethods(orm, customer.id)).map(toSavedMethod),
  };
}

async function openSession(orm: Orm, customer: CustomerRow, now: Date) {
  const token = randomBytes(32).toString('base64url');
  await insertSession(orm, {
    tokenHash: hashSessionToken(token),
    kind: 'customer',
    subjectId: customer.id,
    username: customer.email,
    expiresAt: new Date(now.getTime() + CUSTOMER_SESSION_TTL_MS),
  });
  return token;
}

/**
 * Opens an account and signs it in. Throttled per client address; a password on the common-password list
 * is refused with the reason; an email that has an account already creates nothing (409).
 */
export async function registerCustomer(
  orm: Orm,
  input: { name: string; email: string; password: string; clientAddress: string; now?: Date },
): Promise<{ token: string; customer: CustomerRow }> {
  const now = input.now ?? new Date();
  if (isCommonPassword(input.password)) {
    throw new AppError(
      'invalid',
      'This password is one of the most commonly used, so it is easy to guess. Choose another.',
    );
  }
  await beginRegistrationAttempt(orm, input.clientAddress, now);
  const customer = await insertCustomer(orm, {
    name: input.name,
    email: input.email,
    passwordHash: await hash(input.password),
  });
  if (!customer) throw new AppError('conflict', 'An account with this email already exists. Log in instead.');
  return { token: await openSession(orm, customer, now), customer };
}

/** Verifying against this when the email is unknown keeps the answer time the same either way. */
let unknownCustomerHash: Promise<string> | undefined;

/**
 * Checks an email and password, throttled as the admin sign-in is (services/sign-in-throttle.ts), and
 * opens a session. The answer does not say whether the email has an account.
 */
export async function loginCustomer(
  orm: Orm,
  input: { email: string; password: string; clientAddress: string; now?: Date },
): Promise<{ token: string; customer: CustomerRow }> {
  const now = input.now ?? new Date();
  const attempt = await beginSignInAttempt(orm, {
    actor: 'customer',
    account: input.email.trim().toLowerCase(),
    clientAddress: input.clientAddress,
    now,
  });
  const customer = await findCustomerByEmail(orm, input.email.trim());
  unknownCustomerHash ??= hash(randomBytes(16).toString('hex'));
  const valid = customer
    ? await verify(customer.passwordHash, input.password)
    : (await verify(await unknownCustomerHash, input.password), false);
  if (!customer || !valid) {
    if (attempt.slowDownNote) {
      await insertAuditEvent(orm, {
        actor: customer ? `customer ${customer.numericId}` : '(unknown customer)',
        action: 'login_throttled',
        outcome: 'failure',
        detail: attempt.slowDownNote,
      });
    }
    throw new AppError('unauthorized', 'Invalid email or password');
  }
  await attempt.succeeded();
  return { token: await openSession(orm, customer, now), customer };
}

export async function findCustomerSession(
  orm: Orm,
  token: string | undefined,
): Promise<CustomerIdentity | undefined> {
  if (!token) return undefined;
  const session = await findLiveSession(orm, hashSessionToken(token));
  return session?.kind === 'customer' ? { id: session.subjectId } : undefined;
}

export async function logoutCustomer(orm: Orm, token: string): Promise<void> {
  await deleteSession(orm, hashSessionToken(token));
}

export async function customerProfile(orm: Orm, customerId: string): Promise<CustomerUser> {
  const customer = await findCustomer(orm, customerId);
  if (!customer) throw new AppError('not_found', 'Account not found');
  return toUser(orm, customer);
}

export async function updateProfile(
  orm: Orm,
  input: { customerId: string; name: string; email: string },
): Promise<CustomerUser> {
  const updated = await updateCustomerProfile(orm, { id: input.customerId, ...input });
  if (updated === 'taken') throw new AppError('conflict', 'Another account already uses this email');
  if (!updated) throw new AppError('not_found', 'Account not found');
  return toUser(orm, updated);
}
