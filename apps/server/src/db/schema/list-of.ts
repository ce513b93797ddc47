import { sql } from 'drizzle-orm';

/** A list of the statuses a state table names, as SQL (`('a', 'b')`): the database allows exactly these. */
export function listOf(values: readonly string[]) {
  return sql.raw(`(${values.map((value) => `'${value}'`).join(', ')})`);
}
