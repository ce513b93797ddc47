import { createOrderId, type CartLine, type OrderDelivery } from '@store/core';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { createPgliteTestDatabase, testDatabaseKinds, type TestDatabaseKind } from '../db/test-database';
import type { LogDestination } from '../http/request-log';
import { startServer, type RunningServer } from '../server';
import { startChildServer, type ChildServer } from './processes';

export { testDatabaseKinds };

/** For the tests that need no PostgreSQL run (nothing in them depends on the database's kind). */
export const PGLITE: TestDatabaseKind = { name: 'PGlite', create: createPgliteTestDatabase };

export const TEST_PUBLIC_URL = 'http://127.0.0.1:3999';
export const TEST_ADMIN = { username: 'admin', password: 'test-admin-password' };

/** How the store is started: without its upkeep; its log (at LOG_LEVEL) written to a destination. */
export interface TestServerOptions {
  upkeep?: boolean;
  logger?: LogDestination;
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

export interface TestServer extends RunningServer {
  database: Database;
  config: Config;
  /** POSTs JSON (or a raw string body) and returns the status and the parsed answer. */
  post(
    path: string,
    body: unknown,
    options?: { cookie?: string; headers?: Record<string, string> },
  ): Promise<Answer>;
}

export async function postJson(
  baseUrl: string,
  path: string,
  body: unknown,
  options: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // As the storefront's own pages send it; the store refuses state changes from anywhere else.
      origin: TEST_PUBLIC_URL,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { unparsed: text };
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** The store with its mounted sandbox gateway on a free port and a fresh database, as tests use it. */
export async function startTestServer(
  database: Database,
  environment: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: process.env.TEST_SERVER_LOGS === '1' ? 'error' : 'silent',
    PUBLIC_URL: TEST_PUBLIC_URL,
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    // The test admin moves money with a password only, unless a test sets the policy it checks (the
    // second-factor and passkey tests do): every other test is about something else than sign-in.
    STAFF_SECOND_FACTOR: 'off',
    ...environment,
  });
  const server = await startServer(config, {
    database,
    serveWeb: false,
    logger: process.env.TEST_SERVER_LOGS === '1',
    ...options,
  });
  return {
    ...server,
    database,
    config,
    post: (path, body, options) => postJson(server.url, path, body, options),
  };
}

/**
 * The store on a fresh database of `kind` for one describe block: started before its tests, closed with its
 * database after them. The object is filled in once the block starts: read it inside tests and hooks.
 * `environment` may be a function, read when the store starts (after the block's earlier hooks).
 */
export function useTestServer(
  kind: TestDatabaseKind,
  environment: Record<string, string> | (() => Record<string, string>) = {},
  options: TestServerOptions = {},
): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    const settings = typeof environment === 'function' ? environment() : environment;
    Object.assign(server, await startTestServer(await kind.create(), settings, options));
  });
  afterAll(async () => {
    await server.close?.();
    await server.database?.close();
  });
  return server;
}

export async function countRows(database: Database, table: string): Promise<number> {
  const { rows } = await database.sql.query<{ count: string | number }>(
    `select count(*) as count from ${table}`,
  );
  return Number(rows[0]?.count ?? 0);
}

