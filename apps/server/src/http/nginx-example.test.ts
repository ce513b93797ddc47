import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createPostgresTestDatabase } from '../db/test-database';
import { freePort, REPOSITORY_ROOT, startChildServer, type ChildServer } from '../testing/processes';
import { TEST_ADMIN } from '../testing/test-server';

/**
 * The README's several servers (docs/examples/nginx-two-servers.conf), run as the example is written: Debian's
 * nginx with TLS in front of two store processes on one PostgreSQL database. Only its ports, its host name and
 * its certificate's paths are this test's. `npm test` installs Debian's nginx where it is missing.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const NGINX = '/usr/sbin/nginx';
const EXAMPLE = join(REPOSITORY_ROOT, 'docs/examples/nginx-two-servers.conf');

/** The example with this test's ports, host and certificate, inside the main configuration nginx needs. */
function configurationOf(input: { port: number; upstreams: number[]; folder: string }): string {
  let example = readFileSync(EXAMPLE, 'utf8');
  const replace = (from: string | RegExp, to: string) => {
    const changed = example.replace(from, to);
    if (changed === example) throw new Error(`the example no longer has ${String(from)}`);
    example = changed;
  };
  replace('127.0.0.1:3001', `127.0.0.1:${input.upstreams[0]}`);
  replace('127.0.0.1:3002', `127.0.0.1:${input.upstreams[1]}`);
  replace(/^( *)listen 443 /m, `$1listen 127.0.0.1:${input.port} `);
  replace(/server_name shop\.example\.com;/, 'server_name localhost;');
  replace(/^( *)ssl_certificate +\S+;/m, `$1ssl_certificate ${join(input.folder, 'cert.pem')};`);
  replace(/^( *)ssl_certificate_key +\S+;/m, `$1ssl_certificate_key ${join(input.folder, 'key.pem')};`);
  const temp = (name: string) => `${name} ${join(input.folder, name)};`;
  return `user root;
pid ${join(input.folder, 'nginx.pid')};
error_log ${join(input.folder, 'error.log')} warn;
events {}
http {
  access_log off;
  ${temp('client_body_temp_path')}
  ${temp('proxy_temp_path')}
  ${temp('fastcgi_temp_path')}
  ${temp('uwsgi_temp_path')}
  ${temp('scgi_temp_path')}
${example}
}
`;
}

describe.skipIf(!postgresUrl)('the example of two servers behind nginx, on PostgreSQL', () => {
  let database: Database;
  let folder: string;
  let nginx: ChildProcess;
  let publicUrl: string;
  let agent: Agent;
  const stores: ChildServer[] = [];

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const answer = await request(`${publicUrl}${path}`, { dispatcher: agent, headers });
    return { status: answer.statusCode, headers: answer.headers, body: await answer.body.text() };
  };

  beforeAll(async () => {
    if (!existsSync(NGINX)) {
      throw new Error(`Debian's nginx is not at ${NGINX}: npm test installs it (apt-get install -y nginx)`);
    }
    folder = mkdtempSync(join(tmpdir(), 'store-nginx-'));
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext']
        .concat(['subjectAltName=DNS:localhost', '-keyout', join(folder, 'key.pem')])
        .concat(['-out', join(folder, 'cert.pem')]),
      { stdio: 'ignore' },
    );
    agent = new Agent({ connect: { ca: readFileSync(join(folder, 'cert.pem')) } });
    const port = await freePort();
    publicUrl = `https://localhost:${port}`;
    database = await createPostgresTestDatabase(postgresUrl!);
    const environment = {
      DATABASE_URL: database.url!,
      PUBLIC_URL: publicUrl,
      HOST: '127.0.0.1',
      TRUST_PROXY: 'loopback',
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      // Its admin moves money without an authenticator app: what is measured here is not sign-in.
      STAFF_SECOND_FACTOR: 'off',
      // Every request logged, so that the test sees which server answered it.
      LOG_LEVEL: 'warn',
      LOG_SLOW_REQUEST_MS: '0',
    };
    // Both at once, as an operator's service manager starts them: each sets up the sandbox gateway's tables
    // and the first admin on the fresh database, only one of them for real.
    stores.push(
      ...(await Promise.all(
        [0, 1].map(() =>
          startChildServer('apps/server/src/main.ts', environment, '/api/health', { captureOutput: true }),
        ),
      )),
    );
    writeFileSync(
      join(folder, 'nginx.conf'),
      configurationOf({ port, upstreams: stores.map((store) => Number(new URL(store.url).port)), folder }),
    );
    nginx = spawn(NGINX, ['-p', folder, '-c', join(folder, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: 'pipe',
    });
    let said = '';
    nginx.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const started = Date.now();
    for (;;) {
      const up = await get('/api/health').then(
        (answer) => answer.status === 200 || ((said += ` HTTP ${answer.status}`), false),
        (error: Error) => ((said += ` ${error.message} ${String(error.cause ?? '')}`.slice(0, 300)), false),
      );
      if (up) break;
      if (Date.now() - started > 15_000 || nginx.exitCode !== null) {
        throw new Error(`nginx did not start: ${said} ${readFileSync(join(folder, 'error.log'), 'utf8')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 180_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await Promise.all(stores.map((store) => store.stop()));
    await agent?.close();
    await database?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);
  const answeredBy = (path: string) =>
    stores.map(
      (store) =>
        store
          .output()
          .split('\n')
          .filter((line) => line.includes(`"url":"${path}"`)).length,
    );

  it('signs an operator in over HTTPS with a host-only secure cookie that both servers accept', async () => {
    const login = await request(`${publicUrl}/api/admin/login`, {
      dispatcher: agent,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: publicUrl },
      body: JSON.stringify(TEST_ADMIN),
    });
    await login.body.text();
    expect(login.statusCode).toBe(200);
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-store_admin_session=/);
    expect(setCookie).toMatch(/; Secure/i);
    const cookie = setCookie.split(';')[0]!;
    const reads = await Promise.all(
      Array.from({ length: 12 }, () =>
        request(`${publicUrl}/api/admin/payments`, {
          dispatcher: agent,
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: publicUrl, cookie },
          body: '{}',
        }).then(async (answer) => {
          await answer.body.text();
          return answer.statusCode;
        }),
      ),
    );
    expect(reads).toEqual(Array.from({ length: 12 }, () => 200));
    // nginx shared them out: each server answered some, each knew the session made on the other.
    // Each server writes its line once the answer is sent: wait for the last of them.
    for (let waited = 0; waited < 20_000 && sum(answeredBy('/api/admin/payments')) < 12; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [first, second] = answeredBy('/api/admin/payments');
    expect(first! + second!).toBe(12);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
  }, 60_000);

  it('keeps answering shoppers while one of the servers stops', async () => {
    const statuses: number[] = [];
    let stopping: Promise<void> | undefined;
    for (let call = 0; call < 120; call += 1) {
      if (call === 40) stopping = stores[1]!.stop();
      statuses.push((await get('/')).status);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await stopping;
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(stores[1]!.process.exitCode).toBe(0);
  }, 60_000);
});
