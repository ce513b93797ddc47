import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  CURRENT_PASSWORD_REQUIRED,
  isEmailChange,
  type CustomerUser,
  type SavedPaymentMethod,
} from '@store/core';
import { deleteSession, findLiveSession, insertSession } from '../../db/session-store';
import { newPasswordRefusal } from './new-password';
import { insertAuditEvent } from '../../db/audit-store';
import type { Orm } from '../../db/client';
import {
  extendCustomerSession,
  findCustomer,
  findCustomerByEmail,
  insertCustomer,
  listSavedMethods,
  updateCustomerProfile,
  type CustomerRow,
  type SavedMethodRow,
} from '../../db/customer-store';
import { AppError } from '../../errors';
import { digestOfSecret } from './secret-digest';
import { beginCustomerAttempt, beginRegistrationAttempt, beginSignInAttempt } from './throttles';

const HOUR_MS = 60 * 60 * 1000;
/**
 * A customer session ends 14 days after sign-in however much it is used, and after 24 hours without use
 * (decision 023): a shopper who comes back every day signs in once a fortnight, while a session left on a
 * shared computer, or a copied cookie, dies in a day.
 */
export const CUSTOMER_SESSION_TTL_MS = 14 * 24 * HOUR_MS;
const CUSTOMER_SESSION_IDLE_MS = 24 * HOUR_MS;
/** A session in use has its end moved on at most once an hour: one write an hour per busy customer. */
const SESSION_EXTENDED_AFTER_MS = HOUR_MS;

export interface CustomerIdentity {
  id: string;
}

/** The saved method as the browser shows it (product §3): display fields only. */
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

/** The public profile: what product §3's User holds, never a hash, a token or a gateway profile id. */
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
    tokenHash: digestOfSecret(token),
    kind: 'customer',
    subjectId: customer.id,
    username: customer.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + Math.min(CUSTOMER_SESSION_IDLE_MS, CUSTOMER_SESSION_TTL_MS)),
  });
  return token;
}

/**
 * Opens an account and signs it in. Throttled per client address; a guessable password (a simple shape, or
 * on the common-password list) is refused with the reason; an email that has an account already creates
 * nothing (409).
 */
export async function registerCustomer(
  orm: Orm,
  input: { name: string; email: string; password: string; clientAddress: string; now?: Date },
): Promise<{ token: string; customer: CustomerRow }> {
  const now = input.now ?? new Date();
  const refusal = newPasswordRefusal(input.password);
  if (refusal) throw new AppError('invalid', refusal);
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
 * Checks an email and password, throttled as the admin sign-in is (services/accounts/throttles.ts), and
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

/**
 * The customer a session token signs in, if the session is live. Using it moves its end to a day from now,
 * but never past 14 days from sign-in.
 */
export async function findCustomerSession(
  orm: Orm,
  token: string | undefined,
  now = new Date(),
): Promise<CustomerIdentity | undefined> {
  if (!token) return undefined;
  const session = await findLiveSession(orm, digestOfSecret(token));
  if (session?.kind !== 'customer') return undefined;
  const latestEnd = Math.min(
    session.createdAt.getTime() + CUSTOMER_SESSION_TTL_MS,
    now.getTime() + CUSTOMER_SESSION_IDLE_MS,
  );
  if (latestEnd - session.expiresAt.getTime() >= SESSION_EXTENDED_AFTER_MS) {
    await extendCustomerSession(orm, session.tokenHash, new Date(latestEnd));
  }
  return { id: session.subjectId };
}

export async function logoutCustomer(orm: Orm, token: string): Promise<void> {
  await deleteSession(orm, digestOfSecret(token));
}

export async function customerProfile(orm: Orm, customerId: string): Promise<CustomerUser> {
  const customer = await findCustomer(orm, customerId);
  if (!customer) throw new AppError('not_found', 'Account not found');
  return toUser(orm, customer);
}

/**
 * What a profile change to an email another account has is told. It does not say that an account exists:
 * the person asking is signed in to an account of their own and needs only to know to pick another email,
 * and one who owns both addresses is pointed to the shop, which can tell them more after checking who they
 * are. (The answer is still a refusal, so a guess is still a guess: the limit on email changes is what
 * keeps guessing slow.)
 */
const EMAIL_UNAVAILABLE =
  'This email cannot be used for your account. Use another one, or contact us if it is yours.';
const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

/**
 * Before an email change: the current password, as sign-in checks it (OWASP ASVS 5.0 V7.5.1), since the
 * email is what the account is signed in with. Each change counts against the email-change limit, whatever
 * its outcome; a wrong password also counts as a failed sign-in for that account from that address.
 */
async function confirmEmailChange(
  orm: Orm,
  customer: CustomerRow,
  input: { currentPassword?: string; clientAddress: string },
  now: Date,
): Promise<void> {
  if (!input.currentPassword) throw new AppError('invalid', CURRENT_PASSWORD_REQUIRED);
  await beginCustomerAttempt(
    orm,
    'email-change',
    { customerId: customer.id, clientAddress: input.clientAddress },
    now,
  );
  const attempt = await beginSignInAttempt(orm, {
    actor: 'customer',
    account: customer.email.trim().toLowerCase(),
    clientAddress: input.clientAddress,
    now,
  });
  if (!(await verify(customer.passwordHash, input.currentPassword))) {
    if (attempt.slowDownNote) {
      await insertAuditEvent(orm, {
        actor: `customer ${customer.numericId}`,
        action: 'login_throttled',
        outcome: 'failure',
        detail: attempt.slowDownNote,
      });
    }
    throw new AppError('unauthorized', CURRENT_PASSWORD_INCORRECT);
  }
  await attempt.succeeded();
}

/**
 * Changes name and email. A name alone, or the same email in other capitals, needs nothing more; another
 * email needs the current password and is limited (`confirmEmailChange`).
 */
export async function updateProfile(
  orm: Orm,
  input: {
    customerId: string;
    name: string;
    email: string;
    currentPassword?: string;
    clientAddress: string;
    now?: Date;
  },
): Promise<CustomerUser> {
  const customer = await findCustomer(orm, input.customerId);
  if (!customer) throw new AppError('not_found', 'Account not found');
  const changesEmail = isEmailChange(customer.email, input.email);
  if (changesEmail) await confirmEmailChange(orm, customer, input, input.now ?? new Date());
  const updated = await updateCustomerProfile(orm, { id: customer.id, name: input.name, email: input.email });
  if (updated === 'taken') throw new AppError('conflict', EMAIL_UNAVAILABLE);
  if (!updated) throw new AppError('not_found', 'Account not found');
  if (changesEmail) {
    await insertAuditEvent(orm, {
      actor: `customer ${customer.numericId}`,
      action: 'email_changed',
      outcome: 'success',
      detail: `sign-in email changed from client ${input.clientAddress}`,
    });
  }
  return toUser(orm, updated);
}
