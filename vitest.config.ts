import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { TEST_NODE_FLAGS } from './scripts/test-node-flags.mjs';

const EVERY_TEST = ['packages/**/src/**/*.test.ts', 'apps/**/src/**/*.test.{ts,tsx}'];
const NOT_TESTS = ['**/node_modules/**', 'tests/e2e/**'];

/**
 * The files whose tests measure time windows of the store itself (sign-in slow-downs, also behind a proxy
 * with forged addresses, the one-second wait after a card tester's free attempts, reconciliation after a
 * restart, a store killed mid-payment, commands and a store refusing to start run in processes of their
 * own): they run after the others, so that a busy machine does not stretch the windows they check, two
 * files at a time (each keeps about one core busy: on an idle machine, 36 s for the first four on two cores,
 * against 58 s one at a time).
 */
const ALONE = [
  // Run in this order (`AloneInOrder`; seconds on an idle machine): the two longest first, so that the two
  // workers end together, and the two that run stores against a gateway of their own (chaos, crash
  // recovery) one after the other, not side by side (side by side, the chaos run took half as long again).
  'apps/server/src/services/chaos.test.ts', // 21
  'apps/server/src/cli/admin.test.ts', // 14
  'apps/server/src/routes/admin/admin-auth.test.ts', // 9
  'apps/server/src/services/crash-recovery.test.ts', // 13
  'apps/server/src/routes/payment-methods/card-testing.test.ts', // 7
  // Not a window but a store's memory, read from outside while it streams a long export: on a busy machine
  // its garbage collector runs late, and the store looks to grow with the rows when it does not.
  'apps/server/src/routes/admin/transactions-csv-memory.test.ts', // 6
  'apps/server/src/gateway/merchant-check.test.ts', // 4
  'apps/server/src/http/client-address.test.ts', // 2
];

/**
 * Vitest's order (on a clean clone, the largest files first; after a run, the slowest first), except for
 * the files run alone, which keep ALONE's order: the run's last minute is theirs, and a file's size says
 * little about its time when it waits on processes and windows.
 */
class AloneInOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const place = (file: TestSpecification) => ALONE.findIndex((path) => file.moduleId.endsWith(path));
    const alone = sorted.filter((file) => place(file) >= 0).sort((a, b) => place(a) - place(b));
    return sorted.map((file) => (place(file) >= 0 ? alone.shift()! : file));
  }
}

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The migrated PGlite templates are made once, before the test processes start, not by each at once in
    // its first file's set-up (on a clean clone, under a minute's load, that set-up ran out of time).
    globalSetup: ['apps/server/src/testing/vitest-global-setup.ts'],
    pool: 'forks',
    // Each test process compiles PGlite's WebAssembly with the baseline compiler only
    // (scripts/test-node-flags.mjs).
    execArgv: TEST_NODE_FLAGS,
    sequence: { sequencer: AloneInOrder },
    // The test files run one after another in a worker's process rather than each in a new one: the
    // server's modules, PGlite's WebAssembly and the migrated template are loaded once, not once a file
    // (about two fifths of the run). No test mocks a module or leaves a global changed for the next file;
    // one that must would need `isolate: true` back.
    isolate: false,
    projects: [
      {
        extends: true,
        // Most of a test's time is spent waiting (on the database, the gateway, a browser's request), so
        // three files at a time on two cores keep both busy: about two thirds of the time of one at a time.
        test: { name: 'together', include: EVERY_TEST, exclude: [...NOT_TESTS, ...ALONE], maxWorkers: 3 },
      },
      {
        extends: true,
        test: { name: 'alone', include: ALONE, maxWorkers: 2, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
