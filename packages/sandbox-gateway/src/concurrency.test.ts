import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateSandboxGateway } from './migrate';
import {
  GatewayClient,
  openTestDatabase,
  startGateway,
  type GatewayRecord,
  type RunningGateway,
  type TestDatabase,
} from './test-support';

// Races need several connections: PGlite has one, so these run on PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('money rules under concurrency (postgres)', () => {
  let database: TestDatabase;
  let gateway: RunningGateway;
  let client: GatewayClient;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    gateway = await startGateway(database.db);
    client = new GatewayClient(gateway.baseUrl);
  });

  afterAll(async () => {
    await gateway?.close();
    await database?.close();
  });

  it('never refunds more than was captured when 30 partial refunds race', async () => {
    const auth = await client.approvedAuth('100.00', { capture: 'Y', orderid: 'CC-RACE00000001' });
    await client.settle();
    const refunds = await Promise.all(
      Array.from({ length: 30 }, () => client.refund({ retref: auth.retref, amount: '7.00' })),
    );
    const approved = refunds.filter((refund) => refund.respstat === 'A');
    const refused = refunds.filter((refund) => refund.respstat !== 'A');
    // $100.00 holds fourteen refunds of $7.00; the fifteenth would make $105.00.
    expect(approved).toHaveLength(14);
    expect(refused.every((refund) => refund.respcode === '43')).toBe(true);
    expect(new Set(approved.map((refund) => refund.retref)).size).toBe(14);

    const inquiry = await client.inquire(auth.retref!);
    expect(inquiry).toMatchObject({ capturedamount: '100.00', refundedamount: '98.00', refundable: 'Y' });
    // One row for the authorization, one for each refund that went through.
    const records = (await client.inquireByOrderid('CC-RACE00000001')) as GatewayRecord[];
    expect(records.filter((record) => record.setlstat === 'Refunded')).toHaveLength(14);
  });

  it('never refunds more than was captured when 30 refunds of the rest race', async () => {
    const auth = await client.approvedAuth('50.00', { capture: 'Y' });
    await client.settle();
    const refunds = await Promise.all(
      Array.from({ length: 30 }, () => client.refund({ retref: auth.retref })),
    );
    expect(refunds.filter((refund) => refund.respstat === 'A')).toHaveLength(1);
    expect(await client.inquire(auth.retref!)).toMatchObject({ refundedamount: '50.00', refundable: 'N' });
  });

  it('captures an authorization once when 10 captures race', async () => {
    const auth = await client.approvedAuth('20.00');
    const captures = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        client.capture({ retref: auth.retref, amount: `${10 + index}.00` }),
      ),
    );
    const approved = captures.filter((capture) => capture.respstat === 'A');
    expect(approved).toHaveLength(1);
    expect((await client.inquire(auth.retref!)).capturedamount).toBe(approved[0]?.amount);
  });

  it('migrates when four servers start at once on a database that has no sandbox yet', async () => {
    // Each round a schema of its own, as on a fresh database: before, about one start in five failed with
    // "relation already exists" or "type already exists".
    for (let round = 0; round < 12; round += 1) {
      const schema = `sandbox_first_start_${round}`;
      await database.db.query(`drop schema if exists "${schema}" cascade`);
      // Four servers: four clients of the one database.
      const starts = await Promise.allSettled(
        Array.from({ length: 4 }, () =>
          migrateSandboxGateway({ query: (text, params) => database.db.query(text, params) }, schema),
        ),
      );
      expect(starts.filter((start) => start.status === 'rejected')).toEqual([]);
      const { rows } = await database.db.query<{ tables: number }>(
        'select count(*)::int as tables from information_schema.tables where table_schema = $1',
        [schema],
      );
      expect(rows[0]!.tables).toBeGreaterThan(5);
      await database.db.query(`drop schema "${schema}" cascade`);
    }
  });
});
