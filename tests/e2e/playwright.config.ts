import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { TEST_NODE_FLAGS } from '../../scripts/test-node-flags.mjs';
import { E2E_STORES, e2eArtifacts, type E2eStoreName } from './artifacts';

/** The first store's port; the others take the next ones, in the order of `E2E_STORES`. */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const root = new URL('../..', import.meta.url).pathname;
const artifacts = e2eArtifacts();

/**
 * Which specs each store serves. A store's data is shared by every spec that runs on it, so:
 * - the console's specs have a store each: they capture every authorized payment (Capture All), settle
 *   the batch and read the whole history and audit log, so they would act on, and see, other specs'
 *   payments. Each is one file, whose tests run one after the other.
 * - the shopper's specs share one: each only ever looks at its own orders (by order ID), and what the
 *   store counts per client address (sign-ups, sign-ins, saved methods, Apple Pay sessions) is each
 *   test's own, since each test speaks from an address of its own (fixtures.ts).
 * - the card frame's spec has a store speaking to the standalone sandbox on its own origin.
 * - the two-step spec has a store with the default second-factor policy (see the stores' settings).
 * The console's specs are spread over three stores so that no store's chain of specs, run one at a time,
 * is much longer than the others' share of the run.
 */
const SPECS: Record<E2eStoreName, string[]> = {
  'accessibility-console': ['accessibility-console.spec.ts', 'money-paths.spec.ts', 'passkeys.spec.ts'],
  'admin-console': [
    'admin-console.spec.ts',
    'sent-emails.spec.ts',
    'deposits.spec.ts',
    'idle-session.spec.ts',
    'money-summary.spec.ts',
  ],
  'staff-console': ['refund-approvals.spec.ts', 'staff.spec.ts'],
  'products-console': ['products.spec.ts'],
  'catalog-storefront': ['catalog-storefront.spec.ts'],
  'two-step': ['second-factor.spec.ts'],
  shop: [
    'accessibility.spec.ts',
    'axe.spec.ts',
    'accounts.spec.ts',
    'address-book.spec.ts',
    'checkout.spec.ts',
    'delivery.spec.ts',
    'orders.spec.ts',
    'order-page.spec.ts',
    'customers.spec.ts',
    'history-search.spec.ts',
    'payment-links.spec.ts',
    'receipts.spec.ts',
    'storefront.spec.ts',
    'wallets.spec.ts',
    'ways-back.spec.ts',
  ],
  'card-frame': ['card-frame.spec.ts'],
};

// Every spec runs, on one store only: a spec missing above would silently not run at all.
const assigned = Object.values(SPECS).flat();
for (const spec of readdirSync(new URL('.', import.meta.url)).filter((name) => name.endsWith('.spec.ts'))) {
  const count = assigned.filter((name) => name === spec).length;
  if (count !== 1)
    throw new Error(`${spec} is in ${count} stores' specs (playwright.config.ts): it must be in one`);
}

const stores = artifacts.stores.map((store) => {
  const port = BASE_PORT + E2E_STORES.indexOf(store.name);
  // A browser makes passkeys only for a domain name, never for an IP address: the store whose specs add
  // passkeys is addressed as localhost (its PUBLIC_URL, the relying party). It still listens on 127.0.0.1.
  const host = store.name === 'accessibility-console' ? 'localhost' : '127.0.0.1';
  return { ...store, port, url: `http://${host}:${port}` };
});

/**
 * The standalone sandbox gateway (`npm run gateway`) that the card-frame store speaks to as to CardPointe
 * (GATEWAY=cardpointe): its own port, so its card frame is on another origin than the store's pages.
 */
const cardFrameStore = stores.find((store) => store.name === 'card-frame')!;
const gateway = {
  port: BASE_PORT + 50,
  dataDir: join(cardFrameStore.dir, 'gateway-data'),
  logFile: join(cardFrameStore.dir, 'gateway.log'),
};
const GATEWAY_URL = `http://127.0.0.1:${gateway.port}`;
/** How the card-frame store reaches the standalone gateway: as a store reaches CardPointe. */
const CARDPOINTE_SETTINGS = {
  GATEWAY: 'cardpointe',
  CARDPOINTE_URL: GATEWAY_URL,
  CARDPOINTE_HPP_URL: `${GATEWAY_URL}/hpp`,
  CARDPOINTE_MERCHANT_ID: '800000000001',
  CARDPOINTE_USERNAME: 'sandbox',
  CARDPOINTE_PASSWORD: 'sandbox-password',
};

/**
 * The migrated embedded database every store starts on a copy of: made by the first store's command, as a
 * store makes its own on its first start (`scripts/e2e-store-data.ts`), before the others start (Playwright
 * starts the web servers one after the other, in order). Migrating one database rather than one per store
 * spares seven seconds of processor time per store.
 */
const dataTemplate = join(artifacts.dir, 'store-data-template');
/** The tests' Node flags (`scripts/test-node-flags.mjs`), for every process here that opens a database. */
const nodeFlags = TEST_NODE_FLAGS.join(' ');
const makeDataTemplate =
  `rm -rf "${dataTemplate}" && ` +
  `${join(root, 'node_modules/.bin/tsx')} ${nodeFlags} scripts/e2e-store-data.ts "${dataTemplate}" && `;

/**
 * The real store (built storefront, API, mounted sandbox gateway) on a fresh embedded database, driven in
 * Debian's Chromium: one store per group of specs (`SPECS`), each on its own port and data directory, so
 * that the groups run side by side. The storefront and the server must be built first (`npm test` does
 * both).
 */
