import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import fc from 'fast-check';

/**
 * Fuzzing from the published contract: requests generated from /api/openapi.json (schema-shaped bodies,
 * then broken in every way a hostile client would), sent with no session, a customer's and an admin's.
 * Every answer must be below 500, carry no stack trace, file path or SQL, and every refusal must be the
 * one error shape. fast-check drives it, so a failure is shrunk to a small request and replays by seed.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
};

interface Operation {
  method: string;
  /** As the document writes it, with its parameters in braces: `/api/users/addresses/{id}`. */
  path: string;
  body?: JsonSchema;
  query?: { name: string; schema: JsonSchema }[];
  pathParameters?: { name: string; schema: JsonSchema }[];
}

interface FuzzRequest {
  session: SessionKind;
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body?: string;
}

type SessionKind = 'none' | 'customer' | 'admin';

interface FuzzSessions {
  /** `addressId`: an address of the customer's own, so that calls naming one can get past the lookup. */
  customer: { cookie: string; userId: string; addressId: string };
  admin: { cookie: string };
}

interface FuzzAnswer {
  status: number;
  contentType: string;
  text: string;
}

/** A high surrogate without its low half, or a low one without its high half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Reads the operations the document publishes. */
function operationsOf(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const body = (operation.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content?.['application/json']?.schema;
      const parameters = (operation.parameters ?? []) as { in: string; name: string; schema: JsonSchema }[];
      operations.push({
        method: method.toUpperCase(),
        path,
        body,
        query: parameters.filter((parameter) => parameter.in === 'query'),
        pathParameters: parameters.filter((parameter) => parameter.in === 'path'),
      });
    }
  }
  return operations;
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  '\u202e\u0041',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ 漢字 🙂',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '"; drop table payments; --',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '=HYPERLINK("http://x")',
  '4111111111111111',
  '00000000-0000-0000-0000-000000000000',
  '__proto__',
  'constructor',
  '1e308',
  'NaN',
  '-0',
];

const EXTREME_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.001,
  0.005,
  1.005,
  99_999.99,
  100_000_000,
  2 ** 31,
  2 ** 53 + 1,
  -(2 ** 53),
  1e308,
  -1e308,
  5e-324,
];

function deepNesting(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Hostile values short enough to travel in an address. */
const hostileShortValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...EXTREME_NUMBERS),
  fc.constantFrom(null, true, false, [], {}, [null]),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileShortValue, weight: 6 },
  { arbitrary: fc.integer({ min: 1_000, max: 70_000 }).map((length) => 'x'.repeat(length)), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 4 }), weight: 1 },
  {
    arbitrary: fc.constant(
      JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":1}}}') as unknown,
    ),
    weight: 1,
  },
);

/** A value that fits the schema, as a client of the contract would send it. */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => fromSchema(choice, depth + 1)));
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'object'];
  const type = types.find((candidate) => candidate !== 'null') ?? 'null';
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.oneof(
        fc.integer({ min: 0, max: 100_000 }).map((cents) => cents / 100),
        fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true }),
      );
    case 'string':
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 60) });
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 4 });
    default: {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) shape[key] = fromSchema(property, depth + 1);
      return fc.record(shape, {
        requiredKeys: Object.keys(properties).filter((key) => required.has(key)),
      });
    }
  }
}

