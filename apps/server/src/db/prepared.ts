import { createHash } from 'node:crypto';
import { getTableColumns, getTableName, sql, type Column, type SQL, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import pg from 'pg';
import type { Orm } from './client';

const dialect = new PgDialect();
/** Statement names by text: a few dozen variants in all, hashed once each. */
const statementNames = new Map<string, string>();

/**
 * Runs a read the store makes on every request of a page (the console's lists, the session check) as a
 * named prepared statement: the database parses and plans it once (per PostgreSQL connection, per embedded
 * database) instead of every time. Planning those queries cost PostgreSQL several times what running them
 * did (0.5 ms against 0.1 ms for Pending Payments, 3.7 ms against 0.5 for the history), and PGlite, which
 * plans in the store's own process, more than half of a checkout's statement (decision 020). The name is the
 * statement's text, hashed: each variant of a query (with or without a cursor, a filter) is a statement of
 * its own.
 */
export async function readPrepared<Row>(orm: Orm, query: SQL): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return runStatement<Row>(orm, text, params);
}

/**
 * A statement whose text never changes (parameters `$1`, `$2`…), made once: readPrepared without building
 * the query again on every call. For what every checkout, result page and signed-in request does, and for
 * the settlement of money operations, which Capture All makes in batches. One statement is one transaction
 * of its own (or, given a transaction, runs in it): a write that must be all or nothing is one statement
 * (data-modifying `with` clauses).
 */
export function fixedStatement<Row>(text: string): (orm: Orm, values: unknown[]) => Promise<Row[]> {
  return (orm, values) => runStatement<Row>(orm, text, values);
}

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `store_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** The statements each embedded database has prepared (its one session keeps them until it is closed). */
const preparedByEmbedded = new WeakMap<PGlite, Map<string, Promise<void>>>();

async function runStatement<Row>(orm: Orm, text: string, values: unknown[]): Promise<Row[]> {
  // The session's own client: the pool or the embedded database, or, inside a transaction, its connection.
  const client = (orm as unknown as { session: { client: unknown } }).session.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const name = statementName(text);
    return (await client.query<Row & pg.QueryResultRow>({ name, text, values })).rows;
  }
  if (client instanceof PGlite) {
    // PGlite's client has no named statements: SQL's own PREPARE, once, and EXECUTE with the values
    // written as literals (a checkout's statement took half the time, a result page's a third). Each query
    // still runs alone, never inside another caller's transaction.
    const name = statementName(text);
    let prepared = preparedByEmbedded.get(client);
    if (!prepared) preparedByEmbedded.set(client, (prepared = new Map()));
    let preparing = prepared.get(name);
    if (!preparing) {
      // Once, however many callers come at the same moment; tried again by the next if it failed.
      preparing = client.exec(`prepare "${name}" as ${text}`).then(() => undefined);
      prepared.set(name, preparing);
      preparing.catch(() => prepared.delete(name));
    }
    await preparing;
    const call = values.length === 0 ? '' : `(${values.map(literalOf).join(', ')})`;
    // One message (the simple protocol) rather than the five of a query with parameters: it has none.
    const [result] = await client.exec(`execute "${name}"${call}`);
    return result!.rows as Row[];
  }
  // Inside an embedded database's transaction: asked as it comes.
  return (await (client as Pick<PGliteInterface, 'query'>).query<Row>(text, values)).rows;
}

/**
 * A value as an SQL literal of unknown type (`'…'`, or `null`), which PostgreSQL reads with the parameter's
 * own type, exactly as it reads a parameter sent as text: the text is what the drivers send (ISO dates,
 * `t`/`f`, `{…}` arrays, JSON for an object), each quote doubled (the database keeps
 * standard_conforming_strings on: a backslash is an ordinary character).
 */
export function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  const text = textOf(value);
  if (text.includes('\0')) throw new Error('A statement value may not contain a NUL character');
  return `'${text.replaceAll("'", "''")}'`;
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`A statement value must be a finite number, not ${value}`);
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map(arrayElementOf).join(',')}}`;
  return JSON.stringify(value);
}

/** An array's element in PostgreSQL's array text: NULL, or in double quotes with `"` and `\` escaped. */
function arrayElementOf(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) return textOf(value);
  return `"${textOf(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/**
 * A table's columns for a statement written as text, each under a name of its own (`alias.column`), so that
 * several tables' columns can be read in one row without their names meeting: `select ${columnsOf(orders,
 * 'o')} from orders o`. Read them back with rowOf. With `keys`, only those columns: a read that shows a few
 * fields of a wide row does not fetch, parse and map the rest.
 */
export function columnsOf(table: Table, alias: string, keys?: readonly string[]): string {
  return columnNamesOf(table, alias, keys)
    .map(([, name, column]) => `"${alias}"."${column.name}" as "${name}"`)
    .join(', ');
}

/**
 * A table's row as the ORM reads it (its keys, its values' types), from a row of a statement written as
 * text: the columns under their own names, or under `alias.column` (columnsOf); with `keys`, those only.
 */
export function rowOf<T extends Table>(
  table: T,
  row: Record<string, unknown>,
  alias?: string,
): T['$inferSelect'];
export function rowOf<T extends Table, K extends keyof T['$inferSelect'] & string>(
  table: T,
  row: Record<string, unknown>,
  alias: string,
  keys: readonly K[],
): Pick<T['$inferSelect'], K>;
export function rowOf(
  table: Table,
  row: Record<string, unknown>,
  alias?: string,
  keys?: readonly string[],
): Record<string, unknown> {
  const read: Record<string, unknown> = {};
  for (const [key, name, column] of columnNamesOf(table, alias, keys)) {
    const value = row[name];
    read[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return read;
}

/**
 * Each column's key, its name in a row (under `alias.` when given) and the column: worked out once per
 * table, choice of columns (the same array each time: a statement's own constant) and alias.
 */
const columnNames = new WeakMap<
  Table,
  Map<readonly string[] | undefined, Map<string, [string, string, Column][]>>
>();

function columnNamesOf(table: Table, alias = '', keys?: readonly string[]): [string, string, Column][] {
  let byKeys = columnNames.get(table);
  if (!byKeys) columnNames.set(table, (byKeys = new Map()));
  let byAlias = byKeys.get(keys);
  if (!byAlias) byKeys.set(keys, (byAlias = new Map()));
  let names = byAlias.get(alias);
  if (!names) {
    const columns = getTableColumns(table);
    const entries = keys ? keys.map((key) => [key, columns[key]] as const) : Object.entries(columns);
    names = entries.map(([key, column]) => {
      if (!column) throw new Error(`No column ${key} in ${getTableName(table)}`);
      return [key, alias ? `${alias}.${column.name}` : column.name, column];
    });
    byAlias.set(alias, names);
  }
  return names;
}

/**
 * The snapshot a statement reads in, as text (`pg_current_snapshot()`: the oldest transaction still running,
 * the next one to finish, and those running between). Two statements in the same snapshot see exactly the
 * same rows, whichever server asks; any commit anywhere in the database gives the next statement another
 * one. A scalar subquery, so that a statement of many rows computes it once.
 */
export const SNAPSHOT_TEXT = '(select pg_current_snapshot()::text)';
export const snapshotText = sql.raw(SNAPSHOT_TEXT);
