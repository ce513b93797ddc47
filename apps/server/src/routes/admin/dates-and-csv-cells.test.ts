import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, Orm } from '../../db/client';
import { depositLines } from '../../db/schema';
import type { TestDatabaseKind } from '../../db/test-database';
import {
  authorizedPayment,
  testDatabaseKinds,
  useAdminSession,
  useTestServer,
} from '../../testing/test-server';

/**
 * Dates and CSV cells (decisions 018 and 036): a date that does not exist is a 400 with one message on every
 * route that takes one, whatever the encoding asked for; a download that fails part way fails for the client;
 * and a number in a CSV file is a number, only text being guarded against formulas.
 */

const DATE_MESSAGE = 'Date must be YYYY-MM-DD';
const IMPOSSIBLE_DATES = ['2026-02-30', '2026-13-01', '2025-02-29'];

/** A UTC day `days` before today, YYYY-MM-DD. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

interface RawAnswer {
  status?: number;
  headers?: IncomingHttpHeaders;
  /** The body as sent, decompressed when it says it is gzip. */
  text: string;
  /** Whether the answer arrived whole: false when the connection ended before its end, or before any. */
  complete: boolean;
}

/**
 * A GET with node's own client, which decompresses nothing and hides nothing: a connection cut before the
 * answer or in its middle shows as `complete: false`, and the Content-Encoding is the one sent.
 */
function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const finish = (
      status: number | undefined,
      answerHeaders: IncomingHttpHeaders | undefined,
      complete: boolean,
    ) => {
      const body = Buffer.concat(chunks);
      let text: string;
      try {
        text = answerHeaders?.['content-encoding'] === 'gzip' ? gunzipSync(body).toString() : body.toString();
      } catch {
        text = `(not gzip: ${body.toString()})`;
        complete = false;
      }
      resolve({ status, headers: answerHeaders, text, complete });
    };
    const sent = httpRequest(url, { headers }, (response) => {
      let settled = false;
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (settled) return;
        settled = true;
        finish(response.statusCode, response.headers, response.complete);
      });
      response.on('error', () => {
        if (settled) return;
        settled = true;
        finish(response.statusCode, response.headers, false);
      });
    });
    sent.on('error', () => finish(undefined, undefined, false));
    sent.end();
  });
}

/** An RFC 4180 reader: the cells of each line exactly as a spreadsheet receives them. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') {
        quoted = false;
      } else {
        cell += character;
      }
    } else if (character === '"') {
      quoted = true;
    } else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else {
      cell += character;
    }
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The cells of a CSV file's lines, each as an object keyed by the header's columns. */
function recordsOf(csv: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(csv);
  return rows.map((cells) =>
    Object.fromEntries(header!.map((column, index) => [column, cells[index] ?? ''])),
  );
}

