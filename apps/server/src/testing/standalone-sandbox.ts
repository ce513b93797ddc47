import {
  SANDBOX_CREDENTIALS,
  sandboxGatewayPlugin,
  type SandboxGatewayOptions,
} from '@store/sandbox-gateway';
import Fastify from 'fastify';
import type { SqlClient } from '../db/client';
import { createPgliteTestDatabase } from '../db/test-database';

/** The sandbox gateway on a port and a database of its own, as `npm run gateway` runs it, in this process. */
export interface StandaloneSandbox {
  url: string;
  /** The gateway's database, to read its own records (`sandbox_gateway.transactions`). */
  sql: SqlClient;
  close(): Promise<void>;
}

export async function startStandaloneSandbox(
  options: Partial<Omit<SandboxGatewayOptions, 'db'>> = {},
): Promise<StandaloneSandbox> {
  // A clone of the store's migrated template is ready sooner than a new PGlite (no initdb); the gateway
  // keeps to its own schema in it.
  const database = await createPgliteTestDatabase();
  const app = Fastify({ logger: false });
  await app.register(sandboxGatewayPlugin, { db: database.sql, ...SANDBOX_CREDENTIALS, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    sql: database.sql,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The store's settings for CardPointe at `gatewayUrl`, a sandbox gateway, with the sandbox's credentials. */
export function sandboxAsCardPointe(gatewayUrl: string): Record<string, string> {
  return {
    GATEWAY: 'cardpointe',
    CARDPOINTE_URL: gatewayUrl,
    CARDPOINTE_HPP_URL: `${gatewayUrl}/hpp`,
    CARDPOINTE_MERCHANT_ID: SANDBOX_CREDENTIALS.merchantId,
    CARDPOINTE_USERNAME: SANDBOX_CREDENTIALS.username,
    CARDPOINTE_PASSWORD: SANDBOX_CREDENTIALS.password,
  };
}
