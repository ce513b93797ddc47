import { sql } from 'drizzle-orm';
import { queryRows, type Orm } from './client';

/**
 * Takes the lease `name` for `holder` until `now + ttlMs` when it is free, lapsed or already the holder's
 * (decision 037), in one statement: of several servers asking at once, one gets it. True when taken.
 */
export async function takeUpkeepLease(
  orm: Orm,
  name: string,
  holder: string,
  now: Date,
  ttlMs: number,
): Promise<boolean> {
  const until = new Date(now.getTime() + ttlMs).toISOString();
  const rows = await queryRows(
    orm,
    sql`insert into upkeep_leases (name, holder, leased_until) values (${name}, ${holder}, ${until}::timestamptz)
      on conflict (name) do update set holder = excluded.holder, leased_until = excluded.leased_until
      where upkeep_leases.leased_until <= ${now.toISOString()}::timestamptz or upkeep_leases.holder = excluded.holder
      returning name`,
  );
  return rows.length === 1;
}

/** Gives a lease back at once, if it is still the holder's. */
export async function releaseUpkeepLease(orm: Orm, name: string, holder: string): Promise<void> {
  await queryRows(
    orm,
    sql`delete from upkeep_leases where name = ${name} and holder = ${holder} returning name`,
  );
}
