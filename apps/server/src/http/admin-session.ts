import type { FastifyRequest } from 'fastify';
import type { Orm } from '../db/client';
import { findAdminSession, type AdminIdentity } from '../services/admin-auth';
import { AppError } from './errors';
import { sessionCookie, type SessionCookie } from './session-cookie';

export function adminSessionCookie(secure: boolean): SessionCookie {
  return sessionCookie('store_admin_session', secure);
}

/** The admin of this request's session; 401 without one, whatever the body says. */
export async function requireAdmin(
  orm: Orm,
  cookie: SessionCookie,
  request: FastifyRequest,
): Promise<AdminIdentity> {
  const admin = await findAdminSession(orm, cookie.read(request));
  if (!admin) throw new AppError('unauthorized', 'Authentication required');
  return admin;
}
