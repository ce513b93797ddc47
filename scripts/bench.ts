// `npm run bench`: the store measured as production runs it. The compiled server (`npm start`'s) runs in a
// process of its own on a scratch database holding 100,000 payments; load comes from this process with
// autocannon, 50 connections; every figure is read against a bare Fastify route, in a third process,
// answering with the very bytes the store answered, measured in the same run just before. Machines are
// shared and noisy: the ratios are the figures to compare, not the requests per second.
//
// PGlite always; PostgreSQL too with BENCH_DATABASE_URL (or TEST_DATABASE_URL). Every database is a scratch
// one, removed at the end. Settings: BENCH_SECONDS (per measurement, default 10), BENCH_CONNECTIONS (50),
// BENCH_ONLY (lists | capture-all | money-chain | embedded | soak | lighthouse), BENCH_SOAK_MINUTES (30), BENCH_CALLS (list calls whose names contain one of these,
// comma-separated: "history,searched"), BENCH_DATABASES (PGlite,PostgreSQL), BENCH_PAYMENTS (100000),
// BENCH_PROFILE_DIR (a CPU profile of each store process), CAPTURE_ALL_CONCURRENCY (passed to the store). The table is printed and written
// to bench-results/bench-<time>.json and bench-results/latest.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type AutocannonResult } from 'autocannon';
import { createOrderId } from '@store/core';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { createPostgresTestDatabase } from '../apps/server/src/db/test-database';
import { cardPointeStoreEnvironment } from '../apps/server/src/runs/chaos';
import { latencyLink } from '../apps/server/src/runs/latency-link';
import { REPOSITORY_ROOT, startChildServer, type ChildServer } from '../apps/server/src/testing/processes';
import { seedAuthorizedPayments, standaloneSandboxClient } from '../apps/server/src/runs/seed-payments';
import { TEST_ADMIN, TEST_DELIVERY } from '../apps/server/src/testing/test-server';
import {
  reconciliationBench,
  settlementCallsBench,
  type ReconciliationFigure,
  type SettlementCallsFigure,
} from './bench-money-chain';
import { vacuumBench, type VacuumFigure } from './bench-embedded';
import { soakBench, type SoakFigure } from './bench-soak';
import { runLighthouse, type LighthouseScores } from './lighthouse';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const CAPTURE_ALL_COUNT = 1_000;
const GATEWAY_LATENCY_MS = 50;
const only = process.env.BENCH_ONLY;
/** BENCH_CALLS: only the list calls whose names contain one of these (comma-separated, any case). */
const onlyCalls = process.env.BENCH_CALLS?.split(',').map((part) => part.trim().toLowerCase());
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
type Kind = 'PGlite' | 'PostgreSQL';
const kinds: Kind[] = (postgresUrl ? (['PGlite', 'PostgreSQL'] as Kind[]) : (['PGlite'] as Kind[])).filter(
  (kind) => !process.env.BENCH_DATABASES || process.env.BENCH_DATABASES.split(',').includes(kind),
);

interface Figure {
  database: Kind;
  call: string;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  bytes: number;
  bare: { perSecond: number; p50Ms: number; p99Ms: number };
  ratio: number;
}
interface CaptureAllFigure {
  database: Kind;
  payments: number;
  captured: number;
  seconds: number;
  gatewayLatencyMs: number;
  /** CPU the store and the stand-in gateway used meanwhile (the machine's cores are shared). */
  storeCpuSeconds: number | null;
  gatewayCpuSeconds: number | null;
}
const figures: Figure[] = [];
const captureAllFigures: CaptureAllFigure[] = [];
const reconciliationFigures: ReconciliationFigure[] = [];
const settlementCallFigures: SettlementCallsFigure[] = [];
let vacuumFigure: VacuumFigure | undefined;
const soakFigures: SoakFigure[] = [];
let lighthouseScores: LighthouseScores | undefined;

function log(line: string) {
  console.info(line);
}

// ---- The processes ---------------------------------------------------------------------------------------

/** The store as `npm start` runs it: the compiled server, plain Node, production settings. */
/** BENCH_PROFILE_DIR: each store process writes a CPU profile there (open it in Chrome's DevTools). */
const profileDir = process.env.BENCH_PROFILE_DIR;

