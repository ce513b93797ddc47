import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminCookie,
  countRows,
  PGLITE,
  TEST_ADMIN,
  TEST_PUBLIC_URL,
  useTestServer,
} from '../testing/test-server';

/**
 * What every answer and every state-changing call must carry, whatever the route: cross-site refusal,
 * JSON only, no caching of private data, and the browser protections.
 */
describe('cross-site and caching rules', () => {
  const server = useTestServer(PGLITE);
  let cookie: string;

  beforeAll(async () => {
    cookie = await adminCookie(server.url);
  });

  async function auditCount(): Promise<number> {
    return countRows(server.database, 'audit_events');
  }

  function send(path: string, headers: Record<string, string>, body = '{}') {
    return fetch(`${server.url}${path}`, { method: 'POST', headers: { cookie, ...headers }, body });
  }

  it('refuses an admin call with no Origin and no Sec-Fetch-Site (403), and runs nothing', async () => {
    const before = await auditCount();
    const answer = await send('/api/admin/capture-all', { 'content-type': 'application/json' });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({
      status: 'error',
      message: 'Cross-site request refused',
      error: 'forbidden',
    });
    expect(await auditCount()).toBe(before);
  });

  it.each(['https://evil.example', 'null', `${TEST_PUBLIC_URL}.evil.example`])(
    'refuses a call from Origin %s (403)',
    async (origin) => {
      const answer = await send('/api/admin/capture-all', { 'content-type': 'application/json', origin });
      expect(answer.status).toBe(403);
    },
  );

  it('refuses a cross-site call that says Sec-Fetch-Site: cross-site with no Origin (403)', async () => {
    const answer = await send('/api/admin/capture-all', {
      'content-type': 'application/json',
      'sec-fetch-site': 'cross-site',
    });
    expect(answer.status).toBe(403);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', ''])(
    'refuses a same-origin call sent as %j (415), and Capture All does not run',
    async (type) => {
      const before = await auditCount();
      const answer = await send('/api/admin/capture-all', {
        origin: TEST_PUBLIC_URL,
        ...(type ? { 'content-type': type } : {}),
      });
      expect(answer.status).toBe(415);
      expect(await answer.json()).toMatchObject({
        status: 'error',
        message: 'Send the request body as JSON',
      });
      expect(await auditCount()).toBe(before);
    },
  );

  it('accepts a same-origin JSON call, by Origin or by Sec-Fetch-Site', async () => {
    const byOrigin = await send('/api/admin/payments', {
      'content-type': 'application/json; charset=utf-8',
      origin: TEST_PUBLIC_URL,
    });
    expect(byOrigin.status).toBe(200);
    const byFetchSite = await send('/api/admin/payments', {
      'content-type': 'application/json',
      'sec-fetch-site': 'same-origin',
    });
    expect(byFetchSite.status).toBe(200);
  });

  it('refuses the checkout calls from another site too', async () => {
    const answer = await fetch(`${server.url}/api/payment/create-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{}',
    });
    expect(answer.status).toBe(403);
  });

  it.each([
    ['/api/admin/payments', {}],
    ['/api/admin/transactions', {}],
    ['/api/admin/audit-log', {}],
    ['/api/admin/login', TEST_ADMIN],
  ])('answers %s with Cache-Control: no-store', async (path, body) => {
    const answer = await server.post(path, body, { cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('answers the session check and the errors with Cache-Control: no-store', async () => {
    const session = await fetch(`${server.url}/api/admin/session`, { headers: { cookie } });
    expect(session.headers.get('cache-control')).toBe('no-store');
    const refused = await server.post('/api/admin/payments', {});
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('sends the browser protections on every answer, and no HSTS over plain HTTP', async () => {
    for (const path of ['/', '/api/health', '/admin/dashboard']) {
      const answer = await fetch(`${server.url}${path}`);
      const policy = answer.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      // Frames of its own only: the console's demo-mode email view.
      expect(policy).toContain("frame-src 'self';");
      expect(policy).not.toContain('unsafe-inline');
      expect(answer.headers.get('permissions-policy')).toContain('payment=(self)');
      expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('keeps the hosted payment page on its own stricter policy', async () => {
    const answer = await fetch(`${server.url}/sandbox/hpp?total=1.00&invoice=CC-ABCDEFGHJKLM`);
    const policy = answer.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toMatch(/script-src 'nonce-/);
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('a store served over HTTPS', () => {
  const PUBLIC_URL = 'https://shop.example';
  const server = useTestServer(PGLITE, { PUBLIC_URL });

  it('sends HSTS', async () => {
    const answer = await fetch(`${server.url}/api/health`);
    expect(answer.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('keeps the admin session in a Secure, __Host- prefixed cookie, and reads no other', async () => {
    const answer = await server.post('/api/admin/login', TEST_ADMIN, { headers: { origin: PUBLIC_URL } });
    expect(answer.status).toBe(200);
    const setCookie = answer.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^__Host-store_admin_session=[\w-]{40,};/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Domain=/i);
    const token = setCookie.split(';')[0]!.split('=')[1]!;
    const withPrefix = await fetch(`${server.url}/api/admin/session`, {
      headers: { cookie: `__Host-store_admin_session=${token}` },
    });
    expect(withPrefix.status).toBe(200);
    // A cookie without the prefix can be planted by a sibling host or a plain-HTTP page: it is ignored.
    const withoutPrefix = await fetch(`${server.url}/api/admin/session`, {
      headers: { cookie: `store_admin_session=${token}` },
    });
    expect(withoutPrefix.status).toBe(401);
  });
});
