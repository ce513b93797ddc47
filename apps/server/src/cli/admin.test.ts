import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, TEST_PUBLIC_URL } from '../testing/test-server';
import { loadConfig } from '../config';
import { createPgliteTestDataDir } from '../db/test-database';
import { compiledEntry, TEST_NODE_FLAGS } from '../testing/processes';
import { startServer } from '../server';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'store-admin-cli-'));

const ADMIN_CLI = 'apps/server/src/cli/admin.ts';

/**
 * `npm run admin -- …` on the embedded database of a store. The first command runs as an operator runs it,
 * through tsx (as Node's loader: one process, where the tsx command starts two); the others run the same
 * script compiled once, as the tests' stores run (testing/processes.ts), which spares each command the
 * loader's compiling of a few hundred modules. Each runs with the tests' Node flags (`TEST_NODE_FLAGS`), as
 * every process the tests start that opens a database.
 */
async function adminCommand(
  args: string[],
  environment: Record<string, string> = {},
  { throughTsx = false } = {},
) {
  const script = throughTsx ? ['--import', 'tsx', ADMIN_CLI] : [await compiledEntry(ADMIN_CLI)];
  try {
    const { stdout, stderr } = await run(process.execPath, [...TEST_NODE_FLAGS, ...script, ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...environment },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run admin', () => {
  // The data directory of a store that has run once: its database made and migrated.
  beforeAll(() => Promise.all([createPgliteTestDataDir(dataDir), compiledEntry(ADMIN_CLI)]));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates an admin, resets a password, and refuses what it cannot do', async () => {
    // The refusals that come before the database is opened run alongside the first command.
    const [created, short, usage] = await Promise.all([
      adminCommand(['create', 'Dana'], { ADMIN_PASSWORD: 'dana-first-password' }, { throughTsx: true }),
      adminCommand(['create', 'lee'], { ADMIN_PASSWORD: 'short' }),
      adminCommand(['delete', 'dana']),
    ]);
    expect(created).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Admin dana created (owner).'),
    });
    expect(created.stdout).not.toContain('dana-first-password');

    const again = await adminCommand(['create', 'dana'], { ADMIN_PASSWORD: 'dana-first-password' });
    expect(again).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('An admin named dana already exists'),
    });
    expect(short.stderr).toContain('ADMIN_PASSWORD must have at least 12 characters');
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run admin') });

    const reset = await adminCommand(['reset-password', 'dana']);
    expect(reset.code).toBe(0);
    const password = /Password: (\S+)/.exec(reset.stdout)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect((await adminCommand(['reset-password', 'nobody'])).stderr).toContain(
      'There is no admin named nobody',
    );

    // Roles: a new admin's, given; a role changed; the only owner kept an owner.
    const clerk = await adminCommand(['create', 'lee', 'clerk'], { ADMIN_PASSWORD: 'lee-first-password' });
    expect(clerk).toMatchObject({ code: 0, stdout: expect.stringContaining('Admin lee created (clerk).') });
    // One at a time: the embedded database opens in one process at a time.
    const demoted = await adminCommand(['set-role', 'dana', 'manager']);
    const promoted = await adminCommand(['set-role', 'lee', 'viewer']);
    expect(demoted).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('The store’s only owner stays an enabled owner'),
    });
    expect(promoted).toMatchObject({ code: 0, stdout: expect.stringContaining('lee is now viewer') });
    // Recovery: a person disabled or locked out is enabled again (and unlocked) from the command line.
    expect(await adminCommand(['enable', 'lee'])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('lee may sign in again (enabled and unlocked).'),
    });
    expect((await adminCommand(['enable', 'nobody'])).stderr).toContain('There is no such staff member');

    const store = await startServer(
      loadConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PUBLIC_URL: TEST_PUBLIC_URL }),
      {
        serveWeb: false,
        logger: false,
      },
    );
    try {
      expect(store.firstAdmin).toBeUndefined();
      expect(
        (await postJson(store.url, '/api/admin/login', { username: 'dana', password: 'dana-first-password' }))
          .status,
      ).toBe(401);
      expect((await postJson(store.url, '/api/admin/login', { username: 'Dana', password })).status).toBe(
        200,
      );
    } finally {
      await store.close();
    }
  }, 120_000);
});
