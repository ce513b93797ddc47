import {
  mayDo,
  notAllowedMessage,
  STAFF_FACTOR_MESSAGES,
  type StaffRight,
  type StaffRole,
  type SecondFactorRule,
  type StaffSecondFactorPolicy,
} from '@store/core';
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
  secondFactor: SecondFactorRule,
): Promise<AdminIdentity> {
  const admin = await requireAdmin(orm, cookie, request);
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const right = operationOf(method, request.routeOptions.url ?? '')?.right;
  if (right && !mayDo(admin.role, right))
    throw new AppError('forbidden', notAllowedMessage(admin.role, right));
  if (right && MONEY_RIGHTS.has(right) && secondFactorRequired(secondFactor.policy, admin.role)) {
    if (!admin.hasSecondFactor) throw new AppError('forbidden', STAFF_FACTOR_MESSAGES.required);
    requireRecentSecondFactor(admin, secondFactor.stepUpMs);
  }
  return admin;
}

/**
 * A person with a second factor whose session last proved it more than the step-up window ago must prove it
 * again (decision 059): before moving money, and before removing a factor.
 */
export function requireRecentSecondFactor(
  admin: Pick<AdminIdentity, 'hasSecondFactor' | 'secondFactorAt'>,
  stepUpMs: number,
) {
  const provedAt = admin.secondFactorAt?.getTime() ?? 0;
  if (admin.hasSecondFactor && Date.now() - provedAt > stepUpMs) {
    throw new AppError('step_up_required', STAFF_FACTOR_MESSAGES.stepUp);
  }
}

/** The rights that move money: before them, the second factor (decision 059). */
const MONEY_RIGHTS: ReadonlySet<StaffRight> = new Set([
  'capture',
  'void',
  'refund',
  'cancel-charge',
  'ship',
  'phone-order',
  'settle',
]);

/** Whether a person of `role` must have, and recently have proved, a second factor to move money. */
export function secondFactorRequired(policy: StaffSecondFactorPolicy, role: StaffRole): boolean {
  return (
    policy === 'everyone' || (policy === 'owners-and-managers' && (role === 'owner' || role === 'manager'))
  );
}

/**
 * How the console's calls are declared: typed, under the console's tag, with the admin session and the
 * role's right checked before anything in the request is read (so a caller without a session learns
 * nothing of the API, and one without the right changes nothing).
 */
export function adminRoutes(
  app: FastifyInstance,
  options: { orm: Orm; secureCookies: boolean; secondFactor: SecondFactorRule },
) {
  const cookie = adminSessionCookie(options.secureCookies);
  const signedInAdmin = (request: FastifyRequest) =>
    adminWithRight(options.orm, cookie, request, options.secondFactor);
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
