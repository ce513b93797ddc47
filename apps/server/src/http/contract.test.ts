import { validate } from '@readme/openapi-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../testing/routes';
import { adminCookie, PGLITE, useTestServer } from '../testing/test-server';
import { API_REFERENCE_PATH, isContractRoute, OPENAPI_PATH } from './contract';

interface Operation {
  summary?: string;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
};

describe('the API contract', () => {
  const server = useTestServer(PGLITE);
  let document: OpenApiDocument;

  beforeAll(async () => {
    const answer = await fetch(`${server.url}${OPENAPI_PATH}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    document = (await answer.json()) as OpenApiDocument;
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('documents every route of the API the server registered, with its answers and the error shape', () => {
    const apiRoutes = registeredRoutes(server.app).filter((route) => isContractRoute(route.split(' ')[1]!));
    expect(apiRoutes.length).toBeGreaterThanOrEqual(35);
    const undocumented: string[] = [];
    for (const route of apiRoutes) {
      const [method, pattern] = route.split(' ') as [string, string];
      // The router writes a path's parameters `:id`, OpenAPI `{id}`.
      const path = pattern.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path]?.[method.toLowerCase()];
      if (!operation) {
        undocumented.push(route);
        continue;
      }
      expect(operation.summary, route).toBeTruthy();
      expect(Object.keys(operation.responses['200']?.content ?? {}), route).not.toHaveLength(0);
      const refusal = operation.responses['4XX']?.content?.['application/json']?.schema;
      expect(refusal, route).toMatchObject({ properties: { status: { enum: ['error'] } } });
    }
    expect(undocumented).toEqual([]);
  });

  it('documents request bodies with the same rules the server applies', () => {
    const refund = document.paths['/api/admin/refund']?.post;
    const body = refund?.requestBody?.content['application/json']?.schema as {
      required?: string[];
      properties?: Record<string, unknown>;
    };
    expect(body.required).toEqual(expect.arrayContaining(['transaction', 'amount']));
    const login = document.paths['/api/admin/login']?.post?.requestBody?.content['application/json']
      ?.schema as { properties: Record<string, { maxLength?: number }> };
    expect(login.properties.username?.maxLength).toBe(100);
  });

  it('leaves the storefront files and the built-in sandbox gateway out', () => {
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => !isContractRoute(path))).toEqual([]);
    expect(paths.some((path) => path.startsWith('/sandbox'))).toBe(false);
  });

  it('serves a reference page built from the same document', async () => {
    const page = await fetch(`${server.url}${API_REFERENCE_PATH}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const served = await fetch(`${server.url}${API_REFERENCE_PATH}/json`);
    expect(((await served.json()) as OpenApiDocument).paths).toEqual(document.paths);
  });

  it('sends only the fields an answer declares, and a replayed answer byte for byte', async () => {
    const cookie = await adminCookie(server.url);
    const session = await fetch(`${server.url}/api/admin/session`, { headers: { cookie } });
    expect(Object.keys((await session.json()) as object).sort()).toEqual([
      'idleSeconds',
      'rights',
      'role',
      'status',
      'username',
    ]);

    const headers = {
      cookie,
      'content-type': 'application/json',
      origin: server.config.publicUrl,
      'idempotency-key': 'contract-replay-1',
    };
    const first = await fetch(`${server.url}/api/admin/capture-all`, { method: 'POST', headers, body: '{}' });
    const replay = await fetch(`${server.url}/api/admin/capture-all`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(await first.text());
  });

  it('refuses a body that breaks the contract with the first rule it breaks, in the one error shape', async () => {
    const cookie = await adminCookie(server.url);
    const answer = await server.post('/api/admin/payments', { limit: 'ten' }, { cookie });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ status: 'error', message: 'limit must be a number', error: 'invalid' });
    const withoutSession = await server.post('/api/admin/payments', { limit: 'ten' });
    expect(withoutSession.status).toBe(401);
  });
});
