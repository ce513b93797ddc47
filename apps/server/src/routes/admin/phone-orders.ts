import type { SecondFactorRule } from '@store/core';
import { customerIdParamsSchema, phoneOrderRequestSchema, phoneOrderResponseSchema } from '@store/core';
import type { FastifyInstance } from 'fastify';
import type { Orm } from '../../db/client';
import type { PaymentGateway } from '../../gateway/payment-gateway';
import { adminRoutes } from '../../http/admin-route';
import { runIdempotent } from '../../http/idempotency';
import { takePhoneOrder } from '../../services/orders/phone-orders';

export interface PhoneOrderRouteDependencies {
  orm: Orm;
  gateway: PaymentGateway;
  publicUrl: string;
  secureCookies: boolean;
  /** Who must prove a second factor before moving money (decision 059). */
  secondFactor: SecondFactorRule;
}

/** Orders taken by telephone for a customer, with one of their saved methods (decision 033). */
export function registerPhoneOrderRoutes(app: FastifyInstance, deps: PhoneOrderRouteDependencies): void {
  const { api, admin, signedInAdmin } = adminRoutes(app, deps);

  api.post(
    '/api/admin/customers/:customerId/phone-orders',
    admin("Take an order by telephone for a customer, paid with one of the customer's saved methods", {
      params: customerIdParamsSchema,
      body: phoneOrderRequestSchema,
      response: phoneOrderResponseSchema,
    }),
    async (request, reply) => {
      const admin = await signedInAdmin(request);
      const { customerId } = request.params;
      // A money call: the same key is the same order, taken once (a double submit, a retry, a second tab).
      const scope = `phone-order:${admin.username}:${customerId}`;
      return runIdempotent(deps.orm, request, reply, scope, async () => {
        const { items, amount, addressId, methodId } = request.body;
        const answer = await takePhoneOrder(deps, {
          customerId,
          items,
          amountCents: amount,
          addressId,
          methodId,
          operator: admin.username,
          clientAddress: request.clientAddress,
        });
        return { status: 'success', ...answer };
      });
    },
  );
}
