import type { FastifyInstance } from 'fastify';
import type { Orm } from '../../db/client';

export interface AdminCustomerRouteDependencies {
  orm: Orm;
  secureCookies: boolean;
}

/** The console's Customers: find a customer, and read one (for orders taken by phone). */
export function registerAdminCustomerRoutes(
  _app: FastifyInstance,
  _deps: AdminCustomerRouteDependencies,
): void {}
