import {
  deleteStaleThrottleKeys,
  recordSignInSuccess,
  takeSignInAttempt,
  type ThrottleKey,
} from '../../db/throttle-store';
import type { Orm } from '../../db/client';
import { AppError } from '../../errors';

/**
 * Sign-in throttling that slows a guesser down without ever locking the account (OWASP ASVS 5.0 V6):
 * attempts are counted per account *and* client address, and per client address. Past its free attempts
 * a key must wait 1 s before the next try, then 2 s, 4 s … up to 15 minutes; a right password resets the
 * account-and-address key. An attacker hammering an account from their address is slowed to a few tries
 * an hour, while its owner, from an address that did nothing wrong, signs in at once.
 */
export const SIGN_IN_THROTTLE = {
  freeAttemptsPerAccountAndAddress: 5,
  freeAttemptsPerAddress: 20,
  firstDelayMs: 1_000,
  maxDelayMs: 15 * 60 * 1000,
  /** A key with no attempt for this long is forgotten. */
  forgetAfterMs: 24 * 60 * 60 * 1000,
} as const;

export type SignInActor = 'admin' | 'customer';

/**
 * A console account is also locked, from every address, after 10 failed sign-ins in a row, for 30 minutes
 * after each further one (PCI DSS 4.0.1 8.3.4; decision 056): the slow-down above stays for fewer. The
 * owner unlocks it in Staff (Enable), or the command line does (`admin unlock`).
 */
const STAFF_LOCK_OUT = { failedSignIns: 10, lockMs: 30 * 60 * 1000 } as const;

export function staffLockKey(username: string): string {
  return `admin-lock:${username}`;
}

const LOCKED_REFUSAL = `This account is locked after ${STAFF_LOCK_OUT.failedSignIns} failed sign-ins`;

function keysOf(actor: SignInActor, account: string, clientAddress: string) {
  const pair: ThrottleKey = {
    key: `${actor}:${account}|client:${clientAddress}`,
    freeAttempts: SIGN_IN_THROTTLE.freeAttemptsPerAccountAndAddress,
  };
  const address: ThrottleKey = {
    key: `client:${clientAddress}`,
    freeAttempts: SIGN_IN_THROTTLE.freeAttemptsPerAddress,
  };
  return { pair, address };
}

function slowDownDelayMs(excess: number): number {
  return Math.min(SIGN_IN_THROTTLE.maxDelayMs, SIGN_IN_THROTTLE.firstDelayMs * 2 ** Math.min(excess, 30));
}

function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export interface SignInAttempt {
  /** Call after the password proved right. */
  succeeded(): Promise<void>;
  /** What the audit log should say: the keys this attempt slowed down, or nothing. */
  slowDownNote: string | undefined;
}

/**
 * Takes a sign-in attempt for `account` from `clientAddress`, or refuses it with 429 and Retry-After when
 * that account-and-address, or that address, must still wait.
 */
export async function beginSignInAttempt(
  orm: Orm,
  input: { actor: SignInActor; account: string; clientAddress: string; now?: Date },
): Promise<SignInAttempt> {
  const { pair, address } = keysOf(input.actor, input.account, input.clientAddress);
  const lock: ThrottleKey | undefined =
    input.actor === 'admin'
      ? {
          key: staffLockKey(input.account),
          freeAttempts: STAFF_LOCK_OUT.failedSignIns,
          delayAfter: () => STAFF_LOCK_OUT.lockMs,
        }
      : undefined;
  const waitMs = await takeLimitedAttempt(
    orm,
    lock ? [pair, address, lock] : [pair, address],
    'Too many failed sign-in attempts',
    input.now ?? new Date(),
    lock && { [lock.key]: LOCKED_REFUSAL },
  );
  const resetKeys = lock ? [pair.key, lock.key] : [pair.key];
  return {
    slowDownNote: slowDownNote(`sign-in from client ${input.clientAddress}`, waitMs),
    succeeded: () => recordSignInSuccess(orm, { resetKeys, creditKeys: [address.key] }),
  };
}

/** Accounts one client address may open before each further one must wait (1 s, 2 s … 15 minutes). */
const FREE_REGISTRATIONS_PER_ADDRESS = 10;
/**
 * Cards and bank accounts a customer, or an address, may tokenize before each further one must wait:
 * enough for a person, far too few for a bot testing stolen card numbers.
 */
export const FREE_TOKENIZATIONS = { perCustomer: 10, perAddress: 20 } as const;

/**
 * Takes one attempt on every key (sign-in, opening accounts, tokenizing cards …), or refuses it with 429
 * and Retry-After. Answers how long the next attempt must now wait: 0 while free attempts are left.
 */
async function takeLimitedAttempt(
  orm: Orm,
  keys: ThrottleKey[],
  refusal: string,
  now: Date,
  refusalOfKey: Record<string, string> = {},
): Promise<number> {
  const verdict = await takeSignInAttempt(orm, keys, {
    now,
    forgetAfterMs: SIGN_IN_THROTTLE.forgetAfterMs,
    delayAfter: slowDownDelayMs,
  });
  if (!verdict.allowed)
    throw tooManyAttempts(refusalOfKey[verdict.refusedBy] ?? refusal, verdict.retryAfterMs);
  return Math.max(0, ...verdict.slowed.map((slowed) => slowed.waitMs));
}

/** The two keys of something limited per customer and per address, under `action`'s name. */
function perCustomerAndAddress(
  action: string,
  limits: { perCustomer: number; perAddress: number },
  input: { customerId: string; clientAddress: string },
): ThrottleKey[] {
  return [
    { key: `${action}|customer:${input.customerId}`, freeAttempts: limits.perCustomer },
    { key: `${action}|client:${input.clientAddress}`, freeAttempts: limits.perAddress },
  ];
}

