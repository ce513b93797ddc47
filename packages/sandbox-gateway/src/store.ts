import { randomBytes } from 'node:crypto';
import type { CardBrand } from '@store/core';
import { quoteSchema } from './migrate';
import type { AchReturnCode } from './money-chain';
import type { RespStat, ResponseCode } from './response-codes';
import { databaseErrorCode, UNIQUE_VIOLATION, type SqlClient } from './sql-client';
import type { CardBehaviour } from './test-cards';

export interface CardRow {
  token: string;
  /** A payment card, or a bank account (ACH). */
  kind: 'card' | 'ach';
  brand: CardBrand;
  last4: string;
  expiry: string | null;
  behaviour: CardBehaviour;
  /** For a bank account: the routing number. */
  routing: string | null;
  /** For a card: its first six digits (unknown for cards tokenized before the sandbox kept them). */
  bin: string | null;
  /** For a bank account: the ACH return its debits meet after settlement (a sandbox test account), if any. */
  ach_return: AchReturnCode | null;
}

const CARD_COLUMNS = 'token, kind, brand, last4, expiry, behaviour, routing, bin, ach_return';

export interface TransactionRow {
  retref: string;
  kind: 'auth' | 'refund';
  parent_retref: string | null;
  source: TransactionSource;
  merchid: string;
  orderid: string | null;
  token: string | null;
  expiry: string | null;
  name: string | null;
  currency: string;
  amount_cents: number;
  captured_cents: number;
  refunded_cents: number;
  respstat: RespStat;
  respcode: string;
  resptext: string;
  respproc: string;
  authcode: string | null;
  avsresp: string | null;
  cvvresp: string | null;
  created_at: Date;
  captured_at: Date | null;
  voided_at: Date | null;
  /** The batch the transaction was settled in, and when. */
  batch_id: string | null;
  settled_at: Date | null;
  /**
   * An authorization's origin (`ecomind`: E, R, T or B) and stored-credential indicators (`cof`: C or M,
   * `cofscheduled`: Y or N), as recorded with its defaults; null on refunds and on authorizations recorded
   * before the sandbox kept them.
   */
  ecomind: EntryOrigin | null;
  cof: 'C' | 'M' | null;
  cofscheduled: 'Y' | 'N' | null;
  /** For an ACH debit (and its refunds): the account type, ECHK or ESAV; null for cards. */
  accttype: 'ECHK' | 'ESAV' | null;
}

/** A settled transaction with what the funding and settlement reports need of its card or bank account. */
export interface SettledRow extends TransactionRow {
  account_kind: 'card' | 'ach';
  brand: CardBrand;
  ach_return: AchReturnCode | null;
}

/**
 * CardPointe's `ecomind`, where a payment came from: E online, T telephone or mail, R recurring billing, B
 * (ProfitStars ACH) a prearranged debit with written consent.
 */
export type EntryOrigin = 'E' | 'R' | 'T' | 'B';

/** Where an authorization came from: the REST API, or the hosted payment page (one approval per invoice). */
export type TransactionSource = 'api' | 'hpp';

export type NewAuthorization = Omit<
  TransactionRow,
  'retref' | 'kind' | 'parent_retref' | 'refunded_cents' | 'voided_at' | 'batch_id' | 'settled_at'
>;

const TRANSACTION_COLUMNS = `retref, kind, parent_retref, source, merchid, orderid, token, expiry, name, currency,
  amount_cents, captured_cents, refunded_cents, respstat, respcode, resptext, respproc, authcode, avsresp,
  cvvresp, created_at, captured_at, voided_at, batch_id::text AS batch_id, settled_at, ecomind, cof, cofscheduled,
  accttype`;

/** Retrieval references are random; on the rare clash with an existing one, a fresh one is drawn. */
const MAX_KEY_ATTEMPTS = 5;

async function withFreshKey<T>(createKey: () => string, attempt: (key: string) => Promise<T>): Promise<T> {
  for (let remaining = MAX_KEY_ATTEMPTS; ; remaining -= 1) {
    try {
      return await attempt(createKey());
    } catch (error) {
      if (remaining <= 1 || databaseErrorCode(error) !== UNIQUE_VIOLATION) throw error;
    }
  }
}

function toDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}

function normalise(row: TransactionRow): TransactionRow {
  return {
    ...row,
    created_at: toDate(row.created_at) ?? new Date(Number.NaN),
    captured_at: toDate(row.captured_at),
    voided_at: toDate(row.voided_at),
    settled_at: toDate(row.settled_at),
  };
}

/** All SQL of the gateway. Every money rule that two requests could race on is one guarded statement. */
export class GatewayStore {
  private readonly cards: string;
  private readonly transactions: string;

