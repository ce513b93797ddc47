import { ADDRESS_COUNTRIES, MAIL_KINDS, MAIL_STATUSES, STAFF_ROLES } from '@store/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { listOf } from './list-of';

/**
 * The people: the console's staff and their sessions, customers, their saved methods and addresses, and the
 * throttles of what a guesser would repeat.
 */

export const admins = pgTable(
  'admins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull().unique(),
    /** Null until the person has used their set-up link (decision 056). */
    passwordHash: text('password_hash'),
    /** What the person may do in the console (decision 055); the accounts made before roles are owners. */
    role: text('role', { enum: STAFF_ROLES }).notNull().default('owner'),
    /** As the Staff tab shows them; null for an account made from the command line. */
    displayName: text('display_name'),
    email: text('email'),
    /** The digest of the one-time set-up link's token, and until when it works. */
    setupTokenHash: text('setup_token_hash').unique(),
    setupExpiresAt: timestamp('setup_expires_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** From when the 90 days without a sign-in count: made, set up or enabled again. */
    enabledAt: timestamp('enabled_at', { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Who disabled the account, or null when upkeep did (unused for 90 days). */
    disabledBy: text('disabled_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('admins_role_known', sql`${table.role} in ${listOf(STAFF_ROLES)}`),
    uniqueIndex('admins_email_unique').on(sql`lower(${table.email})`),
    check(
      'admins_setup_link_whole',
      sql`(${table.setupTokenHash} is null) = (${table.setupExpiresAt} is null)`,
    ),
  ],
);

/** Server-side sessions; the cookie carries a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** `admin_pending`: the password was right and the second factor is still to come (decision 059). */
    kind: text('kind', { enum: ['admin', 'admin_pending', 'customer'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    username: text('username').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the person last did something (decision 057); a console session ends after `idle_seconds` without. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** A console session's idle limit; null for a customer's, which has none. */
    idleSeconds: integer('idle_seconds'),
    /** When this session last proved a second factor (sign-in or step-up, decision 059). */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [index('sessions_expires_idx').on(table.expiresAt)],
);

/**
 * A staff member's second factors (decision 059): an authenticator app (TOTP, RFC 6238: its secret, and the
 * last time step used, so that a code is taken once) or a passkey (its credential). A factor is counted
 * once confirmed; an authenticator being added waits unconfirmed until its first code proves it.
 */
export const staffFactors = pgTable(
  'staff_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['totp', 'passkey'] }).notNull(),
    label: text('label').notNull(),
    totpSecret: text('totp_secret'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    credentialId: text('credential_id').unique(),
    publicKey: text('public_key'),
    signCount: bigint('sign_count', { mode: 'number' }),
    transports: text('transports'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    check('staff_factors_kind_known', sql`${table.kind} in ('totp', 'passkey')`),
    check('staff_factors_totp_whole', sql`(${table.kind} = 'totp') = (${table.totpSecret} is not null)`),
    check(
      'staff_factors_passkey_whole',
      sql`(${table.kind} = 'passkey') = (${table.credentialId} is not null and ${table.publicKey} is not null)`,
    ),
    uniqueIndex('staff_factors_one_authenticator')
      .on(table.adminId)
      .where(sql`${table.kind} = 'totp'`),
    index('staff_factors_admin_idx').on(table.adminId),
  ],
);

/**
 * The challenges the store gave for a passkey ceremony (decision 059), each taken once: to add a passkey
 * (the person's), to sign in (anyone's passkey), or to confirm a money action (the person's).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'sign-in', 'step-up'] }).notNull(),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [
    check('webauthn_challenges_purpose_known', sql`${table.purpose} in ('register', 'sign-in', 'step-up')`),
    check(
      'webauthn_challenges_person_when_theirs',
      sql`(${table.purpose} = 'sign-in') = (${table.adminId} is null)`,
    ),
    index('webauthn_challenges_expires_idx').on(table.expiresAt),
  ],
);

/** Ten one-time recovery codes per person with an authenticator: their digests, and when each was used. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [index('staff_recovery_codes_admin_idx').on(table.adminId)],
);

/**
 * A shopper's account. The email is unique whatever its case; the password is kept only as an argon2id
 * hash. `numericId` is the short Customer ID read out for phone orders. `gatewayProfileId` is the
 * customer's stored profile at the gateway, once a payment method has been saved.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    numericId: integer('numeric_id').notNull().generatedAlwaysAsIdentity({ startWith: 100001 }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    gatewayProfileId: text('gateway_profile_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customers_email_unique').on(sql`lower(${table.email})`),
    uniqueIndex('customers_numeric_id_unique').on(table.numericId),
    uniqueIndex('customers_gateway_profile_unique').on(table.gatewayProfileId),
    // Transaction History's search (decision 030): the start of the email, the words of the name.
    index('customers_email_prefix_idx').on(sql`lower(${table.email}) text_pattern_ops`),
    index('customers_name_words_idx').using('gin', sql`to_tsvector('simple'::regconfig, ${table.name})`),
    check('customers_name_length', sql`char_length(${table.name}) between 1 and 100`),
    check('customers_email_length', sql`char_length(${table.email}) between 3 and 254`),
  ],
);

/**
 * A card or bank account saved to a customer's gateway profile: only the gateway's account id and what a
 * person may be shown (brand or bank, last 4, expiry); never a card or account number. At most one default
 * per customer, enforced by the database.
 */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['card', 'ach'] }).notNull(),
    /** The account's id within the customer's gateway profile. */
    gatewayAccountId: text('gateway_account_id').notNull(),
    cardBrand: text('card_brand'),
    last4: text('last4').notNull(),
    holderName: text('holder_name').notNull(),
    expiryMonth: integer('expiry_month'),
    expiryYear: integer('expiry_year'),
    bankName: text('bank_name'),
    accountType: text('account_type', { enum: ['CHECKING', 'SAVINGS'] }),
    routingNumberLast4: text('routing_number_last4'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saved_payment_methods_one_default')
      .on(table.customerId)
      .where(sql`${table.isDefault}`),
    uniqueIndex('saved_payment_methods_gateway_account').on(table.customerId, table.gatewayAccountId),
    check('saved_payment_methods_kind_known', sql`${table.kind} in ('card', 'ach')`),
    check('saved_payment_methods_last4_digits', sql`${table.last4} ~ '^[0-9]{4}$'`),
    check(
      'saved_payment_methods_card_fields',
      sql`${table.kind} <> 'card' or (${table.cardBrand} is not null and ${table.expiryMonth} between 1 and 12 and ${table.expiryYear} between 2000 and 2100)`,
    ),
    check(
      'saved_payment_methods_bank_fields',
      sql`${table.kind} <> 'ach' or (${table.bankName} is not null and ${table.accountType} is not null and ${table.routingNumberLast4} ~ '^[0-9]{4}$')`,
    ),
  ],
);

/**
 * Sign-in attempts per account-and-client-address and per client address, shared by every server: how
 * many have been made since the last success, and when the next one may be (services/accounts/throttles.ts).
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, precision: 3 }).notNull(),
    nextAllowedAt: timestamp('next_allowed_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [
    check('login_throttle_attempts_not_negative', sql`${table.attempts} >= 0`),
    index('login_throttle_last_attempt_idx').on(table.lastAttemptAt),
  ],
);

/**
 * A customer's address book: delivery addresses kept for the next order, at most one of them the default
 * (preselected in the cart), as the database enforces.
 */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    country: text('country').notNull(),
    phone: text('phone'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customer_addresses_one_default')
      .on(table.customerId)
      .where(sql`${table.isDefault}`),
    index('customer_addresses_customer_idx').on(table.customerId, table.createdAt),
    check('customer_addresses_country_known', sql`${table.country} in ${listOf(ADDRESS_COUNTRIES)}`),
    check(
      'customer_addresses_lengths',
      sql`char_length(${table.name}) between 1 and 100 and char_length(${table.address}) between 1 and 100
        and char_length(${table.city}) between 1 and 100 and char_length(${table.state}) between 1 and 100
        and char_length(${table.zip}) between 1 and 100`,
    ),
  ],
);

// Named in the core: the console's Sent emails view shows them too.
export { MAIL_KINDS, MAIL_STATUSES };
