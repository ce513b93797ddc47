import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * CSRF defence for cookie-authenticated calls, with SameSite=Strict cookies: a browser's state-changing
 * request to the API must come from the store's own origin. Clients that send no Origin (curl, servers)
 * carry no browser cookies to abuse.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    if (!request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== allowed) {
      throw new AppError('forbidden', 'Cross-site request refused');
    }
  });
}
