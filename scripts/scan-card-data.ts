// Card data is never kept: after the end-to-end run, looks for every card number, CVV and bank account number
// the tests typed (tests/e2e/test-data.ts) in every store's log, in a dump of its database and in every file
// of its data directory (the run starts several stores, one per group of specs), prints the hits and fails
// when there is one, or when something to scan is missing in any store (a broken wiring must not read as
// "0 hits"). Run by `npm test` after Playwright; by hand, after
// `npx playwright test --config tests/e2e/playwright.config.ts`:
//   npx tsx scripts/scan-card-data.ts [--report <file.json>]
// Paths come from tests/e2e/artifacts.ts (E2E_ARTIFACTS_DIR, as for the Playwright run).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Secret {
  label: string;
  value: string;
  kind: 'card' | 'cvv' | 'bank-account';
}

/** How many times each secret (by label) occurs. */
export type Hits = Record<string, number>;

export interface SourceScan {
  source: string;
  path: string;
  /** What was read, for the reader of the table ("1.2 MB", "143 files"). */
  scanned: string;
  hits: Hits;
  /** One line per place a secret was found. */
  where: string[];
}

export interface ScanResult {
  sources: SourceScan[];
  /** Why the scan could not be trusted: nothing to scan where something must be. */
  problems: string[];
  total: number;
}

/** How a number may be written besides as typed: its groups (or groups of 4) joined by these, or bare. */
const SEPARATORS = [' ', '-', '+', '%20'];
/**
 * Shorter numbers than this occur by chance inside longer ones and in hex or base64 text (timestamps, ids,
 * tokens, keys), so they only count standing on their own, with no letter or digit either side. Longer ones
 * count wherever they are.
 */
const SHORT_NUMBER_DIGITS = 12;
/** Three or four digits are everywhere: a CVV counts only right after a field name that says what it is. */
const CVV_FIELD = String.raw`(?:cvv2?|cvc2?|csc|security[ _-]?code)[^0-9a-z]{0,6}`;

