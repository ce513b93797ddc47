import type { FastifyRequest } from 'fastify';
import type { Orm } from '../db/client';
import { findAdminSession, type AdminIdentity } from '../services/accounts/admin-auth';
import { AppError } from '../errors';
import { sessionCookie, type SessionCookie } from './session-cookie';

export function adminSessionCookie(secure: boolean): SessionCookie {
  return sessionCookie('store_admin_session', secure);
}

/** A sign-in whose password proved right, waiting five minutes at most for the second factor (decision 059). */
export function pendingSignInCookie(secure: boolean): SessionCookie {
  return sessionCookie('store_admin_pending', secure);
}

const sessionOfRequest = new WeakMap<FastifyRequest, Promise<AdminIdentity | undefined>>();

/**
 * How long the console's person has done nothing, in milliseconds, as the console tells it with each call
 * (decision 057): a list refreshing by itself is no activity. Absent or unreadable: active now.
 */
export const IDLE_HEADER = 'x-console-idle-ms';

function reportedIdleMs(request: FastifyRequest): number | undefined {
  const value = request.headers[IDLE_HEADER];
  const idle = typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : undefined;
  return idle;
}

/**
 * The admin of this request's session; 401 without one, whatever the body says. Looked up once per
 * request: routes check it before the body (so a caller without a session learns nothing of the API) and
 * read it again in the handler.
 */
export async function requireAdmin(
  orm: Orm,
  cookie: SessionCookie,
  request: FastifyRequest,
): Promise<AdminIdentity> {
  let lookup = sessionOfRequest.get(request);
  if (!lookup) {
    lookup = findAdminSession(orm, cookie.read(request), { idleMs: reportedIdleMs(request) });
    sessionOfRequest.set(request, lookup);
  }
  const admin = await lookup;
  if (!admin) throw new AppError('unauthorized', 'Authentication required');
  return admin;
}
