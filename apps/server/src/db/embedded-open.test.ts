import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

describe('the embedded database as the store opens it', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'store-embedded-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is created, migrated and opened again with a small buffer cache, and keeps its data', async () => {
    const created = await openDatabase({ dataDir });
    const { rows } = await created.sql.query<{ shared_buffers: string }>('show shared_buffers');
    expect(rows).toEqual([{ shared_buffers: '16MB' }]);
    await created.sql.query(
      "insert into admins (username, password_hash) values ('kept', 'not-a-real-hash')",
    );
    await created.close();

    const reopened = await openDatabase({ dataDir });
    const kept = await reopened.sql.query<{ username: string }>(
      "select username from admins where username = 'kept'",
    );
    expect(kept.rows).toEqual([{ username: 'kept' }]);
    await reopened.close();
  }, 60_000);
});
