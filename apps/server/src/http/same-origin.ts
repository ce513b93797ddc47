import type { FastifyInstance } from 'fastify';
import { isApiRoute } from './canonical-path';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * CSRF defence for every state-changing API call, on top of SameSite=Strict cookies: the browser must say
 * the call comes from the store's own origin (`Origin`, or `Sec-Fetch-Site: same-origin` where it sends no
 * Origin), and the body must be JSON, which a cross-site form or a "simple" request cannot send without a
 * CORS preflight. Anything else is refused before the route runs: 403, or 415 for another content type.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !isApiRoute(request)) return;
    const origin = request.headers.origin;
    const sameOrigin =
      origin !== undefined ? origin === allowed : request.headers['sec-fetch-site'] === 'same-origin';
    if (!sameOrigin) throw new AppError('forbidden', 'Cross-site request refused');
    if (!JSON_TYPE.test(request.headers['content-type'] ?? '')) {
      throw new AppError('unsupported_media_type', 'Send the request body as JSON');
    }
  });
}