/** Breaks a schema-shaped body the ways a hostile client would. */
function mutated(body: unknown): fc.Arbitrary<unknown> {
  const record =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const keys = Object.keys(record);
  const someKey = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('field');
  return fc.oneof(
    { arbitrary: fc.constant(body), weight: 3 },
    {
      arbitrary: fc.tuple(someKey, hostileValue).map(([key, value]) => ({ ...record, [key]: value })),
      weight: 5,
    },
    {
      arbitrary: someKey.map((key) => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key))),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', 'toString', ''),
          hostileValue,
        )
        .map(([key, value]) => {
          // Written as text and parsed, so that a key such as __proto__ is an own key of the body.
          const entries = [[key, value], ...Object.entries(record)];
          const text = entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`);
          return JSON.parse(`{${text.join(',')}}`) as unknown;
        }),
      weight: 2,
    },
    { arbitrary: hostileValue, weight: 2 },
  );
}

const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '1e999',
  '{"a":1,"a":2}',
  '\u0000',
  deepNesting(5_000, 'array'),
  deepNesting(2_000, 'object'),
  `{"pad":"${'y'.repeat(70_000)}"}`,
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
  '',
];

function queryOf(operation: Operation): fc.Arbitrary<string> {
  const named = (operation.query ?? []).map((parameter) =>
    fc.tuple(fc.constant(parameter.name), fc.oneof(fromSchema(parameter.schema), hostileShortValue)),
  );
  const pairs = fc.array(
    fc.oneof(
      ...named,
      fc.tuple(
        fc.constantFrom('__proto__', 'constructor[prototype][x]', 'a[b][c]', 'userId', 'x'),
        hostileShortValue,
      ),
    ),
    { maxLength: 4 },
  );
  return fc.oneof(
    {
      arbitrary: pairs.map((list) =>
        new URLSearchParams(
          list.map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
        ).toString(),
      ),
      weight: 8,
    },
    { arbitrary: fc.constant(`pad=${'q'.repeat(20_000)}`), weight: 1 },
    { arbitrary: fc.constant('%00=%00&%zz=1&a=%E0%A4%A'), weight: 1 },
  );
}

/**
 * The path with its parameters filled in: values of their schema, the customer's own address, or hostile
 * ones, encoded as a client would send them.
 */
function pathOf(operation: Operation, sessions: FuzzSessions): fc.Arbitrary<string> {
  const parameters = operation.pathParameters ?? [];
  if (parameters.length === 0) return fc.constant(operation.path);
  const values = parameters.map((parameter) =>
    fc.oneof(
      { arbitrary: fromSchema(parameter.schema), weight: 4 },
      { arbitrary: fc.constant(sessions.customer.addressId), weight: 2 },
      { arbitrary: hostileShortValue, weight: 2 },
    ),
  );
  return fc.tuple(...values).map((drawn) =>
    parameters.reduce((path, parameter, index) => {
      const value = drawn[index];
      const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
      // A lone surrogate cannot be written in a URL at all: it is sent as the replacement character.
      return path.replace(`{${parameter.name}}`, encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD')));
    }, operation.path),
  );
}

const HEADER_VARIANTS: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { arbitrary: fc.constant({}), weight: 10 },
  { arbitrary: fc.constant({ 'x-forwarded-for': '999.1.1.1, ::ffff:zz, ' + 'a'.repeat(500) }), weight: 1 },
  { arbitrary: fc.constant({ 'idempotency-key': 'k'.repeat(300) }), weight: 1 },
  { arbitrary: fc.uuid().map((key) => ({ 'idempotency-key': key })), weight: 1 },
  { arbitrary: fc.constant({ 'user-agent': 'u'.repeat(12_000) }), weight: 1 },
  { arbitrary: fc.constant({ cookie: 'store_session=' + 'c'.repeat(4_000) }), weight: 1 },
  { arbitrary: fc.constant({ cookie: 'store_admin_session=%00; store_session==;;' }), weight: 1 },
  { arbitrary: fc.constant({ accept: 'application/xml' }), weight: 1 },
);

/** One generated request: an operation of the document (or a path it does not have), a session, a body. */
function requestArbitrary(operations: Operation[], sessions: FuzzSessions): fc.Arbitrary<FuzzRequest> {
  const strangePaths = fc.constantFrom(
    '/api/' + 'a'.repeat(9_000),
    '/api/admin/payments%00',
    '/api/..%2f..%2fetc%2fpasswd',
    '/api/admin/%2e%2e/payments',
    '/api/users//profile',
    '/api/admin/payments/',
    '/api/nope',
  );
  const operation = fc.oneof(
    { arbitrary: fc.constantFrom(...operations), weight: 20 },
    { arbitrary: strangePaths.map((path) => ({ method: 'POST', path }) as Operation), weight: 1 },
  );
  return operation.chain((chosen) =>
    fc
      .record({
        session: fc.constantFrom<SessionKind>('none', 'customer', 'admin'),
        path: pathOf(chosen, sessions),
        method: fc.oneof(
          { arbitrary: fc.constant(chosen.method), weight: 12 },
          { arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'), weight: 1 },
        ),
        query: queryOf(chosen),
        headers: HEADER_VARIANTS,
        contentType: fc.oneof(
          { arbitrary: fc.constant('application/json'), weight: 12 },
          { arbitrary: fc.constantFrom(...CONTENT_TYPES), weight: 2 },
        ),
        body: fc.oneof(
          {
            arbitrary: fromSchema(chosen.body)
              .chain(mutated)
              .map((value) => JSON.stringify(value) ?? 'null'),
            weight: 12,
          },
          { arbitrary: fc.constantFrom(...RAW_BODIES), weight: 2 },
          { arbitrary: fc.constant(undefined), weight: 1 },
        ),
        ownUserId: fc.boolean(),
      })
      .map((drawn): FuzzRequest => {
        let body = drawn.method === 'GET' || drawn.method === 'OPTIONS' ? undefined : drawn.body;
        // Half the customer's requests name the customer itself, so the owner check lets them through.
        if (drawn.session === 'customer' && drawn.ownUserId && body?.includes('"userId"')) {
          body = body.replace(/"userId":"[^"]*"/, `"userId":"${sessions.customer.userId}"`);
        }
        const cookie =
          drawn.session === 'admin'
            ? sessions.admin.cookie
            : drawn.session === 'customer'
              ? sessions.customer.cookie
              : undefined;
        const headers: Record<string, string> = { ...drawn.headers };
        if (cookie && !headers.cookie) headers.cookie = cookie;
        if (body !== undefined && drawn.contentType) headers['content-type'] = drawn.contentType;
        return {
          session: drawn.session,
          method: drawn.method,
          path: drawn.path,
          query: drawn.query,
          headers,
          body,
        };
      }),
  );
}

const LEAKS: [string, RegExp][] = [
  ['a stack trace', /\n\s+at [\w.<>]+ \(|\bat (?:async )?[\w.]+ \(\/|Error: .*\n/],
  ['a file path', /\/(?:work|home|root|usr|tmp)\/[\w.-]+\/|node_modules|\.ts:\d+|\.js:\d+/],
  [
    'SQL',
    /\b(?:select .+ from|insert into|update \w+ set|delete from)\b|syntax error at|relation "|violates .* constraint|duplicate key/i,
  ],
];

/** What is wrong with an answer, or nothing. */
function problemsOf(answer: FuzzAnswer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  for (const [what, pattern] of LEAKS) if (pattern.test(answer.text)) problems.push(`${what} in the body`);
  if (answer.status >= 400 && answer.contentType.includes('json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      problems.push('a refusal that is not JSON');
    }
    const shape = parsed as Record<string, unknown> | undefined;
    const keys = shape && typeof shape === 'object' ? Object.keys(shape) : [];
    if (
      shape &&
      (shape.status !== 'error' ||
        typeof shape.message !== 'string' ||
        shape.message === '' ||
        keys.some((key) => !['status', 'message', 'error'].includes(key)))
    ) {
      problems.push(`a refusal outside the error shape: ${answer.text.slice(0, 200)}`);
    }
  }
  return problems;
}

// A connection per request: an answer that closes its connection (431, 413) cannot affect the next one.
const agent = new Agent({ keepAlive: false });

function send(baseUrl: string, request: FuzzRequest, origin: string): Promise<FuzzAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: `${request.path}${request.query ? `?${request.query}` : ''}`,
        headers: { origin, ...request.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** Signs in an admin and registers a customer, for the requests sent with a session. */
async function openSessions(
  baseUrl: string,
  admin: { username: string; password: string },
  origin: string,
): Promise<FuzzSessions> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
    });
  const cookieOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  const adminAnswer = await post('/api/admin/login', admin);
  if (adminAnswer.status !== 200) throw new Error(`admin sign-in failed: ${adminAnswer.status}`);
  const customerAnswer = await post('/api/users/register', {
    name: 'Fuzz Customer',
    email: `fuzz-${randomUUID()}@example.com`,
    password: 'Fuzz-customer-passphrase-1',
  });
  const registered = (await customerAnswer.json()) as { user?: { id: string } };
  if (!registered.user) throw new Error(`customer registration failed: ${customerAnswer.status}`);
  const customerCookie = cookieOf(customerAnswer);
  const addressAnswer = await fetch(`${baseUrl}/api/users/addresses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie: customerCookie },
    body: JSON.stringify({
      name: 'Fuzz Customer',
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    }),
  });
  const added = (await addressAnswer.json()) as { address?: { id: string } };
  if (!added.address) throw new Error(`adding the customer's address failed: ${addressAnswer.status}`);
  return {
    admin: { cookie: cookieOf(adminAnswer) },
    customer: { cookie: customerCookie, userId: registered.user.id, addressId: added.address.id },
  };
}

