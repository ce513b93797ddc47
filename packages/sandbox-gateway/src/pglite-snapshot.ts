import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/** For tests: databases made once, kept with the installed packages, thrown away with them. */
const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CACHE = `${REPOSITORY_ROOT}node_modules/.cache/store-tests/`;
const PGLITE_PACKAGE = `${REPOSITORY_ROOT}node_modules/@electric-sql/pglite/package.json`;

/**
 * What makes a snapshot small, and so quick to load (a third less processor time than initdb's defaults,
 * whose write-ahead log segment and two template databases are most of the file): write-ahead log segments
 * of 1 MB rather than 16, and no template databases (nothing ever creates a database in a test's PGlite).
 */
const SLIM_INITDB = ['--wal-segsize=1'];
const SNAPSHOT_FORMAT = 'wal-1mb, no templates';

async function dropTemplateDatabases(pglite: PGlite): Promise<void> {
  await pglite.exec(
    "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
  );
  await pglite.exec('drop database template0');
  await pglite.exec('drop database template1');
  await pglite.exec('checkpoint');
}

/**
 * A PGlite database as `prepare` leaves a new one, to load with `PGlite.create({ loadDataDir })`: made once
 * and kept as a file named after `name`, PGlite's version and `dependsOn` (whatever else the result depends
 * on), so that every test process after the first, and every later run, loads it in about a second instead
 * of running initdb (several seconds) and `prepare` again. Older files of the same `name` are removed.
 */
export async function pgliteSnapshot(
  name: string,
  dependsOn: string,
  prepare: (pglite: PGlite) => Promise<unknown>,
): Promise<Blob> {
  const key = createHash('sha256')
    .update(await readFile(PGLITE_PACKAGE))
    .update(SNAPSHOT_FORMAT)
    .update(dependsOn)
    .digest('hex')
    .slice(0, 16);
  const file = `${name}-${key}.tar`;
  const cached = await readFile(CACHE + file).catch(() => undefined);
  if (cached) return new Blob([cached]);
  const pglite = await PGlite.create({ initDbStartParams: SLIM_INITDB });
  await prepare(pglite);
  await dropTemplateDatabases(pglite);
  const tarball = await pglite.dumpDataDir('none');
  await pglite.close();
  // Written aside, then renamed: a process reading it meanwhile never sees half a file.
  await mkdir(CACHE, { recursive: true });
  const partial = `${CACHE}${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await tarball.arrayBuffer()));
  await rename(partial, CACHE + file);
  for (const stale of await readdir(CACHE)) {
    if (stale.startsWith(`${name}-`) && stale.endsWith('.tar') && stale !== file) {
      await rm(CACHE + stale, { force: true });
    }
  }
  return tarball;
}

let empty: Promise<Blob> | undefined;

/** A database just made by initdb, nothing in it. */
export function emptyPgliteSnapshot(): Promise<Blob> {
  empty ??= pgliteSnapshot('pglite-empty', '', async () => undefined);
  return empty;
}

/**
 * `snapshot` as a data directory (loaded, then closed), kept beside the snapshots and named after its
 * content, for a process of its own to start on a copy of: copying its files costs a small part of what
 * loading the snapshot into a new directory does (PGlite, started and stopped, for each one).
 */
export async function pgliteSnapshotDir(name: string, snapshot: Blob): Promise<string> {
  const key = createHash('sha256')
    .update(Buffer.from(await snapshot.arrayBuffer()))
    .digest('hex')
    .slice(0, 16);
  const dir = `${CACHE}${name}-${key}.dir`;
  const made = await access(dir).then(
    () => true,
    () => false,
  );
  if (made) return dir;
  // Made aside, then renamed: a process copying it meanwhile never sees half a directory. When another
  // process renamed its own first, this one's is thrown away.
  const partial = `${CACHE}${name}-${key}.${process.pid}-${randomBytes(4).toString('hex')}`;
  const pglite = await PGlite.create({ dataDir: partial, loadDataDir: snapshot });
  await pglite.close();
  await rename(partial, dir).catch(() => rm(partial, { recursive: true, force: true }));
  for (const stale of await readdir(CACHE)) {
    if (stale.startsWith(`${name}-`) && stale.endsWith('.dir') && `${CACHE}${stale}` !== dir) {
      await rm(CACHE + stale, { recursive: true, force: true });
    }
  }
  return dir;
}
