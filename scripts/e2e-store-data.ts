// Makes an embedded database in the folder given (empty or missing), migrated as a store makes its own on its
// first start, and closes it: the end-to-end stores each start on a copy of it (tests/e2e/playwright.config.ts),
// so that the run migrates one database, not one per store. Usage: npx tsx scripts/e2e-store-data.ts <folder>
import { openDatabase } from '../apps/server/src/db/client';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('Usage: npx tsx scripts/e2e-store-data.ts <folder>');
  process.exit(2);
}
const database = await openDatabase({ dataDir });
await database.close();
