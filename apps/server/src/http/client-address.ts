import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who is asking, as the throttles, the audit log and the app log know them: always a syntactically
     * valid IP address. Use it instead of `request.ip`.
     */
    readonly clientAddress: string;
  }
}

/** Given when not even the connection has an address left (it closed): one key for all such requests. */
const UNKNOWN_CLIENT = '::';

/**
 * Fastify's `request.ip` is the first X-Forwarded-For entry, from the right, that a trusted proxy did not
 * write. When the address a trusted proxy saw is itself trusted (a client on the proxy's own network),
 * that entry is whatever the client wrote, markup included: only an address that parses as one is taken,
 * else the connection's own.
 */
function clientAddressOf(request: FastifyRequest): string {
  // eslint-disable-next-line no-restricted-properties -- the one place the forwarded address is read
  const forwarded = request.ip;
  if (typeof forwarded === 'string' && isIP(forwarded) !== 0) return forwarded;
  const connection = request.raw.socket?.remoteAddress;
  return connection !== undefined && isIP(connection) !== 0 ? connection : UNKNOWN_CLIENT;
}

export function registerClientAddress(app: FastifyInstance): void {
  app.decorateRequest('clientAddress', {
    getter(this: FastifyRequest) {
      return clientAddressOf(this);
    },
  });
}
