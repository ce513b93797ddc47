import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { testDatabaseKinds } from '../db/test-database';
import { startServer, type RunningServer } from '../server';

export { testDatabaseKinds };

export interface TestServer extends RunningServer {
  database: Database;
  config: Config;
  /** POSTs JSON (or a raw string body) and returns the status and the parsed answer. */
  post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
}

/** The store with its mounted sandbox gateway on a free port and a fresh database, as tests use it. */
export async function startTestServer(
  database: Database,
  environment: Record<string, string> = {},
): Promise<TestServer> {
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    ...environment,
  });
  const server = await startServer(config, { database, serveWeb: false, logger: false });
  return {
    ...server,
    database,
    config,
    async post(path, body) {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(text) as Record<string, unknown>;
      } catch {
        parsed = { unparsed: text };
      }
      return { status: response.status, body: parsed };
    },
  };
}

export async function countRows(database: Database, table: string): Promise<number> {
  const { rows } = await database.sql.query<{ count: string | number }>(
    `select count(*) as count from ${table}`,
  );
  return Number(rows[0]?.count ?? 0);
}
