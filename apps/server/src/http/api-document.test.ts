import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from './contract';
import { OPERATIONS } from './operations';
import { REPOSITORY_ROOT } from '../repository-root';
import { PGLITE, TEST_ADMIN, TEST_PUBLIC_URL, useTestServer } from '../testing/test-server';

/**
 * The published API document as its users take it (decision 052): Redocly's recommended rules find nothing in
 * it; every call declares its name and who may make it, and the declaration is what the server does; and a
 * TypeScript client generated from it compiles and makes calls.
 */

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const root = REPOSITORY_ROOT;
/** Where the generated client is written: ignored by git, lint, format and the project's typecheck. */
const generated = join(root, '.generated', 'api-client');

type Operation = { operationId?: string; security?: Record<string, string[]>[] };
type ApiDocument = {
  info: { license?: object };
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, object> };
};

describe('the API document', () => {
  const server = useTestServer(PGLITE);
  let text: string;
  let document: ApiDocument;
  const file = join(root, '.generated', 'openapi.json');

  beforeAll(async () => {
    text = await (await fetch(`${server.url}${OPENAPI_PATH}`)).text();
    document = JSON.parse(text) as ApiDocument;
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
    );

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const cli = require.resolve('@redocly/cli/bin/cli.js');
    const { stdout } = await run(process.execPath, [cli, 'lint', file, '--format=json'], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('names every call once, verb first, and says who may make it', () => {
    const listed = operations();
    expect(listed.length).toBe(Object.keys(OPERATIONS).length);
    const ids = listed.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path, operation } of listed) {
      expect(operation.operationId, `${method} ${path}`).toMatch(
        /^(add|approve|cancel|capture|check|complete|confirm|create|decline|disable|enable|export|get|import|list|pay|receive|reconcile|record|refund|register|remove|restock|set|settle|ship|sign|take|tokenize|update|validate|verify|void|save|withdraw)[A-Z]/,
      );
      expect(operation.security, `${method} ${path}`).toBeDefined();
    }
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual([
      'adminSession',
      'customerSession',
      'hostedPageWebhookKey',
    ]);
    expect(document.info.license).toBeDefined();
  });

  it('refuses, without a session, every call it declares for the admin or a customer', async () => {
    const refused: string[] = [];
    const someId = '00000000-0000-4000-8000-000000000000';
    const delivery = {
      email: 'pat@example.com',
      address: {
        name: 'Pat',
        address: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        country: 'US',
      },
    };
    // Calls that check their body before the session (the spec's order of errors) get a well-formed one.
    const bodies: Record<string, object> = {
      'PUT /api/users/profile': { name: 'Pat Shopper', email: 'pat@example.com' },
      'POST /api/payment/save-payment-token': {
        tokenId: '9418594164541111',
        paymentType: 'CC',
        holderName: 'Pat',
        expiryMonth: '12',
        expiryYear: '2030',
        ...delivery.address,
        email: delivery.email,
      },
      'POST /api/users/payment-methods/remove': { paymentMethodId: someId },
      'POST /api/users/payment-methods/set-default': { paymentMethodId: someId },
      'POST /api/payment/process-with-token': {
        paymentMethodId: someId,
        amount: 10.49,
        orderId: 'CC-000000000000',
        items: [{ productId: 'paper-ream-500', quantity: 1 }],
        delivery,
      },
    };
    for (const { method, path, operation } of operations()) {
      const needs = (operation.security ?? []).map((requirement) => Object.keys(requirement).join(','));
      if (!(needs.length === 1 && (needs[0] === 'adminSession' || needs[0] === 'customerSession'))) continue;
      const url = path
        .replace('{id}', someId)
        .replace('{linkId}', someId)
        .replace('{orderId}', 'CC-000000000000')
        .replace('{customerId}', '100001')
        .replace('{day}', '2026-01-02');
      // A customer's call names its customer: one that is not this caller's (there is none).
      const query = method === 'get' && needs[0] === 'customerSession' ? `?userId=${someId}` : '';
      const answer = await fetch(`${server.url}${url}${query}`, {
        method: method.toUpperCase(),
        headers: { origin: TEST_PUBLIC_URL, 'content-type': 'application/json' },
        ...(method === 'get'
          ? {}
          : {
              body: JSON.stringify({ userId: someId, ...bodies[`${method.toUpperCase()} ${path}`] }),
            }),
      });
      if (answer.status !== 401) refused.push(`${method.toUpperCase()} ${path}: ${answer.status}`);
    }
    expect(refused).toEqual([]);
  });

  it('generates a TypeScript client that compiles and signs in, lists Pending Payments and reads the money summary', async () => {
    await rm(generated, { recursive: true, force: true });
    const generator = join(dirname(require.resolve('@hey-api/openapi-ts/package.json')), 'bin', 'run.js');
    await run(process.execPath, [generator, '-i', file, '-o', generated], { cwd: root });

    // The generated code compiles on its own, strictly (the project's compiler, package.json's typecheck).
    const compiler = join(root, 'node_modules/typescript-7/bin/tsc');
    const options =
      '--noEmit --strict --target es2022 --module esnext --moduleResolution bundler --lib es2022,dom --skipLibCheck';
    const compiled = await run(
      process.execPath,
      [compiler, ...options.split(' '), '--ignoreConfig', 'index.ts'],
      { cwd: generated },
    ).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(compiled).toBe('');

    // And it calls the store by the operations' names.
    const api = (await import(/* @vite-ignore */ join(generated, 'sdk.gen.ts'))) as Record<
      string,
      (options?: object) => Promise<{ data?: Record<string, unknown>; response: Response }>
    >;
    const { client } = (await import(/* @vite-ignore */ join(generated, 'client.gen.ts'))) as {
      client: { setConfig: (config: object) => void };
    };
    // The store takes state changes only from its own pages, which say so with their Origin.
    client.setConfig({ baseUrl: server.url, headers: { origin: TEST_PUBLIC_URL } });
    const signedIn = await api.signInAdmin!({
      body: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
    });
    expect(signedIn.response.status).toBe(200);
    const cookie = (signedIn.response.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie).toMatch(/^store_admin_session=/);
    const pending = await api.listPendingPayments!({ body: {}, headers: { cookie } });
    expect(pending.response.status).toBe(200);
    expect(pending.data).toMatchObject({ status: 'success', payments: [] });
    const summary = await api.getMoneySummary!({ query: { days: 7 }, headers: { cookie } });
    expect(summary.response.status).toBe(200);
    expect((summary.data as { days: unknown[] }).days).toHaveLength(7);
  }, 120_000);
});

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      { summary?: string; tags?: string[]; parameters?: { in: string; name: string; schema: object }[] }
    >
  >;
};

