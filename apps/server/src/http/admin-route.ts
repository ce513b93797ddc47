import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Orm } from '../db/client';
import { adminSessionCookie, requireAdmin } from './admin-session';
import { answers, typed } from './contract';

/**
 * How the console's calls are declared: typed, under the console's tag, with the admin session checked
 * before anything in the request is read (so a caller without a session learns nothing of the API).
 */
export function adminRoutes(app: FastifyInstance, options: { orm: Orm; secureCookies: boolean }) {
  const cookie = adminSessionCookie(options.secureCookies);
  const signedInAdmin = (request: FastifyRequest) => requireAdmin(options.orm, cookie, request);
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
