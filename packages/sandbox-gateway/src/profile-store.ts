import { randomInt } from 'node:crypto';
import { quoteSchema } from './migrate';
import { databaseErrorCode, UNIQUE_VIOLATION, type SqlClient } from './sql-client';

export interface ProfileAccountRow {
  profileid: string;
  acctid: number;
  token: string;
  accttype: 'ECHK' | 'ESAV' | null;
  expiry: string | null;
  name: string | null;
  address: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  postal: string | null;
  phone: string | null;
  email: string | null;
  defaultacct: boolean;
}

export type ProfileDetails = Omit<ProfileAccountRow, 'profileid' | 'acctid' | 'defaultacct'>;

const ACCOUNT_COLUMNS = `profileid, acctid, token, accttype, expiry, name, address, city, region, country, postal,
  phone, email, defaultacct`;

/** A profile id: 20 digits, like CardPointe's. */
function createProfileId(): string {
  let digits = String(randomInt(1, 10));
  for (let index = 0; index < 19; index += 1) digits += String(randomInt(10));
  return digits;
}

/**
 * The stored profiles' SQL, one statement at a time (a pg.Pool gives no connection to hold): the primary
 * key numbers accounts, and a partial unique index keeps one default per profile whatever races.
 */
export class ProfileStore {
  private readonly profiles: string;
  private readonly accounts: string;

  constructor(
    private readonly db: SqlClient,
    schema: string,
  ) {
    const s = quoteSchema(schema);
    this.profiles = `${s}.profiles`;
    this.accounts = `${s}.profile_accounts`;
  }

  async createProfile(merchid: string, now: Date): Promise<string> {
    for (let attempt = 0; ; attempt += 1) {
      const profileid = createProfileId();
      try {
        await this.db.query(
          `INSERT INTO ${this.profiles} (profileid, merchid, created_at) VALUES ($1, $2, $3)`,
          [profileid, merchid, now.toISOString()],
        );
        return profileid;
      } catch (error) {
        if (attempt >= 4 || databaseErrorCode(error) !== UNIQUE_VIOLATION) throw error;
      }
    }
  }

  async profileExists(merchid: string, profileid: string): Promise<boolean> {
    const { rows } = await this.db.query(
      `SELECT 1 FROM ${this.profiles} WHERE profileid = $1 AND merchid = $2`,
      [profileid, merchid],
    );
    return rows.length > 0;
  }

  async findAccount(profileid: string, acctid?: number): Promise<ProfileAccountRow | undefined> {
    const { rows } = await this.db.query<ProfileAccountRow>(
      acctid === undefined
        ? `SELECT ${ACCOUNT_COLUMNS} FROM ${this.accounts} WHERE profileid = $1 AND defaultacct`
        : `SELECT ${ACCOUNT_COLUMNS} FROM ${this.accounts} WHERE profileid = $1 AND acctid = $2`,
      acctid === undefined ? [profileid] : [profileid, acctid],
    );
    return rows[0];
  }

  /**
   * Adds an account to a profile, or answers the account already holding that token (the same data saved
   * again is the same account). The first account is the default; `makeDefault` moves the default to it.
   */
  async addAccount(
    profileid: string,
    details: ProfileDetails,
    makeDefault: boolean,
    now: Date,
  ): Promise<ProfileAccountRow> {
    // Two saves racing for the same account number: the loser's insert clashes, and it starts again.
    try {
      return await this.addAccountOnce(profileid, details, makeDefault, now);
    } catch (error) {
      if (databaseErrorCode(error) !== UNIQUE_VIOLATION) throw error;
      return this.addAccountOnce(profileid, details, makeDefault, now);
    }
  }

  private async addAccountOnce(
    profileid: string,
    details: ProfileDetails,
    makeDefault: boolean,
    now: Date,
  ): Promise<ProfileAccountRow> {
    const existing = await this.db.query<ProfileAccountRow>(
      `SELECT ${ACCOUNT_COLUMNS} FROM ${this.accounts} WHERE profileid = $1 AND token = $2`,
      [profileid, details.token],
    );
    if (existing.rows[0]) {
      if (makeDefault) await this.setDefault(profileid, existing.rows[0].acctid);
      return (await this.findAccount(profileid, existing.rows[0].acctid))!;
    }
    const { rows } = await this.db.query<ProfileAccountRow>(
      `WITH taken AS (
         SELECT COALESCE(MAX(acctid), 0) + 1 AS next, COUNT(*) = 0 AS first FROM ${this.accounts} WHERE profileid = $1
       )
       INSERT INTO ${this.accounts} (profileid, acctid, token, accttype, expiry, name, address, city, region,
         country, postal, phone, email, defaultacct, created_at)
       SELECT $1, next, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, first, $13 FROM taken
       RETURNING ${ACCOUNT_COLUMNS}`,
      [
        profileid,
        details.token,
        details.accttype,
        details.expiry,
        details.name,
        details.address,
        details.city,
        details.region,
        details.country,
        details.postal,
        details.phone,
        details.email,
        now.toISOString(),
      ],
    );
    const account = rows[0]!;
    if (makeDefault && !account.defaultacct) {
      await this.setDefault(profileid, account.acctid);
      return (await this.findAccount(profileid, account.acctid))!;
    }
    return account;
  }

  /**
   * Makes one account the default. One statement takes it from the others, the next gives it: when two
   * requests race, the unique index refuses the second give, which then starts again and wins in turn.
   */
  async setDefault(profileid: string, acctid: number): Promise<boolean> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.db.query(
          `UPDATE ${this.accounts} SET defaultacct = false WHERE profileid = $1 AND defaultacct AND acctid <> $2`,
          [profileid, acctid],
        );
        const { rows } = await this.db.query(
          `UPDATE ${this.accounts} SET defaultacct = true WHERE profileid = $1 AND acctid = $2 RETURNING acctid`,
          [profileid, acctid],
        );
        return rows.length > 0;
      } catch (error) {
        if (attempt >= 5 || databaseErrorCode(error) !== UNIQUE_VIOLATION) throw error;
      }
    }
  }

  /** Deletes an account; when it was the default, the lowest-numbered remaining account becomes it. */
  async deleteAccount(profileid: string, acctid: number): Promise<boolean> {
    const { rows } = await this.db.query<{ defaultacct: boolean }>(
      `DELETE FROM ${this.accounts} WHERE profileid = $1 AND acctid = $2 RETURNING defaultacct`,
      [profileid, acctid],
    );
    if (!rows[0]) return false;
    if (rows[0].defaultacct) {
      await this.db.query(
        `UPDATE ${this.accounts} SET defaultacct = true
         WHERE profileid = $1 AND acctid = (SELECT MIN(acctid) FROM ${this.accounts} WHERE profileid = $1)
           AND NOT EXISTS (SELECT 1 FROM ${this.accounts} WHERE profileid = $1 AND defaultacct)`,
        [profileid],
      );
    }
    return true;
  }
}
