import { PGlite } from '@electric-sql/pglite';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPgliteSnapshot } from '../../../../packages/sandbox-gateway/src/pglite-snapshot';
import { lendPglite, schemaFingerprint } from './pglite-lending';

/**
 * A test database given back is lent again only as it was made: the next test file must not see a row, a
 * sequence's step, a setting or a schema change of the one before.
 */
const MADE = `
  create table shelves (id serial primary key, label text not null unique);
  create table boxes (id integer generated always as identity (start with 100) primary key,
    shelf_id integer not null references shelves (id), weight integer not null,
    double_weight integer generated always as (weight * 2) stored);
  create function no_heavy_boxes() returns trigger language plpgsql as
    $$ begin if new.weight > 100 then raise exception 'too heavy'; end if; return new; end $$;
  create trigger no_heavy_boxes before insert on boxes for each row execute function no_heavy_boxes();
  insert into shelves (label) values ('top'), ('bottom');
  insert into boxes (shelf_id, weight) values (1, 10);`;

/** A database as the template makes one: the schema above, with its first rows. */
async function load(): Promise<PGlite> {
  const pglite = await PGlite.create({ loadDataDir: await emptyPgliteSnapshot() });
  await pglite.exec(MADE);
  return pglite;
}

async function rows(client: { query: PGlite['query'] }, sql: string): Promise<unknown[]> {
  return (await client.query(sql)).rows;
}

describe('PGlite test databases, lent and given back', () => {
  /** A database to change and roll back, for the fingerprint's cases. */
  let database: PGlite;
  beforeAll(async () => {
    database = await load();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('comes back with its first rows, its sequences and its session as made', async () => {
    const kind = randomUUID();
    const first = await lendPglite(kind, load);
    const searchPath = await rows(first.client, 'show search_path');
    await first.client.exec(`
      insert into shelves (label) values ('middle');
      insert into boxes (shelf_id, weight) values (3, 20), (3, 30);
      update shelves set label = 'roof' where id = 1;
      delete from boxes where weight = 10;
      set search_path to pg_catalog;
      prepare two as select 2;
      select pg_advisory_lock(42);
      create temporary table scratch (note text);`);
    await first.close();

    const second = await lendPglite(kind, () =>
      Promise.reject(new Error('the first database was not lent again')),
    );
    expect(await rows(second.client, 'select id, label from public.shelves order by id')).toEqual([
      { id: 1, label: 'top' },
      { id: 2, label: 'bottom' },
    ]);
    expect(await rows(second.client, 'select id, shelf_id, weight, double_weight from public.boxes')).toEqual(
      [{ id: 100, shelf_id: 1, weight: 10, double_weight: 20 }],
    );
    // The next rows take the numbers a database just made gives them.
    await second.client.exec("insert into shelves (label) values ('middle')");
    await second.client.exec('insert into boxes (shelf_id, weight) values (3, 5)');
    expect(await rows(second.client, "select id from shelves where label = 'middle'")).toEqual([{ id: 3 }]);
    expect(await rows(second.client, 'select id from boxes where weight = 5')).toEqual([{ id: 101 }]);
    // The session is a new one: no setting, prepared statement, lock or temporary table is left.
    expect(await rows(second.client, 'show search_path')).toEqual(searchPath);
    await expect(second.client.query('execute two')).rejects.toThrow(/does not exist/);
    expect(
      await rows(second.client, 'select count(*)::int as locks from pg_locks where locktype = $$advisory$$'),
    ).toEqual([{ locks: 0 }]);
    await expect(second.client.query('select * from scratch')).rejects.toThrow(/does not exist/);
    // The trigger still guards the table.
    await expect(second.client.exec('insert into boxes (shelf_id, weight) values (1, 500)')).rejects.toThrow(
      /too heavy/,
    );
    await second.close();
  });

  it('drops the schemas a store made as it started, and lends the database again', async () => {
    const kind = randomUUID();
    const first = await lendPglite(kind, load);
    await first.client.exec('create schema sandbox; create table sandbox.cards (id serial primary key)');
    await first.close();
    const second = await lendPglite(kind, () => Promise.reject(new Error('the database was not lent again')));
    expect(await rows(second.client, "select nspname from pg_namespace where nspname = 'sandbox'")).toEqual(
      [],
    );
    await second.close();
  });

  // Each change is made in a transaction, read, and rolled back, so that one database serves them all: the
  // schema's fingerprint must tell every one of them from the schema as made.
  it.each([
    [
      'a trigger planted',
      'create trigger planted before update on shelves for each row execute function no_heavy_boxes()',
    ],
    ['a trigger disabled', 'alter table boxes disable trigger no_heavy_boxes'],
    ['a column added', 'alter table shelves add column colour text'],
    ['a default changed', "alter table shelves alter column label set default 'new'"],
    [
      'a function changed',
      'create or replace function no_heavy_boxes() returns trigger language plpgsql as $$ begin return new; end $$',
    ],
    ['an index added', 'create index on boxes (weight)'],
    ['a constraint dropped', 'alter table boxes drop constraint boxes_shelf_id_fkey'],
    ['a table added', 'create table planted (id integer)'],
    ['a role added', 'create role planted'],
    ['a database setting', 'alter database postgres set work_mem = $$8MB$$'],
  ])('tells a schema changed (%s) from the schema as made', async (_, change) => {
    const made = await schemaFingerprint(database);
    await database.exec('begin');
    try {
      await database.exec(change);
      expect(await schemaFingerprint(database)).not.toBe(made);
    } finally {
      await database.exec('rollback');
    }
    expect(await schemaFingerprint(database)).toBe(made);
  });

  it('closes a database whose schema was changed, and never lends it again', async () => {
    const kind = randomUUID();
    const made = await load();
    const first = await lendPglite(kind, async () => made);
    await first.client.exec('alter table shelves add column colour text');
    await first.close();
    expect(made.closed).toBe(true);
    // The next borrower of the kind gets a new database, not that one.
    await expect(lendPglite(kind, () => Promise.reject(new Error('loaded anew')))).rejects.toThrow(
      'loaded anew',
    );
  });

  it('refuses every call through a handle once the database is given back', async () => {
    const kind = randomUUID();
    const lent = await lendPglite(kind, load);
    await lent.close();
    await expect(lent.client.query('select 1')).rejects.toThrow('This test database was closed.');
    await expect(lent.client.exec('select 1')).rejects.toThrow('This test database was closed.');
    await lent.close();
  });
});
