import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

/**
 * The stores of the end-to-end run, each on a port and a data directory of its own, so that specs run at
 * the same time see none of each other's data (`playwright.config.ts` says which specs use which store):
 * the console's specs capture, settle and count every payment of their store, so each of them has a store
 * to itself; the shopper's specs only ever look at their own orders and share one; the card frame's spec
 * has a store that speaks to the standalone sandbox gateway on an origin of its own, as a store speaks to
 * CardPointe, so that the gateway's card frame is cross-origin as in production.
 */
export const E2E_STORES = [
  'accessibility-console',
  'admin-console',
  'staff-console',
  'two-step',
  'shop',
  'card-frame',
  'products-console',
  'catalog-storefront',
] as const;

export type E2eStoreName = (typeof E2E_STORES)[number];

interface E2eStoreArtifacts {
  /** The store's name, one of `E2E_STORES`: also the name of its folder. */
  name: E2eStoreName;
  /** The folder holding the rest. */
  dir: string;
  /** Everything the store writes to stdout and stderr. */
  logFile: string;
  /** The store's embedded PGlite database. */
  dataDir: string;
  /** Where the card data scan writes the database's rows as text. */
  dumpFile: string;
}

export interface E2eArtifacts {
  /** The folder holding one sub-folder per store. */
  dir: string;
  /** Every store's files, in the order of `E2E_STORES`. */
  stores: E2eStoreArtifacts[];
}

/**
 * Where the end-to-end run's stores keep their files, so that the card data scan after the run
 * (`scripts/scan-card-data.ts`) finds them all: `E2E_ARTIFACTS_DIR` when set (`npm test` gives every run a
 * folder of its own), otherwise a folder of this checkout's in the system's temporary directory; in it, one
 * sub-folder per store. A store's log and data directory are emptied when it starts (the webServer
 * commands in `playwright.config.ts`).
 */
export function e2eArtifacts(environment: NodeJS.ProcessEnv = process.env): E2eArtifacts {
  const checkout = createHash('sha256').update(root).digest('hex').slice(0, 8);
  const dir = environment.E2E_ARTIFACTS_DIR || join(tmpdir(), `store-e2e-${checkout}`);
  return {
    dir,
    stores: E2E_STORES.map((name) => {
      const storeDir = join(dir, name);
      return {
        name,
        dir: storeDir,
        logFile: join(storeDir, 'server.log'),
        dataDir: join(storeDir, 'data'),
        dumpFile: join(storeDir, 'database-dump.txt'),
      };
    }),
  };
}
