// `npm run lighthouse`: Lighthouse on the storefront (`/`) as production serves it. The compiled server
// (`npm start`'s apps/server/dist/main.js, with the built storefront) runs in a process of its own on a
// fresh scratch data folder; Lighthouse drives Debian's Chromium with its defaults (a mid-range phone,
// simulated slow 4G and CPU throttling). Prints the four category scores, the main metrics, the JavaScript
// transferred and every failed audit; writes the whole report to bench-results/lighthouse.json.
// It builds nothing: run `npm run build && npm run build:server` first.
import { spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = join(ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = join(ROOT, 'apps/web/dist/index.html');
const REPORT_PATH = join(ROOT, 'bench-results/lighthouse.json');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const START_TIMEOUT_MS = 60_000;

export interface LighthouseScores {
  url: string;
  /** 0–100 per category, as Lighthouse shows them. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  /** Bytes of JavaScript over the wire (compressed), every script the page loaded. */
  javascriptTransferBytes: number;
  /** Audits of the four categories scored under 0.9 (Lighthouse's own "failed" line), by title. */
  failedAudits: { id: string; title: string; score: number }[];
}

export class LighthouseSetupError extends Error {
  override readonly name = 'LighthouseSetupError';
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The compiled store in its own process, as production runs it, on a data folder of its own. */
async function startStore(log: (line: string) => void) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'store-lighthouse-'));
  const output: string[] = [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'lighthouse-admin',
      ADMIN_PASSWORD: 'lighthouse-admin-password',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  log(`Starting the store at ${url} (data in ${dataDir})…`);
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`The store did not become healthy at ${url}/api/health. Its output:\n${output.join('')}`);
}

function scoreOf(report: LighthouseReport, category: (typeof CATEGORIES)[number]): number {
  return Math.round((report.categories[category]?.score ?? 0) * 100);
}

type LighthouseReport = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function summarise(report: LighthouseReport): LighthouseScores {
  const audit = (id: string) => report.audits[id];
  const numeric = (id: string) => audit(id)?.numericValue ?? Number.NaN;
  // resource-summary's table has one row per kind of resource, with the bytes transferred.
  const resourceRows = (
    audit('resource-summary')?.details as { items?: Record<string, unknown>[] } | undefined
  )?.items;
  const scriptRow = resourceRows?.find((row) => row.resourceType === 'script');
  const failedIds = new Set<string>();
  for (const category of CATEGORIES) {
    for (const ref of report.categories[category]?.auditRefs ?? []) {
      const score = audit(ref.id)?.score;
      if (typeof score === 'number' && score < 0.9) failedIds.add(ref.id);
    }
  }
  return {
    url: report.finalDisplayedUrl,
    performance: scoreOf(report, 'performance'),
    accessibility: scoreOf(report, 'accessibility'),
    bestPractices: scoreOf(report, 'best-practices'),
    seo: scoreOf(report, 'seo'),
    firstContentfulPaintMs: Math.round(numeric('first-contentful-paint')),
    largestContentfulPaintMs: Math.round(numeric('largest-contentful-paint')),
    totalBlockingTimeMs: Math.round(numeric('total-blocking-time')),
    cumulativeLayoutShift: Number(numeric('cumulative-layout-shift').toFixed(3)),
    javascriptTransferBytes:
      typeof scriptRow?.transferSize === 'number' ? scriptRow.transferSize : Number.NaN,
    failedAudits: [...failedIds].map((id) => ({
      id,
      title: audit(id)?.title ?? id,
      score: audit(id)?.score ?? 0,
    })),
  };
}

/**
 * Starts the compiled store, runs Lighthouse on `/`, stops the store. Throws {@link LighthouseSetupError}
 * when the builds are missing. The benchmark (`npm run bench`) calls this for its table.
 */
export async function runLighthouse(
  options: { log?: (line: string) => void } = {},
): Promise<LighthouseScores> {
  const log = options.log ?? ((line: string) => console.info(line));
  if (!existsSync(WEB_INDEX) || !existsSync(SERVER_ENTRY)) {
    throw new LighthouseSetupError(
      `Lighthouse measures the built store, and ${existsSync(WEB_INDEX) ? SERVER_ENTRY : WEB_INDEX} is ` +
        'missing. Build it first: npm run build && npm run build:server',
    );
  }
  if (!existsSync(CHROMIUM)) {
    throw new LighthouseSetupError(
      `No Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROME_PATH)`,
    );
  }
  const store = await startStore(log);
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    const url = `${store.url}/`;
    log(`Running Lighthouse on ${url} (mobile, simulated throttling)…`);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    mkdirSync(dirname(REPORT_PATH), { recursive: true });
    writeFileSync(REPORT_PATH, JSON.stringify(result.lhr, null, 2));
    if (result.lhr.runtimeError) {
      throw new Error(`Lighthouse could not load the page: ${result.lhr.runtimeError.message}`);
    }
    return summarise(result.lhr);
  } finally {
    await chrome?.kill();
    await store.stop();
  }
}

function printScores(scores: LighthouseScores) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.info(`\nLighthouse on ${scores.url} (mobile, simulated throttling)`);
  console.info(`  Performance     ${scores.performance}`);
  console.info(`  Accessibility   ${scores.accessibility}`);
  console.info(`  Best practices  ${scores.bestPractices}`);
  console.info(`  SEO             ${scores.seo}`);
  console.info(`  First Contentful Paint    ${scores.firstContentfulPaintMs} ms`);
  console.info(`  Largest Contentful Paint  ${scores.largestContentfulPaintMs} ms`);
  console.info(`  Total Blocking Time       ${scores.totalBlockingTimeMs} ms`);
  console.info(`  Cumulative Layout Shift   ${scores.cumulativeLayoutShift}`);
  console.info(`  JavaScript transferred    ${kb(scores.javascriptTransferBytes)}`);
  if (scores.failedAudits.length === 0) {
    console.info('  Failed audits: none');
  } else {
    console.info('  Failed audits:');
    for (const audit of scores.failedAudits) {
      console.info(`    - ${audit.title} (${audit.id}, score ${audit.score})`);
    }
  }
  console.info(`Full report: ${REPORT_PATH}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    printScores(await runLighthouse());
  } catch (error) {
    if (error instanceof LighthouseSetupError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}
