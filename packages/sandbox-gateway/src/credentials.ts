import { randomBytes } from 'node:crypto';
import { DEFAULT_SCHEMA, migrateSandboxGateway, quoteSchema } from './migrate';
import type { SqlClient } from './sql-client';

export interface ApiCredentials {
  username: string;
  password: string;
}

/**
 * The API credentials of a sandbox that a store mounts on its own port: made at random on the first start
 * and kept in the sandbox's own tables, so that they live with the data and nobody can read them in a
 * README. Whoever holds them can void and refund through the sandbox, exactly as with a real gateway.
 * Every later start (and every other server on the same database) reads the same ones.
 */
export async function ensureSandboxCredentials(
  db: SqlClient,
  schema: string = DEFAULT_SCHEMA,
): Promise<ApiCredentials> {
  await migrateSandboxGateway(db, schema);
  const table = `${quoteSchema(schema)}.api_credentials`;
  await db.query(
    `INSERT INTO ${table} (username, password, created_at) VALUES ($1, $2, now()) ON CONFLICT (singleton) DO NOTHING`,
    [`store-${randomBytes(6).toString('hex')}`, randomBytes(24).toString('base64url')],
  );
  const { rows } = await db.query<ApiCredentials>(`SELECT username, password FROM ${table}`);
  return rows[0]!;
}
