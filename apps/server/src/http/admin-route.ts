import { mayDo, notAllowedMessage } from '@store/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Orm } from '../db/client';
import { AppError } from '../errors';
import type { AdminIdentity } from '../services/accounts/admin-auth';
import { adminSessionCookie, requireAdmin } from './admin-session';
import { answers, typed } from './contract';
import { operationOf } from './operations';

/**
 * The signed-in admin, whose role must give the right this call is declared with (operations.ts):
 * otherwise 403, saying what the role may not do, before anything in the request is read or changed.
 */
async function adminWithRight(
  orm: Orm,
  cookie: ReturnType<typeof adminSessionCookie>,
  request: FastifyRequest,
): Promise<AdminIdentity> {
  const admin = await requireAdmin(orm, cookie, request);
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const right = operationOf(method, request.routeOptions.url ?? '')?.right;
  if (right && !mayDo(admin.role, right))
    throw new AppError('forbidden', notAllowedMessage(admin.role, right));
  return admin;
}

/**
 * How the console's calls are declared: typed, under the console's tag, with the admin session and the
 * role's right checked before anything in the request is read (so a caller without a session learns
 * nothing of the API, and one without the right changes nothing).
 */
export function adminRoutes(app: FastifyInstance, options: { orm: Orm; secureCookies: boolean }) {
  const cookie = adminSessionCookie(options.secureCookies);
  const signedInAdmin = (request: FastifyRequest) => adminWithRight(options.orm, cookie, request);
  const adminOnly = async (request: FastifyRequest) => {
    await signedInAdmin(request);
  };
  /**
   * An admin call's route options: its summary, body (if any), path parameters (if any), query (if any) and
   * answer.
   */
  const admin = <
    Body extends z.ZodType | undefined = undefined,
    Params extends z.ZodType | undefined = undefined,
    Query extends z.ZodType | undefined = undefined,
  >(
    summary: string,
    schema: { body?: Body; params?: Params; querystring?: Query; response: z.ZodType },
  ) => {
    const declared = {
      tags: ['Admin console'],
      summary,
      response: answers(schema.response),
      ...(schema.params ? { params: schema.params } : {}),
      ...(schema.querystring ? { querystring: schema.querystring } : {}),
    };
    return {
      // A call without a body declares none (Fastify warns of an empty one).
      schema: (schema.body ? { ...declared, body: schema.body } : declared) as typeof declared & {
        body: Body;
        params: Params;
        querystring: Query;
      },
      preValidation: adminOnly,
    };
  };
  return { api: typed(app), cookie, signedInAdmin, adminOnly, admin };
}
