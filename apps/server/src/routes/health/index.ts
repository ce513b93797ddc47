import type { FastifyInstance } from 'fastify';
import type { SqlClient } from '../../db/client';

/** For load balancers and start-up scripts: answers once the database answers. */
export function registerHealthRoutes(app: FastifyInstance, sql: SqlClient): void {
  app.get('/api/health', async () => {
    await sql.query('select 1');
    return { status: 'ok' };
  });
}
