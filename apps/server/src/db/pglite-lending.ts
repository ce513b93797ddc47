import type { PGlite, PGliteInterface, Transaction } from '@electric-sql/pglite';

/**
 * PGlite test databases lent out and taken back, rather than loaded anew for every test file: a load costs
 * about a third of a processor-second, and the unit tests make about a hundred. Taken back, a database is
 * put back as it was lent (`restore`), or, when that cannot be proved, closed and never lent again.
 *
 * What is put back:
 * - the session: settings, search path, prepared statements, temporary tables, advisory locks (`discard
 *   all`);
 * - the schema: schemas the database did not have when it was made are dropped (the built-in sandbox
 *   gateway's, which a store makes as it starts); then every schema object (tables, columns, defaults,
 *   constraints, indexes, triggers, functions, types, views, roles, settings, extensions) must read exactly
 *   as it did, or the database is closed;
 * - the rows: every table holding rows is emptied, and the rows the migrations put in (the migrations'
 *   journal, the catalog's first products) are written back as they were;
 * - the sequences: each is set back to where it stood.
 *
 * A database is lent through a handle of its own: once given back, the handle refuses every call, so that
 * nothing a test left running (a timer, a request still answering) writes into the next test's database.
 */

/** Whether the schema named in `column` is one of the database's own, not the system's. */
const isOwnSchema = (column: string) => `${column} <> 'information_schema' and ${column} not like 'pg\\_%'`;

/** Everything that defines the schema, one line per object, in one text to compare. */
const SCHEMA_FINGERPRINT = `
  with user_schemas as (select oid, nspname from pg_namespace where ${isOwnSchema('nspname')})
  select md5(coalesce(string_agg(line, E'\\n' order by line), '')) as fingerprint from (
    select 'schema ' || nspname as line from user_schemas
    union all
    select format('relation %s.%s %s %s %s', n.nspname, c.relname, c.relkind, c.relacl, c.reloptions)
    from pg_class c join user_schemas n on n.oid = c.relnamespace
    union all
    select format('column %s %s %s %s %s', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod),
      a.attnotnull, pg_get_expr(d.adbin, d.adrelid))
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid join user_schemas n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attnum > 0 and not a.attisdropped
    union all
    select format('constraint %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
    from pg_constraint where connamespace in (select oid from user_schemas)
    union all
    select 'index ' || pg_get_indexdef(i.indexrelid)
    from pg_index i join pg_class c on c.oid = i.indexrelid join user_schemas n on n.oid = c.relnamespace
    union all
    select format('trigger %s %s', tgenabled, pg_get_triggerdef(oid)) from pg_trigger where not tgisinternal
    union all
    select format('function %s %s', p.oid::regprocedure, md5(pg_get_functiondef(p.oid)))
    from pg_proc p join user_schemas n on n.oid = p.pronamespace where p.prokind in ('f', 'p')
    union all
    select format('type %s.%s %s', n.nspname, t.typname, t.typtype)
    from pg_type t join user_schemas n on n.oid = t.typnamespace
    union all
    select format('enum %s %s %s', enumtypid::regtype, enumsortorder, enumlabel) from pg_enum
    union all
    select format('view %s %s', c.oid::regclass, md5(pg_get_viewdef(c.oid)))
    from pg_class c join user_schemas n on n.oid = c.relnamespace where c.relkind in ('v', 'm')
    union all
    select format('policy %s %s', polrelid::regclass, polname) from pg_policy
    union all
    select 'role ' || rolname from pg_roles
    union all
    select format('setting %s %s %s', setdatabase, setrole, setconfig) from pg_db_role_setting
    union all
    select format('extension %s %s', extname, extversion) from pg_extension
  ) as lines`;

/** The tables of every schema but the system's: qualified name, and the columns a row is written with. */
const USER_TABLES = `
  select format('%I.%I', n.nspname, c.relname) as name,
    (select string_agg(quote_ident(a.attname), ', ' order by a.attnum) from pg_attribute a
     where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and ${isOwnSchema('n.nspname')}
  order by 1`;

const USER_SCHEMAS = `select nspname as name from pg_namespace where ${isOwnSchema('nspname')}`;

interface Pristine {
  fingerprint: string;
  schemas: Set<string>;
  /** Every table: the same ones, once the fingerprint is the same. */
  tables: { name: string }[];
  /** Each table's rows as made, as JSON, for the tables the migrations put rows in. */
  rows: { table: string; columns: string; json: string }[];
  sequences: { name: string; value: string; called: boolean }[];
}

const pristine = new WeakMap<PGlite, Pristine>();
/** Databases given back and put back as made, by what they were made from. */
const idle = new Map<string, PGlite[]>();
/** Databases kept for lending, of each kind: a file that makes several at once gets them back as several. */
const KEEP_IDLE = 2;

/** The schema's fingerprint: equal for two databases (or two moments) whose schemas read alike. */
export async function schemaFingerprint(pglite: Pick<PGlite, 'query'>): Promise<string> {
  const { rows } = await pglite.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  return rows[0]!.fingerprint;
}