/** Funding days as the gateway reports them, with what came off them negative (decision 036). */
async function insertDeposit(
  database: Database,
  day: string,
  deposit: { fundingId: string; feeCents: number; chargebackCents: number; totalCents: number },
  lines: {
    kind: string;
    retref?: string;
    orderId?: string;
    amountCents: number;
    feeCents: number;
    match?: string;
    achReturnCode?: string;
  }[],
): Promise<void> {
  await database.sql.query(
    `insert into deposits (funding_id, day, currency, net_sales_cents, interchange_fee_cents, service_charge_cents,
       fee_cents, reversal_cents, adjustment_cents, total_funding_cents, read_at)
     values ($1, $2, 'USD', 50000, $3, 0, 0, $4, 0, $5, now())`,
    [deposit.fundingId, day, deposit.feeCents, deposit.chargebackCents, deposit.totalCents],
  );
  for (const line of lines) {
    await database.sql.query(
      `insert into deposit_lines (day, funding_id, kind, retref, order_id, amount_cents, fee_cents, match,
         ach_return_code)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        day,
        deposit.fundingId,
        line.kind,
        line.retref ?? null,
        line.orderId ?? null,
        line.amountCents,
        line.feeCents,
        line.match ?? 'unexpected',
        line.achReturnCode ?? null,
      ],
    );
  }
}

/**
 * The store's database with its ORM refusing to read deposit lines once `readsLeft` reads of them are done:
 * what a database lost in the middle of an export looks like to the code that writes it.
 */
function withLosableDepositLines(kind: TestDatabaseKind, reads: { left: number }): TestDatabaseKind {
  const losable = (orm: Orm): Orm =>
    new Proxy(orm, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property !== 'select' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const builder = (value as (...a: unknown[]) => { from: (table: unknown) => unknown }).apply(
            target,
            args,
          );
          const from = builder.from.bind(builder);
          builder.from = (table: unknown) => {
            if (table === depositLines && reads.left-- <= 0)
              throw new Error('connection to the database lost');
            return from(table);
          };
          return builder;
        };
      },
    });
  return {
    name: kind.name,
    create: async () => {
      const database = await kind.create();
      return { ...database, orm: losable(database.orm) };
    },
  };
}

describe.each(testDatabaseKinds())('dates and CSV cells on $name', (kind) => {
  const reads = { left: Number.POSITIVE_INFINITY };
  const server = useTestServer(withLosableDepositLines(kind, reads));
  const admin = useAdminSession(server);
  let orderId: string;

  const get = (path: string, headers: Record<string, string> = {}) =>
    rawGet(`${server.url}${path}`, { cookie: admin.cookie, ...headers });

  beforeAll(async () => {
    ({ orderId } = await authorizedPayment(server));
    // Two days of deposits: fees, a chargeback and an ACH return taken off, and text a spreadsheet would run.
    await insertDeposit(
      server.database,
      daysAgo(2),
      { fundingId: 'F-2', feeCents: -14864, chargebackCents: -9966, totalCents: 25170 },
      [
        { kind: 'sale', retref: 'r-sale-1', orderId, amountCents: 6820, feeCents: -138 },
        { kind: 'chargeback', retref: 'r-cb-1', orderId, amountCents: -9966, feeCents: -1500 },
        { kind: 'return', retref: '-5', amountCents: -14864, feeCents: 0, achReturnCode: '@R99' },
        {
          kind: 'other',
          retref: '=1+1',
          orderId: '=HYPERLINK("http://evil.example","Click")',
          amountCents: -1,
          feeCents: 0,
        },
      ],
    );
    await insertDeposit(
      server.database,
      daysAgo(3),
      { fundingId: '-F-3', feeCents: -99, chargebackCents: 0, totalCents: 1000 },
      [{ kind: 'refund', retref: 'r-refund-1', amountCents: -2000, feeCents: 0 }],
    );
  });

  describe('a date that does not exist', () => {
    const routes = (date: string) => [
      `/api/admin/deposits?to=${date}`,
      `/api/admin/deposits/${date}`,
      `/api/admin/deposits.csv?to=${date}`,
    ];

    it('is a 400 with its message on the deposits list, a deposit day and the deposits export, gzip or not', async () => {
      for (const date of IMPOSSIBLE_DATES) {
        for (const path of routes(date)) {
          for (const encoding of ['identity', 'gzip']) {
            const answer = await get(path, { 'accept-encoding': encoding });
            const where = `${path} (${encoding})`;
            expect(answer.complete, where).toBe(true);
            expect(answer.status, where).toBe(400);
            expect(answer.headers?.['content-type'], where).toMatch(/^application\/json/);
            expect(answer.headers?.['content-disposition'], where).toBeUndefined();
            expect(JSON.parse(answer.text), where).toEqual({
              status: 'error',
              message: DATE_MESSAGE,
              error: 'invalid',
            });
          }
        }
      }
    });

    it('is refused by the history list and its export too (their own field-named message)', async () => {
      for (const date of IMPOSSIBLE_DATES) {
        for (const field of ['from', 'to']) {
          const listed = await admin.post('/api/admin/transactions', { [field]: date });
          expect(listed.status, `${field}=${date}`).toBe(400);
          const message = `${field === 'from' ? 'From' : 'To'} date must be a date written YYYY-MM-DD`;
          expect(listed.body.message).toBe(message);
          for (const encoding of ['identity', 'gzip']) {
            const exported = await get(`/api/admin/transactions.csv?${field}=${date}`, {
              'accept-encoding': encoding,
            });
            expect(exported.status, `${field}=${date} (${encoding})`).toBe(400);
            expect(JSON.parse(exported.text)).toEqual({ status: 'error', message, error: 'invalid' });
          }
        }
      }
    });

    it('leaves real days alone: 29 February of a leap year is one', async () => {
      for (const path of routes('2024-02-29')) {
        const answer = await get(path);
        expect(answer.status, path).toBe(200);
      }
      expect((await get('/api/admin/money-summary?days=90')).status).toBe(200);
      const listed = await admin.post('/api/admin/transactions', { from: '2024-02-29', to: '2024-02-29' });
      expect(listed.status).toBe(200);
    });
  });

  describe('the deposits export', () => {
    it('writes every amount as a number a spreadsheet adds up, negative ones included', async () => {
      const answer = await get(`/api/admin/deposits.csv?to=${daysAgo(0)}&days=10`);
      expect(answer.status).toBe(200);
      const records = recordsOf(answer.text);
      const deposit = records.find((record) => record['Funding ID'] === 'F-2' && record.Type === 'Deposit')!;
      expect(deposit.Amount).toBe('251.70');
      expect(deposit.Fee).toBe('-148.64');
      const chargeback = records.find((record) => record.Type === 'Chargeback')!;
      expect(chargeback.Amount).toBe('-99.66');
      expect(chargeback.Fee).toBe('-15.00');
      const achReturn = records.find((record) => record.Type === 'ACH return')!;
      expect(achReturn.Amount).toBe('-148.64');
      expect(records.find((record) => record.Type === 'Refund')!.Amount).toBe('-20.00');
      expect(records.find((record) => record.Type === 'Sale')!.Fee).toBe('-1.38');
      expect(records.find((record) => record.Type === 'Other')!.Amount).toBe('-0.01');
      // Every amount cell is a plain number: no apostrophe, no quotes.
      for (const record of records) {
        for (const column of ['Amount', 'Fee', 'Store amount']) {
          expect(record[column], `${column} of ${JSON.stringify(record)}`).toMatch(/^(-?\d+\.\d{2})?$/);
        }
      }
    });

    it('still guards text that a spreadsheet would run: a retref, an order id, a funding id, a code', async () => {
      const answer = await get(`/api/admin/deposits.csv?days=10`);
      const records = recordsOf(answer.text);
      expect(records.find((record) => record.Type === 'ACH return')).toMatchObject({
        Retref: "'-5",
        Note: "'@R99",
      });
      expect(records.find((record) => record.Type === 'Other')).toMatchObject({
        Retref: "'=1+1",
        'Order ID': `'=HYPERLINK("http://evil.example","Click")`,
      });
      expect(records.find((record) => record.Type === 'Refund')!['Funding ID']).toBe("'-F-3");
    });

    it('fails for the client when the database is lost part way, never an error under its headers', async () => {
      // Lost at once: the file's first line is made, nothing has left yet (gzip holds its first bytes back).
      for (const encoding of ['identity', 'gzip']) {
        reads.left = 0;
        const answer = await get('/api/admin/deposits.csv?days=10', { 'accept-encoding': encoding });
        reads.left = Number.POSITIVE_INFINITY;
        expect(answer.complete, encoding).toBe(false);
        expect(answer.text, encoding).not.toContain('FST_ERR');
        if (answer.status !== undefined) {
          expect(answer.status, encoding).toBe(200);
          expect(answer.headers?.['content-type'], encoding).toMatch(/^text\/csv/);
        }
      }
      // And the store goes on answering.
      expect((await get('/api/admin/deposits.csv?days=10')).complete).toBe(true);
    });

    it('fails for the client when the database is lost after much of the file has left: a cut download', async () => {
      // Two days on their own: 3,000 lines, then a day the export cannot read.
      await insertDeposit(
        server.database,
        daysAgo(6),
        { fundingId: 'F-6', feeCents: -1, chargebackCents: 0, totalCents: 1 },
        [],
      );
      await insertDeposit(
        server.database,
        daysAgo(5),
        { fundingId: 'F-5', feeCents: -1, chargebackCents: 0, totalCents: 1 },
        [],
      );
      await server.database.sql.query(
        `insert into deposit_lines (day, funding_id, kind, retref, amount_cents, fee_cents, match)
         select $1, 'F-5', 'sale', 'bulk-' || n, -n, 0, 'unexpected' from generate_series(1, 3000) n`,
        [daysAgo(5)],
      );
      const path = `/api/admin/deposits.csv?to=${daysAgo(5)}&days=2`;
      const whole = await get(path);
      expect(whole.complete).toBe(true);
      // Two deposits and 3,000 lines.
      expect(recordsOf(whole.text)).toHaveLength(3002);
      for (const encoding of ['identity', 'gzip']) {
        // The newer day's deposits, its lines and their count, its one page of lines; then nothing more.
        reads.left = 3;
        const answer = await get(path, { 'accept-encoding': encoding });
        reads.left = Number.POSITIVE_INFINITY;
        expect(answer.status, encoding).toBe(200);
        expect(answer.headers?.['content-type'], encoding).toMatch(/^text\/csv/);
        expect(answer.complete, encoding).toBe(false);
      }
    });
  });
});
