/**
 * Helpers for this package's tests: a database per backend (PGlite always, PostgreSQL when
 * TEST_DATABASE_URL is set), a gateway on a real port, and a client that speaks HTTP as the store does.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import {
  SANDBOX_CREDENTIALS,
  sandboxGatewayPlugin,
  type SandboxGatewayOptions,
  type SqlClient,
} from './index';
import { emptyPgliteSnapshot } from './pglite-snapshot';

export type Backend = 'pglite' | 'postgres';

export const TEST_BACKENDS: readonly Backend[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export const MERCHID = SANDBOX_CREDENTIALS.merchantId;

export interface TestDatabase {
  db: SqlClient;
  close(): Promise<void>;
}

export async function openTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'postgres') {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 10 });
    return { db: pool, close: () => pool.end() };
  }
  const pglite = await PGlite.create({ loadDataDir: await emptyPgliteSnapshot() });
  return { db: pglite, close: () => pglite.close() };
}

/** A clock the tests move by hand. */
class TestClock {
  static readonly START = new Date('2030-06-15T12:00:00.000Z');
  current = TestClock.START;

  readonly now = (): Date => this.current;

  advance(milliseconds: number): void {
    this.current = new Date(this.current.getTime() + milliseconds);
  }

  reset(): void {
    this.current = TestClock.START;
  }
}

export interface RunningGateway {
  app: FastifyInstance;
  /** The gateway's root, e.g. http://127.0.0.1:43121/sandbox */
  baseUrl: string;
  schema: string;
  clock: TestClock;
  /** Every line the server logged. */
  logs: string[];
  close(): Promise<void>;
}

export async function startGateway(
  db: SqlClient,
  options: Partial<SandboxGatewayOptions> = {},
): Promise<RunningGateway> {
  const schema = `sandbox_gateway_test_${randomBytes(6).toString('hex')}`;
  const clock = new TestClock();
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'trace', stream } });
  await app.register(sandboxGatewayPlugin, {
    db,
    schema,
    ...SANDBOX_CREDENTIALS,
    now: clock.now,
    ...options,
    prefix: '/sandbox',
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The gateway has no TCP address');
  return {
    app,
    baseUrl: `http://127.0.0.1:${address.port}/sandbox`,
    schema,
    clock,
    logs,
    async close() {
      await app.close();
      await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    },
  };
}

/** A gateway answer: CardPointe's fields are all strings. */
export type GatewayRecord = Record<string, string | undefined>;

export interface HttpAnswer<T> {
  status: number;
  headers: Headers;
  body: T;
}

export function basicAuthorization(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

const AUTHORIZATION = basicAuthorization(SANDBOX_CREDENTIALS.username, SANDBOX_CREDENTIALS.password);

/** Speaks the gateway's REST and CardSecure APIs over HTTP, as the store's adapter does. */
export class GatewayClient {
  constructor(readonly baseUrl: string) {}

  async send<T = GatewayRecord>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = { authorization: AUTHORIZATION },
  ): Promise<HttpAnswer<T>> {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : undefined) as T,
    };
  }

  async auth(fields: Record<string, unknown>): Promise<GatewayRecord> {
    return this.money('/cardconnect/rest/auth', { merchid: MERCHID, expiry: '1230', ...fields });
  }

  async capture(fields: Record<string, unknown>): Promise<GatewayRecord> {
    return this.money('/cardconnect/rest/capture', { merchid: MERCHID, ...fields });
  }

  async void(fields: Record<string, unknown>): Promise<GatewayRecord> {
    return this.money('/cardconnect/rest/void', { merchid: MERCHID, ...fields });
  }

  async refund(fields: Record<string, unknown>): Promise<GatewayRecord> {
    return this.money('/cardconnect/rest/refund', { merchid: MERCHID, ...fields });
  }

  async inquire(retref: string, merchid: string = MERCHID): Promise<GatewayRecord> {
    return this.ok(await this.send('GET', `/cardconnect/rest/inquire/${retref}/${merchid}`));
  }

  async inquireByOrderid(
    orderid: string,
    merchid: string = MERCHID,
  ): Promise<GatewayRecord[] | GatewayRecord> {
    const path = `/cardconnect/rest/inquireByOrderid/${encodeURIComponent(orderid)}/${merchid}/1`;
    return this.ok(await this.send<GatewayRecord[] | GatewayRecord>('GET', path));
  }

  async tokenize(
    account: string,
    expiry?: string,
  ): Promise<HttpAnswer<GatewayRecord & { errorcode?: number }>> {
    return this.send('POST', '/cardsecure/api/v1/ccn/tokenize', { account, expiry }, {});
  }

  /** Closes the batch now (the sandbox's control call): every capture made so far is settled. */
  async settle(): Promise<{ batchid: string | null; settled: number }> {
    return this.ok(await this.send('POST', '/sandbox-control/settle', {}));
  }

  /** An approved authorization of `amount` on a fresh Visa token. */
  async approvedAuth(amount: string, fields: Record<string, unknown> = {}): Promise<GatewayRecord> {
    const answer = await this.auth({ account: '4111111111111111', amount, ...fields });
    if (answer.respstat !== 'A') throw new Error(`Expected an approval, got ${JSON.stringify(answer)}`);
    return answer;
  }

  private async money(path: string, body: Record<string, unknown>): Promise<GatewayRecord> {
    return this.ok(await this.send('PUT', path, body));
  }

  private ok<T>(answer: HttpAnswer<T>): T {
    if (answer.status !== 200) throw new Error(`HTTP ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }
}

/** Every row of every table in a schema, as JSON text, for searching what was stored. */
export async function dumpSchema(db: SqlClient, schema: string): Promise<string[]> {
  const { rows: tables } = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = $1`,
    [schema],
  );
  const dump: string[] = [];
  for (const { table_name: table } of tables) {
    const { rows } = await db.query<{ row: string }>(
      `SELECT row_to_json(t)::text AS row FROM "${schema}"."${table}" t`,
    );
    dump.push(...rows.map(({ row }) => row));
  }
  return dump;
}

export interface TestGatewayEnvironment {
  database: TestDatabase;
  gateway: RunningGateway;
  client: GatewayClient;
}

/**
 * A database on `backend`, a gateway on it and a client, for one describe block: made before its tests,
 * closed after them. Read the fields inside tests (they are set once the block starts).
 */
export function useTestGateway(
  backend: Backend,
  options: Partial<SandboxGatewayOptions> = {},
): TestGatewayEnvironment {
  const environment = {} as TestGatewayEnvironment;
  beforeAll(async () => {
    environment.database = await openTestDatabase(backend);
    environment.gateway = await startGateway(environment.database.db, options);
    environment.client = new GatewayClient(environment.gateway.baseUrl);
  });
  afterAll(async () => {
    await environment.gateway?.close();
    await environment.database?.close();
  });
  return environment;
}
