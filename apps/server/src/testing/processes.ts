import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { REPOSITORY_ROOT } from '../repository-root';

export { REPOSITORY_ROOT };
const quiet = process.env.TEST_SERVER_LOGS !== '1';
const STOP_GRACE_MS = 10_000;
/**
 * How long a process may take to answer at its ready path: a store run through tsx compiles its modules as
 * it starts, which takes seconds on an idle machine and can take half a minute on one running the whole
 * test suite beside it.
 */
const START_DEADLINE_MS = 60_000;

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
 * `readyPath` answers. `environment` may depend on the address it will listen at. A compiled entry
 * (`apps/server/dist/main.js`) runs with plain Node, with `nodeArgs` before it.
 */
export async function startChildServer(
  entry: string,
  environment: Record<string, string> | ((url: string) => Record<string, string>),
  readyPath: string,
  options: { captureOutput?: boolean; nodeArgs?: string[] } = {},
): Promise<ChildServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Node itself with tsx as a loader, not the tsx command: that one runs the server in a child of its own,
  // which a SIGKILL sent to it would leave running.
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, ...(options.nodeArgs ?? []), entry], {
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