function startStore(environment: Record<string, string>): Promise<ChildServer> {
  return startChildServer(
    'apps/server/dist/main.js',
    (url) => ({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      // Its admin moves money without an authenticator app: what is measured here is not sign-in.
      STAFF_SECOND_FACTOR: 'off',
      ...environment,
      PUBLIC_URL: url,
      HOST: '127.0.0.1',
    }),
    '/api/health',
    {
      nodeArgs: [...SERVER_NODE_FLAGS, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
    },
  );
}

/** CPU seconds a process has used (Linux), to tell where a run's time went; undefined elsewhere. */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** A process's resident memory and its peak so far, in megabytes (Linux's /proc). */
function residentMemory(pid: number | undefined): { rssMb: number; peakMb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) =>
      Math.round(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1]) / 1024);
    return { rssMb: field('VmRSS'), peakMb: field('VmHWM') };
  } catch {
    return undefined;
  }
}

interface MemoryFigure {
  database: Kind;
  /** After start on the seeded database, before any load; then after every list and checkout was measured. */
  idle?: { rssMb: number; peakMb: number };
  afterLoad?: { rssMb: number; peakMb: number };
}
const memoryFigures: MemoryFigure[] = [];

async function signIn(store: ChildServer): Promise<string> {
  const response = await fetch(`${store.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: store.url },
    body: JSON.stringify({ username: TEST_ADMIN.username, password: TEST_ADMIN.password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

// ---- The databases ---------------------------------------------------------------------------------------

interface ScratchDatabase {
  /** What the store is started with to use it. */
  environment: Record<string, string>;
  /** Open it here (seeding, reading); with PGlite, it must be closed again before the store opens it. */
  open(): Promise<Database>;
  remove(): Promise<void>;
}

async function scratchDatabase(kind: Kind): Promise<ScratchDatabase> {
  if (kind === 'PGlite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'store-bench-'));
    return {
      environment: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openDatabase({ dataDir }),
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await createPostgresTestDatabase(postgresUrl!);
  return {
    environment: { DATABASE_URL: database.url! },
    open: async () => ({ ...database, close: async () => undefined }),
    remove: () => database.close(),
  };
}

/** Customer accounts of the bench's shop: one order in five is a signed-in customer's. */
const CUSTOMERS = 10_000;

/** A made-up surname of 8 letters for seed `g`, the same in the seeding and in the searches. */
const SURNAME_SQL = (seed: string) =>
  `initcap(translate(substr(md5(${seed} || 'name'), 1, 8), '0123456789', 'ghijklmnop'))`;

/**
 * A busy shop's table: `count` card payments over the last days, half awaiting capture and half captured
 * (half of those settled), one captured payment in ten refunded in part and one in fifty in full; one
 * payment in ten has the payment request its shopper returned with (verify-payment reads those). Every order
 * has a contact email and a delivery name (one of 40 first names and a surname nearly its own); one in five
 * belongs to one of 10,000 customer accounts.
 */
async function seedPayments(database: Database, count: number): Promise<void> {
  await database.sql.query(
    `insert into customers (id, name, email, password_hash)
     select md5('customer' || c)::uuid, 'Member ' || ${SURNAME_SQL("'c' || c")},
       'member' || c || '@example.com', 'not-a-hash'
     from generate_series(1, $1::int) c`,
    [CUSTOMERS],
  );
  await database.sql.query(
    `insert into orders (id, channel, customer_name, subtotal_cents, tax_cents, total_cents, contact_email,
       delivery_name, delivery_address, delivery_city, delivery_state, delivery_zip, delivery_country,
       customer_id, created_at)
     select 'CC-' || upper(substr(md5(g::text), 1, 12)), 'card', 'Bench shopper', 6495, 325, 6820,
       lower(first_name) || '.' || lower(surname) || '@example.com', first_name || ' ' || surname,
       '12 Paper Lane', 'Austin', 'TX', '78701', 'US',
       case when g % 5 = 0 then md5('customer' || ((g / 5) % $2::int + 1))::uuid end,
       now() - make_interval(secs => g * 3)
     from generate_series(1, $1::int) g,
       lateral (select (array['Ada','Grace','Alan','Edsger','Barbara','Donald','Frances','John','Margaret',
         'Ken','Dennis','Radia','Tim','Hedy','Katherine','Niklaus','Leslie','Shafi','Sophie','Linus','Guido',
         'Anita','Jean','Evelyn','Mary','Karen','Robin','Marvin','Claude','Alonzo','Kurt','Emmy','Sofia',
         'Ida','Lynn','Carol','Joan','Adele','Betty','Kathleen'])[g % 40 + 1] as first_name,
         ${SURNAME_SQL('g::text')} as surname) names`,
    [count, CUSTOMERS],
  );
  await database.sql.query(
    `insert into payment_requests (request_id, order_id, amount_cents, status, created_at, verified_at)
     select gen_random_uuid(), 'CC-' || upper(substr(md5(g::text), 1, 12)), 6820, 'approved',
       now() - make_interval(secs => g * 3), now() - make_interval(secs => g * 3)
     from generate_series(1, $1::int) g where g % 10 = 3`,
    [count],
  );
  await database.sql.query(
    `insert into payments (order_id, request_id, retref, card_brand, last4, auth_code, authorized_cents,
       captured_cents, refunded_cents, capture_status, authorized_at, captured_at, settled_at, created_at)
     select o.id, r.request_id, (100000000000 + g)::text, case when g % 3 = 0 then 'MC' else 'VISA' end,
       lpad((g % 10000)::text, 4, '0'), 'A1B2C3', 6820,
       case when g % 2 = 0 then 6820 else 0 end,
       case when g % 50 = 0 then 6820 when g % 10 = 0 then 1000 else 0 end,
       case when g % 2 = 1 then 'authorized' when g % 4 = 0 then 'settled' else 'captured' end,
       o.created_at, case when g % 2 = 0 then o.created_at end,
       case when g % 4 = 0 then o.created_at + interval '1 hour' end, o.created_at
     from generate_series(1, $1::int) g
     join orders o on o.id = 'CC-' || upper(substr(md5(g::text), 1, 12))
     left join payment_requests r on r.order_id = o.id`,
    [count],
  );
  await database.sql.query(
    `insert into money_operations (payment_id, kind, amount_cents, status, method, gateway_retref, actor,
       created_at, completed_at)
     select p.id, 'refund', p.refunded_cents, 'succeeded', 'refund', 'R' || p.retref, 'bench',
       p.created_at + interval '2 hours', p.created_at + interval '2 hours'
     from payments p where p.refunded_cents > 0`,
  );
  // As autovacuum leaves a table some time after a busy day's writes: visibility map set, statistics read.
  await database.sql.query('vacuum analyze');
}

// ---- Load --------------------------------------------------------------------------------------------------

interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  admin: boolean;
  /** The request body; a function gives each request its own. */
  body: () => unknown;
}

async function load(url: string, call: Call, headers: Record<string, string>, seconds: number) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: call.method,
        headers,
        setupRequest: (request) => ({
          ...request,
          ...(call.method === 'POST' ? { body: JSON.stringify(call.body()) } : {}),
        }),
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${call.name} at ${url}: ${result.non2xx} answers other than 2xx, ${result.errors} errors, ` +
        `${result.timeouts} timeouts`,
    );
  }
  return { perSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
}