  constructor(
    private readonly db: SqlClient,
    schema: string,
  ) {
    const s = quoteSchema(schema);
    this.cards = `${s}.cards`;
    this.transactions = `${s}.transactions`;
  }

  /**
   * Keeps a token and what it stands for. The same account always gets the same token: tokenizing it again
   * keeps the row, with the newest expiry given.
   */
  async upsertCard(card: CardRow, now: Date): Promise<CardRow> {
    const { rows } = await this.db.query<CardRow>(
      `INSERT INTO ${this.cards} AS card (token, kind, brand, last4, expiry, behaviour, routing, bin, ach_return,
         created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $9, $10, $8::timestamptz)
       ON CONFLICT (token) DO UPDATE SET expiry = COALESCE(EXCLUDED.expiry, card.expiry),
         bin = COALESCE(card.bin, EXCLUDED.bin)
       RETURNING ${CARD_COLUMNS}`,
      [
        card.token,
        card.kind,
        card.brand,
        card.last4,
        card.expiry,
        card.behaviour,
        card.routing,
        now.toISOString(),
        card.bin,
        card.ach_return,
      ],
    );
    return rows[0]!;
  }

  async findCard(token: string): Promise<CardRow | undefined> {
    const { rows } = await this.db.query<CardRow>(
      `SELECT ${CARD_COLUMNS} FROM ${this.cards} WHERE token = $1`,
      [token],
    );
    return rows[0];
  }

  /** The secret of the token hash, made on first use; every server on the database reads the same one. */
  async tokenKey(): Promise<string> {
    const table = this.cards.replace(/\.cards$/, '.token_key');
    await this.db.query(`INSERT INTO ${table} (secret) VALUES ($1) ON CONFLICT (singleton) DO NOTHING`, [
      randomBytes(32).toString('hex'),
    ]);
    const { rows } = await this.db.query<{ secret: string }>(`SELECT secret FROM ${table}`);
    return rows[0]!.secret;
  }

  /**
   * Records an authorization. Returns undefined, and records nothing, when it is an approval from the
   * hosted payment page for an invoice that page already had approved.
   */
  async insertAuthorization(
    createRetref: () => string,
    auth: NewAuthorization,
  ): Promise<TransactionRow | undefined> {
    return withFreshKey(createRetref, async (retref) => {
      const { rows } = await this.db.query<TransactionRow>(
        `INSERT INTO ${this.transactions} (retref, kind, source, merchid, orderid, token, expiry, name, currency,
           amount_cents, captured_cents, respstat, respcode, resptext, respproc, authcode, avsresp, cvvresp,
           created_at, captured_at, ecomind, cof, cofscheduled, accttype)
         VALUES ($1, 'auth', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
           $18::timestamptz, $19::timestamptz, $20, $21, $22, $23)
         ON CONFLICT (merchid, orderid) WHERE source = 'hpp' AND kind = 'auth' AND respstat = 'A' DO NOTHING
         RETURNING ${TRANSACTION_COLUMNS}`,
        [
          retref,
          auth.source,
          auth.merchid,
          auth.orderid,
          auth.token,
          auth.expiry,
          auth.name,
          auth.currency,
          auth.amount_cents,
          auth.captured_cents,
          auth.respstat,
          auth.respcode,
          auth.resptext,
          auth.respproc,
          auth.authcode,
          auth.avsresp,
          auth.cvvresp,
          auth.created_at.toISOString(),
          auth.captured_at?.toISOString() ?? null,
          auth.ecomind,
          auth.cof,
          auth.cofscheduled,
          auth.accttype,
        ],
      );
      return rows[0] && normalise(rows[0]);
    });
  }

  async findTransaction(merchid: string, retref: string): Promise<TransactionRow | undefined> {
    const { rows } = await this.db.query<TransactionRow>(
      `SELECT ${TRANSACTION_COLUMNS} FROM ${this.transactions} WHERE merchid = $1 AND retref = $2`,
      [merchid, retref],
    );
    return rows[0] && normalise(rows[0]);
  }

  /** Every transaction with this order id, oldest first. */
  async findTransactionsByOrderId(merchid: string, orderid: string): Promise<TransactionRow[]> {
    const { rows } = await this.db.query<TransactionRow>(
      `SELECT ${TRANSACTION_COLUMNS} FROM ${this.transactions} WHERE merchid = $1 AND orderid = $2 ORDER BY id`,
      [merchid, orderid],
    );
    return rows.map(normalise);
  }