/** The resident memory of a process, in MiB (Linux). */
export function residentMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

interface FuzzReport {
  seed: number;
  sent: number;
  byStatus: Record<number, number>;
  /** The operations of the document the run drew from, as `METHOD /path`. */
  operations: string[];
  failure?: string;
}

/**
 * Sends `runs` generated requests and checks every answer. Signing out is left to the requests without a
 * session, so the sessions stay open for the whole run. Stops at the first problem, shrunk by fast-check.
 */
async function runFuzz(options: {
  baseUrl: string;
  origin: string;
  document: Parameters<typeof operationsOf>[0];
  sessions: FuzzSessions;
  seed: number;
  runs: number;
  onAnswer?: (sent: number) => void | Promise<void>;
}): Promise<FuzzReport> {
  const operations = operationsOf(options.document);
  const byStatus: Record<number, number> = {};
  let sent = 0;
  const property = fc.asyncProperty(requestArbitrary(operations, options.sessions), async (request) => {
    if (request.session !== 'none' && request.path.endsWith('/logout')) request.headers.cookie = '';
    const answer = await send(options.baseUrl, request, options.origin);
    sent += 1;
    byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
    await options.onAnswer?.(sent);
    const problems = problemsOf(answer);
    if (problems.length > 0) {
      throw new Error(
        `${request.method} ${request.path}: ${problems.join('; ')}\n${answer.text.slice(0, 500)}`,
      );
    }
  });
  const details = await fc.check(property, {
    seed: options.seed,
    numRuns: options.runs,
    endOnFailure: false,
  });
  const report: FuzzReport = {
    seed: options.seed,
    sent,
    byStatus,
    operations: operations.map((operation) => `${operation.method} ${operation.path}`),
  };
  if (details.failed) {
    const example = details.counterexample?.[0] as FuzzRequest | undefined;
    report.failure =
      `${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n` +
      `replay with seed ${details.seed}, path "${details.counterexamplePath}"\n` +
      `request: ${JSON.stringify(example, (_key, value) => (typeof value === 'string' && value.length > 300 ? `${value.slice(0, 300)}…(${value.length})` : value))}`;
  }
  return report;
}

