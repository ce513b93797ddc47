import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answers, typed } from '../../http/contract';
import type { SqlClient } from '../../db/client';
import type { PaymentGateway } from '../../gateway/payment-gateway';

/** How long a gateway check is reused: a load balancer probing every second does not probe CardPointe. */
const GATEWAY_CHECK_TTL_MS = 10_000;

/**
 * For load balancers and start-up scripts. `/healthz`: the process answers. `/readyz`: it can do its work,
 * the database and the gateway both answering (503 with what is not, otherwise). `/api/health` (the
 * database answers) is kept for what already uses it.
 */
const okSchema = z.object({ status: z.literal('ok') });
const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({ database: z.enum(['ok', 'unavailable']), gateway: z.enum(['ok', 'unavailable']) }),
});
const tags = ['Health'];

export function registerHealthRoutes(app: FastifyInstance, sql: SqlClient, gateway: PaymentGateway): void {
  const api = typed(app);
  api.get(
    '/api/health',
    { schema: { tags, summary: 'The database answers', response: answers(okSchema) } },
    async () => {
      await sql.query('select 1');
      return { status: 'ok' };
    },
  );

  api.get(
    '/healthz',
    { schema: { tags, summary: 'The process answers', response: answers(okSchema) } },
    async () => ({ status: 'ok' }),
  );

  let gatewayCheck: { at: number; ok: Promise<boolean> } | undefined;
  const gatewayAnswers = () => {
    const now = Date.now();
    if (!gatewayCheck || now - gatewayCheck.at > GATEWAY_CHECK_TTL_MS) {
      gatewayCheck = { at: now, ok: gateway.ping() };
    }
    return gatewayCheck.ok;
  };

  api.get(
    '/readyz',
    {
      schema: {
        tags,
        summary: 'The database and the gateway answer (503 with what does not)',
        response: answers(readinessSchema, { 503: readinessSchema }),
      },
    },
    async (_request, reply) => {
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
    },
  );
}
