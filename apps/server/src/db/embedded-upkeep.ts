import type { SqlClient } from './client';

/**
 * Upkeep of the embedded database (decision 038): PGlite runs no autovacuum, so dead rows would pile up and
 * the planner would keep no statistics. Tables are vacuumed and analysed one statement each, so that the
 * longest pause another query waits through (PGlite has one connection) is one table's, not the database's.
 */

/**
 * The store's tables, largest first, with how much they changed since they were last analysed. Largest by
 * the size last recorded (by vacuum and analyse, in `pg_class.relpages`), not measured anew: measuring
 * every table's files was four fifths of the query's time on PGlite.
 */
export async function tablesToVacuum(sql: SqlClient): Promise<{ table: string; changed: number }[]> {
  // PGlite's one backend never goes idle long enough to report its counts on its own: asked to, it does at
  // the end of the next statement.
  await sql.query('select pg_stat_force_next_flush()');
  const { rows } = await sql.query<{ relname: string; changed: string | number }>(
    `select s.relname, (s.n_dead_tup + s.n_mod_since_analyze) as changed
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     where s.schemaname = 'public' order by c.relpages desc, s.relname`,
  );
  return rows.map((row) => ({ table: row.relname, changed: Number(row.changed) }));
}

/** Vacuums and analyses each table; answers how long each took, in milliseconds. */
export async function vacuumTables(
  sql: SqlClient,
  tables: string[],
): Promise<{ table: string; ms: number }[]> {
  const took: { table: string; ms: number }[] = [];
  for (const table of tables) {
    if (!/^[a-z_][a-z0-9_]*$/.test(table)) continue;
    const started = performance.now();
    await sql.query(`vacuum (analyze) "${table}"`);
    took.push({ table, ms: Math.round(performance.now() - started) });
  }
  return took;
}
