import { beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../testing/routes';
import { shoppersAt } from '../testing/shoppers';
import { adminCookie, PGLITE, useTestServer } from '../testing/test-server';
import { normalisedPath } from './canonical-path';

const HOSTILE_ORIGIN = 'https://evil.example';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A route's pattern as a path a client could send: every parameter and wildcard filled in. */
function concretePath(pattern: string): string {
  return pattern.replace(/:[^/]+/g, 'sample1').replace(/\*/g, 'sample.css');
}

/** The spellings a router might take for the same route, but a check reading the raw text would not. */
function variantsOf(path: string): string[] {
  const rest = path.slice('/api'.length);
  // A letter of every segment percent-encoded: /%61pi/%70ayment/%70rocess-with-token.
  const encoded = path.replace(
    /\/([^/a-z]*)([a-z])/gi,
    (_, before: string, letter: string) => `/${before}%${letter.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
  return [encoded, `/api/${rest}`, `/API${rest}`, `/Api${rest}`, `/aPI${rest}`];
}

describe('one canonical path for every check of the API', () => {
  const server = useTestServer(PGLITE);
  let cookies: string;
  let routes: { method: string; path: string }[];

  beforeAll(async () => {
    // Signed in as a customer and as the operator: a call that reached its handler would be served.
    const customer = await shoppersAt(server).register();
    cookies = [customer.cookie, await adminCookie(server.url)].join('; ');
    routes = registeredRoutes(server.app)
      .map((route) => {
        const [method, path] = route.split(' ') as [string, string];
        return { method, path };
      })
      .filter((route) => route.path.startsWith('/api/'));
  });

  async function send(method: string, path: string) {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        cookie: cookies,
        origin: HOSTILE_ORIGIN,
        ...(SAFE_METHODS.has(method) ? {} : { 'content-type': 'application/json' }),
      },
      body: SAFE_METHODS.has(method) ? undefined : '{}',
      redirect: 'manual',
    });
    const text = await response.text();
    let message = '';
    try {
      message = String((JSON.parse(text) as { message?: unknown }).message ?? '');
    } catch {
      // Not JSON: a page or a file, whose message is not needed.
    }
    return { status: response.status, cacheControl: response.headers.get('cache-control'), message };
  }

  it('spells every variant as the router takes it', () => {
    expect(variantsOf('/api/payment/process-with-token')).toEqual([
      '/%61pi/%70ayment/%70rocess-with-token',
      '/api//payment/process-with-token',
      '/API/payment/process-with-token',
      '/Api/payment/process-with-token',
      '/aPI/payment/process-with-token',
    ]);
    expect(normalisedPath('/%2561pi//Users\\session?x=%41')).toBe('/api/users/session');
  });

  it('refuses a hostile origin on every state-changing API route, however its path is spelled', async () => {
    const changing = routes.filter((route) => !SAFE_METHODS.has(route.method));
    expect(changing.length).toBeGreaterThanOrEqual(25);
    expect(changing).toContainEqual({ method: 'POST', path: '/api/payment/process-with-token' });
    const reached: string[] = [];
    for (const { method, path } of changing) {
      const canonical = concretePath(path);
      for (const variant of [canonical, ...variantsOf(canonical)]) {
        const answer = await send(method, variant);
        const refused = answer.status === 403 && answer.message === 'Cross-site request refused';
        const unknown = answer.status === 404 && answer.message.startsWith('No such endpoint');
        if (!refused && !unknown) reached.push(`${method} ${variant} → ${answer.status} ${answer.message}`);
      }
    }
    expect(reached).toEqual([]);
  });

  it('answers every read of the API with no-store, however its path is spelled, or not at all', async () => {
    const reads = routes.filter((route) => route.method === 'GET');
    expect(reads.length).toBeGreaterThanOrEqual(10);
    expect(reads).toContainEqual({ method: 'GET', path: '/api/users/session' });
    const cacheable: string[] = [];
    for (const { path } of reads) {
      // What is on sale and its pictures hold nothing of anyone's: they say how they may be kept (061).
      if (path === '/api/catalog' || path === '/api/products/:id/image') continue;
      const canonical = concretePath(path);
      for (const variant of [canonical, ...variantsOf(canonical)]) {
        const answer = await send('GET', variant);
        if (answer.status !== 404 && !answer.cacheControl?.includes('no-store')) {
          cacheable.push(`GET ${variant} → ${answer.status} cache-control: ${answer.cacheControl}`);
        }
      }
    }
    expect(cacheable).toEqual([]);
  });
});