/** How many checkouts a second run while Pending Payments is read (the "lists under writes"). */
const CHECKOUTS_PER_SECOND = [20, 100];

/**
 * Runs `measure` while `checkout` is called `perSecond` times a second from 10 connections (autocannon's
 * fixed rate), and answers the rate reached and its latency.
 */
async function whileCheckingOut(
  store: ChildServer,
  checkout: Call,
  perSecond: number,
  measure: () => Promise<void>,
): Promise<{ perSecond: number; p99Ms: number }> {
  let finished: (error: Error | null, result: AutocannonResult) => void = () => undefined;
  const done = new Promise<AutocannonResult>(
    (resolve, reject) => (finished = (error, result) => (error ? reject(error) : resolve(result))),
  );
  const instance = autocannon(
    {
      url: `${store.url}${checkout.path}`,
      connections: 10,
      overallRate: perSecond,
      duration: 3_600,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: store.url },
          setupRequest: (request) => ({ ...request, body: JSON.stringify(checkout.body()) }),
        },
      ],
    },
    (error, result) => finished(error, result),
  );
  try {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await measure();
  } finally {
    instance.stop();
  }
  const result = await done;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`checkouts meanwhile: ${result.non2xx} answers other than 2xx, ${result.errors} errors`);
  }
  return { perSecond: result.requests.average, p99Ms: result.latency.p99 };
}

