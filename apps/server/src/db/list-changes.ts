import type { Orm } from './client';
import { fixedStatement } from './prepared';

/**
 * Whether the console's lists show the same rows in two snapshots (decision 042). Every transaction that
 * changes a row a list can show writes its id to `list_changes` (the triggers of migration 0022). A
 * transaction older than both snapshots' oldest running one is seen by both or by neither, so the two differ
 * exactly when a newer transaction written there is seen by one of them and not the other. The statement
 * runs after both snapshots were taken: every transaction either of them saw has committed, and its row is
 * here, unless housekeeping forgot it, which it does only far behind every snapshot (`LIST_CHANGES_KEPT`):
 * a snapshot that old is answered "changed".
 */
const LIST_CHANGES_KEPT = 100_000;

const unchangedStatement = fixedStatement<{ unchanged: boolean }>(`
  with horizon as (
    select least(pg_snapshot_xmin($1::pg_snapshot), pg_snapshot_xmin($2::pg_snapshot))::text::int8 as oldest
  )
  select horizon.oldest >= pg_snapshot_xmin(pg_current_snapshot())::text::int8 - ${LIST_CHANGES_KEPT}
    and not exists (
      select 1 from list_changes c
      where c.xid >= horizon.oldest
        and pg_visible_in_snapshot(c.xid::text::xid8, $1::pg_snapshot)
          <> pg_visible_in_snapshot(c.xid::text::xid8, $2::pg_snapshot)
    ) as unchanged
  from horizon`);

/** Whether a list read in snapshot `before` is, row for row, what it would be read in snapshot `now`. */
export async function listRowsUnchanged(orm: Orm, before: string, now: string): Promise<boolean> {
  const [row] = await unchangedStatement(orm, [before, now]);
  return row?.unchanged === true;
}

const forgetStatement = fixedStatement(
  `delete from list_changes where xid < pg_snapshot_xmin(pg_current_snapshot())::text::int8 - ${LIST_CHANGES_KEPT}`,
);

/** Forgets the changes no comparison will ask about: those `LIST_CHANGES_KEPT` transactions behind. */
export async function forgetOldListChanges(orm: Orm): Promise<void> {
  await forgetStatement(orm, []);
}
