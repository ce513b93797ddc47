import {
  rightsOf,
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  adminSessionResponseSchema,
  messageResponseSchema,
  STAFF_FACTOR_MESSAGES,
} from '@store/core';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../../http/admin-route';
import { AppError } from '../../errors';
import { answers } from '../../http/contract';
import {
  ADMIN_SESSION_TTL_MS,
  loginAdmin,
  logoutAdmin,
  PENDING_SIGN_IN_MS,
} from '../../services/accounts/admin-auth';
import { pendingSignInCookie } from '../../http/admin-session';
import { type AdminRouteDependencies } from './dependencies';

/** Signing in and out of the console, and who is signed in. */
export function registerAdminSessionRoutes(app: FastifyInstance, deps: AdminRouteDependencies): void {
  const { orm } = deps;
  const { api, cookie, signedInAdmin, admin } = adminRoutes(app, deps);
  const pendingCookie = pendingSignInCookie(deps.secureCookies);
  api.post(
    '/api/admin/login',
    {
      schema: {
        tags: ['Admin console'],
        summary: 'Sign in; sets the admin session cookie',
        body: adminLoginRequestSchema,
        response: answers(adminLoginResponseSchema),
      },
    },
    async (request, reply) => {
      const body = request.body;
      try {
        const session = await loginAdmin(orm, {
          ...body,
          clientAddress: request.clientAddress,
          idleMs: deps.adminIdleMs,
        });
        if (session.secondFactor) {
          pendingCookie.set(reply, session.token, PENDING_SIGN_IN_MS);
          return {
            status: 'success',
            message: STAFF_FACTOR_MESSAGES.codeRequired,
            username: session.username,
            secondFactor: 'required' as const,
          };
        }
        cookie.set(reply, session.token, ADMIN_SESSION_TTL_MS);
        request.log.info({ admin: session.username }, 'admin signed in');
        return { status: 'success', message: 'Login successful', username: session.username };
      } catch (error) {
        if (error instanceof AppError)
          request.log.warn({ admin: body.username, client: request.clientAddress }, 'admin sign-in refused');
        throw error;
      }
    },
  );

  api.post(
    '/api/admin/logout',
    admin('Sign out; ends the session on the server', { response: messageResponseSchema }),
    async (request, reply) => {
      const admin = await signedInAdmin(request);
      await logoutAdmin(orm, cookie.read(request)!, admin.username);
      cookie.clear(reply);
      return { status: 'success', message: 'Logged out' };
    },
  );

  api.get(
    '/api/admin/session',
    admin('Who is signed in, with their role and what it lets them do', {
      response: adminSessionResponseSchema,
    }),
    async (request) => {
      const admin = await signedInAdmin(request);
      return {
        status: 'success',
        username: admin.username,
        role: admin.role,
        rights: [...rightsOf(admin.role)],
        idleSeconds: admin.idleSeconds,
      };
    },
  );
}