/** One call: its answer given to the bare route, then the bare route measured, then the store. */
async function measureCall(kind: Kind, store: ChildServer, bare: ChildServer, cookie: string, call: Call) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    origin: store.url,
    ...(call.admin ? { cookie } : {}),
  };
  const sample = await fetch(`${store.url}${call.path}`, {
    method: call.method,
    headers,
    ...(call.method === 'POST' ? { body: JSON.stringify(call.body()) } : {}),
  });
  const bytes = Buffer.from(await sample.arrayBuffer());
  if (!sample.ok) throw new Error(`${call.name}: HTTP ${sample.status} ${bytes.toString()}`);
  await fetch(`${bare.url}/answers/${encodeURIComponent(call.name)}`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/octet-stream',
      'x-answer-status': String(sample.status),
      'x-answer-type': sample.headers.get('content-type') ?? 'application/json',
    },
    body: bytes,
  });
  const barePath = `${bare.url}/bare/${encodeURIComponent(call.name)}`;
  await load(barePath, call, headers, WARM_UP_SECONDS);
  const bareFigure = await load(barePath, call, headers, SECONDS);
  await load(`${store.url}${call.path}`, call, headers, WARM_UP_SECONDS);
  const storeFigure = await load(`${store.url}${call.path}`, call, headers, SECONDS);
  const figure: Figure = {
    database: kind,
    call: call.name,
    ...storeFigure,
    bytes: bytes.length,
    bare: bareFigure,
    ratio: storeFigure.perSecond / bareFigure.perSecond,
  };
  figures.push(figure);
  log(
    `  ${kind.padEnd(10)} ${call.name.padEnd(34)} ${figure.perSecond.toFixed(0).padStart(6)} req/s ` +
      `(bare ${bareFigure.perSecond.toFixed(0)}) ratio ${figure.ratio.toFixed(3)}  p50 ${figure.p50Ms} ms  ` +
      `p99 ${figure.p99Ms} ms  ${bytes.length} bytes`,
  );
}

/** A shopper's order as the storefront sends it to create-payment: $68.20 of pens and paper. */
function checkoutOrder(storeUrl: string) {
  return {
    amount: 68.2,
    orderId: createOrderId('card'),
    customerName: 'Bench shopper',
    redirectUrl: `${storeUrl}/payment-complete`,
    items: [
      { productId: 'pen-pack-100', quantity: 3 },
      { productId: 'paper-ream-500', quantity: 2 },
    ],
    delivery: TEST_DELIVERY,
  };
}