/** Which of `tables` hold at least one row. */
async function tablesWithRows(pglite: PGlite, tables: { name: string }[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const probe = tables
    .map((table, index) => `select ${index} as i where exists (select from ${table.name})`)
    .join(' union all ');
  const { rows } = await pglite.query<{ i: number }>(probe);
  return rows.map((row) => tables[row.i]!.name);
}

async function sequences(pglite: PGlite): Promise<Pristine['sequences']> {
  const { rows } = await pglite.query<{ name: string; value: string; called: boolean }>(
    `select format('%I.%I', schemaname, sequencename) as name,
       coalesce(last_value, start_value)::text as value, last_value is not null as called
     from pg_sequences where ${isOwnSchema('schemaname')}`,
  );
  return rows;
}

/** What a database is made with, read from one just loaded, before it is lent. */
async function readPristine(pglite: PGlite): Promise<Pristine> {
  const { rows: tables } = await pglite.query<{ name: string; columns: string }>(USER_TABLES);
  const filled = new Set(await tablesWithRows(pglite, tables));
  const rows: Pristine['rows'] = [];
  for (const table of tables.filter((table) => filled.has(table.name))) {
    const { rows: json } = await pglite.query<{ json: string }>(
      `select json_agg(t)::text as json from (select ${table.columns} from ${table.name}) as t`,
    );
    rows.push({ table: table.name, columns: table.columns, json: json[0]!.json });
  }
  return {
    fingerprint: await schemaFingerprint(pglite),
    schemas: new Set((await pglite.query<{ name: string }>(USER_SCHEMAS)).rows.map((row) => row.name)),
    tables,
    rows,
    sequences: await sequences(pglite),
  };
}

/** Puts `pglite` back as it was made; false when its schema cannot be proved the same. */
async function restore(pglite: PGlite, made: Pristine): Promise<boolean> {
  await pglite.exec('discard all');
  for (const { name } of (await pglite.query<{ name: string }>(USER_SCHEMAS)).rows) {
    if (!made.schemas.has(name)) await pglite.exec(`drop schema "${name.replaceAll('"', '""')}" cascade`);
  }
  if ((await schemaFingerprint(pglite)) !== made.fingerprint) return false;
  const emptied = new Set([
    ...(await tablesWithRows(pglite, made.tables)),
    ...made.rows.map((row) => row.table),
  ]);
  // Rows go back as they were, without firing the tables' triggers or checking their references.
  await pglite.transaction(async (tx) => {
    await tx.exec('set local session_replication_role = replica');
    if (emptied.size > 0) await tx.exec(`truncate ${[...emptied].join(', ')} cascade`);
    for (const { table, columns, json } of made.rows) {
      await tx.query(
        `insert into ${table} (${columns}) overriding system value
         select ${columns} from json_populate_recordset(null::${table}, $1)`,
        [json],
      );
    }
    for (const sequence of made.sequences) {
      await tx.query('select setval($1, $2::bigint, $3)', [sequence.name, sequence.value, sequence.called]);
    }
  });
  return true;
}

/** A lent database's handle: the calls the store makes, refused once it is given back. */
class Lent {
  #pglite: PGlite | undefined;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async #open(): Promise<PGlite> {
    if (!this.#pglite) throw new Error('This test database was closed.');
    return this.#pglite;
  }

  query = ((...args: Parameters<PGlite['query']>) =>
    this.#open().then((pglite) => pglite.query(...args))) as PGlite['query'];
  exec = ((...args: Parameters<PGlite['exec']>) =>
    this.#open().then((pglite) => pglite.exec(...args))) as PGlite['exec'];
  transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    this.#open().then((pglite) => pglite.transaction(callback));

  /** Ends the loan: from now on every call is refused. */
  end(): PGlite | undefined {
    const pglite = this.#pglite;
    this.#pglite = undefined;
    return pglite;
  }
}

/**
 * A database of the kind `kind` (what it is made from: databases of one kind are alike when made) to lend:
 * one of that kind given back earlier, or a new one from `load`. `close` gives it back (it is put back as
 * made, or closed).
 */
export async function lendPglite(
  kind: string,
  load: () => Promise<PGlite>,
): Promise<{ client: PGliteInterface; close: () => Promise<void> }> {
  const kept = idle.get(kind) ?? [];
  idle.set(kind, kept);
  let pglite = kept.pop();
  if (!pglite) {
    pglite = await load();
    pristine.set(pglite, await readPristine(pglite));
  }
  const lent = new Lent(pglite);
  return {
    client: lent as unknown as PGliteInterface,
    close: async () => {
      const given = lent.end();
      if (!given) return;
      const restored =
        kept.length < KEEP_IDLE && (await restore(given, pristine.get(given)!).catch(() => false));
      if (restored) kept.push(given);
      else await given.close();
    },
  };
}