/** The ways `secret` may be written: as typed, bare digits, its groups joined by a space, dash, + or %20. */
export function secretVariants(secret: Secret): string[] {
  const digits = secret.value.replace(/\D/g, '');
  const groupings = [secret.value.split(/\D+/).filter(Boolean)];
  // Card numbers are written in groups of 4 (a receipt, a form, a log line) whatever grouping was typed.
  if (secret.kind === 'card') groupings.push(digits.match(/.{1,4}/g) ?? []);
  const variants = new Set([secret.value, digits]);
  for (const groups of groupings) for (const separator of SEPARATORS) variants.add(groups.join(separator));
  return [...variants].filter((variant) => variant !== '');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternOf(secret: Secret): RegExp {
  const digits = secret.value.replace(/\D/g, '');
  if (digits === '') throw new Error(`The secret "${secret.label}" has no digits`);
  if (secret.kind === 'cvv') return new RegExp(`${CVV_FIELD}${digits}(?!\\d)`, 'gi');
  const alternatives = secretVariants(secret).map(escapeRegExp).join('|');
  return digits.length < SHORT_NUMBER_DIGITS
    ? new RegExp(`(?<![0-9a-z])(?:${alternatives})(?![0-9a-z])`, 'gi')
    : new RegExp(alternatives, 'g');
}

/** How many times each secret occurs in `content` (text, or raw bytes read as Latin-1). */
export function countSecrets(content: string | Buffer, secrets: readonly Secret[]): Hits {
  const text = typeof content === 'string' ? content : content.toString('latin1');
  const hits: Hits = {};
  for (const secret of secrets) hits[secret.label] = text.match(patternOf(secret))?.length ?? 0;
  return hits;
}

function totalOf(hits: Hits): number {
  return Object.values(hits).reduce((sum, count) => sum + count, 0);
}

function hitLines(hits: Hits, place: string): string[] {
  return Object.entries(hits)
    .filter(([, count]) => count > 0)
    .map(([label, count]) => `${label} in ${place}: ${count}`);
}

/** Every file under `directory`, at any depth. */
export function* filesUnder(directory: string): Generator<string> {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = resolve(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** The secrets in every file under `directory`, read as raw bytes. */
export function scanDirectory(directory: string, secrets: readonly Secret[]): SourceScan & { files: number } {
  const hits: Hits = Object.fromEntries(secrets.map((secret) => [secret.label, 0]));
  const where: string[] = [];
  let files = 0;
  let bytes = 0;
  for (const path of filesUnder(directory)) {
    const content = readFileSync(path);
    files += 1;
    bytes += content.length;
    const found = countSecrets(content, secrets);
    for (const [label, count] of Object.entries(found)) hits[label] = (hits[label] ?? 0) + count;
    where.push(...hitLines(found, path));
  }
  return {
    source: 'data directory',
    path: directory,
    scanned: `${files} files, ${size(bytes)}`,
    hits,
    where,
    files,
  };
}

function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every row of every table of every schema but PostgreSQL's own, one line each (`schema.table {json}`), from
 * the PGlite database in `dataDir` (the store must be stopped: PGlite takes one process at a time).
 */
export async function dumpDatabase(dataDir: string): Promise<{ text: string; tables: number; rows: number }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const database = new PGlite(dataDir);
  try {
    const tables = await database.query<{ table_schema: string; table_name: string }>(
      `select table_schema, table_name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by table_schema, table_name`,
    );
    const lines: string[] = [];
    for (const { table_schema: schema, table_name: table } of tables.rows) {
      const name = `${quoteIdentifier(schema)}.${quoteIdentifier(table)}`;
      const result = await database.query<{ row: string }>(
        `select row_to_json(t)::text as row from ${name} t`,
      );
      for (const { row } of result.rows) lines.push(`${schema}.${table} ${row}`);
    }
    return { text: lines.join('\n'), tables: tables.rows.length, rows: lines.length };
  } finally {
    await database.close();
  }
}

/**
 * Scans the store's log, its database (dumped to `dumpFile`) and its data directory for `secrets`. The data
 * directory is read before the database is opened, as the store left it.
 */
export async function scanCardData(options: {
  logFile: string;
  dataDir: string;
  dumpFile: string;
  secrets: readonly Secret[];
}): Promise<ScanResult> {
  const { logFile, dataDir, dumpFile, secrets } = options;
  const sources: SourceScan[] = [];
  const problems: string[] = [];
  if (secrets.length === 0) problems.push('There are no secrets to look for.');

  if (!existsSync(logFile)) {
    problems.push(`No log file at ${logFile}: did the end-to-end run start the store with its log there?`);
  } else {
    const log = readFileSync(logFile);
    if (log.length === 0) problems.push(`The log file ${logFile} is empty.`);
    else if (!/^\{"level":\d+/m.test(log.toString('utf8'))) {
      problems.push(`The log file ${logFile} has no line from the store's logger: is LOG_LEVEL set?`);
    }
    const hits = countSecrets(log, secrets);
    sources.push({
      source: 'log',
      path: logFile,
      scanned: size(log.length),
      hits,
      where: hitLines(hits, logFile),
    });
  }

  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    problems.push(`No database in ${dataDir} (no PG_VERSION file): did the store use this data directory?`);
  } else {
    const files = scanDirectory(dataDir, secrets);
    try {
      const dump = await dumpDatabase(dataDir);
      writeFileSync(dumpFile, dump.text);
      if (dump.rows === 0)
        problems.push(`The database in ${dataDir} has no rows in its ${dump.tables} tables.`);
      const hits = countSecrets(dump.text, secrets);
      const scanned = `${dump.tables} tables, ${dump.rows} rows`;
      sources.push({
        source: 'database dump',
        path: dumpFile,
        scanned,
        hits,
        where: hitLines(hits, dumpFile),
      });
    } catch (error) {
      problems.push(`Could not dump the database in ${dataDir}: ${(error as Error).message}`);
    }
    sources.push(files);
  }

  const total = sources.reduce((sum, source) => sum + totalOf(source.hits), 0);
  return { sources, problems, total };
}

/** One store's files, as tests/e2e/artifacts.ts names them. */
export interface StoreFiles {
  name: string;
  logFile: string;
  dataDir: string;
  dumpFile: string;
}

/**
 * Scans every store as `scanCardData` scans one, into one result: each source named after its store
 * ("shop: log"), each problem too. A store whose files are missing is a problem like any other, so the
 * result is clean only when every store was scanned whole and none of them holds a secret.
 */
export async function scanStores(
  stores: readonly StoreFiles[],
  secrets: readonly Secret[],
): Promise<ScanResult & { stores: { name: string; result: ScanResult }[] }> {
  const sources: SourceScan[] = [];
  const problems: string[] = [];
  const scanned: { name: string; result: ScanResult }[] = [];
  if (stores.length === 0) problems.push('There are no stores to scan.');
  for (const store of stores) {
    const result = await scanCardData({ ...store, secrets });
    scanned.push({ name: store.name, result });
    sources.push(
      ...result.sources.map((source) => ({ ...source, source: `${store.name}: ${source.source}` })),
    );
    problems.push(...result.problems.map((problem) => `${store.name}: ${problem}`));
  }
  const total = sources.reduce((sum, source) => sum + totalOf(source.hits), 0);
  return { sources, problems, total, stores: scanned };
}

/** Secrets down, sources across, and the totals. */
export function formatTable(result: ScanResult, secrets: readonly Secret[]): string {
  const header = ['', ...result.sources.map((source) => source.source), 'total'];
  const rows = secrets.map((secret) => {
    const counts = result.sources.map((source) => source.hits[secret.label] ?? 0);
    return [secret.label, ...counts.map(String), String(counts.reduce((a, b) => a + b, 0))];
  });
  rows.push(['total', ...result.sources.map((source) => String(totalOf(source.hits))), String(result.total)]);
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!)))
      .join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

async function main(): Promise<number> {
  const { e2eArtifacts } = await import('../tests/e2e/artifacts');
  const { TYPED_SECRETS } = await import('../tests/e2e/test-data');
  const reportIndex = process.argv.indexOf('--report');
  const reportFile = reportIndex > 0 ? process.argv[reportIndex + 1] : undefined;
  const { stores } = e2eArtifacts();

  const result = await scanStores(stores, TYPED_SECRETS);
  console.info(
    `Card data scan: ${TYPED_SECRETS.length} card numbers, CVVs and bank account numbers in ${stores.length} stores`,
  );
  for (const source of result.sources) console.info(`  ${source.source}: ${source.path} (${source.scanned})`);
  for (const store of result.stores) {
    console.info(`\nStore "${store.name}":\n${formatTable(store.result, TYPED_SECRETS)}`);
  }
  console.info(`\nAll stores: ${result.total} hits\n`);
  for (const source of result.sources) for (const place of source.where) console.error(`  ${place}`);
  for (const problem of result.problems) console.error(`✖ ${problem}`);
  const ok = result.problems.length === 0 && result.total === 0;
  if (result.total > 0) console.error(`✖ Card data was kept: ${result.total} hits.`);
  else if (ok) console.info('Card data hits: 0');
  else console.error('✖ The scan is incomplete, so its 0 hits prove nothing.');
  if (reportFile) {
    writeFileSync(
      reportFile,
      JSON.stringify(
        { ok, total: result.total, problems: result.problems, sources: result.sources },
        null,
        2,
      ),
    );
  }
  return ok ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
