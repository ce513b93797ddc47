import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  emptyPgliteSnapshot,
  pgliteSnapshot,
} from '../../../../packages/sandbox-gateway/src/pglite-snapshot';
import { REPOSITORY_ROOT } from '../repository-root';
import { openDatabase, usePglite, type Database } from './client';

/**
 * Fresh, migrated databases for tests. PGlite: a copy of one migrated template, kept as a file between
 * test processes and runs (initdb and the migrations cost seconds, a copy about one). PostgreSQL: a
 * database of its own per call on TEST_DATABASE_URL's server, dropped on close.
 */
const MIGRATIONS = join(REPOSITORY_ROOT, 'apps/server/src/db/migrations');

let pgliteTemplate: Promise<Blob> | undefined;

/** What the migrated template depends on besides PGlite: the migrations and the ORM that runs them. */
async function templateSource(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await readFile(join(REPOSITORY_ROOT, 'node_modules/drizzle-orm/package.json')));
  const files = (await readdir(MIGRATIONS, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(file.slice(MIGRATIONS.length)).update(await readFile(file));
  return hash.digest('hex');
}

/**
 * Makes the PGlite templates the tests load (this one, and the sandbox gateway's empty database), if they
 * are not kept yet: Vitest runs it once before its test processes start (vitest.config.ts), so that they
 * do not each make them at once inside their first file's set-up.
 */
export async function prepareTestTemplates(): Promise<void> {
  await Promise.all([migratedTemplate(), emptyPgliteSnapshot()]);
}

function migratedTemplate(): Promise<Blob> {
  pgliteTemplate ??= templateSource().then((source) => pgliteSnapshot('pglite-store', source, usePglite));
  return pgliteTemplate;
}

export async function createPgliteTestDatabase(): Promise<Database> {
  return usePglite(await PGlite.create({ loadDataDir: await migratedTemplate() }));
}

/**
 * Fills `dataDir` (empty or missing) with a migrated database, as DATA_DIR for a store or a command started
 * in a process of its own.
 */
export async function createPgliteTestDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir, loadDataDir: await migratedTemplate() });
  await pglite.close();
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
