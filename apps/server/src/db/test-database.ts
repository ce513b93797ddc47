import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, usePglite, type Database } from './client';

/**
 * Fresh, migrated databases for tests. PGlite: a clone of one migrated template per process (initdb costs
 * seconds, a clone under one). PostgreSQL: a database of its own per call on TEST_DATABASE_URL's server,
 * dropped on close.
 */
let pgliteTemplate: Promise<PGlite> | undefined;

async function migratedTemplate(): Promise<PGlite> {
  const template = new PGlite();
  await usePglite(template);
  return template;
}

export async function createPgliteTestDatabase(): Promise<Database> {
  pgliteTemplate ??= migratedTemplate();
  const clone = await (await pgliteTemplate).clone();
  return usePglite(clone);
}

export async function createPostgresTestDatabase(adminUrl: string): Promise<Database> {
  const name = `store_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      // Wait for every connection to close (ours end asynchronously; another process may still be
      // stopping) rather than kill them: a killed connection raises an error in whoever still holds it.
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const { rows } = await dropper.query(
          'select count(*)::int as open from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.open === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface TestDatabaseKind {
  name: 'PGlite' | 'PostgreSQL';
  create(): Promise<Database>;
}

/** PGlite always; PostgreSQL when TEST_DATABASE_URL names a server. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  const kinds: TestDatabaseKind[] = [{ name: 'PGlite', create: createPgliteTestDatabase }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) kinds.push({ name: 'PostgreSQL', create: () => createPostgresTestDatabase(url) });
  else console.warn('TEST_DATABASE_URL is not set: the PostgreSQL database tests are skipped (PGlite only).');
  return kinds;
}
