import { beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../http/contract';
import { PGLITE, useTestServer } from '../../testing/test-server';

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
