import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRANSACTIONS_CSV_HEADER, type AuditEvent } from '@store/core';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { createPgliteTestDataDir, createPostgresTestDatabase } from '../../db/test-database';
import { residentMiB } from '../../runs/fuzz';
import { startChildServer, type ChildServer } from '../../testing/processes';
import { seededOrderId, seedSettledPayments } from '../../runs/seed-history';
import { adminCookie, postJson, TEST_ADMIN, TEST_PUBLIC_URL } from '../../testing/test-server';

/**
 * The export of a long history in constant memory: many payments seeded straight into a database of the
 * test's own (PostgreSQL with TEST_DATABASE_URL, else PGlite files in a scratch directory), the store
 * started on it in a process of its own, the whole CSV downloaded while the store's resident memory is read
 * every 50 ms. The client first stops reading for a while (a slow disk, a slow network): a server that
 * ignored backpressure would go on reading pages into memory then.
 *
 * The bounds, as measured at 100,000 payments: the file is ~15.5 MiB. Built whole before sending (the same
 * code, every page read first), the store grew by ~130 MiB on PostgreSQL (~1.3 KiB a row): the rows as
 * objects, then their text. Streamed, it holds one page of rows at a time and grew by ~5 MiB on either
 * database (~10 MiB at 300,000 rows), nearly all of it while the first pages went out, and by 0–3 MiB over
 * the last three quarters of the rows. The second bound is for memory that follows the rows: keeping each
 * page alive while the next one was read made the store grow steadily, by ~70 MiB at 100,000 rows.
 *
 * 40,000 payments by default, where those faults would still cost ~52 and ~28 MiB; CSV_EXPORT_PAYMENTS sets
 * another count (CSV_EXPORT_PAYMENTS=100000 for the case measured above).
 */
const PAYMENTS = Number(process.env.CSV_EXPORT_PAYMENTS ?? 40_000);
/** 40 MiB at 100,000 rows, ~22 MiB at 40,000: a third of what building the file whole would take. */
const MAX_GROWTH_MIB = 10 + (PAYMENTS * 0.3) / 1024;
const MAX_LATE_GROWTH_MIB = 10;
const SAMPLE_EVERY_MS = 50;
const STALL_MS = 2_000;
const postgresUrl = process.env.TEST_DATABASE_URL;

/** Reads a CSV answer line by line as it arrives, holding one chunk at a time. */
async function readLines(
  body: ReadableStream<Uint8Array>,
  onLine: (line: string) => void,
  onFirstChunk: () => Promise<void>,
): Promise<number> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  let rest = '';
  let first = true;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    const lines = (rest + decoder.decode(value, { stream: true })).split('\r\n');
    rest = lines.pop()!;
    for (const line of lines) onLine(line);
    if (first) {
      first = false;
      await onFirstChunk();
    }
  }
  expect(rest).toBe('');
  return bytes;
}

