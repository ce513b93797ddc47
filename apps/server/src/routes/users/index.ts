import {
  customerLoginRequestSchema,
  profileQuerySchema,
  registerRequestSchema,
  updateProfileRequestSchema,
} from '@store/core';
import type { FastifyInstance } from 'fastify';
import type { Orm } from '../../db/client';
import type { CustomerGuard } from '../../http/customer-session';
import { parseBody } from '../../http/parse';
import {
  CUSTOMER_SESSION_TTL_MS,
  customerProfile,
  loginCustomer,
  logoutCustomer,
  registerCustomer,
  toUser,
  updateProfile,
} from '../../services/customer-accounts';

export interface UserRouteDependencies {
  orm: Orm;
  customers: CustomerGuard;
}

/** Customer accounts (SPEC §7): register, log in and out, read and change the profile. */
export function registerUserRoutes(app: FastifyInstance, deps: UserRouteDependencies): void {
  const { orm, customers } = deps;

  app.post('/api/users/register', async (request, reply) => {
    const body = parseBody(registerRequestSchema, request.body);
    const { token, customer } = await registerCustomer(orm, { ...body, clientAddress: request.ip });
    customers.cookie.set(reply, token, CUSTOMER_SESSION_TTL_MS);
    return { status: 'success', user: await toUser(orm, customer), message: 'Account created' };
  });

  app.post('/api/users/login', async (request, reply) => {
    const body = parseBody(customerLoginRequestSchema, request.body);
    const { token, customer } = await loginCustomer(orm, { ...body, clientAddress: request.ip });
    customers.cookie.set(reply, token, CUSTOMER_SESSION_TTL_MS);
    return { status: 'success', user: await toUser(orm, customer), message: 'Login successful' };
  });

  app.post('/api/users/logout', async (request, reply) => {
    const token = customers.cookie.read(request);
    if (token) await logoutCustomer(orm, token);
    customers.cookie.clear(reply);
    return { status: 'success', message: 'Logged out' };
  });

  /** Who is signed in, for the app to re-check its stored user on load. */
  app.get('/api/users/session', async (request) => {
    const customer = await customers.signedIn(request);
    return { status: 'success', user: await customerProfile(orm, customer.id) };
  });

  app.get('/api/users/profile', async (request) => {
    const { userId } = parseBody(profileQuerySchema, request.query);
    const customer = await customers.owner(request, userId);
    return { status: 'success', user: await customerProfile(orm, customer.id) };
  });

  app.put('/api/users/profile', async (request) => {
    const body = parseBody(updateProfileRequestSchema, request.body);
    const customer = await customers.owner(request, body.userId);
    const user = await updateProfile(orm, { customerId: customer.id, name: body.name, email: body.email });
    return { status: 'success', user, message: 'Profile updated' };
  });
}
