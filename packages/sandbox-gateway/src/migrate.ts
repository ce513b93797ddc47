import { databaseErrorCode, UNIQUE_VIOLATION, type SqlClient } from './sql-client';

export const DEFAULT_SCHEMA = 'sandbox_gateway';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The schema name, double-quoted for SQL. It is interpolated into statements, so only plain names pass. */
export function quoteSchema(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(`Invalid sandbox gateway schema name "${schema}": use lower-case letters, digits and _`);
  }
  return `"${schema}"`;
}

function migrationStatements(s: string): string[] {
  return [
    `CREATE SCHEMA IF NOT EXISTS ${s}`,
    // CardSecure's vault, minus the vault: a token stands for a card, but the card number itself is never
    // kept. Only what a receipt may show (brand, last 4, expiry) and the card's sandbox behaviour remain.
    `CREATE TABLE IF NOT EXISTS ${s}.cards (
      token text PRIMARY KEY CHECK (token ~ '^9[0-9]{11,18}$'),
      brand text NOT NULL CHECK (brand IN ('VISA', 'MASTERCARD', 'AMEX', 'DISCOVER', 'UNKNOWN')),
      last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
      expiry text CHECK (expiry ~ '^(0[1-9]|1[0-2])[0-9]{2}$'),
      behaviour text NOT NULL
        CHECK (behaviour IN ('approve', 'do_not_honor', 'expired_card', 'insufficient_funds', 'timeout')),
      created_at timestamptz NOT NULL
    )`,
    // One row per gateway transaction: authorizations (approved or not) and refunds, which are rows of their
    // own pointing at the authorization they give money back from. Amounts are integer cents.
    `CREATE TABLE IF NOT EXISTS ${s}.transactions (
      id bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
      retref text PRIMARY KEY CHECK (retref ~ '^[1-9][0-9]{11}$'),
      kind text NOT NULL CHECK (kind IN ('auth', 'refund')),
      parent_retref text REFERENCES ${s}.transactions (retref),
      source text NOT NULL CHECK (source IN ('api', 'hpp')),
      merchid text NOT NULL,
      orderid text CHECK (char_length(orderid) BETWEEN 1 AND 19),
      token text REFERENCES ${s}.cards (token),
      expiry text,
      name text,
      currency text NOT NULL,
      amount_cents integer NOT NULL CHECK (amount_cents >= 0),
      captured_cents integer NOT NULL DEFAULT 0 CHECK (captured_cents >= 0 AND captured_cents <= amount_cents),
      refunded_cents integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= captured_cents),
      respstat text NOT NULL CHECK (respstat IN ('A', 'B', 'C')),
      respcode text NOT NULL,
      resptext text NOT NULL,
      respproc text NOT NULL,
      authcode text,
      avsresp text,
      cvvresp text,
      created_at timestamptz NOT NULL,
      captured_at timestamptz,
      voided_at timestamptz,
      CHECK ((kind = 'refund') = (parent_retref IS NOT NULL)),
      CHECK ((captured_at IS NULL) = (captured_cents = 0)),
      CHECK (captured_at IS NULL OR voided_at IS NULL),
      CHECK (respstat = 'A' OR (captured_at IS NULL AND voided_at IS NULL))
    )`,
    // The API credentials of a mounted sandbox (see credentials.ts): one row, made on the first start.
    `CREATE TABLE IF NOT EXISTS ${s}.api_credentials (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      username text NOT NULL,
      password text NOT NULL,
      created_at timestamptz NOT NULL
    )`,
    // The key that makes CardSecure tokens deterministic (the same account always gets the same token) without
    // keeping the account number: the token's middle digits are a keyed hash of it. Made on first use.
    `CREATE TABLE IF NOT EXISTS ${s}.token_key (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      secret text NOT NULL
    )`,
    // Bank accounts (ACH) are tokenized too: the token stands for routing and account number. The routing
    // number names a bank (it is printed on every cheque) and is kept; of the account number only the last 4.
    `ALTER TABLE ${s}.cards ADD COLUMN IF NOT EXISTS kind text NOT NULL DEFAULT 'card' CHECK (kind IN ('card', 'ach'))`,
    `ALTER TABLE ${s}.cards ADD COLUMN IF NOT EXISTS routing text CHECK (routing ~ '^[0-9]{9}$')`,
    // A card's BIN (its first six digits, which may be kept beside the last four): the BIN service's answer.
    `ALTER TABLE ${s}.cards ADD COLUMN IF NOT EXISTS bin text CHECK (bin ~ '^[0-9]{6}$')`,
    // CardPointe's stored profiles: a profile holds accounts (a token each), exactly one of them the default.
    `CREATE TABLE IF NOT EXISTS ${s}.profiles (
      profileid text PRIMARY KEY CHECK (profileid ~ '^[1-9][0-9]{19}$'),
      merchid text NOT NULL,
      created_at timestamptz NOT NULL
    )`,
    `CREATE TABLE IF NOT EXISTS ${s}.profile_accounts (
      profileid text NOT NULL REFERENCES ${s}.profiles (profileid) ON DELETE CASCADE,
      acctid integer NOT NULL CHECK (acctid BETWEEN 1 AND 999),
      token text NOT NULL REFERENCES ${s}.cards (token),
      accttype text CHECK (accttype IN ('ECHK', 'ESAV')),
      expiry text CHECK (expiry ~ '^(0[1-9]|1[0-2])[0-9]{2}$'),
      name text,
      address text,
      city text,
      region text,
      country text,
      postal text,
      phone text,
      email text,
      defaultacct boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (profileid, acctid),
      UNIQUE (profileid, token)
    )`,
    `CREATE UNIQUE INDEX IF NOT EXISTS profile_accounts_one_default_idx ON ${s}.profile_accounts (profileid)
      WHERE defaultacct`,
    `CREATE INDEX IF NOT EXISTS transactions_orderid_idx ON ${s}.transactions (merchid, orderid, id)`,
    `CREATE INDEX IF NOT EXISTS transactions_parent_retref_idx ON ${s}.transactions (parent_retref)`,
    // The hosted payment page charges an invoice at most once, even when the Pay button is pressed twice.
    `CREATE UNIQUE INDEX IF NOT EXISTS transactions_hpp_invoice_paid_once_idx ON ${s}.transactions (merchid, orderid)
      WHERE source = 'hpp' AND kind = 'auth' AND respstat = 'A'`,
    // Settlement: at the merchant's cut-off every captured, unsettled transaction (and refund) goes into a
    // batch, which the sandbox's processor accepts at once.
    `CREATE SEQUENCE IF NOT EXISTS ${s}.batch_ids START 1000`,
    `ALTER TABLE ${s}.transactions ADD COLUMN IF NOT EXISTS batch_id bigint`,
    `ALTER TABLE ${s}.transactions ADD COLUMN IF NOT EXISTS settled_at timestamptz`,
    `CREATE INDEX IF NOT EXISTS transactions_unsettled_idx ON ${s}.transactions (merchid, captured_at)
      WHERE settled_at IS NULL AND respstat = 'A' AND voided_at IS NULL`,
    // The sandbox wallet's keys (its stand-in for Google's signing keys, CardSecure's decryption keys).
    `CREATE TABLE IF NOT EXISTS ${s}.wallet_keys (
      name text PRIMARY KEY,
      private_key text NOT NULL
    )`,
    // The sandbox's stand-in for Apple's certificate chain (root, intermediate, signing leaf and its key).
    `CREATE TABLE IF NOT EXISTS ${s}.wallet_certificates (
      name text PRIMARY KEY,
      document text NOT NULL
    )`,
    // Which wallet payloads CardSecure has opened (Google's messageId, Apple's transactionId): each is good once.
    `CREATE TABLE IF NOT EXISTS ${s}.wallet_payloads (
      wallet text NOT NULL CHECK (wallet IN ('google', 'apple')),
      payload_id text NOT NULL CHECK (char_length(payload_id) BETWEEN 1 AND 200),
      used_at timestamptz NOT NULL,
      PRIMARY KEY (wallet, payload_id)
    )`,
    // Where an authorization came from (ecomind: E online, T telephone or mail, R recurring, B a prearranged
    // bank debit) and whether it used stored credentials (cof: C customer-, M merchant-initiated; cofscheduled:
    // Y on a schedule, N one-time). Null on refunds and on authorizations recorded before these were kept.
    `ALTER TABLE ${s}.transactions ADD COLUMN IF NOT EXISTS ecomind text CHECK (ecomind IN ('E', 'R', 'T', 'B'))`,
    `ALTER TABLE ${s}.transactions ADD COLUMN IF NOT EXISTS cof text CHECK (cof IN ('C', 'M'))`,
    `ALTER TABLE ${s}.transactions ADD COLUMN IF NOT EXISTS cofscheduled text CHECK (cofscheduled IN ('Y', 'N'))`,
    // The hosted payment page's settings, one row per merchant, as on CardPointe's HPP admin page: the
    // address its webhook posts each payment to (Connect → Notifications → Webhook URL).
    `CREATE TABLE IF NOT EXISTS ${s}.hpp_settings (
      merchid text PRIMARY KEY,
      webhook_url text CHECK (webhook_url ~ '^https?://'),
      updated_at timestamptz NOT NULL
    )`,
    // The money chain after settlement. A bank account may be one of the sandbox's test accounts whose debit
    // the receiving bank returns (R01, R03) some days after settlement; its account number is not kept, only
    // the return it is set up for. An ACH debit keeps its account type (ECHK or ESAV), which settlestat
    // reports as the transaction's type. settlestat called with a merchant id alone reports each batch once:
    // which batches it has reported is kept here.
    `ALTER TABLE ${s}.cards ADD COLUMN IF NOT EXISTS ach_return text CHECK (ach_return ~ '^R[0-9]{2}$')`,
    `ALTER TABLE ${s}.transactions ADD COLUMN IF NOT EXISTS accttype text CHECK (accttype IN ('ECHK', 'ESAV'))`,
    `CREATE TABLE IF NOT EXISTS ${s}.reported_batches (
      merchid text NOT NULL,
      batch_id bigint NOT NULL,
      reported_at timestamptz NOT NULL,
      PRIMARY KEY (merchid, batch_id)
    )`,
    `CREATE INDEX IF NOT EXISTS transactions_settled_idx ON ${s}.transactions (merchid, settled_at)
      WHERE settled_at IS NOT NULL`,
    `CREATE INDEX IF NOT EXISTS transactions_batch_idx ON ${s}.transactions (merchid, batch_id)
      WHERE batch_id IS NOT NULL`,
  ];
}

