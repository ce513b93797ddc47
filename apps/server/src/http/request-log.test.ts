import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createPgliteTestDatabase } from '../db/test-database';
import { startServer, type RunningServer } from '../server';
import { TEST_PUBLIC_URL } from '../testing/test-server';

interface LogLine {
  level: number;
  msg?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
}

const WARN = 40;
const ERROR = 50;
const REQUEST_LINES = ['slow request', 'server error'];

let running: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of running) await stop().catch(() => {});
  running = [];
});

/** The store on a fresh database, its log lines (JSON, as in production without a terminal) kept. */
async function startLoggedServer(environment: Record<string, string> = {}) {
  const written: string[] = [];
  const database = await createPgliteTestDatabase();
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'info', PUBLIC_URL: TEST_PUBLIC_URL, ...environment });
  const server = await startServer(config, {
    database,
    serveWeb: false,
    upkeep: false,
    logger: { write: (line) => void written.push(line) },
  });
  const stop = async () => {
    await server.close();
    await database.close().catch(() => {});
  };
  running.push(stop);
  return {
    server,
    database,
    /** Every line written so far, once Fastify has run the hooks of the requests it answered. */
    async lines(): Promise<{ all: string; parsed: LogLine[]; requests: LogLine[] }> {
      await stop();
      const parsed = written.map((line) => JSON.parse(line) as LogLine);
      return {
        all: written.join(''),
        parsed,
        requests: parsed.filter((line) => REQUEST_LINES.includes(line.msg ?? '')),
      };
    },
  };
}

async function get(server: RunningServer, path: string): Promise<number> {
  const answer = await fetch(`${server.url}${path}`);
  await answer.arrayBuffer();
  return answer.status;
}

describe('request log lines for an operator', () => {
  it('writes nothing for a fast request that succeeded', async () => {
    const store = await startLoggedServer();
    expect(await get(store.server, '/healthz')).toBe(200);
    expect(await get(store.server, '/api/no-such-thing')).toBe(404);
    const { parsed, requests } = await store.lines();
    expect(requests).toEqual([]);
    // Fastify's own "incoming request" / "request completed" lines are off.
    expect(parsed.filter((line) => /request/i.test(line.msg ?? ''))).toEqual([]);
  });

  it('writes one warn line for a request slower than LOG_SLOW_REQUEST_MS, without the query string', async () => {
    const store = await startLoggedServer({ LOG_SLOW_REQUEST_MS: '0' });
    expect(await get(store.server, '/healthz?orderId=secret-order-42')).toBe(200);
    const { all, requests } = await store.lines();
    expect(requests).toEqual([
      {
        level: WARN,
        msg: 'slow request',
        method: 'GET',
        url: '/healthz',
        statusCode: 200,
        responseTime: expect.any(Number),
        reqId: expect.any(String),
        time: expect.any(Number),
        pid: expect.any(Number),
        hostname: expect.any(String),
      },
    ]);
    expect(all).not.toContain('secret-order-42');
  });

  it('writes an error line for an answer of 500, and never the body or headers', async () => {
    const store = await startLoggedServer();
    // The database goes away under the running store: the next query fails.
    await store.database.close();
    const answer = await fetch(`${store.server.url}/api/health?card=4111111111111111`, {
      headers: { cookie: 'store_session=secret-session' },
    });
    expect(answer.status).toBe(500);
    const { all, requests } = await store.lines();
    expect(requests).toEqual([
      expect.objectContaining({
        level: ERROR,
        msg: 'server error',
        method: 'GET',
        url: '/api/health',
        statusCode: 500,
        responseTime: expect.any(Number),
      }),
    ]);
    expect(all).not.toContain('4111111111111111');
    expect(all).not.toContain('secret-session');
  });
});
