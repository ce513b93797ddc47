import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { productInputSchema } from '@store/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { createPgliteTestDatabase } from '../db/test-database';
import type { PaymentGateway } from '../gateway/payment-gateway';
import { REPOSITORY_ROOT } from '../repository-root';
import {
  adminCookie,
  authorizedPayment,
  PGLITE,
  TEST_ADMIN,
  TEST_PUBLIC_URL,
  useTestServer,
} from '../testing/test-server';
import { OPENAPI_PATH } from './contract';
import { addProduct } from '../services/catalog/products';
import { escapeJsonForScript, injectCatalog } from './storefront-page';

/**
 * How the store delivers its files and its large answers: the web build's precompressed copies by
 * Accept-Encoding, cache lifetimes by kind of file, a real robots.txt, compressed API answers. The web
 * build is not needed (CI builds it after the unit tests): a small folder shaped like it stands in.
 */

const ASSET = 'assets/index-AbC123xy.js';
// Large and repetitive enough that every copy is well over a kilobyte and clearly compressible.
const ASSET_TEXT = `export const lines = [${Array.from({ length: 400 }, (_, i) => `"line ${i}"`).join(',')}];\n`;
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Store</title>${'<!-- padding -->'.repeat(80)}</head><body><div id="root"></div><script type="module" src="/${ASSET}"></script></body></html>\n`;

function writeFakeWebBuild(root: string): void {
  mkdirSync(join(root, 'assets'), { recursive: true });
  const files: Record<string, string> = { [ASSET]: ASSET_TEXT, 'index.html': INDEX_HTML };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(root, name), text);
    writeFileSync(join(root, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(root, `${name}.gz`), gzipSync(text, { level: 9 }));
  }
  // The real file, as the build copies it from apps/web/public.
  writeFileSync(join(root, 'robots.txt'), readFileSync(join(REPOSITORY_ROOT, 'apps/web/public/robots.txt')));
}

/** Decodes a body as its Content-Encoding says. */
function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('the built storefront, served', () => {
  let webRoot: string;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'store-web-delivery-'));
    writeFakeWebBuild(webRoot);
    database = await createPgliteTestDatabase();
    const config = loadConfig({
      PORT: '0',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: TEST_PUBLIC_URL,
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      STAFF_SECOND_FACTOR: 'off',
    });
    // No call here reaches the gateway: static files and the contract document only.
    const gateway = {} as PaymentGateway;
    app = await buildApp({ config, database, gateway, webRoot, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  /** index.html as the store serves it: the build's page with the catalog's answer in its head. */
  const storefrontPage = async () => injectCatalog(INDEX_HTML, (await get('/api/catalog')).body);

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli copy to a browser that takes brotli, the gzip one to one that takes only gzip, the file itself otherwise', async () => {
    const brotli = await get(`/${ASSET}`, 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(decoded(brotli.rawPayload, 'br')).toBe(ASSET_TEXT);

    const gzip = await get(`/${ASSET}`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip.rawPayload, 'gzip')).toBe(ASSET_TEXT);

    for (const acceptEncoding of [undefined, 'identity']) {
      const plain = await get(`/${ASSET}`, acceptEncoding);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(ASSET_TEXT);
    }

    for (const answer of [brotli, gzip, await get(`/${ASSET}`)]) {
      expect(String(answer.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has every browser check index.html again, at / and as any page of the app', async () => {
    for (const path of ['/', '/index.html', '/cart-or-unknown', '/account', '/admin/dashboard']) {
      const answer = await get(path, 'br, gzip');
      expect(answer.statusCode, path).toBe(200);
      expect(answer.headers['content-type'], path).toMatch(/^text\/html/);
      expect(answer.headers['cache-control'], path).toBe('no-cache');
      expect(answer.headers['content-encoding'], path).toBe('br');
      expect(decoded(answer.rawPayload, 'br'), path).toBe(await storefrontPage());
    }
    // A build file that is not there (a chunk of an older build) is not a page.
    const missing = await get('/assets/index-Gone0000.js', 'br, gzip');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    const plain = await get('/cart-or-unknown');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(await storefrontPage());
    // Asked again with the copy it holds, a browser is told nothing changed while the catalog has not.
    const again = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('puts the catalog’s answer into the page, where no product text can end the script element', async () => {
    const hostile = 'Pens </script><script>alert(1)</script> <!-- & </SCRIPT >';
    await addProduct(
      database.orm,
      productInputSchema.parse({
        name: hostile,
        sku: 'HOSTILE-1',
        price: '4.50',
        stockOnHand: 1,
        description: '<!--<script>',
      }),
      'owner',
    );

    const page = (await get('/')).body;
    const catalog = (await get('/api/catalog')).body;
    const opening = '<script type="application/json" id="catalog">';
    const start = page.indexOf(opening) + opening.length;
    const end = page.indexOf('</script>', start);
    expect(page.indexOf(opening)).toBeGreaterThan(-1);
    const embedded = page.slice(start, end);
    // The element ends where the page's own ending is: nothing of a product's text closed it early.
    expect(embedded).not.toMatch(/<|>/);
    expect(JSON.parse(embedded)).toEqual(JSON.parse(catalog));
    const names = (JSON.parse(embedded) as { products: { name: string }[] }).products.map((p) => p.name);
    expect(names).toContain(hostile);
    // The page outside the element is the build's, unchanged.
    expect(page.slice(0, page.indexOf(opening)) + page.slice(end + '</script>'.length)).toBe(INDEX_HTML);
  });

  it('answers /robots.txt as plain text with the crawling rules', async () => {
    const answer = await get('/robots.txt', 'br, gzip');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    expect(answer.headers['cache-control']).toBe('public, max-age=3600');
    const rules = decoded(answer.rawPayload, answer.headers['content-encoding'] as string | undefined);
    expect(rules).toMatch(/^User-agent: \*$/m);
    for (const path of ['/admin', '/api/', '/sandbox/', '/account', '/login', '/register']) {
      expect(rules).toContain(`\nDisallow: ${path}\n`);
    }
    expect(rules).not.toMatch(/^Disallow: \/$/m);
  });

  it('compresses a large API answer when asked, and only then', async () => {
    const plain = await get(OPENAPI_PATH);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await get(OPENAPI_PATH, acceptEncoding);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(String(answer.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(decoded(answer.rawPayload, encoding)).toBe(plain.body);
    }
    // A small answer is not worth it.
    const health = await get('/api/health', 'br');
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request over HTTP with exactly the headers given (fetch would add Accept-Encoding and decode). */
function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('the admin console answers, compressed', () => {
  const server = useTestServer(PGLITE);
  let cookie: string;

  beforeAll(async () => {
    for (let payment = 0; payment < 6; payment += 1) await authorizedPayment(server);
    cookie = await adminCookie(server.url);
  });

  it('sends Transaction History as brotli, gzip or plain JSON, the same list each way', async () => {
    const list = (acceptEncoding?: string) =>
      rawRequest(`${server.url}/api/admin/transactions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: TEST_PUBLIC_URL,
          cookie,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
        body: JSON.stringify(TEST_ADMIN),
      });
    const plain = await list();
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const text = plain.body.toString('utf8');
    expect((JSON.parse(text) as { transactions: unknown[] }).transactions.length).toBeGreaterThanOrEqual(6);
    for (const [acceptEncoding, encoding] of [
      ['br;q=1, gzip;q=0.5', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await list(acceptEncoding);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(decoded(answer.body, encoding)).toBe(text);
    }
  });

  it('replays an Idempotency-Key answer compressed, the same bytes as the first once decoded', async () => {
    // Capture All of the six payments: its answer lists each one, over the compression threshold.
    const captureAll = (acceptEncoding: string) =>
      rawRequest(`${server.url}/api/admin/capture-all`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: TEST_PUBLIC_URL,
          cookie,
          'idempotency-key': 'web-delivery-replay-1',
          'accept-encoding': acceptEncoding,
        },
        body: '{}',
      });
    const first = await captureAll('br');
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const text = decoded(first.body, 'br');
    expect((JSON.parse(text) as { successCount: number }).successCount).toBeGreaterThanOrEqual(6);
    for (const [acceptEncoding, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const replay = await captureAll(acceptEncoding);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.headers['content-encoding']).toBe(encoding);
      expect(decoded(replay.body, encoding)).toBe(text);
    }
  });

  it('streams the CSV export compressed when asked, the same file as without', async () => {
    const download = (acceptEncoding?: string) =>
      rawRequest(`${server.url}/api/admin/transactions.csv`, {
        headers: { cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const plain = await download();
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/csv/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const csv = plain.body.toString('utf8');
    expect(csv.split('\r\n').length).toBeGreaterThan(6);
    const brotli = await download('br');
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    expect(decoded(brotli.body, 'br')).toBe(csv);
  });
});

describe('JSON inside a script element', () => {
  it('writes <, >, & and the line separators as \\u escapes, which JSON reads back as the same text', () => {
    const text = { name: '</script><!-- & \u2028\u2029 -->' };
    const escaped = escapeJsonForScript(JSON.stringify(text));
    expect(escaped).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(escaped)).toEqual(text);
  });
});