/** Calls one of the built-in sandbox's control calls with its API credentials; answers its JSON. */
async function sandboxControl(server: TestServer, call: string, body: object = {}): Promise<unknown> {
  const { rows } = await server.database.sql.query<{ username: string; password: string }>(
    'select username, password from sandbox_gateway.api_credentials',
  );
  const { username, password } = rows[0]!;
  const response = await fetch(`${server.url}/sandbox/sandbox-control/${call}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`the sandbox's ${call} failed: HTTP ${response.status}`);
  return response.json();
}

/** Closes the sandbox's batch now: every capture and refund made so far settles. */
export async function settleSandbox(server: TestServer): Promise<{ batchId: string | null }> {
  const { batchid } = (await sandboxControl(server, 'settle')) as { batchid: string | null };
  return { batchId: batchid };
}

/** Moves everything the sandbox has settled `days` back, as if its batches had closed then. */
export async function backdateSandboxSettlement(server: TestServer, days: number): Promise<void> {
  await sandboxControl(server, 'backdate-settlement', { days });
}

/** Signs in as the test admin and returns the session cookie. */
export async function adminCookie(baseUrl: string, credentials = TEST_ADMIN): Promise<string> {
  const answer = await postJson(baseUrl, '/api/admin/login', credentials);
  if (answer.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(answer.body)}`);
  const cookie = answer.headers.get('set-cookie') ?? '';
  return cookie.split(';')[0] ?? '';
}

export interface AdminSession {
  cookie: string;
  /** POSTs as the admin, from the console. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Answer>;
}

/**
 * The test admin signed in to `server` for one describe block, before its tests (after the hooks written
 * before it, `useTestServer`'s among them). Read it inside tests and hooks.
 */
export function useAdminSession(server: TestServer): AdminSession {
  const session: AdminSession = {
    cookie: '',
    post: (path, body, headers) => server.post(path, body, { cookie: session.cookie, headers }),
  };
  beforeAll(async () => {
    session.cookie = await adminCookie(server.url);
  });
  return session;
}

export const THREE_PENS_TWO_REAMS: CartLine[] = [
  { productId: 'pen-pack-100', quantity: 3 },
  { productId: 'paper-ream-500', quantity: 2 },
];

/** A contact and delivery address every test order carries, as the checkout sends them. */
export const TEST_DELIVERY: OrderDelivery = {
  email: 'shopper@example.com',
  address: {
    name: 'Pat Shopper',
    address: '12 Paper Lane',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    country: 'US',
  },
};

/** A shopper's order as the storefront creates it; $68.20 unless other lines are given. */
export async function createOrder(
  server: TestServer,
  items: CartLine[] = THREE_PENS_TWO_REAMS,
  amount = 68.2,
): Promise<{ orderId: string; requestId: string }> {
  const orderId = createOrderId('card');
  const answer = await server.post('/api/payment/create-payment', {
    amount,
    orderId,
    customerName: 'Guest',
    redirectUrl: `${TEST_PUBLIC_URL}/payment-complete`,
    items,
    delivery: TEST_DELIVERY,
  });
  if (answer.status !== 200) throw new Error(`create-payment failed: ${JSON.stringify(answer.body)}`);
  return { orderId, requestId: String(answer.body.requestId) };
}

/** What the hosted payment page does with the card a shopper types: an authorization for the order. */
export async function payOnHostedPage(server: TestServer, orderId: string, card: string, amountCents = 6820) {
  const tokenized = await server.gateway.tokenize({ account: card, expiry: '1230' });
  if (!tokenized.ok) throw new Error(`tokenize failed: ${tokenized.message}`);
  return server.gateway.authorize({
    account: tokenized.value.token,
    expiry: '1230',
    amountCents,
    orderId,
    capture: false,
  });
}

/** A guest payment of $68.20 authorized with the VISA test card and verified: one row in Pending Payments. */
export async function authorizedPayment(server: TestServer): Promise<{ orderId: string; paymentId: string }> {
  const { orderId, requestId } = await createOrder(server);
  await payOnHostedPage(server, orderId, '4111111111111111');
  const verified = await server.post('/api/payment/verify-payment', { requestId });
  if (verified.body.status !== 'success') throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  const { rows } = await server.database.sql.query<{ id: string }>(
    'select id from payments where order_id = $1',
    [orderId],
  );
  return { orderId, paymentId: rows[0]!.id };
}

/** `authorizedPayment`, captured from the console by the admin of `cookie`: in full, or `amount` of $68.20. */
export async function capturedPayment(
  server: TestServer,
  cookie: string,
  amount?: number,
): Promise<{ orderId: string; paymentId: string }> {
  const { orderId, paymentId } = await authorizedPayment(server);
  const payment = amount === undefined ? { paymentId } : { paymentId, originalAmount: 68.2, amount };
  const answer = await server.post('/api/admin/capture-payment', { payment }, { cookie });
  if (answer.status !== 200) throw new Error(`capture failed: ${JSON.stringify(answer.body)}`);
  return { orderId, paymentId };
}

/**
 * A second store process on `server`'s PostgreSQL database for one describe block (after the hooks written
 * before it): what two servers behind a load balancer do at once. Its admin moves money without an
 * authenticator app, as the test admin does. Read `url` inside tests and hooks.
 */
export function useSecondServer(
  server: TestServer,
  environment: Record<string, string> = {},
): { url: string } {
  const second = { url: '' };
  let child: ChildServer | undefined;
  beforeAll(async () => {
    child = await startChildServer(
      'apps/server/src/main.ts',
      {
        DATABASE_URL: server.database.url!,
        PUBLIC_URL: TEST_PUBLIC_URL,
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        STAFF_SECOND_FACTOR: 'off',
        ...environment,
      },
      '/api/health',
    );
    second.url = child.url;
  }, 60_000);
  afterAll(async () => {
    await child?.stop();
  });
  return second;
}
