import { createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import { SANDBOX_CREDENTIALS } from '@store/sandbox-gateway';
import type { Database } from '../db/client';
import { createPostgresTestDatabase } from '../db/test-database';
import { startChildServer, type ChildServer } from './processes';
import { seedAuthorizedPayments, standaloneSandboxClient } from './seed-payments';
import { adminCookie, postJson, TEST_ADMIN, TEST_PUBLIC_URL } from './test-server';

/**
 * Crash consistency, proven: the store on PostgreSQL against the sandbox gateway in its own process, killed
 * with SIGKILL at a random moment while Capture All, partial captures, voids and refunds are running, or
 * left with a gateway that stops answering or answers 500 — then restarted (the gateway answering again),
 * reconciled, and compared payment by payment with the gateway's own records.
 */

export type Fault = 'killed' | 'gateway silent' | 'gateway 500';

/** The gateway behind a proxy that adds latency and, on demand, swallows or spoils its answers. */
export interface FaultyGateway {
  url: string;
  fault: 'none' | 'silent' | '500';
  close(): void;
}

export async function faultyGateway(target: string, latencyMs = 25): Promise<FaultyGateway> {
  const { hostname, port } = new URL(target);
  const held = new Set<ServerResponse>();
  const proxy: FaultyGateway = { url: '', fault: 'none', close: () => undefined };
  const server: Server = createServer((incoming, outgoing) => {
    const fault = proxy.fault;
    setTimeout(() => {
      const forwarded = httpRequest(
        { host: hostname, port, path: incoming.url, method: incoming.method, headers: incoming.headers },
        (answer) => {
          // The gateway did the work in every case: only its answer is lost or spoiled on the way back.
          if (fault === 'silent') {
            answer.resume();
            held.add(outgoing);
            return;
          }
          if (fault === '500') {
            answer.resume();
            outgoing.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
            return;
          }
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.destroy());
      incoming.pipe(forwarded);
    }, latencyMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  proxy.close = () => {
    for (const outgoing of held) outgoing.destroy();
    server.closeAllConnections();
    server.close();
  };
  return proxy;
}

/** The store's settings for a CardPointe gateway at `gatewayUrl` with the sandbox's credentials. */
export function cardPointeStoreEnvironment(options: {
  databaseUrl: string;
  gatewayUrl: string;
  gatewayTimeoutMs: number;
  reconcileAfterMs: number;
}): Record<string, string> {
  return {
    DATABASE_URL: options.databaseUrl,
    PUBLIC_URL: TEST_PUBLIC_URL,
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    GATEWAY: 'cardpointe',
    CARDPOINTE_URL: options.gatewayUrl,
    CARDPOINTE_HPP_URL: `${options.gatewayUrl}/hpp`,
    CARDPOINTE_MERCHANT_ID: SANDBOX_CREDENTIALS.merchantId,
    CARDPOINTE_USERNAME: SANDBOX_CREDENTIALS.username,
    CARDPOINTE_PASSWORD: SANDBOX_CREDENTIALS.password,
    GATEWAY_TIMEOUT_MS: String(options.gatewayTimeoutMs),
    RECONCILE_AFTER_MS: String(options.reconcileAfterMs),
  };
}

export interface RoundReport {
  round: number;
  fault: Fault;
  /** Money calls the operator's console sent before the fault (or the kill). */
  requests: number;
  /** Operations the store had not settled when it was killed or the gateway failed. */
  unconfirmedAtFault: number;
  secondsToConsistent: number;
}

export interface ChaosReport {
  rounds: RoundReport[];
  payments: number;
  stuck: number;
  mismatched: number;
  doubled: number;
  /** Payments with a refund reserved and waiting for the capture to settle. */
  scheduled: number;
  details: string[];
}

/** Three rounds try each fault once; longer runs are mostly kills. */
const FAULTS: Fault[] = ['killed', 'gateway silent', 'gateway 500', 'killed', 'killed'];
const GATEWAY_TIMEOUT_MS = 1_500;
const RECONCILE_AFTER_MS = 2 * GATEWAY_TIMEOUT_MS + 1_000;
const CONSISTENT_WITHIN_MS = RECONCILE_AFTER_MS + 20_000;
const PAYMENTS_PER_ROUND = 24;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function pendingOperations(database: Database): Promise<number> {
  const { rows } = await database.sql.query<{ value: number }>(
    "select count(*)::int as value from money_operations where status = 'pending'",
  );
  return rows[0]?.value ?? 0;
}

/** Compares every payment with the gateway's records of it and of its refunds. */
export async function compareWithGateway(database: Database): Promise<Omit<ChaosReport, 'rounds'>> {
  const { rows } = await database.sql.query<{
    order_id: string;
    capture_status: string;
    captured_cents: number;
    refunded_cents: number;
    gateway_captured_cents: number;
    gateway_voided: boolean;
    gateway_refunded_cents: number;
    gateway_refunds: number;
    store_captures: number;
    store_refunds: number;
    store_pending: number;
    store_scheduled_cents: number;
  }>(
    `select p.order_id, p.capture_status, p.captured_cents, p.refunded_cents,
       g.captured_cents as gateway_captured_cents, g.voided_at is not null as gateway_voided,
       coalesce(r.cents, 0)::int as gateway_refunded_cents, coalesce(r.count, 0)::int as gateway_refunds,
       (select count(*)::int from money_operations o
         where o.payment_id = p.id and o.kind = 'capture' and o.status = 'succeeded') as store_captures,
       (select count(*)::int from money_operations o
         where o.payment_id = p.id and o.kind = 'refund' and o.status = 'succeeded') as store_refunds,
       (select count(*)::int from money_operations o
         where o.payment_id = p.id and o.status = 'pending') as store_pending,
       (select coalesce(sum(o.amount_cents), 0)::int from money_operations o
         where o.payment_id = p.id and o.status = 'scheduled') as store_scheduled_cents
     from payments p
     join sandbox_gateway.transactions g on g.retref = p.retref
     left join (
       select parent_retref, sum(amount_cents) as cents, count(*) as count
       from sandbox_gateway.transactions
       where kind = 'refund' and respstat = 'A' and voided_at is null
       group by parent_retref
     ) r on r.parent_retref = p.retref`,
  );
  const details: string[] = [];
  let stuck = 0;
  let mismatched = 0;
  let doubled = 0;
  let scheduled = 0;
  for (const row of rows) {
    // A refund waiting for settlement (one whose request never reached the gateway before the capture
    // settled) is reserved in the store's refunded amount and not yet at the gateway: counted apart.
    if (row.store_scheduled_cents > 0) scheduled += 1;
    if (row.store_pending > 0) {
      stuck += 1;
      details.push(`${row.order_id}: ${row.store_pending} operation(s) still unconfirmed`);
    }
    const voided = row.capture_status === 'voided';
    if (
      row.captured_cents !== row.gateway_captured_cents ||
      voided !== row.gateway_voided ||
      row.refunded_cents - row.store_scheduled_cents !== row.gateway_refunded_cents
    ) {
      mismatched += 1;
      details.push(
        `${row.order_id}: store captured ${row.captured_cents}, refunded ${row.refunded_cents}, ${row.capture_status}; ` +
          `gateway captured ${row.gateway_captured_cents}, refunded ${row.gateway_refunded_cents}, ${row.gateway_voided ? 'voided' : 'not voided'}`,
      );
    }
    if (row.store_captures > 1 || row.store_refunds !== row.gateway_refunds) {
      doubled += 1;
      details.push(
        `${row.order_id}: ${row.store_captures} captures; ${row.store_refunds} refunds in the store, ${row.gateway_refunds} at the gateway`,
      );
    }
  }
  return { payments: rows.length, stuck, mismatched, doubled, scheduled, details };
}

/** The money calls an operator might be making when the fault strikes, in random order and at once. */
async function operatorCalls(store: ChildServer, database: Database, cookie: string): Promise<number> {
  const { rows } = await database.sql.query<{ id: string; capture_status: string; captured_cents: number }>(
    `select id, capture_status, captured_cents - refunded_cents as captured_cents from payments
     where capture_status in ('authorized', 'captured', 'partially_captured')`,
  );
  const calls: Promise<unknown>[] = [];
  const send = (path: string, body: unknown, key: string) =>
    calls.push(
      postJson(store.url, path, body, { cookie, headers: { 'idempotency-key': key } }).catch(() => undefined),
    );
  for (const payment of rows) {
    const pick = Math.random();
    if (payment.capture_status === 'authorized') {
      if (pick < 0.3) {
        send(
          '/api/admin/capture-payment',
          { payment: { paymentId: payment.id, amount: '50.00', originalAmount: '68.20' } },
          `partial-${payment.id}`,
        );
      } else if (pick < 0.45) {
        send('/api/admin/void-payment', { payment: { paymentId: payment.id } }, `void-${payment.id}`);
      }
    } else if (payment.captured_cents >= 500 && pick < 0.6) {
      const key = `refund-${payment.id}-${payment.captured_cents}`;
      send('/api/admin/refund', { transaction: { paymentId: payment.id }, amount: '5.00' }, key);
    }
  }
  send('/api/admin/capture-all', {}, `capture-all-${Date.now()}`);
  return calls.length;
}

/**
 * Runs `rounds` rounds against a fresh database made from `adminDatabaseUrl`: each adds payments, sends
 * the operator's calls, strikes (a SIGKILL at a random moment, or a gateway that stops answering or
 * answers 500), heals, and waits until the store's books are consistent again.
 */
export async function runChaos(options: {
  adminDatabaseUrl: string;
  rounds: number;
  onRound?: (report: RoundReport) => void;
  /** Called with the database once the books have been compared, before it is dropped (tests). */
  inspect?: (database: Database) => Promise<void>;
}): Promise<ChaosReport> {
  const database = await createPostgresTestDatabase(options.adminDatabaseUrl);
  const gateway = await startChildServer(
    'packages/sandbox-gateway/src/main.ts',
    // A merchant that takes refunds of unsettled captures: refunds are sent at once, not scheduled.
    { DATABASE_URL: database.url!, SANDBOX_UNSETTLED_REFUNDS: 'true' },
    '/cardconnect/rest',
  );
  const proxy = await faultyGateway(gateway.url);
  const storeEnvironment = cardPointeStoreEnvironment({
    databaseUrl: database.url!,
    gatewayUrl: proxy.url,
    gatewayTimeoutMs: GATEWAY_TIMEOUT_MS,
    reconcileAfterMs: RECONCILE_AFTER_MS,
  });
  const direct = standaloneSandboxClient(gateway.url);
  let store: ChildServer | undefined;
  const rounds: RoundReport[] = [];
  try {
    store = await startChildServer('apps/server/src/main.ts', storeEnvironment, '/api/health');
    for (let round = 1; round <= options.rounds; round += 1) {
      const fault = FAULTS[(round - 1) % FAULTS.length]!;
      await seedAuthorizedPayments(database, direct, PAYMENTS_PER_ROUND);
      const cookie = await adminCookie(store.url);
      if (fault !== 'killed') proxy.fault = fault === 'gateway silent' ? 'silent' : '500';
      const requests = await operatorCalls(store, database, cookie);
      if (fault === 'killed') {
        // Strike while money calls are in flight: once one is reserved and awaiting the gateway, at a
        // random moment within the next 150 ms.
        const waitUntil = Date.now() + 2_000;
        while ((await pendingOperations(database)) === 0 && Date.now() < waitUntil) await pause(5);
        await pause(Math.random() * 150);
      } else {
        await pause(GATEWAY_TIMEOUT_MS + 500);
      }
      if (fault === 'killed') {
        await store.stop('SIGKILL');
        store = undefined;
      }
      const unconfirmedAtFault = await pendingOperations(database);
      proxy.fault = 'none';
      const healedAt = Date.now();
      store ??= await startChildServer('apps/server/src/main.ts', storeEnvironment, '/api/health');
      while ((await pendingOperations(database)) > 0 && Date.now() - healedAt < CONSISTENT_WITHIN_MS) {
        await pause(200);
      }
      const report = {
        round,
        fault,
        requests,
        unconfirmedAtFault,
        secondsToConsistent: (Date.now() - healedAt) / 1000,
      };
      rounds.push(report);
      options.onRound?.(report);
    }
    // Let any answer still on its way land before the books are compared.
    await pause(GATEWAY_TIMEOUT_MS);
    const report = { rounds, ...(await compareWithGateway(database)) };
    await options.inspect?.(database);
    return report;
  } finally {
    await store?.stop('SIGKILL');
    proxy.close();
    await gateway.stop();
    await database.close();
  }
}
