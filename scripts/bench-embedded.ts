// The embedded database's upkeep in `npm run bench` (decision 038): VACUUM (ANALYZE) of every table of a
// PGlite store holding 100,000 payments, a tenth of them just changed; PGlite has one connection, so the
// longest table's vacuum is the longest a money call can wait behind it.
import type { Database } from '../apps/server/src/db/client';
import { vacuumEmbeddedDatabase } from '../apps/server/src/services/upkeep';
import { seedSettledPayments } from '../apps/server/src/runs/seed-history';

export interface VacuumFigure {
  payments: number;
  tables: number;
  totalMs: number;
  longestMs: number;
  longestTable: string;
}

export async function vacuumBench(open: () => Promise<Database>, payments: number): Promise<VacuumFigure> {
  const store = await open();
  try {
    await seedSettledPayments(store.sql, payments);
    await store.sql.query(`update payments set last4 = '0000' where retref like '%0'`);
    const took = await vacuumEmbeddedDatabase(store.sql, { everything: true });
    const longest = took.reduce((max, each) => (each.ms > max.ms ? each : max), { table: '', ms: 0 });
    return {
      payments,
      tables: took.length,
      totalMs: took.reduce((sum, each) => sum + each.ms, 0),
      longestMs: longest.ms,
      longestTable: longest.table,
    };
  } finally {
    await store.close();
  }
}
