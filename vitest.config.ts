import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/**/src/**/*.test.ts', 'apps/**/src/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'tests/e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The test files run one after another in a worker's process rather than each in a new one: the
    // server's modules, PGlite's WebAssembly and the migrated template are loaded once, not once a file
    // (about two fifths of the run). No test mocks a module or leaves a global changed for the next file;
    // one that must would need `isolate: true` back.
    isolate: false,
  },
});
