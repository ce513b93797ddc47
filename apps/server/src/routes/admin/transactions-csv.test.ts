import {
  buildTransactionsCsv,
  createOrderId,
  TRANSACTIONS_CSV_HEADER,
  transactionsCsvFileName,
  type AdminTransaction,
  type AuditEvent,
} from '@store/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTransactionsExport } from '../../services/console/payment-lists';
import {
  adminCookie,
  authorizedPayment,
  settleSandbox,
  testDatabaseKinds,
  useTestServer,
} from '../../testing/test-server';

/** The last two cells of every test order's lines: its contact email and its delivery on one line. */
const DELIVERY_CELLS = ',shopper@example.com,"Pat Shopper, 12 Paper Lane, Austin, TX 78701, United States"';

const CSV_PATH = '/api/admin/transactions.csv';

/** The header and the lines of a CSV answer (CRLF line ends; every line ends with one). */
function linesOf(csv: string): string[] {
  expect(csv.endsWith('\r\n')).toBe(true);
  return csv.slice(0, -2).split('\r\n');
}

describe.each(testDatabaseKinds())('the Transaction History CSV export on $name', (kind) => {
  const server = useTestServer(kind);
  let cookie: string;
  const made: Record<
    'pending' | 'refunded' | 'captured' | 'hostile',
    { orderId: string; paymentId: string }
  > = {} as never;

  const call = (path: string, body: unknown) => server.post(path, body, { cookie });
  const download = (query = '', headers: Record<string, string> = { cookie }) =>
    fetch(`${server.url}${CSV_PATH}${query}`, { headers });

  /** Transaction History as the console lists it: every row, newest first. */
  async function listed(body: Record<string, unknown> = {}): Promise<AdminTransaction[]> {
    const answer = await call('/api/admin/transactions', { limit: 500, ...body });
    expect(answer.status).toBe(200);
    expect(answer.body.nextCursor).toBeNull();
    return answer.body.transactions as AdminTransaction[];
  }

  async function auditEvents(): Promise<AuditEvent[]> {
    return (await call('/api/admin/audit-log', { limit: 20 })).body.events as AuditEvent[];
  }

  beforeAll(async () => {
    cookie = await adminCookie(server.url);
    // A payment awaiting capture, one captured, settled and refunded in part, one captured.
    made.pending = await authorizedPayment(server);
    made.refunded = await authorizedPayment(server);
    made.captured = await authorizedPayment(server);
    await call('/api/admin/capture-payment', { payment: { paymentId: made.refunded.paymentId } });
    await settleSandbox(server);
    const refund = await call('/api/admin/refund', {
      transaction: { paymentId: made.refunded.paymentId },
      amount: 20,
    });
    expect(refund.status).toBe(200);
    await call('/api/admin/capture-payment', {
      payment: { paymentId: made.captured.paymentId, amount: 50.01, originalAmount: 68.2 },
    });
    // No gateway sends a brand like this one, but a spreadsheet must never run what a row holds.
    const orderId = createOrderId('card');
    await server.database.sql.query(
      `insert into orders (id, channel, customer_name, subtotal_cents, tax_cents, total_cents)
       values ($1, 'card', 'Guest', 6495, 325, 6820)`,
      [orderId],
    );
    const { rows } = await server.database.sql.query<{ id: string }>(
      `insert into payments (order_id, retref, card_brand, last4, auth_code, authorized_cents, authorized_at,
         capture_status)
       values ($1, 'csv-hostile-1', '=HYPERLINK("http://evil.example","Click"),+1', '0042', 'A1', 1999, now(),
         'voided')
       returning id`,
      [orderId],
    );
    made.hostile = { orderId, paymentId: rows[0]!.id };
  });

  it('streams the whole history as the file the console used to build, named and typed for a download', async () => {
    const answer = await download();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="${transactionsCsvFileName(new Date())}"`,
    );
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const csv = await answer.text();

    const rows = await listed();
    // Four payments and one refund row; byte for byte what the browser built from the same rows.
    expect(rows).toHaveLength(5);
    expect(csv).toBe(buildTransactionsCsv(rows));

    const lines = linesOf(csv);
    expect(`${lines[0]}\r\n`).toBe(TRANSACTIONS_CSV_HEADER);
    expect(lines).toHaveLength(6);
    const lineOf = (orderId: string, label: string) =>
      lines.filter(
        (line) =>
          line.startsWith(`${orderId},`) &&
          // Then the order's contact and delivery (none for one seeded without them), then the payment's
          // scheduled, taken back and refundable amounts.
          (line.includes(`,${label}${DELIVERY_CELLS},`) || line.includes(`,${label},,,`)),
      );
    expect(lineOf(made.pending.orderId, 'Pending Capture')).toHaveLength(1);
    expect(lineOf(made.captured.orderId, 'Partially Captured')).toEqual([
      expect.stringMatching(/,50\.01,68\.20,,Partially Captured,shopper@example\.com,"Pat Shopper, /),
    ]);
    expect(lineOf(made.refunded.orderId, 'Partial Refund')).toEqual([
      expect.stringMatching(/,68\.20,VISA,1111,.*,captured,false,true,20\.00,/),
    ]);
    expect(lineOf(made.refunded.orderId, 'Demo Refund')).toEqual([
      expect.stringMatching(new RegExp(`,20\\.00,.*,refund,,true,${made.refunded.orderId},`)),
    ]);
    // Formula protection: a leading apostrophe, and the field quoted since it holds a comma and quotes.
    expect(lineOf(made.hostile.orderId, 'Voided')).toEqual([
      expect.stringContaining(
        `${made.hostile.orderId},,19.99,"'=HYPERLINK(""http://evil.example"",""Click""),+1",0042,`,
      ),
    ]);
    // Newest first, as the history lists it.
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(rows.map((row) => row.orderId));
  });

  it('applies the status filter and the order id search as the history does', async () => {
    const refunds = await download('?status=refund');
    const refundCsv = await refunds.text();
    expect(refundCsv).toBe(buildTransactionsCsv(await listed({ status: 'refund' })));
    expect(linesOf(refundCsv)).toHaveLength(2);
    expect(linesOf(refundCsv)[1]!.endsWith(`,Demo Refund${DELIVERY_CELLS},,,`)).toBe(true);

    const pending = await (await download('?status=pending&search=')).text();
    expect(
      linesOf(pending)
        .slice(1)
        .map((line) => line.split(',')[0]),
    ).toEqual([made.pending.orderId]);

    // An order id's start, in lower case and with spaces around it, as an operator types it.
    const search = ` ${made.refunded.orderId.slice(0, 11).toLowerCase()} `;
    const searched = await (await download(`?status=all&search=${encodeURIComponent(search)}`)).text();
    expect(searched).toBe(buildTransactionsCsv(await listed({ search })));
    expect(
      new Set(
        linesOf(searched)
          .slice(1)
          .map((line) => line.split(',')[0]),
      ),
    ).toEqual(new Set([made.refunded.orderId]));
    expect(linesOf(searched)).toHaveLength(3);

    const nothing = await download('?search=CC-ZZZZZZZZZZZZ');
    expect(nothing.status).toBe(200);
    expect(await nothing.text()).toBe(TRANSACTIONS_CSV_HEADER);
  });

  it('refuses bad filters with the messages of the history list, in the one error shape', async () => {
    const listedAnswer = await call('/api/admin/transactions', { status: 'lost' });
    const answer = await download('?status=lost');
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('content-disposition')).toBeNull();
    expect(await answer.json()).toEqual({
      status: 'error',
      message: 'Unknown status filter',
      error: 'invalid',
    });
    expect(listedAnswer.body.message).toBe('Unknown status filter');

    const long = await download(`?search=${'C'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(((await long.json()) as { message: string }).message).toBe('Search is too long');

    const twice = await download('?status=all&status=refund');
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as { message: string }).message).toBe('Unknown status filter');
  });

  it('is for a signed-in admin only, checked before the query is read', async () => {
    for (const query of ['', '?status=refund', '?status=lost']) {
      const answer = await download(query, {});
      expect(answer.status, query).toBe(401);
      expect(answer.headers.get('content-disposition')).toBeNull();
      expect(await answer.json()).toEqual({
        status: 'error',
        message: 'Authentication required',
        error: 'unauthorized',
      });
    }
    const forged = await download('', { cookie: 'store_admin_session=not-a-session' });
    expect(forged.status).toBe(401);
    // A HEAD would read the whole history and send none of it: there is none.
    const head = await fetch(`${server.url}${CSV_PATH}`, { method: 'HEAD', headers: { cookie } });
    expect(head.status).toBe(404);
  });

  it('writes one audit line per export, with its filters and the rows it holds', async () => {
    await (await download('?status=refund&search=cc-')).text();
    const [event] = await auditEvents();
    expect(event).toMatchObject({
      actor: 'admin',
      action: 'export',
      orderId: null,
      amount: null,
      outcome: 'success',
      detail: 'transaction history CSV: 1 row (status refund, search "cc-")',
    });
    await (await download()).text();
    expect((await auditEvents())[0]).toMatchObject({
      action: 'export',
      outcome: 'success',
      detail: 'transaction history CSV: 5 rows (status all)',
    });
  });

  it('reads the history a page at a time with the keyset cursor, losing and repeating no row', async () => {
    const whole = await (await download()).text();
    for (const pageSize of [1, 2, 4, 5]) {
      const chunks: string[] = [];
      const csv = await openTransactionsExport(server.database.orm, {
        actor: 'admin',
        demoMode: true,
        pageSize,
      });
      for await (const chunk of csv) chunks.push(chunk);
      expect(chunks.join(''), `pages of ${pageSize}`).toBe(whole);
      // The header, then one chunk per page that holds rows.
      expect(chunks, `pages of ${pageSize}`).toHaveLength(1 + Math.ceil(5 / pageSize));
    }
  });

  it('audits an export stopped part way as a failure, with the rows sent until then', async () => {
    const csv = await openTransactionsExport(server.database.orm, {
      actor: 'admin',
      demoMode: true,
      pageSize: 2,
    });
    expect((await csv.next()).value).toBe(TRANSACTIONS_CSV_HEADER);
    expect(linesOf(String((await csv.next()).value))).toHaveLength(2);
    // The client went away: the stream ends the generator.
    await csv.return();
    expect((await auditEvents())[0]).toMatchObject({
      action: 'export',
      outcome: 'failure',
      detail: 'transaction history CSV stopped after 2 rows (status all)',
    });
  });
});