/** What the audit log says of an attempt after which `who` must wait, or nothing when it need not. */
function slowDownNote(who: string, waitMs: number): string | undefined {
  return waitMs > 0 ? `${who} slowed down: next attempt in ${waitText(waitMs)}` : undefined;
}

export async function beginRegistrationAttempt(
  orm: Orm,
  clientAddress: string,
  now = new Date(),
): Promise<void> {
  await takeLimitedAttempt(
    orm,
    [{ key: `register|client:${clientAddress}`, freeAttempts: FREE_REGISTRATIONS_PER_ADDRESS }],
    'Too many accounts were opened from here',
    now,
  );
}

/**
 * Card frames a customer, or an address, may open before each further one must wait (decision 054): the
 * card is tokenized at the gateway, where the store cannot count, and saved through the save limits below;
 * this keeps a session from piling up entries. Generous: each Add Payment Method dialog opens one.
 */
const FREE_CARD_ENTRIES = { perCustomer: 30, perAddress: 100 } as const;

/**
 * Saved payment methods a customer, or an address, may add before each further one must wait. A token is
 * saved only once and only by the customer it was issued to, so this bounds saves, not tokenizations.
 */
export const FREE_SAVES = { perCustomer: 10, perAddress: 20 } as const;

/**
 * Changes of a profile's email, per customer and per address, limited like opening accounts: whether an
 * email is taken is an answer a guesser must not get at speed.
 */
const FREE_EMAIL_CHANGES = { perCustomer: 5, perAddress: 10 } as const;

/** What a signed-in customer repeats that is limited per customer and per address, and its refusal. */
const CUSTOMER_LIMITS = {
  tokenize: { free: FREE_TOKENIZATIONS, refusal: 'Too many payment methods were entered' },
  'card-entry': { free: FREE_CARD_ENTRIES, refusal: 'Too many card forms were opened' },
  'save-method': { free: FREE_SAVES, refusal: 'Too many payment methods were saved' },
  'email-change': { free: FREE_EMAIL_CHANGES, refusal: 'Too many email changes were attempted' },
} as const;

/** Takes one of a customer's limited attempts (`action`), or refuses it with 429 and Retry-After. */
export async function beginCustomerAttempt(
  orm: Orm,
  action: keyof typeof CUSTOMER_LIMITS,
  input: { customerId: string; clientAddress: string },
  now = new Date(),
): Promise<void> {
  const { free, refusal } = CUSTOMER_LIMITS[action];
  await takeLimitedAttempt(orm, perCustomerAndAddress(action, free, input), refusal, now);
}

/**
 * Payments with saved methods: every attempt counts per customer and per address, and declines in a row
 * count on a key of their own that an approval clears, so a customer whose cards keep being declined is
 * slowed after a few, while one who pays normally never notices. A card tester gets a handful of answers.
 *
 * An order an operator takes by telephone (`byOperator`) counts its declines only: the operator is signed
 * in to the console and named in the audit log, types no card, and takes many orders a day from one office
 * address, often several for one customer. A card that keeps being declined is still not tried again and
 * again, whoever asks.
 */
export const FREE_SAVED_PAYMENTS = { perCustomer: 10, perAddress: 20, declinesPerCustomer: 3 } as const;

export interface SavedPaymentAttempt {
  /** Call after the gateway approved: the declines before it no longer count. */
  approved(): Promise<void>;
  /** What the audit log should say when this attempt was slowed down, or nothing. */
  slowDownNote: string | undefined;
}

export async function beginSavedPaymentAttempt(
  orm: Orm,
  input: { customerId: string; clientAddress: string; byOperator?: boolean },
  now = new Date(),
): Promise<SavedPaymentAttempt> {
  const declines = `saved-payment-declines|customer:${input.customerId}`;
  const waitMs = await takeLimitedAttempt(
    orm,
    [
      ...(input.byOperator ? [] : perCustomerAndAddress('saved-payment', FREE_SAVED_PAYMENTS, input)),
      { key: declines, freeAttempts: FREE_SAVED_PAYMENTS.declinesPerCustomer },
    ],
    'Too many payments were attempted',
    now,
  );
  return {
    slowDownNote: slowDownNote('saved-method payments', waitMs),
    approved: () => recordSignInSuccess(orm, { resetKeys: [declines], creditKeys: [] }),
  };
}

/**
 * Apple Pay merchant validations per address: one per payment sheet opened, so a shopper needs a few; each
 * one costs the store a mutual-TLS call to Apple, which nobody may make it place at will.
 */
export const FREE_MERCHANT_VALIDATIONS_PER_ADDRESS = 30;

export async function beginMerchantValidationAttempt(
  orm: Orm,
  clientAddress: string,
  now = new Date(),
): Promise<void> {
  await takeLimitedAttempt(
    orm,
    [
      {
        key: `validate-merchant|client:${clientAddress}`,
        freeAttempts: FREE_MERCHANT_VALIDATIONS_PER_ADDRESS,
      },
    ],
    'Too many Apple Pay sessions were started from here',
    now,
  );
}

function tooManyAttempts(what: string, retryAfterMs: number): AppError {
  return new AppError('too_many_requests', `${what}. Try again in ${waitText(retryAfterMs)}.`, {
    retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
  });
}

export async function forgetStaleSignInAttempts(orm: Orm, now: Date): Promise<void> {
  await deleteStaleThrottleKeys(orm, new Date(now.getTime() - SIGN_IN_THROTTLE.forgetAfterMs));
}
