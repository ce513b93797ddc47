import { defineConfig } from 'vitest/config';

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
  'apps/server/src/routes/admin/admin-auth.test.ts',
  'apps/server/src/http/client-address.test.ts',
  'apps/server/src/gateway/merchant-check.test.ts',
  'apps/server/src/routes/payment-methods/card-testing.test.ts',
  'apps/server/src/services/crash-recovery.test.ts',
  'apps/server/src/services/chaos.test.ts',
  'apps/server/src/cli/admin.test.ts',
  // Not a window but a store's memory, read from outside while it streams a long export: on a busy machine
  // its garbage collector runs late, and the store looks to grow with the rows when it does not.
  'apps/server/src/routes/admin/transactions-csv-memory.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The migrated PGlite templates are made once, before the test processes start, not by each at once in
    // its first file's set-up (on a clean clone, under a minute's load, that set-up ran out of time).
    globalSetup: ['apps/server/src/testing/vitest-global-setup.ts'],
    pool: 'forks',
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