describe('the Transaction History export at scale', () => {
  it(`streams ${PAYMENTS.toLocaleString('en-US')} payments on ${postgresUrl ? 'PostgreSQL' : 'PGlite'} without the store's memory growing with them`, async () => {
    const dataDir = postgresUrl ? undefined : mkdtempSync(join(tmpdir(), 'store-csv-export-'));
    let database: Database | undefined;
    let store: ChildServer | undefined;
    try {
      if (dataDir) await createPgliteTestDataDir(dataDir);
      database = postgresUrl
        ? await createPostgresTestDatabase(postgresUrl)
        : await openDatabase({ dataDir });
      const seedStarted = performance.now();
      await seedSettledPayments(database.sql, PAYMENTS);
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      if (!postgresUrl) {
        // PGlite's files are the store's now: one process at a time.
        await database.close();
        database = undefined;
      }
      store = await startChildServer(
        'apps/server/src/main.ts',
        {
          ...(postgresUrl ? { DATABASE_URL: database!.url! } : { DATA_DIR: dataDir! }),
          PUBLIC_URL: TEST_PUBLIC_URL,
          ADMIN_USERNAME: TEST_ADMIN.username,
          ADMIN_PASSWORD: TEST_ADMIN.password,
          // Its admin moves money without an authenticator app: what is measured here is not sign-in.
          STAFF_SECOND_FACTOR: 'off',
        },
        '/healthz',
      );
      const { url } = store;
      const pid = store.process.pid!;
      const cookie = await adminCookie(url);
      const download = (query = '') =>
        fetch(`${url}/api/admin/transactions.csv${query}`, { headers: { cookie } });
      // Warm up: the route's code loaded and run, a few rows of the history read.
      for (let round = 0; round < 3; round += 1) {
        const warm = await download(`?search=${seededOrderId(1).slice(0, 13)}`);
        expect(linesIn(await warm.text())).toBe(1 + 99);
      }
      // And the database's own cache: a filter that matches none of them walks every payment once. On PGlite,
      // the database lives in the store's process, and its cache filling up is not the export's memory.
      const walked = await postJson(url, '/api/admin/transactions', { status: 'voided' }, { cookie });
      expect(walked.body.transactions).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const before = residentMiB(pid);

      // Each sample with the rows received by then: memory must not follow them.
      const samples: { rows: number; mib: number }[] = [];
      let lines = 0;
      const sample = () => samples.push({ rows: Math.max(0, lines - 1), mib: residentMiB(pid) });
      const sampler = setInterval(sample, SAMPLE_EVERY_MS);
      const started = performance.now();
      let outOfOrder = 0;
      let header = '';
      let bytes = 0;
      try {
        const answer = await download();
        expect(answer.status).toBe(200);
        bytes = await readLines(
          answer.body!,
          (line) => {
            // Payment i is the i-th row: none lost, none repeated, none out of place.
            if (lines === 0) header = line;
            else if (!line.startsWith(`${seededOrderId(lines)},`)) outOfOrder += 1;
            lines += 1;
          },
          () => new Promise((resolve) => setTimeout(resolve, STALL_MS)),
        );
      } finally {
        clearInterval(sampler);
      }
      const seconds = (performance.now() - started) / 1000;
      sample();
      const peakOf = (from: number) =>
        Math.max(...samples.filter((taken) => taken.rows >= from).map((taken) => taken.mib));
      const peak = peakOf(0);
      const growth = peak - before;
      // From a quarter of the rows to the end: what the other three quarters added.
      const quarter = samples.find((taken) => taken.rows >= PAYMENTS / 4)?.mib ?? peak;
      const lateGrowth = peakOf(PAYMENTS / 4) - quarter;

      console.info(
        `CSV export on ${postgresUrl ? 'PostgreSQL' : 'PGlite'}: ${(lines - 1).toLocaleString('en-US')} rows, ` +
          `${(bytes / 1024 / 1024).toFixed(1)} MiB in ${seconds.toFixed(1)} s (with a ${STALL_MS / 1000} s stall); ` +
          `store RSS ${before.toFixed(1)} MiB before, ${peak.toFixed(1)} MiB at the peak, ` +
          `+${growth.toFixed(1)} MiB, +${lateGrowth.toFixed(1)} MiB over the last three quarters of the rows ` +
          `(${samples.length} samples; seeded in ${seedSeconds.toFixed(1)} s)`,
      );
      expect(`${header}\r\n`).toBe(TRANSACTIONS_CSV_HEADER);
      expect(lines).toBe(1 + PAYMENTS);
      expect(outOfOrder).toBe(0);
      expect(growth).toBeLessThan(MAX_GROWTH_MIB);
      expect(lateGrowth).toBeLessThan(MAX_LATE_GROWTH_MIB);

      // The download went through in full: one audit line says so. One cancelled part way is one too.
      const exports = async () =>
        (
          (await postJson(url, '/api/admin/audit-log', { limit: 5 }, { cookie })).body.events as AuditEvent[]
        ).filter((event) => event.action === 'export');
      expect((await exports())[0]).toMatchObject({
        outcome: 'success',
        detail: `transaction history CSV: ${PAYMENTS} rows (status all)`,
      });
      const cancelled = await download();
      const reader = cancelled.body!.getReader();
      await reader.read();
      await reader.cancel();
      let stopped: AuditEvent | undefined;
      for (let attempt = 0; attempt < 100 && stopped?.outcome !== 'failure'; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        stopped = (await exports())[0];
      }
      expect(stopped).toMatchObject({ outcome: 'failure' });
      expect(stopped!.detail).toMatch(/^transaction history CSV stopped after \d+ rows \(status all\)$/);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      await store?.stop();
      await database?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

function linesIn(csv: string): number {
  return csv.split('\r\n').length - 1;
}
