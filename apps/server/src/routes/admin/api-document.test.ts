import { beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../http/contract';
import { PGLITE, useTestServer } from '../../testing/test-server';

type OpenApiDocument = { paths: Record<string, Record<string, { summary?: string }>> };

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