const storeServers: NonNullable<PlaywrightTestConfig['webServer']> = stores.map((store, index) => ({
  // The store as production runs it: the compiled server (`npm run build:server`), plain Node (with the
  // tests' flag for the database's WebAssembly, which changes how fast, not what), on a copy of a migrated
  // data directory, with no account or order yet. Everything it writes goes to a log file, which
  // the card data scan reads after the run (`scripts/scan-card-data.ts`) with the data directory. `exec`
  // makes the server the process Playwright stops, with SIGTERM, so that it closes its database before the
  // scan opens it. (The command runs here only, in the runner: the config is also loaded by the workers, so
  // it must not touch the folder itself.)
  command:
    'rm -rf "$DATA_DIR" "$E2E_SERVER_LOG" && ' +
    (index === 0 ? makeDataTemplate : '') +
    `mkdir -p "$DATA_DIR" && cp -a "${dataTemplate}/." "$DATA_DIR/" && ` +
    'echo "Store log: $E2E_SERVER_LOG" >&2 && ' +
    `exec ${process.execPath} --enable-source-maps ${nodeFlags} apps/server/dist/main.js >> "$E2E_SERVER_LOG" 2>&1`,
  cwd: root,
  url: `http://127.0.0.1:${store.port}/api/health`,
  name: store.name,
  reuseExistingServer: false,
  // The first store's includes making the migrated database the others copy.
  timeout: index === 0 ? 120_000 : 60_000,
  gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  stdout: 'ignore',
  stderr: 'pipe',
  env: {
    PORT: String(store.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: store.url,
    DATA_DIR: store.dataDir,
    E2E_SERVER_LOG: store.logFile,
    DATABASE_URL: '',
    // As talkative as the store gets (every request too), so that the scan sees all it could ever log.
    LOG_LEVEL: 'trace',
    LOG_SLOW_REQUEST_MS: '0',
    ADMIN_USERNAME: 'operator',
    ADMIN_PASSWORD: 'e2e-operator-password',
    // Behind a proxy on this machine, as a store is deployed: each test's browser says its own client
    // address (tests/e2e/fixtures.ts), so that per-address limits are each test's own.
    TRUST_PROXY: 'loopback',
    ...(store.name === 'card-frame' ? CARDPOINTE_SETTINGS : {}),
    // The two-step store runs the default policy, owners and managers prove a second factor before moving
    // money, with a step-up window of a minute so that its spec meets the refusal in a minute, not fifteen.
    // The other stores' operator moves money with its password: their specs are about other things.
    ...(store.name === 'two-step' ? { ADMIN_STEP_UP_MINUTES: '1' } : { STAFF_SECOND_FACTOR: 'off' }),
  },
}));

const webServers: NonNullable<PlaywrightTestConfig['webServer']> = [
  // First: the card-frame store checks its merchant at the gateway as it starts.
  {
    command:
      `rm -rf "$DATA_DIR" "${gateway.logFile}" && mkdir -p "$DATA_DIR" && ` +
      `exec ${join(root, 'node_modules/.bin/tsx')} ${nodeFlags} packages/sandbox-gateway/src/main.ts >> "${gateway.logFile}" 2>&1`,
    cwd: root,
    url: `${GATEWAY_URL}/itoke/ajax-tokenizer.html`,
    name: 'gateway',
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(gateway.port), HOST: '127.0.0.1', DATA_DIR: gateway.dataDir, DATABASE_URL: '' },
  },
  ...storeServers,
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: join(root, 'test-results'),
  // A spec's tests run one after the other, in one worker; specs run side by side, each on its store. Three
  // at a time (E2E_WORKERS for another number): a worker keeps about two thirds of a core busy, as each step
  // waits for the page, the store or the browser's answer, so two left a third of the machine idle once the
  // unit tests beside them were done (467 s alone on two cores, against 328 s with three).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // A test that fails is run once more when E2E_RETRIES says so (`npm test` does, decision 065): on a
  // machine shared with other work, a step can miss its limit once. One that passes on its second try is
  // named in the run's last lines as flaky; one that fails twice fails the run.
  retries: Number(process.env.E2E_RETRIES ?? 0),
  // Limits for a slow machine with the unit tests running beside: a test of 30 s on an idle machine took 60
  // on a machine of the same kind that needed 2.3 times the processor time. A limit only ends a test that
  // hangs; it never lets a wrong page pass. No expectation sets a shorter limit of its own: one that waits
  // for a list's next refresh (every 5 s) sets a longer one.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    // A trace records every step of every test as it runs, whether it is kept or not: a fifth of the run's
    // time on two cores. `npm test` goes without (E2E_TRACES=off); a failure still leaves its screenshot and
    // the page's state, and a run by hand keeps the traces of the tests that failed.
    trace: process.env.E2E_TRACES === 'off' ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The browser asks for reduced motion, as a person may, and the store honours it (styles/base.css):
    // transitions and animations end at once. No test asserts motion, and waiting for it to end, and
    // drawing its frames, was about a tenth of the run's processor time.
    reducedMotion: 'reduce',
    launchOptions: {
      // Debian's Chromium as its headless shell: the same engine without the desktop browser's window and
      // services, for about a fifth less processor time (decision 060). E2E_CHROMIUM=/usr/bin/chromium
      // runs the specs in the full browser. Either starts without the right to raise its own threads'
      // priority, which root has, so that it shares the processor fairly with the stores and the unit
      // tests beside it (decision 066).
      executablePath: join(root, 'tests/e2e/chromium-at-fair-priority.sh'),
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
  // The longest groups first, so that the workers finish together.
  projects: stores.map((store) => ({
    name: store.name,
    testMatch: SPECS[store.name],
    // A console store's specs never run two at a time, whatever files are added to it.
    workers: store.name === 'shop' ? undefined : 1,
    use: {
      browserName: 'chromium',
      viewport: { width: 1280, height: 800 },
      baseURL: store.url,
    },
  })),
  webServer: webServers,
});