/**
 * What PostgreSQL answers to the loser of two servers creating the same object at once, each having passed
 * `IF NOT EXISTS` before the other committed: a clash in the catalog's unique index, or the table or type
 * found after all.
 */
const CREATED_MEANWHILE = new Set([UNIQUE_VIOLATION, '42P07', '42710']);

/**
 * Migrations run, or running, per database client and schema: a store's start asks from three places (its
 * credentials, the mounted gateway, the hosted page's webhook), and the statements run once.
 */
const migrated = new WeakMap<SqlClient, Map<string, Promise<void>>>();

/**
 * Creates the gateway's schema and tables if they do not exist yet. Safe to run on every start, by several
 * servers at once; asked again through the same client, it answers with the first run.
 */
export function migrateSandboxGateway(db: SqlClient, schema: string = DEFAULT_SCHEMA): Promise<void> {
  let runs = migrated.get(db);
  if (!runs) {
    runs = new Map();
    migrated.set(db, runs);
  }
  let run = runs.get(schema);
  if (!run) {
    run = runMigration(db, schema);
    runs.set(schema, run);
    // A run that failed is not kept: the next asks again.
    run.catch(() => runs.delete(schema));
  }
  return run;
}

async function runMigration(db: SqlClient, schema: string): Promise<void> {
  for (const statement of migrationStatements(quoteSchema(schema))) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await db.query(statement);
        break;
      } catch (error) {
        // Another server starting at once made it first (its statement has committed): made again, the
        // statement finds it in place. Each statement makes one object, so a few attempts are enough.
        if (attempt >= 3 || !CREATED_MEANWHILE.has(databaseErrorCode(error) ?? '')) throw error;
      }
    }
  }
}
