import { execFile } from 'node:child_process';
import { appendFile, copyFile, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from './repository-root';

/**
 * The floors the lint configuration keeps (.oxlintrc.json), tried with planted code: if a rule were dropped
 * or mistyped, the layers would drift apart without anyone noticing.
 */

/** oxlint, as `npm run lint` runs it, in `folder` (laid out as the repository, with its configuration). */
async function oxlint(folder: string, format: 'json' | 'unix'): Promise<string> {
  return promisify(execFile)(
    join(REPOSITORY_ROOT, 'node_modules/.bin/oxlint'),
    ['-c', '.oxlintrc.json', '--format', format, 'apps'],
    { cwd: folder },
  ).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
}

/** A folder with the repository's lint configuration, for planted code; removed after `use`. */
async function withLintFolder<T>(use: (folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'lint-walls-'));
  try {
    await copyFile(join(REPOSITORY_ROOT, '.oxlintrc.json'), join(folder, '.oxlintrc.json'));
    return await use(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** What oxlint says of `code` planted at `path`: each problem as its rule and what it says to do. */
async function problemsOf(path: string, code: string): Promise<string[]> {
  return withLintFolder(async (folder) => {
    await mkdir(dirname(join(folder, path)), { recursive: true });
    await writeFile(join(folder, path), code);
    const { diagnostics } = JSON.parse(await oxlint(folder, 'json')) as {
      diagnostics: { code: string; message: string; help?: string }[];
    };
    return diagnostics.map(
      ({ code: rule, message, help }) => `${rule.replace(/^.*\((.*)\)$/, '$1')}: ${help ?? message}`,
    );
  });
}

describe('the lint walls between the server layers', () => {
  it('keeps HTTP out of services, the gateway adapter and db/', async () => {
    for (const path of [
      'apps/server/src/services/planted.ts',
      'apps/server/src/gateway/planted.ts',
      'apps/server/src/db/planted.ts',
    ]) {
      expect(
        await problemsOf(
          path,
          "import { ERROR_STATUS } from '../http/errors';\nexport const x = ERROR_STATUS;\n",
        ),
      ).toEqual([expect.stringMatching(/^no-restricted-imports: .*know nothing of HTTP/)]);
    }
    expect(
      await problemsOf(
        'apps/server/src/services/planted.ts',
        "import { registerPaymentRoutes } from '../routes/payment';\nexport const x = registerPaymentRoutes;\n",
      ),
    ).toEqual([expect.stringMatching(/know nothing of HTTP/)]);
  });

  it('keeps the ORM in db/', async () => {
    const orm = "import { sql } from 'drizzle-orm';\nexport const x = sql;\n";
    expect(await problemsOf('apps/server/src/services/planted.ts', orm)).toEqual([
      expect.stringMatching(/Only db\/ imports the ORM/),
    ]);
    expect(await problemsOf('apps/server/src/routes/planted.ts', orm)).toEqual([
      expect.stringMatching(/Only db\/ imports the ORM/),
    ]);
    expect(await problemsOf('apps/server/src/db/planted.ts', orm)).toEqual([]);
  });

  it('keeps the console out of services, where the logger passed in reports', async () => {
    expect(
      await problemsOf('apps/server/src/services/planted.ts', "console.error('lost');\nexport {};\n"),
    ).toEqual([expect.stringMatching(/^no-console: /)]);
  });

  it('keeps the web app/ above features/, components/ and lib/', async () => {
    const planted = (from: string) =>
      `import { AppProviders } from '${from}';\nexport const x = AppProviders;\n`;
    for (const [path, from] of [
      ['apps/web/src/features/storefront/components/planted.tsx', '../../../app/providers'],
      ['apps/web/src/components/ui/planted.tsx', '../../app/providers'],
      ['apps/web/src/lib/planted.ts', '../app/providers'],
    ] as const) {
      expect(await problemsOf(path, planted(from))).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*Only app\/ composes the app/),
      ]);
    }
    expect(
      await problemsOf(
        'apps/web/src/app/planted.tsx',
        "import { useCart } from '../lib/cart/cart-provider';\nexport const x = useCart;\n",
      ),
    ).toEqual([]);
  });

  it('lets routes and http/ use both', async () => {
    expect(
      await problemsOf(
        'apps/server/src/routes/planted.ts',
        "import { AppError } from '../errors';\nimport { ERROR_STATUS } from '../http/errors';\nexport const x = [AppError, ERROR_STATUS];\n",
      ),
    ).toEqual([]);
  });

  it('keeps db/ below the services', async () => {
    expect(
      await problemsOf(
        'apps/server/src/db/planted.ts',
        "import { shipOrder } from '../services/shipping';\nexport const x = shipOrder;\n",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*db\/ sits below the services/)]);
  });

  it('keeps the gateway adapter off db/ and the services', async () => {
    for (const from of ['../db/checkout-store', '../services/shipping']) {
      expect(
        await problemsOf(
          'apps/server/src/gateway/planted.ts',
          `import { x as y } from '${from}';\nexport const x = y;\n`,
        ),
      ).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*The gateway adapter speaks to the gateway only/),
      ]);
    }
    expect(
      await problemsOf(
        'apps/server/src/gateway/planted.ts',
        "import { formatCents } from '@store/core';\nexport const x = formatCents;\n",
      ),
    ).toEqual([]);
  });

  it('keeps request.ip out of the server: the client address is read in one place', async () => {
    expect(
      await problemsOf(
        'apps/server/src/routes/planted.ts',
        'export const address = (request: { ip: string }) => request.ip;\n',
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-properties: Use request\.clientAddress/)]);
  });

  it('keeps the rules of hooks in the web app', async () => {
    expect(
      await problemsOf(
        'apps/web/src/lib/planted.ts',
        "import { useState } from 'react';\nexport function count(on: boolean) {\n  if (on) useState(1);\n}\n",
      ),
    ).toEqual([expect.stringMatching(/^rules-of-hooks: /)]);
  });

  it('refuses a circle of imports', async () => {
    // db/ copied aside, where oxlint is run with the project's configuration.
    await withLintFolder(async (folder) => {
      const db = join(folder, 'apps/server/src/db');
      await cp(join(REPOSITORY_ROOT, 'apps/server/src/db'), db, { recursive: true });
      expect(await oxlint(folder, 'unix')).toBe('');
      // db/client.ts as if it imported the ledger, which imports db/client.ts.
      await appendFile(
        join(db, 'client.ts'),
        "import { lockPayment } from './ledger-store';\nexport const planted = lockPayment;\n",
      );
      expect(await oxlint(folder, 'unix')).toMatch(/client\.ts:\d+:\d+: .*cycle.*import\(no-cycle\)/i);
    });
  });
});
