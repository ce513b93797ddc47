import { spawn, type ChildProcess } from 'node:child_process';
import { rename } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { bundleEntry } from '../../../../scripts/server-bundle.mjs';
import { TEST_NODE_FLAGS } from '../../../../scripts/test-node-flags.mjs';
import { REPOSITORY_ROOT } from '../repository-root';

export { REPOSITORY_ROOT, TEST_NODE_FLAGS };
const quiet = process.env.TEST_SERVER_LOGS !== '1';
const STOP_GRACE_MS = 10_000;
/**
 * How long a process may take to answer at its ready path: a store opens its database and starts its
 * schedules in a few seconds on an idle machine, half a minute on one running the whole test suite beside
 * it, and more than a minute on one whose memory is slow to come by as well (decision 071).
 */
const START_DEADLINE_MS = 120_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const compiled = new Map<string, Promise<string>>();

/**
 * `entry` compiled to one JavaScript file, as production runs the store (scripts/build-server.mjs), made
 * once per test process. Started through a TypeScript loader instead, each store compiled its few hundred
 * modules again as it started: seconds of processor time, and half a minute on a machine running the whole
 * suite, enough to run a set-up out of its time.
 */
export function compiledEntry(entry: string): Promise<string> {
  let bundle = compiled.get(entry);
  if (!bundle) {
    // Beside the entry's own package, whose node_modules hold the packages it imports that npm did not
    // hoist to the repository's.
    const [packageDir, path] = entry.split('/src/') as [string, string];
    const folder = join(REPOSITORY_ROOT, packageDir, 'node_modules/.cache/compiled-entries');
    const outfile = join(folder, `${path.replace(/\.ts$/, '').replace(/[^a-z0-9]+/gi, '-')}.mjs`);
    // Written aside, then renamed: a process starting from it meanwhile never reads half a file.
    const partial = `${outfile}.${process.pid}.mjs`;
    bundle = bundleEntry(entry, partial, { sourcemap: false }).then(async () => {
      await rename(partial, outfile);
      return outfile;
    });
    compiled.set(entry, bundle);
  }
  return bundle;
}

export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** Everything the process wrote, when started with `captureOutput`. */
  output(): string;
  /**
   * Ends the process (SIGTERM, or the signal given) and waits for it to exit; a process still there
   * STOP_GRACE_MS after a gentler signal is killed, so a slow shutdown cannot hold a test run up.
   */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Runs one of the repository's entry points (the store's `apps/server/src/main.ts`, the standalone
 * sandbox gateway) in a process of its own, as `npm start` or `npm run gateway` would, and waits until
 * `readyPath` answers. `environment` may depend on the address it will listen at. The entry runs compiled,
 * with plain Node, the tests' flags (`TEST_NODE_FLAGS`) and `nodeArgs` before it: a TypeScript entry is
 * compiled first, once per test process (`compiledEntry`), an already compiled one
 * (`apps/server/dist/main.js`) as it is.
 */
export async function startChildServer(
  entry: string,
  environment: Record<string, string> | ((url: string) => Record<string, string>),
  readyPath: string,
  options: { captureOutput?: boolean; nodeArgs?: string[] } = {},
): Promise<ChildServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const script = entry.endsWith('.ts') ? await compiledEntry(entry) : entry;
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, ...(options.nodeArgs ?? []), script], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: quiet ? 'silent' : 'error',
      ...(typeof environment === 'function' ? environment(url) : environment),
      PORT: String(port),
    },
    stdio: options.captureOutput ? 'pipe' : quiet ? 'ignore' : 'inherit',
  });
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
  const output = () => Buffer.concat(chunks).toString('utf8');
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    if (signal === 'SIGKILL') return void (await exited);
    const timer = setTimeout(() => {
      console.warn(`${entry} was still running ${STOP_GRACE_MS} ms after ${signal}: killing it`);
      child.kill('SIGKILL');
    }, STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };
  for (const deadline = Date.now() + START_DEADLINE_MS; Date.now() < deadline;) {
    const ready = await fetch(`${url}${readyPath}`).then(
      (response) => response.status < 500,
      () => false,
    );
    if (ready) return { url, process: child, stop, output };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop('SIGKILL');
  throw new Error(`${entry} did not start within ${START_DEADLINE_MS / 1000} s`);
}