  async hasApprovedAuthorization(merchid: string, orderid: string): Promise<boolean> {
    const { rows } = await this.db.query(
      `SELECT 1 FROM ${this.transactions}
       WHERE merchid = $1 AND orderid = $2 AND kind = 'auth' AND respstat = 'A' LIMIT 1`,
      [merchid, orderid],
    );
    return rows.length > 0;
  }

  /**
   * Captures an approved authorization that is still open (not captured, not voided, made after
   * `issuedAfter`), for `amountCents` or, when null, the whole authorized amount, never more.
   * Undefined when any of that does not hold.
   */
  async capture(
    merchid: string,
    retref: string,
    amountCents: number | null,
    now: Date,
    issuedAfter: Date,
  ): Promise<TransactionRow | undefined> {
    const { rows } = await this.db.query<TransactionRow>(
      `UPDATE ${this.transactions}
       SET captured_cents = COALESCE($3::integer, amount_cents), captured_at = $4::timestamptz
       WHERE merchid = $1 AND retref = $2 AND kind = 'auth' AND respstat = 'A'
         AND captured_at IS NULL AND voided_at IS NULL AND created_at > $5::timestamptz
         AND COALESCE($3::integer, amount_cents) <= amount_cents
       RETURNING ${TRANSACTION_COLUMNS}`,
      [merchid, retref, amountCents, now.toISOString(), issuedAfter.toISOString()],
    );
    return rows[0] && normalise(rows[0]);
  }

  /**
   * Voids an approved authorization that is still open, or a captured one that is not settled yet and has
   * no refunds (the capture is taken out of the coming batch: nothing is charged). Undefined when neither.
   */
  async void(
    merchid: string,
    retref: string,
    now: Date,
    issuedAfter: Date,
  ): Promise<TransactionRow | undefined> {
    const { rows } = await this.db.query<TransactionRow>(
      `UPDATE ${this.transactions} SET voided_at = $3::timestamptz, captured_cents = 0, captured_at = NULL
       WHERE merchid = $1 AND retref = $2 AND kind = 'auth' AND respstat = 'A' AND voided_at IS NULL
         AND ((captured_at IS NULL AND created_at > $4::timestamptz)
           OR (captured_at IS NOT NULL AND settled_at IS NULL AND refunded_cents = 0))
       RETURNING ${TRANSACTION_COLUMNS}`,
      [merchid, retref, now.toISOString(), issuedAfter.toISOString()],
    );
    return rows[0] && normalise(rows[0]);
  }

  /**
   * Closes the batches: every approved capture made up to `cutoff` and not settled yet, and every refund made
   * up to then, is settled now. Cards and bank accounts go to different processors, so each kind gets a
   * batch of its own (two new batch ids, the card batch first). Answers the batches that got transactions,
   * each with how many, card batch first.
   */
  async settle(
    merchid: string,
    cutoff: Date,
    now: Date,
  ): Promise<{ batchId: string | null; count: number; batches: { batchId: string; count: number }[] }> {
    const sequence = this.transactions.replace(/\.transactions$/, '.batch_ids');
    const { rows } = await this.db.query<{ batch_id: string; count: string | number }>(
      `WITH batch AS (SELECT nextval('${sequence}') AS card_id, nextval('${sequence}') AS ach_id),
       settled AS (
         UPDATE ${this.transactions} AS t SET settled_at = $3::timestamptz,
           batch_id = CASE
             WHEN EXISTS (SELECT 1 FROM ${this.cards} c WHERE c.token = t.token AND c.kind = 'ach')
             THEN (SELECT ach_id FROM batch) ELSE (SELECT card_id FROM batch) END
         WHERE merchid = $1 AND settled_at IS NULL AND respstat = 'A' AND voided_at IS NULL
           AND ((kind = 'auth' AND captured_at IS NOT NULL AND captured_at <= $2::timestamptz)
             OR (kind = 'refund' AND created_at <= $2::timestamptz))
         RETURNING batch_id
       )
       SELECT batch_id::text AS batch_id, count(*) AS count FROM settled GROUP BY batch_id ORDER BY batch_id`,
      [merchid, cutoff.toISOString(), now.toISOString()],
    );
    const batches = rows.map((row) => ({ batchId: row.batch_id, count: Number(row.count) }));
    return {
      batchId: batches[0]?.batchId ?? null,
      count: batches.reduce((sum, batch) => sum + batch.count, 0),
      batches,
    };
  }

