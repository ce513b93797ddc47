import type { SecondFactorRule } from '@store/core';
import {
  adminCustomerParamsSchema,
  adminCustomerResponseSchema,
  adminCustomersRequestSchema,
  adminCustomersResponseSchema,
} from '@store/core';
import type { FastifyInstance } from 'fastify';
import type { Orm } from '../../db/client';
import { adminRoutes } from '../../http/admin-route';
import { listCustomers, readCustomer } from '../../services/console/customers';

export interface AdminCustomerRouteDependencies {
  orm: Orm;
  secureCookies: boolean;
  /** Who must prove a second factor before moving money (decision 059). */
  secondFactor: SecondFactorRule;
}

/** The console's Customers: find a customer, and read one (for orders taken by phone; decision 032). */
export function registerAdminCustomerRoutes(
  app: FastifyInstance,
  deps: AdminCustomerRouteDependencies,
): void {
  const { api, admin, signedInAdmin } = adminRoutes(app, deps);

  api.post(
    '/api/admin/customers',
    admin('Customers, newest first, searched by Customer ID, name or email', {
      body: adminCustomersRequestSchema,
      response: adminCustomersResponseSchema,
    }),
    async (request) => {
      await signedInAdmin(request);
      const { limit, cursor, search } = request.body;
      const page = await listCustomers(deps.orm, { limit, cursor, search });
      const count = page.customers.length;
      return { status: 'success', ...page, message: `${count} customer${count === 1 ? '' : 's'}` };
    },
  );

  api.get(
    '/api/admin/customers/:customerId',
    admin('One customer by Customer ID: saved methods, addresses and orders; each view is audited', {
      params: adminCustomerParamsSchema,
      response: adminCustomerResponseSchema,
    }),
    async (request) => {
      const admin = await signedInAdmin(request);
      const customer = await readCustomer(deps.orm, {
        customerId: Number(request.params.customerId),
        actor: admin.username,
      });
      return { status: 'success', customer };
    },
  );
}
