import type { FastifyRequest } from 'fastify';
import type { Orm } from '../db/client';
import { digestOfSecret } from '../services/accounts/secret-digest';
import { findCustomerSession, type CustomerIdentity } from '../services/accounts/customer-accounts';
import { AppError } from '../errors';
import { sessionCookie, type SessionCookie } from './session-cookie';

/**
 * Who may act on a customer's account: the one guard every customer call goes through. No session is 401;
 * a call naming a `userId` that is not the signed-in customer's is 403, whatever else it carries. (A
 * payment method that is not the caller's is 404, by the lookups that are always scoped to the caller.)
 */
export interface CustomerGuard {
  readonly cookie: SessionCookie;
  signedIn(request: FastifyRequest): Promise<CustomerIdentity>;
  /** The signed-in customer, or undefined for a guest (no session, or one that has ended). */
  current(request: FastifyRequest): Promise<CustomerIdentity | undefined>;
  owner(request: FastifyRequest, userId: string): Promise<CustomerIdentity>;
  /** Names the request's session (its token's digest, as kept in the sessions table), for binding to it. */
  sessionDigest(request: FastifyRequest): string | undefined;
}

export function customerSessionCookie(secure: boolean): SessionCookie {
  return sessionCookie('store_session', secure);
}

export function createCustomerGuard(orm: Orm, secureCookies: boolean): CustomerGuard {
  const cookie = customerSessionCookie(secureCookies);
  // Looked up once per request: a route may check it before the body and read it again in the handler.
  const sessionOfRequest = new WeakMap<FastifyRequest, ReturnType<typeof findCustomerSession>>();
  const current = (request: FastifyRequest) => {
    let lookup = sessionOfRequest.get(request);
    if (!lookup) {
      lookup = findCustomerSession(orm, cookie.read(request));
      sessionOfRequest.set(request, lookup);
    }
    return lookup;
  };
  const signedIn = async (request: FastifyRequest) => {
    const customer = await current(request);
    if (!customer) throw new AppError('unauthorized', 'Please log in to continue');
    return customer;
  };
  return {
    cookie,
    signedIn,
    current,
    sessionDigest: (request) => {
      const token = cookie.read(request);
      return token ? digestOfSecret(token) : undefined;
    },
    owner: async (request, userId) => {
      const customer = await signedIn(request);
      if (customer.id !== userId) throw new AppError('forbidden', 'You can only use your own account');
      return customer;
    },
  };
}
