import { describe, expect, it } from 'vitest';
import { seedSettledPayments } from '../runs/seed-history';
import { PGLITE, useTestServer } from '../testing/test-server';
import { EMBEDDED_VACUUM_AFTER_CHANGES, vacuumEmbeddedDatabase } from '../services/upkeep';
import { tablesToVacuum } from './embedded-upkeep';

describe('the embedded database is vacuumed and analysed by upkeep', () => {
  const server = useTestServer(PGLITE);

  it('vacuums the tables that changed much, one at a time, then every table when asked to', async () => {
    await seedSettledPayments(server.database.sql, EMBEDDED_VACUUM_AFTER_CHANGES + 500);
    await server.database.sql.query("update payments set last4 = '0000' where last4 = '0001'");
    const changed = await tablesToVacuum(server.database.sql);
    expect(changed.find((table) => table.table === 'payments')!.changed).toBeGreaterThan(
      EMBEDDED_VACUUM_AFTER_CHANGES,
    );

    const logged: object[] = [];
    const took = await vacuumEmbeddedDatabase(server.database.sql, {
      everything: false,
      log: (detail) => logged.push(detail),
    });
    // The tables that changed much: the payments surely (which other tables the statistics have counted
    // by then depends on when PGlite flushed them), never one left alone such as the admins.
    expect(took.map((each) => each.table)).toContain('payments');
    expect(took.map((each) => each.table)).not.toContain('admins');
    expect(logged).toHaveLength(1);
    // Analysed: the planner now knows the table's size, and nothing is left to do.
    const { rows } = await server.database.sql.query<{ reltuples: number }>(
      "select reltuples from pg_class where relname = 'payments'",
    );
    expect(Number(rows[0]!.reltuples)).toBeGreaterThanOrEqual(EMBEDDED_VACUUM_AFTER_CHANGES);
    expect(await vacuumEmbeddedDatabase(server.database.sql, { everything: false })).toEqual([]);

    const all = await vacuumEmbeddedDatabase(server.database.sql, { everything: true });
    expect(all.length).toBeGreaterThan(10);
  });
});
