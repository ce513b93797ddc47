import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { REPOSITORY_ROOT } from '../repository-root';
import * as schema from './schema';

export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction's handle, as `orm.transaction` passes it. */
export type Transaction = Parameters<Parameters<Orm['transaction']>[0]>[0];

/** The rows a raw statement answers, on either database (both drivers answer `{ rows }`). */
export async function queryRows<T = Record<string, unknown>>(
  db: Orm | Transaction,
  statement: SQL,
): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** What the database said when it refused a statement: its SQLSTATE, and the detail and hint it gave. */
export interface DatabaseRefusal {
  code: string;
  detail?: string;
  hint?: string;
}

/** The database's refusal in an error from either driver (the ORM wraps it as `cause`), if it is one. */
export function databaseRefusalOf(error: unknown): DatabaseRefusal | undefined {
  for (const candidate of [error, (error as { cause?: unknown } | undefined)?.cause]) {
    const refusal = candidate as Partial<DatabaseRefusal> | undefined;
    if (typeof refusal?.code === 'string') return refusal as DatabaseRefusal;
  }
  return undefined;
}

/** Whether the database refused a write for a duplicate of a unique key (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return databaseRefusalOf(error)?.code === '23505';
}

/** The plain SQL interface both PGlite and pg.Pool offer; the sandbox gateway keeps its own tables through it. */
export interface SqlClient {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  /** The connection URL, for PostgreSQL (other processes may open the same database). */
  url?: string;
  orm: Orm;
  sql: SqlClient;
  close(): Promise<void>;
}

const migrationsFolder = join(REPOSITORY_ROOT, 'apps/server/src/db/migrations');

/**
 * PGlite's own start parameters, with a smaller buffer cache (decision 039): its 128 MB default is taken in
 * the process's memory whatever the shop's size (the operating system caches the files anyway). The tests'
 * databases start with them too, as the store does (a quarter less processor time per start).
 */
export const PGLITE_START_PARAMS = [
  ...((PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams ?? []),
  '-c',
  'shared_buffers=16MB',
];

/** PostgreSQL when a URL is given, otherwise PGlite with its files under `dataDir` (or in memory). */
export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const dataDir = options.dataDir;
  if (!dataDir) return usePglite(new PGlite({ startParams: PGLITE_START_PARAMS }));
  mkdirSync(dataDir, { recursive: true });
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  const database = await usePglite(new PGlite(dataDir, { startParams: PGLITE_START_PARAMS }));
  if (!fresh) return database;
  // Creating the database grew PGlite's memory, which it never gives back: opened again, it takes what a
  // started store needs (decision 039).
  await database.close();
  return usePglite(new PGlite(dataDir, { startParams: PGLITE_START_PARAMS }));
}

export async function usePglite(client: PGliteInterface): Promise<Database> {
  const orm = drizzlePglite(client as PGlite, { schema }) as unknown as Orm;
  await migratePglite(orm as never, { migrationsFolder });
  return {
    kind: 'pglite',
    orm,
    sql: { query: (text, params) => client.query(text, params) },
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  const orm = drizzlePostgres(pool, { schema }) as unknown as Orm;
  // Several servers may start at once against one database: only one of them migrates at a time.
  const lock = await pool.connect();
  try {
    await lock.query("select pg_advisory_lock(hashtext('office-supplies-store:migrate'))");
    await migratePostgres(orm as never, { migrationsFolder });
  } finally {
    await lock.query("select pg_advisory_unlock(hashtext('office-supplies-store:migrate'))").catch(() => {});
    lock.release();
  }
  return {
    kind: 'postgres',
    url,
    orm,
    sql: { query: async (text, params) => ({ rows: (await pool.query(text, params)).rows }) },
    close: () => pool.end(),
  };
}
