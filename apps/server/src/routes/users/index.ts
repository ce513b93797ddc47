import {
  customerLoginRequestSchema,
  messageResponseSchema,
  profileQuerySchema,
  registerRequestSchema,
  updateProfileRequestSchema,
  userResponseSchema,
} from '@store/core';
import type { FastifyInstance } from 'fastify';
import type { Orm } from '../../db/client';
import type { CustomerGuard } from '../../http/customer-session';
import { answers, typed } from '../../http/contract';
import {
  CUSTOMER_SESSION_TTL_MS,
  customerProfile,
  loginCustomer,
  logoutCustomer,
  registerCustomer,
  toUser,
  updateProfile,
} from '../../services/accounts/customer-accounts';
import { registerAddressBookRoutes } from './addresses';

export interface UserRouteDependencies {
  orm: Orm;
  customers: CustomerGuard;
}

/**
 * Customer accounts (product §7): register, log in and out, read and change the profile; and the address
 * book (decision 027).
 */
export function registerUserRoutes(app: FastifyInstance, deps: UserRouteDependencies): void {
  const { orm, customers } = deps;
  const api = typed(app);

  api.post(
    '/api/users/register',
    {
      schema: {
        tags: ['Customer account'],
        summary: 'Create an account; signs the customer in',
        body: registerRequestSchema,
        response: answers(userResponseSchema),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { token, customer } = await registerCustomer(orm, {
        ...body,
        clientAddress: request.clientAddress,
      });
      customers.cookie.set(reply, token, CUSTOMER_SESSION_TTL_MS);
      return { status: 'success', user: await toUser(orm, customer), message: 'Account created' };
    },
  );

  api.post(
    '/api/users/login',
    {
      schema: {
        tags: ['Customer account'],
        summary: 'Sign in; sets the customer session cookie',
        body: customerLoginRequestSchema,
        response: answers(userResponseSchema),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { token, customer } = await loginCustomer(orm, { ...body, clientAddress: request.clientAddress });
      customers.cookie.set(reply, token, CUSTOMER_SESSION_TTL_MS);
      return { status: 'success', user: await toUser(orm, customer), message: 'Login successful' };
    },
  );

  api.post(
    '/api/users/logout',
    { schema: { tags: ['Customer account'], summary: 'Sign out', response: answers(messageResponseSchema) } },
    async (request, reply) => {
      const token = customers.cookie.read(request);
      if (token) await logoutCustomer(orm, token);
      customers.cookie.clear(reply);
      return { status: 'success', message: 'Logged out' };
    },
  );

  /** Who is signed in, for the app to re-check its stored user on load. */
  api.get(
    '/api/users/session',
    {
      schema: {
        tags: ['Customer account'],
        summary: 'Who is signed in',
        response: answers(userResponseSchema),
      },
    },
    async (request) => {
      const customer = await customers.signedIn(request);
      return { status: 'success', user: await customerProfile(orm, customer.id) };
    },
  );

  api.get(
    '/api/users/profile',
    {
      schema: {
        tags: ['Customer account'],
        summary: "The signed-in customer's profile",
        querystring: profileQuerySchema,
        response: answers(userResponseSchema),
      },
    },
    async (request) => {
      const { userId } = request.query;
      const customer = await customers.owner(request, userId);
      return { status: 'success', user: await customerProfile(orm, customer.id) };
    },
  );

  api.put(
    '/api/users/profile',
    {
      schema: {
        tags: ['Customer account'],
        summary: 'Change name and email; a new email needs the current password',
        body: updateProfileRequestSchema,
        response: answers(userResponseSchema),
      },
    },
    async (request) => {
      const body = request.body;
      const customer = await customers.owner(request, body.userId);
      const user = await updateProfile(orm, {
        customerId: customer.id,
        name: body.name,
        email: body.email,
        currentPassword: body.currentPassword,
        clientAddress: request.clientAddress,
      });
      return { status: 'success', user, message: 'Profile updated' };
    },
  );

  registerAddressBookRoutes(app, deps);
}
