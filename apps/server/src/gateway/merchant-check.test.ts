import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SANDBOX_CREDENTIALS } from '@store/sandbox-gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, REPOSITORY_ROOT, startChildServer, type ChildServer } from '../testing/processes';
import { TEST_ADMIN, TEST_PUBLIC_URL } from '../testing/test-server';

const STORE_ENTRY = 'apps/server/src/main.ts';

/**
 * The store started against the standalone sandbox gateway, as against CardPointe (GATEWAY=cardpointe): it
 * asks inquireMerchant once, and refuses to start on credentials or a merchant id the gateway refuses.
 */
describe('the merchant account checked at start, against the standalone sandbox', () => {
  let gateway: ChildServer;
  let dataDir: string;

  const storeEnvironment = (overrides: Record<string, string> = {}) => ({
    DATA_DIR: path.join(dataDir, `store-${Math.random().toString(36).slice(2)}`),
    PUBLIC_URL: TEST_PUBLIC_URL,
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    GATEWAY: 'cardpointe',
    CARDPOINTE_URL: gateway.url,
    CARDPOINTE_HPP_URL: `${gateway.url}/hpp`,
    CARDPOINTE_MERCHANT_ID: SANDBOX_CREDENTIALS.merchantId,
    CARDPOINTE_USERNAME: SANDBOX_CREDENTIALS.username,
    CARDPOINTE_PASSWORD: SANDBOX_CREDENTIALS.password,
    GATEWAY_TIMEOUT_MS: '3000',
    ...overrides,
  });

  /** Runs the store until it exits on its own: its exit code and everything it wrote. */
  async function runUntilExit(
    environment: Record<string, string>,
  ): Promise<{ code: number | null; output: string }> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', STORE_ENTRY], {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', ...environment, PORT: String(port) },
      stdio: 'pipe',
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
    return { code, output: Buffer.concat(chunks).toString('utf8') };
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'merchant-check-'));
    gateway = await startChildServer(
      'packages/sandbox-gateway/src/main.ts',
      { DATA_DIR: path.join(dataDir, 'gateway'), DATABASE_URL: '' },
      '/cardconnect/rest',
    );
  }, 120_000);

  afterAll(async () => {
    await gateway?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('refuses to start with a wrong API password, naming the settings to check', async () => {
    const { code, output } = await runUntilExit(
      storeEnvironment({ CARDPOINTE_PASSWORD: 'not-the-password' }),
    );
    expect(code).toBe(2);
    expect(output).toContain(`refused the API credentials for merchant ${SANDBOX_CREDENTIALS.merchantId}`);
    expect(output).toContain('Check CARDPOINTE_USERNAME and CARDPOINTE_PASSWORD');
    expect(output).not.toContain('not-the-password');
  }, 90_000);

  it('refuses to start with a merchant id the gateway does not know', async () => {
    const { code, output } = await runUntilExit(storeEnvironment({ CARDPOINTE_MERCHANT_ID: '800000000999' }));
    expect(code).toBe(2);
    expect(output).toContain('does not know merchant 800000000999');
    expect(output).toContain('Check CARDPOINTE_MERCHANT_ID');
  }, 90_000);

  it('starts with the right settings, and when the gateway cannot be reached at all', async () => {
    const right = await startChildServer(STORE_ENTRY, storeEnvironment({ DATABASE_URL: '' }), '/readyz');
    try {
      expect((await fetch(`${right.url}/readyz`)).status).toBe(200);
    } finally {
      await right.stop();
    }
    const unreachable = await startChildServer(
      STORE_ENTRY,
      storeEnvironment({
        DATABASE_URL: '',
        CARDPOINTE_URL: 'http://127.0.0.1:9',
        CARDPOINTE_HPP_URL: 'http://127.0.0.1:9/hpp',
      }),
      '/healthz',
      { captureOutput: true },
    );
    try {
      const ready = await fetch(`${unreachable.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ checks: { gateway: 'unavailable' } });
      expect(unreachable.output()).toContain('starting anyway');
    } finally {
      await unreachable.stop();
    }
  }, 120_000);
});
