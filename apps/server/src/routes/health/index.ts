import type { FastifyInstance } from 'fastify';
import type { SqlClient } from '../../db/client';
import type { PaymentGateway } from '../../gateway/payment-gateway';

/** How long a gateway check is reused: a load balancer probing every second does not probe CardPointe. */
const GATEWAY_CHECK_TTL_MS = 10_000;

/**
 * For load balancers and start-up scripts. `/healthz`: the process answers. `/readyz`: it can do its work,
 * the database and the gateway both answering (503 with what is not, otherwise). `/api/health` (the
 * database answers) is kept for what already uses it.
 */
export function registerHealthRoutes(app: FastifyInstance, sql: SqlClient, gateway: PaymentGateway): void {
  app.get('/api/health', async () => {
    await sql.query('select 1');
    return { status: 'ok' };
  });

  app.get('/healthz', async () => ({ status: 'ok' }));

  let gatewayCheck: { at: number; ok: Promise<boolean> } | undefined;
  const gatewayAnswers = () => {
    const now = Date.now();
    if (!gatewayCheck || now - gatewayCheck.at > GATEWAY_CHECK_TTL_MS) {
      gatewayCheck = { at: now, ok: gateway.ping() };
    }
    return gatewayCheck.ok;
  };

  app.get('/readyz', async (_request, reply) => {
    const [database, gatewayOk] = await Promise.all([
      sql.query('select 1').then(
        () => true,
        () => false,
      ),
      gatewayAnswers(),
    ]);
    const checks = { database: database ? 'ok' : 'unavailable', gateway: gatewayOk ? 'ok' : 'unavailable' };
    return reply
      .status(database && gatewayOk ? 200 : 503)
      .send({ status: database && gatewayOk ? 'ok' : 'unavailable', checks });
  });
}
