import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface SessionCookie {
  readonly name: string;
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, token: string, maxAgeMs: number): void;
  clear(reply: FastifyReply): void;
}

/**
 * The cookie that carries a session token: HttpOnly, SameSite=Strict, whole-site. Over HTTPS it is Secure
 * and `__Host-` prefixed, so that no other host (a sibling subdomain) and no plain-HTTP page can set or
 * shadow it; over plain HTTP (a shop on localhost) browsers would drop such a cookie, so it has neither.
 */
export function sessionCookie(baseName: string, secure: boolean): SessionCookie {
  const name = secure ? `__Host-${baseName}` : baseName;
  const options = { httpOnly: true, sameSite: 'strict', secure, path: '/' } as const;
  return {
    name,
    read: (request) => request.cookies[name],
    set: (reply, token, maxAgeMs) => {
      reply.setCookie(name, token, { ...options, maxAge: Math.floor(maxAgeMs / 1000) });
    },
    clear: (reply) => {
      reply.clearCookie(name, options);
    },
  };
}