async function listBench(kind: Kind, bare: ChildServer): Promise<void> {
  log(`\n${kind}: seeding ${PAYMENTS.toLocaleString('en-US')} payments…`);
  const scratch = await scratchDatabase(kind);
  const database = await scratch.open();
  await seedPayments(database, PAYMENTS);
  const { rows: requests } = await database.sql.query<{ request_id: string }>(
    'select request_id from payment_requests order by request_id limit 10000',
  );
  const { rows: searchable } = await database.sql.query<{ order_id: string; delivery_name: string }>(
    `select p.order_id, o.delivery_name from payments p join orders o on o.id = p.order_id
     order by p.created_at desc offset $1 limit 1`,
    [Math.floor(Math.min(5000, PAYMENTS / 2))],
  );
  // A calendar day in Chicago that the seeded history covers in full: two days back.
  const dayInChicago = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(
    new Date(Date.now() - 2 * 24 * 60 * 60 * 1000),
  );
  await database.close();

  const store = await startStore(scratch.environment);
  const memory: MemoryFigure = { database: kind };
  memoryFigures.push(memory);
  try {
    const cookie = await signIn(store);
    // Idle: started, upkeep's first pass over.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    memory.idle = residentMemory(store.process.pid);
    let nextRequest = 0;
    const checkout: Call = {
      name: 'create-payment',
      method: 'POST',
      path: '/api/payment/create-payment',
      admin: false,
      body: () => checkoutOrder(store.url),
    };
    const calls: Call[] = [
      {
        name: 'Pending Payments',
        method: 'POST',
        path: '/api/admin/payments',
        admin: true,
        body: () => ({}),
      },
      { name: 'History', method: 'POST', path: '/api/admin/transactions', admin: true, body: () => ({}) },
      {
        name: 'History, filtered (captured)',
        method: 'POST',
        path: '/api/admin/transactions',
        admin: true,
        body: () => ({ status: 'captured' }),
      },
      {
        // Part of an order id, as an operator types it: a handful of payments match.
        name: 'History, searched (order id)',
        method: 'POST',
        path: '/api/admin/transactions',
        admin: true,
        body: () => ({ search: searchable[0]!.order_id.slice(0, 6).toLowerCase() }),
      },
      {
        // A customer's surname, as an operator types it: one payment matches (the words' index finds it).
        name: 'History, searched (name)',
        method: 'POST',
        path: '/api/admin/transactions',
        admin: true,
        body: () => ({ search: searchable[0]!.delivery_name.split(' ')[1]!.slice(0, 6).toLowerCase() }),
      },
      {
        // An amount every seeded payment has: the search matches all of them, the page is the newest 100.
        name: 'History, searched (amount)',
        method: 'POST',
        path: '/api/admin/transactions',
        admin: true,
        body: () => ({ search: '$68.20' }),
      },
      {
        name: 'History, one day (Chicago)',
        method: 'POST',
        path: '/api/admin/transactions',
        admin: true,
        body: () => ({ from: dayInChicago, to: dayInChicago, timeZone: 'America/Chicago' }),
      },
      {
        // One round trip per request: a call that asks the database the least there is (`select 1`), for each
        // request alone. Calls that share their statements among requests (decision 041) can pass it.
        name: 'health (select 1)',
        method: 'GET',
        path: '/api/health',
        admin: false,
        body: () => ({}),
      },
      {
        // The storefront's catalog (decision 061): kept by the catalog's revision, one small read a request.
        name: 'storefront catalog',
        method: 'GET',
        path: '/api/catalog',
        admin: false,
        body: () => ({}),
      },
      checkout,
      {
        // A shopper's return page asking again (reloaded, or a second tab): answered from the store's record.
        name: 'verify-payment',
        method: 'POST',
        path: '/api/payment/verify-payment',
        admin: false,
        body: () => ({ requestId: requests[nextRequest++ % requests.length]!.request_id }),
      },
    ];
    const chosen = (name: string) =>
      !onlyCalls || onlyCalls.some((part) => name.toLowerCase().includes(part));
    for (const call of calls) {
      if (chosen(call.name)) await measureCall(kind, store, bare, cookie, call);
    }
    // Pending Payments while shoppers check out: every checkout commits, and so gives the list's reads
    // another snapshot (decision 021). Both the bare route and the store are measured while they run.
    for (const perSecond of CHECKOUTS_PER_SECOND) {
      const call = { ...calls[0]!, name: `Pending Payments, ${perSecond} checkouts/s` };
      if (!chosen(call.name)) continue;
      const checkouts = await whileCheckingOut(store, checkout, perSecond, () =>
        measureCall(kind, store, bare, cookie, call),
      );
      log(
        `  ${' '.repeat(10)} (checkouts meanwhile: ${checkouts.perSecond.toFixed(0)} a second, p99 ${checkouts.p99Ms} ms)`,
      );
    }
    memory.afterLoad = residentMemory(store.process.pid);
  } finally {
    await store.stop();
    await scratch.remove();
  }
}

/**
 * Capture All of 1,000 authorizations, the gateway (the sandbox, in its own process) answering each call
 * after 50 ms: timed from the operator's click to the answer.
 */
