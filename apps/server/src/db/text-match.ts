import { sql, type SQL } from 'drizzle-orm';

/**
 * How the console's searches match text (decision 030), shared by Transaction History and the Customers
 * tab: the start of a text (an email), and each word the start of a word (a name). The searched text only
 * ever travels as parameters; LIKE's wildcards and text search's operators match only themselves.
 */

/**
 * `column` starts with `prefix`. Written as a range of the `text_pattern_ops` order (byte order, whatever the
 * collation) as well as a LIKE: the range is what an index answers even in a prepared statement's generic
 * plan, where a LIKE pattern that is a parameter cannot be; the LIKE keeps the match exact.
 */
export function startsWith(column: SQL, prefix: string): SQL {
  const pattern = `${prefix.replace(/[\\%_]/g, '\\$&')}%`;
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  const next = last + 1;
  // The first text after every text that starts with the prefix: its last character, one code point up.
  const above =
    next <= 0x10ffff && (next < 0xd800 || next > 0xdfff)
      ? `${prefix.slice(0, prefix.length - (last > 0xffff ? 2 : 1))}${String.fromCodePoint(next)}`
      : undefined;
  return above === undefined
    ? sql`(${column} ~>=~ ${prefix} and ${column} like ${pattern})`
    : sql`(${column} ~>=~ ${prefix} and ${column} ~<~ ${above} and ${column} like ${pattern})`;
}

/** Words as a text search query: each the start of a word (`ada:* & love:*`), quoted, so never an operator. */
function wordsQuery(words: readonly string[]): string {
  return words.map((word) => `'${word.replaceAll("'", "''").replaceAll('\\', '\\\\')}':*`).join(' & ');
}

/**
 * Each of `words` starts a word of `column`, in any order, in the `simple` configuration (no stemming, any
 * case, accents count): what a GIN index on `to_tsvector('simple', column)` answers.
 */
export function matchesWords(column: SQL, words: readonly string[]): SQL {
  return sql`to_tsvector('simple'::regconfig, ${column}) @@ to_tsquery('simple'::regconfig, ${wordsQuery(words)})`;
}

export const anyOf = (parts: SQL[]) => sql`(${sql.join(parts, sql` or `)})`;
