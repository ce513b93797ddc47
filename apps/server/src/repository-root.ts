import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's folder. Files the server reads at run time (migrations, the built storefront) are named
 * from here, so that they are found both from the TypeScript sources (tests, tsx) and from the bundle that
 * production runs (apps/server/dist/main.js), whose module address is another one.
 */
export const REPOSITORY_ROOT = findRepositoryRoot(dirname(fileURLToPath(import.meta.url)));

function findRepositoryRoot(start: string): string {
  for (let directory = start; ; directory = dirname(directory)) {
    if (existsSync(join(directory, 'apps/server/package.json'))) return directory;
    if (dirname(directory) === directory) throw new Error(`No repository found above ${start}`);
  }
}
