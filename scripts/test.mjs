// Runs every check and test: formatting, lint, types, unit and integration tests (Vitest, on PGlite and,
// with TEST_DATABASE_URL, on PostgreSQL), the production build of the storefront and the server, and the
// end-to-end tests in Chromium against that build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { TEST_NODE_FLAGS } from './test-node-flags.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);
const reports = mkdtempSync(join(tmpdir(), 'store-tests-'));

function run(title, command, args, env = {}) {
  console.info(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function fail(message) {
  console.error(`\n✖ ${message}`);
  process.exit(1);
}

if (!existsSync(bin('vitest'))) {
  if (!run('Installing dependencies', 'npm', ['install', '--no-audit', '--no-fund']))
    fail('npm install failed');
}

// What the tests need from Debian: its Chromium, as the headless shell that the end-to-end tests drive
// (browser downloads are not possible everywhere; decision 060), and its nginx (the several-servers example,
// docs/examples/nginx-two-servers.conf, is run as written).
const missing = [
  ['/usr/bin/chromium-headless-shell', 'chromium-headless-shell'],
  ['/usr/sbin/nginx', 'nginx'],
].filter(([path]) => !existsSync(path));
if (missing.length > 0) {
  const packages = missing.map(([, name]) => name);
  const apt = process.getuid?.() === 0 ? ['apt-get'] : ['sudo', 'apt-get'];
  const aptRun = (args) =>
    run(`Installing Debian ${packages.join(' and ')}: ${apt.join(' ')} ${args.join(' ')}`, apt[0], [
      ...apt.slice(1),
      ...args,
    ]);
  if (!aptRun(['update', '-qq']) || !aptRun(['install', '-y', '-qq', ...packages])) {
    fail(
      `Could not install ${packages.join(' and ')}: run \`apt-get install -y ${packages.join(' ')}\` as root, then try again.`,
    );
  }
}

if (!process.env.TEST_DATABASE_URL) {
  console.warn(
    '\nNote: TEST_DATABASE_URL is not set, so the database tests run on PGlite only; the PostgreSQL run is skipped.',
  );
}

/** Runs commands side by side, each with its output kept and printed whole when it ends; true for each that passed. */
function runSideBySide(jobs) {
  return Promise.all(
    jobs.map(
      ({ title, steps }) =>
        new Promise((resolve) => {
          let output = '';
          const next = (index) => {
            if (index === steps.length) return finish(true);
            const [command, args, env = {}] = steps[index];
            const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
            child.stdout.on('data', (chunk) => (output += chunk));
            child.stderr.on('data', (chunk) => (output += chunk));
            child.on('error', (error) => {
              output += `${error.message}\n`;
              finish(false);
            });
            child.on('close', (code) => (code === 0 ? next(index + 1) : finish(false)));
          };
          const finish = (ok) => {
            console.info(`\n▶ ${title}: ${ok ? 'passed' : 'FAILED'}`);
            if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
            resolve(ok);
          };
          next(0);
        }),
    ),
  );
}

/** Runs a command with its output shown as it comes; resolves to whether it passed. */
function runLive(title, command, args) {
  console.info(`\n▶ ${title}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

// Everything starts together: the production build, the unit and integration tests, and the static checks;
// once the build is done the end-to-end run, the longest, starts beside them. The run is bound by processor
// time on two cores, so side by side it takes about the sum of their processor time divided by two. The
// static checks run at the lowest priority (nice 19): they have no time limit, so they take only the
// processor time the tests leave, in the moments the tests wait, and never slow a test's set-up. The tests
// that measure the store's own time windows (vitest.config.ts, project "alone") run last, with nothing else
// running but what is left of the static checks and the card data scan (which starts once the end-to-end
// run's stores have stopped), at that priority. Output is shown whole when each side-by-side job ends, and
// the unit tests' as it comes.
const vitestReport = join(reports, 'vitest.json');
const aloneReport = join(reports, 'vitest-alone.json');
const playwrightReport = join(reports, 'playwright.json');
// The end-to-end run's stores (one per group of specs) keep their logs and data directories here, one
// sub-folder each, for the card data scan after it.
const e2eArtifacts = join(reports, 'e2e');
// Vitest's own process makes the migrated templates before its test processes start: with the tests' flags.
const vitestRun = (project, report) => [
  ...TEST_NODE_FLAGS,
  bin('vitest'),
  'run',
  '--project',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];

/**
 * A side-by-side step started at the lowest priority: `nice` (coreutils) starts it, and what it starts
 * inherits the priority.
 */
const atLowestPriority = ([command, args, env]) => ['nice', ['-n', '19', command, ...args], env];

const staticChecks = [
  // oxfmt, native: a fifth of a second for the tree, where Prettier took 20 to 32 processor-seconds
  // (decision 072).
  { title: 'Formatting (oxfmt)', steps: [[bin('oxfmt'), ['--check', '.']]] },
  {
    title: 'Lint (oxlint, and knip for unused files, exports and dependencies)',
    steps: [
      [bin('oxlint'), ['.']],
      [bin('knip'), ['--no-progress']],
    ],
  },
  // TypeScript 7's compiler (native), a fifth of the processor time of TypeScript 6's; TypeScript 6 stays for
  // the tools that use its programming interface (knip, the API client's generator).
  {
    title: 'Type check (TypeScript 7)',
    steps: [[join(root, 'node_modules/typescript-7/bin/tsc'), ['--noEmit', '-p', 'tsconfig.json']]],
  },
].map(({ title, steps }) => ({ title, steps: steps.map(atLowestPriority) }));

// The static checks at the lowest priority, from the start; they may still be running when the tests of
// time windows start, and are waited for after them.
const staticChecksPassed = runSideBySide(staticChecks);
const scanReport = join(reports, 'card-data-scan.json');
const [[built, e2ePassed, scanned], unitPassed] = await Promise.all([
  // The end-to-end run starts as soon as the build is done (a few seconds).
  (async () => {
    const [built] = await runSideBySide([
      {
        title: 'Production build (Vite) and compiled server (esbuild)',
        steps: [
          [bin('vite'), ['build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn']],
          [process.execPath, ['scripts/build-server.mjs']],
        ],
      },
    ]);
    // Its output is printed whole when it ends, so that it does not interleave with the tests'.
    const e2e =
      built &&
      (
        await runSideBySide([
          {
            title: 'End-to-end tests (Playwright, Chromium)',
            steps: [
              [
                bin('playwright'),
                ['test', '--config', 'tests/e2e/playwright.config.ts'],
                {
                  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
                  E2E_ARTIFACTS_DIR: e2eArtifacts,
                  E2E_TRACES: 'off',
                  // A second try for a test that fails (decision 065): named below as flaky if it then passes.
                  E2E_RETRIES: '1',
                },
              ],
            ],
          },
        ])
      )[0];
    // The card data scan reads what the end-to-end run's stores left, so it starts as soon as they have
    // stopped, beside the tests of time windows, at the lowest priority (as the static checks).
    const scanned = built
      ? runSideBySide([
          {
            title: 'Card data scan (every store’s log, database and data directory)',
            steps: [
              atLowestPriority([
                bin('tsx'),
                [...TEST_NODE_FLAGS, 'scripts/scan-card-data.ts', '--report', scanReport],
                { E2E_ARTIFACTS_DIR: e2eArtifacts },
              ]),
            ],
          },
        ]).then(([passed]) => passed)
      : Promise.resolve(false);
    return [built, e2e, scanned];
  })(),
  runLive('Unit and integration tests (Vitest)', process.execPath, vitestRun('together', vitestReport)),
]);

const alonePassed = await runLive(
  'The tests that measure time windows (Vitest, alone)',
  process.execPath,
  vitestRun('alone', aloneReport),
);
const [formatted, linted, typed] = await staticChecksPassed;
if (!formatted) fail('Formatting check failed: run `npm run format`.');
if (!linted) fail('Lint failed.');
if (!typed) fail('Type check failed.');
const builtWeb = built;

// Card data is never kept: whatever the tests' outcome, none of the card numbers, CVVs and bank account
// numbers they typed may be in any store's log, database or data directory (the scan started above).
const scanPassed = builtWeb && (await scanned);

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}
/** A Vitest file's tests that failed. */
const failedTestsOf = (file) => (file.assertionResults ?? []).filter((test) => test.status === 'failed');
/** A Vitest file that failed with no test failed: it failed in a hook. */
const failedInHook = (file) => file.status === 'failed' && failedTestsOf(file).length === 0;
/** The two Vitest runs' counts, summed; a file that failed in a hook counts as a failure. */
function vitestCounts(reports) {
  const count = (pick) => reports.reduce((total, report) => total + (report ? pick(report) : 0), 0);
  const hookFailures = (report) => (report.testResults ?? []).filter(failedInHook).length;
  return {
    passed: count((report) => report.numPassedTests ?? 0),
    failed: count((report) => (report.numFailedTests ?? 0) + hookFailures(report)),
    skipped: count((report) => (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)),
    // A run that wrote no report at all (it did not start, or crashed) is one failure, never none.
    missing: reports.filter((report) => report === undefined).length,
  };
}
const vitestReports = [readJson(vitestReport), readJson(aloneReport)];
const vitest = vitestCounts(vitestReports);
const playwright = readJson(playwrightReport);
const scan = readJson(scanReport);
// The scan counts as one test when it ran. A browser test that passed on its second try (flaky) counts as
// passed, and is named and counted apart.
const flaky = playwright?.stats?.flaky ?? 0;
const onASecondTry = flaky > 0 ? ` (${flaky} on a second try)` : '';
const passed = vitest.passed + (playwright?.stats?.expected ?? 0) + flaky + (builtWeb && scanPassed ? 1 : 0);
const failed =
  vitest.failed +
  vitest.missing +
  (playwright?.stats?.unexpected ?? 0) +
  (builtWeb && !scanPassed ? 1 : 0) +
  (builtWeb && playwright === undefined ? 1 : 0);
const skipped = vitest.skipped + (playwright?.stats?.skipped ?? 0);

/** The first line of a failure's message, shortened, without colour codes. */
function firstLine(message) {
  const line =
    stripVTControlCharacters(message ?? '')
      .split('\n')
      .find((text) => text.trim())
      ?.trim() ?? '';
  return line.length > 240 ? `${line.slice(0, 240)}…` : line;
}
/**
 * Every test that failed, and every browser test that passed only on its second try, named, with the first
 * line of its (first) failure: printed on the run's last lines, which are the ones a CI log keeps.
 */
function failedTests() {
  const named = [];
  const flakyNamed = [];
  for (const report of vitestReports) {
    for (const file of report?.testResults ?? []) {
      const where = file.name.replace(root, '');
      for (const test of failedTestsOf(file))
        named.push(`Vitest ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      // Vitest's report keeps no message for a hook that failed in a describe block: its output above does.
      if (failedInHook(file))
        named.push(
          `Vitest ${where} (in a hook): ${firstLine(file.message) || 'no message in the report; see the file above'}`,
        );
    }
  }
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((result) => result.status !== 'passed')?.error?.message;
        (test.status === 'flaky' ? flakyNamed : named).push(
          `Playwright ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`,
        );
      }
    }
  };
  for (const suite of playwright?.suites ?? []) walk(suite, [suite.title]);
  return { named, flakyNamed };
}

