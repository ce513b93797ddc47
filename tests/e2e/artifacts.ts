import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

export interface E2eArtifacts {
  /** The folder holding the rest. */
  dir: string;
  /** Everything the end-to-end run's store writes to stdout and stderr. */
  logFile: string;
  /** The store's embedded PGlite database. */
  dataDir: string;
  /** Where the card data scan writes the database's rows as text. */
  dumpFile: string;
}

/**
 * Where the end-to-end run's store keeps its files, so that the card data scan after the run
 * (`scripts/scan-card-data.ts`) finds them: `E2E_ARTIFACTS_DIR` when set (`npm test` gives every run a
 * folder of its own), otherwise a folder of this checkout's in the system's temporary directory. The log and
 * the data directory are emptied when the store starts (the webServer command in `playwright.config.ts`).
 */
export function e2eArtifacts(environment: NodeJS.ProcessEnv = process.env): E2eArtifacts {
  const checkout = createHash('sha256').update(root).digest('hex').slice(0, 8);
  const dir = environment.E2E_ARTIFACTS_DIR || join(tmpdir(), `store-e2e-${checkout}`);
  return {
    dir,
    logFile: join(dir, 'server.log'),
    dataDir: join(dir, 'data'),
    dumpFile: join(dir, 'database-dump.txt'),
  };
}