export interface StoreFuzzReport extends FuzzReport {
  /** The store process's resident memory after the first requests and at the end, in MiB. */
  memoryMiB: { warm: number; end: number };
  alive: boolean;
}

/**
 * Starts the store in a process of its own (PGlite in a fresh directory, or the PostgreSQL database given),
 * fuzzes it and checks it is still alive afterwards, as `npm run fuzz` and the CI test both do.
 */
export async function fuzzStore(options: {
  runs: number;
  seed: number;
  databaseUrl?: string;
  onProgress?: (sent: number) => void;
}): Promise<StoreFuzzReport> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { startChildServer } = await import('../testing/processes');
  const { createPgliteTestDataDir } = await import('../db/test-database');
  const dataDir = mkdtempSync(join(tmpdir(), 'store-fuzz-'));
  if (!options.databaseUrl) await createPgliteTestDataDir(dataDir);
  const admin = { username: 'admin', password: 'fuzz-admin-password-1' };
  const store = await startChildServer(
    'apps/server/src/main.ts',
    {
      DATA_DIR: dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      // Its admin moves money without an authenticator app: what is measured here is not sign-in.
      STAFF_SECOND_FACTOR: 'off',
    },
    '/healthz',
  );
  try {
    // The store's own address (PUBLIC_URL defaults to localhost and its port): the origin its pages send.
    const origin = `http://localhost:${new URL(store.url).port}`;
    const document = (await (await fetch(`${store.url}/api/openapi.json`)).json()) as Parameters<
      typeof operationsOf
    >[0];
    const sessions = await openSessions(store.url, admin, origin);
    const pid = store.process.pid!;
    let warm = Number.NaN;
    const report = await runFuzz({
      baseUrl: store.url,
      origin,
      document,
      sessions,
      seed: options.seed,
      runs: options.runs,
      onAnswer: (sent) => {
        if (sent === Math.min(500, Math.floor(options.runs / 4))) warm = residentMiB(pid);
        if (sent % 1000 === 0) options.onProgress?.(sent);
      },
    });
    const end = residentMiB(pid);
    const alive = (await fetch(`${store.url}/healthz`).then((answer) => answer.status)) === 200;
    return { ...report, memoryMiB: { warm, end }, alive };
  } finally {
    await store.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
