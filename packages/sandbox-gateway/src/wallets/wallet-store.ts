import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { quoteSchema } from '../migrate';
import type { SqlClient } from '../sql-client';
import { createAppleSigningChain, type AppleSigningChain } from './apple-pay';

/** The sandbox's wallet keys: each made on first use and kept, so tokens survive a restart. */
export type WalletKeyName =
  /** Stands in for Google's root signing key: signs the intermediate keys that sign tokens. */
  | 'google-root'
  /** CardSecure's Google Pay key: tokens for `gateway: 'cardconnect'` are encrypted to it. */
  | 'google-recipient'
  /** CardSecure's Apple Pay payment processing key: tokens are encrypted to it. */
  | 'apple-processing'
  /** Signs the sandbox's Apple Pay merchant sessions. */
  | 'apple-session';

export interface WalletKeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export class WalletStore {
  private readonly keys = new Map<WalletKeyName, Promise<WalletKeyPair>>();
  private readonly keyTable: string;
  private readonly payloadTable: string;
  private readonly certificateTable: string;
  private appleChain: Promise<AppleSigningChain> | undefined;

  constructor(
    private readonly db: SqlClient,
    schema: string,
  ) {
    const s = quoteSchema(schema);
    this.keyTable = `${s}.wallet_keys`;
    this.payloadTable = `${s}.wallet_payloads`;
    this.certificateTable = `${s}.wallet_certificates`;
  }

  /** The sandbox's Apple certificate chain, made on first use and kept. */
  appleSigningChain(now: Date): Promise<AppleSigningChain> {
    this.appleChain ??= this.loadAppleChain(now);
    return this.appleChain;
  }

  private async loadAppleChain(now: Date): Promise<AppleSigningChain> {
    const made = await createAppleSigningChain(now);
    await this.db.query(
      `INSERT INTO ${this.certificateTable} (name, document) VALUES ('apple', $1) ON CONFLICT (name) DO NOTHING`,
      [JSON.stringify(made)],
    );
    const { rows } = await this.db.query<{ document: string }>(
      `SELECT document FROM ${this.certificateTable} WHERE name = 'apple'`,
    );
    return JSON.parse(rows[0]!.document) as AppleSigningChain;
  }

  keyPair(name: WalletKeyName): Promise<WalletKeyPair> {
    let pair = this.keys.get(name);
    if (!pair) {
      pair = this.loadKeyPair(name);
      this.keys.set(name, pair);
    }
    return pair;
  }

  private async loadKeyPair(name: WalletKeyName): Promise<WalletKeyPair> {
    const made = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    // Two servers starting at once both make a key; the first one kept is the one both use.
    await this.db.query(
      `INSERT INTO ${this.keyTable} (name, private_key) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
      [name, made.privateKey.export({ type: 'pkcs8', format: 'pem' })],
    );
    const { rows } = await this.db.query<{ private_key: string }>(
      `SELECT private_key FROM ${this.keyTable} WHERE name = $1`,
      [name],
    );
    const privateKey = createPrivateKey(rows[0]!.private_key);
    return { privateKey, publicKey: createPublicKey(privateKey) };
  }

  /**
   * Notes that a wallet payload was opened. False when it had been already: a payload is good for one
   * tokenization, so a replayed one is refused.
   */
  async firstUseOf(wallet: 'google' | 'apple', payloadId: string, now: Date): Promise<boolean> {
    const { rows } = await this.db.query(
      `INSERT INTO ${this.payloadTable} (wallet, payload_id, used_at) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING payload_id`,
      [wallet, payloadId, now],
    );
    return rows.length === 1;
  }
}
