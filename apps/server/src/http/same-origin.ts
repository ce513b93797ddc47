import type { FastifyInstance } from 'fastify';
import { isApiRoute } from './canonical-path';
import { AppError } from '../errors';
import { HOSTED_PAGE_WEBHOOK_PATH } from '../services/checkout/hosted-page-webhook';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * CSRF defence for every state-changing API call, on top of SameSite=Strict cookies: the browser must say
 * the call comes from the store's own origin (`Origin`, or `Sec-Fetch-Site: same-origin` where it sends no
 * Origin), and the body must be JSON, which a cross-site form or a "simple" request cannot send without a
 * CORS preflight. Anything else is refused before the route runs: 403, or 415 for another content type.
 * One call is no browser's: the hosted payment page's webhook, posted by the gateway with no Origin and
 * a URL-encoded body. Sent so, it is let through (it sets no cookie and reads none; the secret in its
 * address stands in for the check); sent with an Origin, by a browser, it is checked as any other call.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !isApiRoute(request)) return;
    const origin = request.headers.origin;
    // A browser names the page that sends a POST; a server (the gateway) names none.
    if (origin === undefined && request.routeOptions.url === HOSTED_PAGE_WEBHOOK_PATH) return;
    const sameOrigin =
      origin !== undefined ? origin === allowed : request.headers['sec-fetch-site'] === 'same-origin';
    if (!sameOrigin) throw new AppError('forbidden', 'Cross-site request refused');
    if (!JSON_TYPE.test(request.headers['content-type'] ?? '')) {
      throw new AppError('unsupported_media_type', 'Send the request body as JSON');
    }
  });
}