async function captureAllBench(kind: Kind): Promise<void> {
  const scratch = await scratchDatabase(kind);
  // The gateway stands for CardPointe, whose own speed is not the store's: it keeps its records in
  // PostgreSQL when there is one (a database of its own), whichever database the store runs on.
  const gatewayData = mkdtempSync(join(tmpdir(), 'store-bench-gateway-'));
  const gatewayDatabase = postgresUrl ? await createPostgresTestDatabase(postgresUrl) : undefined;
  const gateway = await startChildServer(
    'packages/sandbox-gateway/src/main.ts',
    gatewayDatabase ? { DATABASE_URL: gatewayDatabase.url! } : { DATA_DIR: gatewayData },
    '/cardconnect/rest/',
  );
  const link = await latencyLink(gateway.url, GATEWAY_LATENCY_MS);
  let store: ChildServer | undefined;
  try {
    const database = await scratch.open();
    const direct = standaloneSandboxClient(gateway.url);
    await seedAuthorizedPayments(database, direct, CAPTURE_ALL_COUNT);
    await database.close();
    const environment = cardPointeStoreEnvironment({
      databaseUrl: scratch.environment.DATABASE_URL ?? '',
      gatewayUrl: link.url,
      gatewayTimeoutMs: 10_000,
      reconcileAfterMs: 60_000,
    });
    store = await startStore({
      ...environment,
      ...scratch.environment,
      ...(process.env.CAPTURE_ALL_CONCURRENCY
        ? { CAPTURE_ALL_CONCURRENCY: process.env.CAPTURE_ALL_CONCURRENCY }
        : {}),
    });
    const cookie = await signIn(store);
    const storeCpu = cpuSeconds(store.process.pid);
    const gatewayCpu = cpuSeconds(gateway.process.pid);
    const started = performance.now();
    const response = await fetch(`${store.url}/api/admin/capture-all`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: store.url, cookie },
      body: '{}',
    });
    const answer = (await response.json()) as { successCount: number };
    const seconds = (performance.now() - started) / 1000;
    const used = (after: number | undefined, before: number | undefined) =>
      after !== undefined && before !== undefined ? Number((after - before).toFixed(2)) : null;
    captureAllFigures.push({
      storeCpuSeconds: used(cpuSeconds(store.process.pid), storeCpu),
      gatewayCpuSeconds: used(cpuSeconds(gateway.process.pid), gatewayCpu),
      database: kind,
      payments: CAPTURE_ALL_COUNT,
      captured: answer.successCount,
      seconds,
      gatewayLatencyMs: GATEWAY_LATENCY_MS,
    });
    log(
      `  ${kind.padEnd(10)} ${answer.successCount} of ${CAPTURE_ALL_COUNT} captured in ${seconds.toFixed(2)} s ` +
        `(one by one: ${((CAPTURE_ALL_COUNT * GATEWAY_LATENCY_MS) / 1000).toFixed(0)} s)`,
    );
  } finally {
    await store?.stop();
    link.close();
    await gateway.stop();
    await gatewayDatabase?.close();
    await scratch.remove();
    rmSync(gatewayData, { recursive: true, force: true });
  }
}

// ---- The run ---------------------------------------------------------------------------------------------