  /**
   * Settled transactions with their card's brand and kind, oldest first: those settled from `from`
   * (inclusive) to `to` (exclusive), or with `batchIds`, those of these batches.
   */
  async findSettled(
    merchid: string,
    where: { from: Date; to: Date } | { batchIds: string[] },
  ): Promise<SettledRow[]> {
    const [condition, values] =
      'batchIds' in where
        ? ['batch_id = ANY($2::bigint[])', [where.batchIds]]
        : [
            'settled_at >= $2::timestamptz AND settled_at < $3::timestamptz',
            [where.from.toISOString(), where.to.toISOString()],
          ];
    const { rows } = await this.db.query<SettledRow>(
      `SELECT s.*, COALESCE(c.kind, 'card') AS account_kind, COALESCE(c.brand, 'UNKNOWN') AS brand,
         c.ach_return
       FROM (SELECT ${TRANSACTION_COLUMNS}, id FROM ${this.transactions}
             WHERE merchid = $1 AND settled_at IS NOT NULL AND ${condition}) s
       LEFT JOIN ${this.cards} c ON c.token = s.token
       ORDER BY s.id`,
      [merchid, ...values],
    );
    return rows.map((row) => ({ ...row, ...normalise(row) }));
  }

  /**
   * Moves every settled transaction `days` days back in time (when it was made, captured and settled), as
   * if its batch had closed that much earlier. Answers how many were moved. The sandbox's control only.
   */
  async backdateSettled(merchid: string, days: number, batchIds?: string[]): Promise<number> {
    const { rows } = await this.db.query(
      `UPDATE ${this.transactions}
       SET settled_at = settled_at - make_interval(days => $2::integer),
         captured_at = captured_at - make_interval(days => $2::integer),
         created_at = created_at - make_interval(days => $2::integer)
       WHERE merchid = $1 AND settled_at IS NOT NULL
         AND ($3::text IS NULL OR batch_id::text = ANY(string_to_array($3::text, ',')))
       RETURNING 1`,
      [merchid, days, batchIds ? batchIds.join(',') : null],
    );
    return rows.length;
  }

  /**
   * Claims, for settlestat called with a merchant id alone, every settled batch it has not reported yet:
   * each batch is claimed once, even by calls made at the same time. Answers the batch ids claimed.
   */
  async claimUnreportedBatches(merchid: string, now: Date): Promise<string[]> {
    const reported = this.transactions.replace(/\.transactions$/, '.reported_batches');
    const { rows } = await this.db.query<{ batch_id: string }>(
      `INSERT INTO ${reported} (merchid, batch_id, reported_at)
       SELECT DISTINCT merchid, batch_id, $2::timestamptz FROM ${this.transactions}
       WHERE merchid = $1 AND batch_id IS NOT NULL
       ON CONFLICT (merchid, batch_id) DO NOTHING
       RETURNING batch_id::text AS batch_id`,
      [merchid, now.toISOString()],
    );
    return rows.map((row) => row.batch_id);
  }

  /**
   * Refunds `amountCents` of a captured authorization and records the refund as a row of its own, in one
   * statement: the guarded UPDATE only adds to `refunded_cents` while the sum stays within what was
   * captured (PostgreSQL re-checks the condition after waiting on a concurrent refund's row lock), and the
   * refund row is inserted only from the row that UPDATE returned. Undefined when nothing was refunded.
   */
  async refund(
    createRetref: () => string,
    merchid: string,
    parentRetref: string,
    amountCents: number,
    outcome: ResponseCode,
    now: Date,
    /** The merchant may refund captures that are not settled yet. */
    unsettledRefunds: boolean,
  ): Promise<TransactionRow | undefined> {
    return withFreshKey(createRetref, async (retref) => {
      const { rows } = await this.db.query<TransactionRow>(
        `WITH parent AS (
           UPDATE ${this.transactions} SET refunded_cents = refunded_cents + $3::integer
           WHERE merchid = $1 AND retref = $2 AND kind = 'auth' AND captured_at IS NOT NULL
             AND refunded_cents + $3::integer <= captured_cents
             AND (settled_at IS NOT NULL OR $10::boolean)
           RETURNING retref, merchid, orderid, token, expiry, name, currency, accttype
         )
         INSERT INTO ${this.transactions} (retref, kind, parent_retref, source, merchid, orderid, token, expiry,
           name, currency, amount_cents, respstat, respcode, resptext, respproc, created_at, accttype)
         SELECT $4, 'refund', retref, 'api', merchid, orderid, token, expiry, name, currency, $3::integer,
           $5, $6, $7, $8, $9::timestamptz, accttype
         FROM parent
         RETURNING ${TRANSACTION_COLUMNS}`,
        [
          merchid,
          parentRetref,
          amountCents,
          retref,
          outcome.respstat,
          outcome.respcode,
          outcome.resptext,
          outcome.respproc,
          now.toISOString(),
          unsettledRefunds,
        ],
      );
      return rows[0] && normalise(rows[0]);
    });
  }
}
