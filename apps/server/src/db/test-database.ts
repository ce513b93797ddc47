import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  emptyPgliteSnapshot,
  pgliteSnapshot,
  pgliteSnapshotDir,
} from '../../../../packages/sandbox-gateway/src/pglite-snapshot';
import { REPOSITORY_ROOT } from '../repository-root';
import { openDatabase, PGLITE_START_PARAMS, usePglite, type Database } from './client';
import { lendPglite } from './pglite-lending';

/**
 * Fresh, migrated databases for tests. PGlite: a copy of one migrated template, kept as a file between
 * test processes and runs (initdb and the migrations cost seconds, a copy about one), lent and given back
 * within a test process (pglite-lending.ts: put back as made, a quarter of a copy's cost), and, for a
 * process of its own, copied as files from the template kept as a data directory. PostgreSQL: a
 * database of its own per call on TEST_DATABASE_URL's server, copied from a migrated template database kept
 * on that server, and dropped on close.
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
  const url = process.env.TEST_DATABASE_URL;
  await Promise.all([migratedTemplateDir(), emptyPgliteSnapshot(), url && postgresTemplate(url)]);
}

function migratedTemplate(): Promise<Blob> {
  pgliteTemplate ??= templateSource().then((source) => pgliteSnapshot('pglite-store', source, usePglite));
  return pgliteTemplate;
}

let pgliteTemplateDir: Promise<string> | undefined;

/** The migrated template as a data directory, to copy (`pgliteSnapshotDir`): found once per process. */
function migratedTemplateDir(): Promise<string> {
  pgliteTemplateDir ??= migratedTemplate().then((template) => pgliteSnapshotDir('pglite-store', template));
  return pgliteTemplateDir;
}

/**
 * A migrated PGlite database, lent (pglite-lending.ts): one a test file before gave back, put back as it
 * was made, or a new copy of the template. Closing it gives it back.
 */
export async function createPgliteTestDatabase(): Promise<Database> {
  const lent = await lendPglite('migrated', async () =>
    PGlite.create({ loadDataDir: await migratedTemplate(), startParams: PGLITE_START_PARAMS }),
  );
  return { ...(await usePglite(lent.client)), close: lent.close };
}

/**
 * Fills `dataDir` (empty or missing) with a migrated database, as DATA_DIR for a store or a command started
 * in a process of its own: a copy of the migrated template's files (`pgliteSnapshotDir`).
 */
export async function createPgliteTestDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await cp(await migratedTemplateDir(), dataDir, { recursive: true });
}

/** Waits until nobody is connected to the database `name` (a closed pool's connections end asynchronously). */
async function untilNobodyIsConnected(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { rows } = await admin.query<{ open: number }>(
      'select count(*)::int as open from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0]?.open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const postgresTemplates = new Map<string, Promise<string>>();

/**
 * The name of a migrated database on `adminUrl`'s server that test databases are copied from (`create
 * database … template`, a fifth of the time of running every migration): made once by whichever process
 * asks first, named for the migrations it holds, and kept between runs. Those of other migrations are left
 * alone: another checkout may be copying from one at that moment.
 */
function postgresTemplate(adminUrl: string): Promise<string> {
  let template = postgresTemplates.get(adminUrl);
  if (!template) {
    template = makePostgresTemplate(adminUrl);
    postgresTemplates.set(adminUrl, template);
  }
  return template;
}

async function makePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `store_template_${(await templateSource()).slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock(hashtext('office-supplies-store:test-template'))");
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) {
      // Made under another name and renamed once migrated, so that a process stopped half-way leaves no
      // template behind.
      const building = `${name}_new`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      await (await openDatabase({ databaseUrl: databaseUrl(adminUrl, building) })).close();
      await untilNobodyIsConnected(admin, building);
      await admin.query(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await admin.query("select pg_advisory_unlock(hashtext('office-supplies-store:test-template'))");
    await admin.end();
  }
  return name;
}

export async function createPostgresTestDatabase(adminUrl: string): Promise<Database> {
  const template = await postgresTemplate(adminUrl);
  const name = `store_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name) });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      // Wait for every connection to close (ours end asynchronously; another process may still be
      // stopping) rather than kill them: a killed connection raises an error in whoever still holds it.
      await untilNobodyIsConnected(dropper, name);
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