const listed = failedTests();
for (const [heading, mark, lines] of [
  ['Passed on a second try (flaky)', '!', listed.flakyNamed],
  ['Failed', '✖', listed.named],
]) {
  if (lines.length === 0) continue;
  console.info(`\n${heading} (${lines.length}):`);
  for (const line of lines.slice(0, 30)) console.info(`  ${mark} ${line}`);
  if (lines.length > 30) console.info(`  … and ${lines.length - 30} more`);
}

const scanSummary = !builtWeb
  ? 'not run'
  : scan === undefined
    ? 'failed (no report)'
    : scan.problems.length > 0
      ? `failed (${scan.problems.length} problems, ${scan.total} hits)`
      : `${scan.total} hits`;
console.info(
  `\nVitest: ${vitest.passed} passed, ${vitest.failed + vitest.missing} failed; ` +
    `Playwright: ${(playwright?.stats?.expected ?? 0) + flaky} passed` +
    `${onASecondTry}, ${playwright?.stats?.unexpected ?? 0} failed; ` +
    `card data scan: ${scanSummary}`,
);
console.info(`tests: ${passed} passed${onASecondTry}, ${failed} failed, ${skipped} skipped`);
process.exit(unitPassed && alonePassed && builtWeb && e2ePassed && scanPassed && failed === 0 ? 0 : 1);
