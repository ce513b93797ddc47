import type { SqlClient } from '../db/client';

/** The order id of the `index`th seeded payment (1 is the newest): CC- and twelve digits. */
export function seededOrderId(index: number): string {
  return `CC-${String(index).padStart(12, '0')}`;
}

/**
 * A long Transaction History in seconds: `count` card payments, captured in full and settled, written
 * straight into the tables by the database itself (generate_series), without the gateway. Payment `i` is
 * `seededOrderId(i)`, made `i` milliseconds before the newest one, so the history lists them in order
 * 1, 2, 3… Amounts, brands and last 4 vary. Nothing in them is left for upkeep to do (no open
 * authorization, no capture awaiting settlement), so a store started on them leaves them as they are; with
 * `awaitingSettlement`, they are captured and wait for the gateway's batch instead.
 */
export async function seedSettledPayments(
  sql: SqlClient,
  count: number,
  options: { batchSize?: number; awaitingSettlement?: boolean } = {},
): Promise<void> {
  const batchSize = options.batchSize ?? 20_000;
  const settled = !options.awaitingSettlement;
  const newest = Date.now();
  for (let first = 1; first <= count; first += batchSize) {
    const last = Math.min(count, first + batchSize - 1);
    const series = `generate_series(${first}, ${last}) as g`;
    // From $1.00 to $999.99.
    const cents = '(100 + (g::bigint * 7919) % 99900)::int';
    const at = `(to_timestamp(${newest / 1000}) - g * interval '1 millisecond')`;
    await sql.query(
      `insert into orders (id, channel, customer_name, subtotal_cents, tax_cents, total_cents, created_at)
       select 'CC-' || lpad(g::text, 12, '0'), 'card', 'Guest', ${cents}, 0, ${cents}, ${at} from ${series}`,
    );
    await sql.query(
      `insert into payment_requests (request_id, order_id, amount_cents, status, created_at, verified_at)
       select gen_random_uuid(), 'CC-' || lpad(g::text, 12, '0'), ${cents}, 'approved', ${at}, ${at}
       from ${series}`,
    );
    await sql.query(
      `insert into payments (order_id, request_id, retref, card_brand, last4, auth_code, authorized_cents,
         captured_cents, capture_status, authorized_at, captured_at, settled_at, created_at)
       select r.order_id, r.request_id, 'seed' || lpad(g::text, 12, '0'),
         (array['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER'])[1 + g % 4], lpad((g % 10000)::text, 4, '0'),
         'A' || (g % 100000), ${cents}, ${cents}, ${settled ? "'settled'" : "'captured'"}, ${at}, ${at},
         ${settled ? at : 'null'}, ${at}
       from ${series} join payment_requests r on r.order_id = 'CC-' || lpad(g::text, 12, '0')`,
    );
  }
}
