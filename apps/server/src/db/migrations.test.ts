import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPgliteSnapshot } from '../../../../packages/sandbox-gateway/src/pglite-snapshot';
import { REPOSITORY_ROOT } from '../repository-root';
import { PGLITE_START_PARAMS } from './client';

const FOLDER = join(REPOSITORY_ROOT, 'apps/server/src/db/migrations');
const TAGS = (
  JSON.parse(readFileSync(join(FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
).entries.map((entry) => entry.tag);

/**
 * Applies the migrations from `first` up to, not including, `next` (the journal's tags), statement by
 * statement as the migrator splits them, so that rows can be written between two of them.
 */
async function migrate(client: PGlite, first: number, next: number): Promise<void> {
  for (const tag of TAGS.slice(first, next)) {
    const text = readFileSync(join(FOLDER, `${tag}.sql`), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) {
      if (statement.trim() !== '') await client.exec(statement);
    }
  }
}

/**
 * A store that took payments before migration 0018: its closed attempts said how they ended only in their
 * message. The migration sorts each into the outcome the store now records, once.
 */
describe('migrations 0018 and 0023 on a store with attempts closed before them', () => {
  let client: PGlite;
  const at = TAGS.indexOf('0018_attempt_failure');
  /** Each attempt as an older store closed it: who asked the gateway, its status, code and message. */
  const attempts = {
    declinedOnPage: ['hosted_page', 'declined', '05', 'Do not honor'],
    neverBack: ['hosted_page', 'failed', null, null],
    closedByUpkeep: ['hosted_page', 'failed', null, 'No payment was made for this order'],
    wrongAmount: ['hosted_page', 'failed', '00', 'The amount paid does not match the order total'],
    savedCardDeclined: ['store', 'declined', '51', 'Insufficient funds'],
    answerLostNothingHeld: ['store', 'failed', null, 'No payment was made for this order'],
    answerLostVoided: [
      'store',
      'failed',
      null,
      'The gateway did not answer in time; the authorization was voided',
    ],
    walletRefused: ['store', 'failed', null, 'Google Pay payment failed'],
    stillPending: ['hosted_page', 'pending', null, null],
    paid: ['hosted_page', 'approved', '00', null],
  } as const;

  beforeAll(async () => {
    expect(at).toBeGreaterThan(0);
    // From the kept empty database (the one the tests' templates start from), not a new initdb.
    client = await PGlite.create({
      loadDataDir: await emptyPgliteSnapshot(),
      startParams: PGLITE_START_PARAMS,
    });
    await migrate(client, 0, at);
    let n = 0;
    for (const [name, [authorizedBy, status, respcode, message]] of Object.entries(attempts)) {
      n += 1;
      const orderId = `CC-MIGRATE${String(n).padStart(5, '0')}`;
      await client.query(
        `insert into orders (id, channel, customer_name, subtotal_cents, tax_cents, total_cents)
         values ($1, 'card', $2, 1000, 0, 1000)`,
        [orderId, name],
      );
      await client.query(
        `insert into payment_requests (request_id, order_id, amount_cents, status, message, authorized_by, respcode)
         values (gen_random_uuid(), $1, 1000, $2, $3, $4, $5)`,
        [orderId, status, message, authorizedBy, respcode],
      );
    }
    await migrate(client, at, TAGS.length);
  }, 60_000);
  afterAll(() => client.close());

  it('records how each one ended, as the store records it now', async () => {
    const { rows } = await client.query<{ name: string; failure: string | null; status: string }>(
      `select o.customer_name as name, r.failure, r.status
       from payment_requests r join orders o on o.id = r.order_id order by o.id`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.name, row.failure]))).toEqual({
      declinedOnPage: 'declined',
      neverBack: 'abandoned',
      closedByUpkeep: 'abandoned',
      wrongAmount: 'failed',
      savedCardDeclined: 'declined',
      answerLostNothingHeld: 'not_confirmed',
      answerLostVoided: 'not_confirmed',
      walletRefused: 'failed',
      stillPending: null,
      paid: null,
    });
    // Nothing else of them changed.
    expect(rows.map((row) => row.status)).toEqual(Object.values(attempts).map(([, status]) => status));
  });

  it('holds every attempt to its rule from then on: a closed one says how, an open one does not', async () => {
    const refused = (sql: string) =>
      client.query(sql).then(
        () => 'written',
        (error: { message: string }) => error.message,
      );
    expect(await refused(`update payment_requests set failure = null where status = 'failed'`)).toMatch(
      /payment_requests_failure_with_status/,
    );
    expect(await refused(`update payment_requests set failure = 'declined' where status = 'failed'`)).toMatch(
      /payment_requests_failure_with_status/,
    );
    expect(await refused(`update payment_requests set failure = 'lost' where status = 'declined'`)).toMatch(
      /payment_requests_failure_known/,
    );
    expect(await refused(`update payment_requests set failure = 'failed' where status = 'pending'`)).toMatch(
      /payment_requests_failure_with_status/,
    );
  });

  it('gives older attempts no last 4 (migration 0023), and takes four digits only from then on', async () => {
    const { rows } = await client.query<{ last4: string | null }>('select last4 from payment_requests');
    expect(rows.map((row) => row.last4)).toEqual(Object.keys(attempts).map(() => null));
    const refused = (value: string) =>
      client.query('update payment_requests set last4 = $1', [value]).then(
        () => 'written',
        (error: { message: string }) => error.message,
      );
    for (const value of ['12345', '123', '12a4', '4111111111111111']) {
      expect(await refused(value)).toMatch(/payment_requests_last4_digits/);
    }
    expect(await refused('1038')).toBe('written');
  });
});
