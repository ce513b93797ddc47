import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { fixedStatement, literalOf } from './prepared';
import { testDatabaseKinds } from './test-database';

/** Every kind of value a statement is given, read back as the database understood it. */
const echo = fixedStatement<Record<string, unknown>>(
  `select $1::text as text, $2::int as number, $3::bigint::text as big, $4::boolean as flag,
     $5::timestamptz as at, $6::text[] as texts, $7::int[] as numbers, $8::jsonb as json, $9::text as nothing`,
);

const AWKWARD_TEXTS = [
  'O\'Brien\'s "desk" \\ lamp',
  "'); drop table orders; --",
  '\\x27 or 1=1',
  "émoji 📎 and $1 and $$ and E'\\n'",
  '',
  '{a,b}',
  'NULL',
];

describe.each(testDatabaseKinds())('a statement made once ($name)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(async () => {
    await database.close();
  });

  it('is given every value exactly as written, quotes, backslashes and all, however often it runs', async () => {
    const at = new Date('2026-11-26T15:04:05.678Z');
    for (const text of AWKWARD_TEXTS) {
      for (let run = 0; run < 2; run += 1) {
        const [row] = await echo(database.orm, [
          text,
          -42,
          9007199254740993n,
          run === 0,
          at,
          [text, null, 'plain'],
          [1, 2, 3],
          { name: text, cents: 6820 },
          null,
        ]);
        expect(row).toEqual({
          text,
          number: -42,
          big: '9007199254740993',
          flag: run === 0,
          at,
          texts: [text, null, 'plain'],
          numbers: [1, 2, 3],
          json: { name: text, cents: 6820 },
          nothing: null,
        });
      }
    }
    const { rows } = await database.sql.query<{ count: number }>('select count(*)::int as count from orders');
    expect(rows[0]!.count).toBe(0);
  });

  it('is made once when many callers ask for it at the same moment', async () => {
    const square = fixedStatement<{ square: number }>('select $1::int * $1::int as square');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => square(database.orm, [n])));
    expect(answers.map(([row]) => row!.square)).toEqual([0, 1, 4, 9, 16, 25, 36, 49, 64, 81]);
  });

  // Run outside it, the row would stay after the rollback.
  it('runs inside a transaction when given one, and is undone with it', async () => {
    const insert = fixedStatement<{ id: string }>(
      `insert into orders (id, channel, customer_name, subtotal_cents, tax_cents, total_cents)
       values ($1, 'card', $2, 100, 0, 100) returning id`,
    );
    await expect(
      database.orm.transaction(async (tx) => {
        expect(await insert(tx, ['CC-ROLLEDBACK1', "Pat O'Shopper"])).toEqual([{ id: 'CC-ROLLEDBACK1' }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const { rows } = await database.sql.query<{ count: number }>(
      "select count(*)::int as count from orders where id = 'CC-ROLLEDBACK1'",
    );
    expect(rows[0]!.count).toBe(0);
  });
});

describe('a value written as a literal', () => {
  it('is quoted whole, its quotes doubled, and never anything but a value', () => {
    expect(literalOf("it's")).toBe("'it''s'");
    expect(literalOf(null)).toBe('null');
    expect(literalOf(['a"b', 'c\\d', null])).toBe(`'{"a\\"b","c\\\\d",NULL}'`);
    expect(() => literalOf('a\0b')).toThrow('NUL');
    expect(() => literalOf(Number.NaN)).toThrow('finite');
  });
});
