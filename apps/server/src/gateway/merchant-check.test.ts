import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SANDBOX_CREDENTIALS } from '@store/sandbox-gateway';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../config';
import { createPgliteTestDatabase, createPgliteTestDataDir } from '../db/test-database';
import { freePort, REPOSITORY_ROOT, TEST_NODE_FLAGS } from '../testing/processes';
import {
  sandboxAsCardPointe,
  startStandaloneSandbox,
  type StandaloneSandbox,
} from '../testing/standalone-sandbox';
import { startTestServer, TEST_ADMIN, TEST_PUBLIC_URL, type TestServer } from '../testing/test-server';

/**
 * The store started against the standalone sandbox gateway, as against CardPointe (GATEWAY=cardpointe): it
 * asks inquireMerchant once, and refuses to start on credentials or a merchant id the gateway refuses.
 * The refusals are read from the start-up in this process; one run of the real process shows that such a
 * refusal ends it, with its message.
 */
describe('the merchant account checked at start, against the standalone sandbox', () => {
  let gateway: StandaloneSandbox;

  beforeAll(async () => {
    gateway = await startStandaloneSandbox();
  });
  afterAll(async () => {
    await gateway?.close();
  });

  const storeEnvironment = (overrides: Record<string, string> = {}) => ({
    ...sandboxAsCardPointe(gateway.url),
    GATEWAY_TIMEOUT_MS: '3000',
    ...overrides,
  });

  /** Starts the store in this process on a fresh database: the running store, or why it would not start. */
  async function startStore(overrides: Record<string, string> = {}): Promise<TestServer> {
    const database = await createPgliteTestDatabase();
    try {
      return await startTestServer(database, storeEnvironment(overrides));
    } catch (error) {
      await database.close();
      throw error;
    }
  }

  async function refusal(overrides: Record<string, string>): Promise<ConfigError> {
    const error: unknown = await startStore(overrides).then(
      async (started) => {
        await started.close();
        await started.database.close();
      },
      (refused: unknown) => refused,
    );
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }

  it('refuses to start with a wrong API password, naming the settings to check', async () => {
    const { message } = await refusal({ CARDPOINTE_PASSWORD: 'not-the-password' });
    expect(message).toContain(`refused the API credentials for merchant ${SANDBOX_CREDENTIALS.merchantId}`);
    expect(message).toContain('Check CARDPOINTE_USERNAME and CARDPOINTE_PASSWORD');
    expect(message).not.toContain('not-the-password');
  });

  it('refuses to start with a merchant id the gateway does not know', async () => {
    const { message } = await refusal({ CARDPOINTE_MERCHANT_ID: '800000000999' });
    expect(message).toContain('does not know merchant 800000000999');
    expect(message).toContain('Check CARDPOINTE_MERCHANT_ID');
  });

  it('starts with the right settings, and when the gateway cannot be reached at all', async () => {
    const right = await startStore();
    try {
      expect((await fetch(`${right.url}/readyz`)).status).toBe(200);
    } finally {
      await right.close();
      await right.database.close();
    }
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const unreachable = await startStore({
        CARDPOINTE_URL: 'http://127.0.0.1:9',
        CARDPOINTE_HPP_URL: 'http://127.0.0.1:9/hpp',
      });
      try {
        const ready = await fetch(`${unreachable.url}/readyz`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({ checks: { gateway: 'unavailable' } });
        expect(warn.mock.calls.join('\n')).toContain('starting anyway');
      } finally {
        await unreachable.close();
        await unreachable.database.close();
      }
    } finally {
      warn.mockRestore();
    }
  });

  it('ends the real process on a refusal, with the message and exit code 2', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'merchant-check-'));
    try {
      await createPgliteTestDataDir(dataDir);
      const child = spawn(
        process.execPath,
        [...TEST_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'],
        {
          cwd: REPOSITORY_ROOT,
          env: {
            ...process.env,
            LOG_LEVEL: 'silent',
            DATABASE_URL: '',
            DATA_DIR: dataDir,
            PUBLIC_URL: TEST_PUBLIC_URL,
            ADMIN_USERNAME: TEST_ADMIN.username,
            ADMIN_PASSWORD: TEST_ADMIN.password,
            ...storeEnvironment({ CARDPOINTE_PASSWORD: 'not-the-password' }),
            PORT: String(await freePort()),
          },
          stdio: 'pipe',
        },
      );
      const chunks: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      clearTimeout(timer);
      const output = Buffer.concat(chunks).toString('utf8');
      expect(code).toBe(2);
      expect(output).toContain(`refused the API credentials for merchant ${SANDBOX_CREDENTIALS.merchantId}`);
      expect(output).toContain('Check CARDPOINTE_USERNAME and CARDPOINTE_PASSWORD');
      expect(output).not.toContain('not-the-password');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
