import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2eArtifacts } from './artifacts';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const root = new URL('../..', import.meta.url).pathname;
const artifacts = e2eArtifacts();

/**
 * The real store (built storefront, API, mounted sandbox gateway) on a fresh embedded database, driven in
 * Debian's Chromium. The storefront and the server must be built first (`npm test` does both).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: join(root, 'test-results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // The store as production runs it: the compiled server (`npm run build:server`), plain Node, on an empty
    // data directory. Everything it writes goes to a log file, which the card data scan reads after the run
    // (`scripts/scan-card-data.ts`) with the data directory. `exec` makes the server the process Playwright
    // stops, with SIGTERM, so that it closes its database before the scan opens it. (The command runs here
    // only, in the runner: the config is also loaded by the workers, so it must not touch the folder itself.)
    command:
      'rm -rf "$DATA_DIR" "$E2E_SERVER_LOG" && mkdir -p "$DATA_DIR" && echo "Store log: $E2E_SERVER_LOG" >&2 && ' +
      `exec ${process.execPath} --enable-source-maps apps/server/dist/main.js >> "$E2E_SERVER_LOG" 2>&1`,
    cwd: root,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE_URL,
      DATA_DIR: artifacts.dataDir,
      E2E_SERVER_LOG: artifacts.logFile,
      DATABASE_URL: '',
      // As talkative as the store gets (every request too), so that the scan sees all it could ever log.
      LOG_LEVEL: 'trace',
      LOG_SLOW_REQUEST_MS: '0',
      ADMIN_USERNAME: 'operator',
      ADMIN_PASSWORD: 'e2e-operator-password',
    },
  },
});
