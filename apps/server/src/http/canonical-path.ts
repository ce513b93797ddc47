import type { FastifyRequest } from 'fastify';

const API_PREFIX = '/api/';

/** Percent-decoding rounds for an unmatched path: enough for a doubly encoded one, bounded for a hostile one. */
const DECODING_ROUNDS = 3;

/**
 * The path every check decides on: the route the router matched (`/api/admin/payments/:id`), which is
 * what runs whatever spelling reached it (`/%61pi/…` is routed to `/api/…`). The raw `request.url`
 * must never decide: a check reading it sees a path no handler has. A request no route matched is
 * decided on its path decoded, with doubled slashes folded and in lower case, so that any spelling of
 * `/api/…` is treated as the API (a JSON 404, no-store) rather than as a storefront page.
 */
export function canonicalPathOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? normalisedPath(request.url);
}

/** Whether the request is, or would be taken for, a call of the store's API. */
export function isApiRoute(request: FastifyRequest): boolean {
  return canonicalPathOf(request).startsWith(API_PREFIX);
}

export function normalisedPath(url: string): string {
  let path = url.split('?', 1)[0] ?? '';
  for (let round = 0; round < DECODING_ROUNDS && path.includes('%'); round += 1) {
    // Byte by byte, so a malformed sequence cannot stop the rest from being decoded.
    path = path.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return path.replace(/[/\\]+/g, '/').toLowerCase();
}
