import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import type { SettlementSchedule } from './gateway-config';
import { SANDBOX_CREDENTIALS, sandboxGatewayPlugin, setHostedPageWebhookUrl, type SqlClient } from './index';

/** The sandbox gateway on its own (`npm run gateway`): PostgreSQL at DATABASE_URL, else PGlite files. */
async function openDatabase(): Promise<{ db: SqlClient; close: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
    return { db: pool, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const directory = path.resolve(process.env.DATA_DIR ?? './data', 'sandbox-gateway');
  await mkdir(directory, { recursive: true });
  const pglite = await PGlite.create(directory);
  return { db: pglite, close: () => pglite.close() };
}

/** SANDBOX_SETTLE_EVERY_MINUTES (demonstrations) or SANDBOX_SETTLE_AT (HH:MM local, default 21:00). */
function settlementSchedule(): SettlementSchedule {
  const minutes = Number(process.env.SANDBOX_SETTLE_EVERY_MINUTES);
  if (Number.isInteger(minutes) && minutes > 0) return { everyMinutes: minutes };
  const at = process.env.SANDBOX_SETTLE_AT ?? '21:00';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(at)) throw new Error('SANDBOX_SETTLE_AT must be HH:MM (24-hour)');
  return { dailyAt: at };
}

const port = Number(process.env.PORT ?? 6060);
const host = process.env.HOST ?? '127.0.0.1';
const database = await openDatabase();

const merchantId = process.env.SANDBOX_MERCHANT_ID ?? SANDBOX_CREDENTIALS.merchantId;
// SANDBOX_HPP_WEBHOOK_URL: where the hosted page posts each payment (CardPointe's HPP Webhook URL setting).
if (process.env.SANDBOX_HPP_WEBHOOK_URL !== undefined) {
  await setHostedPageWebhookUrl(database.db, merchantId, process.env.SANDBOX_HPP_WEBHOOK_URL || null);
}

const app = Fastify({ logger: true });
await app.register(sandboxGatewayPlugin, {
  db: database.db,
  merchantId,
  username: process.env.SANDBOX_USERNAME ?? SANDBOX_CREDENTIALS.username,
  password: process.env.SANDBOX_PASSWORD ?? SANDBOX_CREDENTIALS.password,
  settlement: settlementSchedule(),
  unsettledRefunds: process.env.SANDBOX_UNSETTLED_REFUNDS === 'true',
});
await app.listen({ port, host });
console.info(
  `Sandbox gateway at http://${host}:${port} (CardPointe REST /cardconnect/rest/, payment page /hpp)`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // PGlite keeps its files consistent only when closed.
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}