/** What the API reference says of the console's lists matches the order the console shows them in. */
describe("the API document's words for the console's lists", () => {
  const server = useTestServer(PGLITE);
  let document: OpenApiDocument;

  beforeAll(async () => {
    document = (await (await fetch(`${server.url}${OPENAPI_PATH}`)).json()) as OpenApiDocument;
  });

  it('lists Pending Payments oldest first, the history and the audit log newest first', () => {
    const summary = (path: string) => document.paths[path]?.post?.summary ?? '';
    expect(summary('/api/admin/payments')).toMatch(/oldest first/);
    expect(summary('/api/admin/payments')).not.toMatch(/newest first/);
    expect(summary('/api/admin/transactions')).toMatch(/newest first/);
    expect(summary('/api/admin/audit-log')).toMatch(/newest first/);
  });
});

/** The customer's address book, as a client generator and the fuzz run read it. */
describe("the API document's address book", () => {
  const server = useTestServer(PGLITE);
  let document: OpenApiDocument;

  beforeAll(async () => {
    document = (await (await fetch(`${server.url}${OPENAPI_PATH}`)).json()) as OpenApiDocument;
  });

  it('has every call, under one tag, each address named by its id in the path', () => {
    const calls = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.tags?.includes('Address book'))
        .map(([method, operation]) => ({ call: `${method.toUpperCase()} ${path}`, operation })),
    );
    expect(calls.map(({ call }) => call).sort()).toEqual([
      'DELETE /api/users/addresses/{id}',
      'GET /api/users/addresses',
      'POST /api/users/addresses',
      'POST /api/users/addresses/{id}/default',
      'PUT /api/users/addresses/{id}',
    ]);
    for (const { call, operation } of calls.filter(({ call }) => call.includes('{id}'))) {
      expect(operation.parameters, call).toContainEqual(
        expect.objectContaining({
          in: 'path',
          name: 'id',
          schema: expect.objectContaining({ format: 'uuid' }),
        }),
      );
    }
    expect(document.paths['/api/users/addresses']?.get?.summary).toMatch(
      /the default first, then the newest first/,
    );
  });
});

/** The console's Sent emails (demo mode, with the built-in sandbox the tests run on). */
describe("the API document's Sent emails", () => {
  const server = useTestServer(PGLITE);
  let document: OpenApiDocument & {
    paths: Record<string, Record<string, { responses?: Record<string, { content?: object }> }>>;
  };

  beforeAll(async () => {
    document = (await (await fetch(`${server.url}${OPENAPI_PATH}`)).json()) as typeof document;
  });

  it('lists the outbox newest first, and gives each HTML body as text/html, named by its id', () => {
    expect(document.paths['/api/admin/emails']?.post?.summary).toMatch(/newest first/);
    const html = document.paths['/api/admin/emails/{id}/html']?.get;
    expect(html?.tags).toEqual(['Admin console']);
    expect(Object.keys(html?.responses?.['200']?.content ?? {})).toEqual(['text/html']);
    expect(html?.parameters).toContainEqual(
      expect.objectContaining({
        in: 'path',
        name: 'id',
        schema: expect.objectContaining({ format: 'uuid' }),
      }),
    );
  });
});