/** The store as it would be deployed: the storefront's production build and the compiled server. */
function build() {
  log('Building the storefront and the server (npm run build, npm run build:server)…');
  for (const step of [
    ['node_modules/vite/bin/vite.js', 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn'],
    ['scripts/build-server.mjs'],
  ]) {
    const built = spawnSync(process.execPath, step, { cwd: REPOSITORY_ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`${step.join(' ')} failed`);
  }
}

function writeResults() {
  const results = {
    at: new Date().toISOString(),
    node: process.version,
    connections: CONNECTIONS,
    secondsPerMeasurement: SECONDS,
    payments: PAYMENTS,
    throughput: figures,
    storeMemory: memoryFigures,
    captureAll: captureAllFigures,
    reconciliation: reconciliationFigures,
    settlementCalls: settlementCallFigures,
    embeddedVacuum: vacuumFigure ?? null,
    soak: soakFigures,
    lighthouse: lighthouseScores ?? null,
  };
  const folder = join(REPOSITORY_ROOT, 'bench-results');
  mkdirSync(folder, { recursive: true });
  const text = `${JSON.stringify(results, null, 2)}\n`;
  writeFileSync(join(folder, `bench-${results.at.replace(/[:.]/g, '-')}.json`), text);
  writeFileSync(join(folder, 'latest.json'), text);
  return join(folder, 'latest.json');
}

function printTable() {
  if (figures.length > 0) {
    log(
      `\nThroughput at ${CONNECTIONS} connections, ${SECONDS} s each, ratio to the bare route (same bytes):`,
    );
    log(
      `  ${'database'.padEnd(10)} ${'call'.padEnd(30)} ${'req/s'.padStart(7)} ${'bare'.padStart(7)} ` +
        `${'ratio'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'bytes'.padStart(7)}`,
    );
    for (const figure of figures) {
      log(
        `  ${figure.database.padEnd(10)} ${figure.call.padEnd(30)} ${figure.perSecond.toFixed(0).padStart(7)} ` +
          `${figure.bare.perSecond.toFixed(0).padStart(7)} ${figure.ratio.toFixed(3).padStart(6)} ` +
          `${String(figure.p50Ms).padStart(7)} ${String(figure.p99Ms).padStart(7)} ${String(figure.bytes).padStart(7)}`,
      );
    }
  }
  if (memoryFigures.length > 0) {
    log("\nThe store process's resident memory (MB; peak so far in brackets):");
    for (const figure of memoryFigures) {
      const shown = (value?: { rssMb: number; peakMb: number }) =>
        value ? `${value.rssMb} (${value.peakMb})` : '?';
      log(
        `  ${figure.database.padEnd(10)} idle after start ${shown(figure.idle)}, after the load ${shown(figure.afterLoad)}`,
      );
    }
  }
  if (captureAllFigures.length > 0) {
    log(`\nCapture All of ${CAPTURE_ALL_COUNT}, gateway answering in ${GATEWAY_LATENCY_MS} ms:`);
    for (const figure of captureAllFigures) {
      log(
        `  ${figure.database.padEnd(10)} ${figure.captured} captured in ${figure.seconds.toFixed(2)} s ` +
          `(CPU: store ${figure.storeCpuSeconds ?? '?'} s, gateway ${figure.gatewayCpuSeconds ?? '?'} s)`,
      );
    }
  }
  if (reconciliationFigures.length > 0) {
    log('\nA funding day reconciled (every line matched to its payment), in the bench process:');
    for (const figure of reconciliationFigures) {
      log(
        `  ${figure.database.padEnd(10)} ${figure.payments} lines in ${figure.seconds.toFixed(2)} s; RSS ` +
          `${figure.rssBeforeMb} MB before, ${figure.rssPeakMb} MB at most; Deposits view's 30 days ${figure.depositDaysMs} ms`,
      );
    }
  }
  if (settlementCallFigures.length > 0) {
    log('\nFollowing settlement for a day (hourly upkeep):');
    for (const figure of settlementCallFigures) {
      log(
        `  ${figure.database.padEnd(10)} ${String(figure.captures).padStart(6)} captures, ${figure.servers} servers, ` +
          `${figure.passes} passes each: ${figure.settlestatCalls} settlestat calls, ${figure.inquireCalls} inquire calls`,
      );
    }
  }
  if (vacuumFigure) {
    const figure = vacuumFigure;
    log(`\nThe embedded database vacuumed and analysed at ${figure.payments} payments, one table at a time:`);
    log(
      `  PGlite     ${figure.tables} tables in ${figure.totalMs} ms; the longest pause ${figure.longestMs} ms (${figure.longestTable})`,
    );
  }
  for (const figure of soakFigures) {
    log(`\nThe store's memory over ${figure.minutes} minutes of mixed load (${figure.database}), MB:`);
    log(
      `  idle ${figure.idleMb}, after 5 minutes ${figure.afterFiveMinutesMb ?? '-'}, at the end ${figure.endMb}, ` +
        `peak ${figure.peakMb}; over the second half ${figure.secondHalfGrowthMb >= 0 ? '+' : ''}${figure.secondHalfGrowthMb}`,
    );
    log(
      `  meanwhile: ${figure.checkouts} checkouts, ${figure.walletPayments} Google Pay payments, ` +
        `${figure.captured} captured by Capture All each minute, ${figure.listReads} list reads`,
    );
  }
  if (lighthouseScores) {
    const scores = lighthouseScores;
    log('\nLighthouse (mobile, simulated throttling) on /:');
    log(
      `  performance ${scores.performance}, accessibility ${scores.accessibility}, best practices ` +
        `${scores.bestPractices}, SEO ${scores.seo}; FCP ${Math.round(scores.firstContentfulPaintMs)} ms, ` +
        `LCP ${Math.round(scores.largestContentfulPaintMs)} ms, TBT ${Math.round(scores.totalBlockingTimeMs)} ms, ` +
        `CLS ${scores.cumulativeLayoutShift}, JavaScript ${(scores.javascriptTransferBytes / 1024).toFixed(1)} KB`,
    );
  }
}

build();
if (!postgresUrl) log('(set BENCH_DATABASE_URL to include PostgreSQL)');
if (!only || only === 'lists') {
  const bare = await startChildServer('scripts/bench-bare-route.mjs', {}, '/bare/none');
  try {
    for (const kind of kinds) await listBench(kind, bare);
  } finally {
    await bare.stop();
  }
}
if (!only || only === 'capture-all') {
  log(`\nCapture All of ${CAPTURE_ALL_COUNT} at ${GATEWAY_LATENCY_MS} ms gateway latency…`);
  for (const kind of kinds) await captureAllBench(kind);
}
if (!only || only === 'money-chain') {
  log(`\nThe money chain: a funding day of ${PAYMENTS} payments reconciled, settlement followed for a day…`);
  for (const kind of kinds) {
    for (const run of [
      (open: () => Promise<Database>) =>
        reconciliationBench(kind, open, PAYMENTS).then((figure) => reconciliationFigures.push(figure)),
      (open: () => Promise<Database>) =>
        settlementCallsBench(kind, open, 1_000).then((figure) => settlementCallFigures.push(figure)),
      (open: () => Promise<Database>) =>
        settlementCallsBench(kind, open, 10_000).then((figure) => settlementCallFigures.push(figure)),
    ]) {
      const scratch = await scratchDatabase(kind);
      try {
        await run(scratch.open);
      } finally {
        await scratch.remove();
      }
    }
  }
}
if (!only || only === 'embedded') {
  log(`\nThe embedded database's vacuum at ${PAYMENTS} payments…`);
  const scratch = await scratchDatabase('PGlite');
  try {
    vacuumFigure = await vacuumBench(scratch.open, PAYMENTS);
  } finally {
    await scratch.remove();
  }
}
if (!only || only === 'lighthouse') {
  log('\nLighthouse on / (the compiled store, PGlite)…');
  lighthouseScores = await runLighthouse({ log: () => undefined });
}
if (!only || only === 'soak') {
  // The embedded default, as the README starts it: its memory is the store process's own (PGlite's heap is in
  // it). On PostgreSQL the store's memory is its own alone, reported by the list bench above.
  const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 30);
  log(`\nThe store's memory over ${minutes} minutes of a shop's mixed load (PGlite, ${PAYMENTS} payments)…`);
  const scratch = await scratchDatabase('PGlite');
  const database = await scratch.open();
  await seedPayments(database, PAYMENTS);
  // The seeded history's authorizations captured: Capture All takes the wallet payments made meanwhile.
  await database.sql.query(
    `update payments set capture_status = 'captured', captured_cents = authorized_cents, captured_at = authorized_at
     where capture_status = 'authorized'`,
  );
  await database.close();
  const store = await startStore(scratch.environment);
  try {
    const cookie = await signIn(store);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    soakFigures.push(
      await soakBench({
        database: 'PGlite',
        store,
        cookie,
        minutes,
        checkoutOrder: () => checkoutOrder(store.url),
        residentMemory: () => residentMemory(store.process.pid),
        log,
      }),
    );
  } finally {
    await store.stop();
    await scratch.remove();
  }
}
printTable();
log(`\nWritten to ${writeResults()}`);
