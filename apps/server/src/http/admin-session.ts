import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Orm } from '../db/client';
import { ADMIN_SESSION_TTL_MS, findAdminSession, type AdminIdentity } from '../services/admin-auth';
import { AppError } from './errors';

export const ADMIN_SESSION_COOKIE = 'store_admin_session';

export function adminSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[ADMIN_SESSION_COOKIE];
}

/** The admin of this request's session; 401 without one, whatever the body says. */
export async function requireAdmin(orm: Orm, request: FastifyRequest): Promise<AdminIdentity> {
  const admin = await findAdminSession(orm, adminSessionToken(request));
  if (!admin) throw new AppError('unauthorized', 'Authentication required');
  return admin;
}

export function setAdminSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(ADMIN_SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge: ADMIN_SESSION_TTL_MS / 1000,
  });
}

export function clearAdminSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(ADMIN_SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: '/' });
}
