import type { SecondFactorRule } from '@store/core';
import {
  adminOrderParamsSchema,
  adminOrderResponseSchema,
  shipOrderRequestSchema,
  shipOrderResponseSchema,
} from '@store/core';
import type { FastifyInstance } from 'fastify';
import type { Orm } from '../../db/client';
import type { PaymentGateway } from '../../gateway/payment-gateway';
import { adminRoutes } from '../../http/admin-route';
import { runIdempotent } from '../../http/idempotency';
import type { Log } from '../../log';
import type { RefundsBeforeSettlement } from '../../services/money/dependencies';
import { readAdminOrder } from '../../services/console/order-page';
import { shipOrder } from '../../services/orders/shipping';

export interface AdminOrderRouteDependencies {
  orm: Orm;
  gateway: PaymentGateway;
  secureCookies: boolean;
  /** Who must prove a second factor before moving money (decision 059). */
  secondFactor: SecondFactorRule;
  refundsBeforeSettlement: RefundsBeforeSettlement;
  /** Marking an authorized order shipped captures it in the same action (CAPTURE_ON_SHIPMENT). */
  captureOnShipment: boolean;
  publicUrl?: string;
  log?: Log;
}

/** The console's page of one order, and Mark as shipped (decision 028). */
export function registerAdminOrderRoutes(app: FastifyInstance, deps: AdminOrderRouteDependencies): void {
  const { api, admin, signedInAdmin } = adminRoutes(app, deps);

  api.get(
    '/api/admin/orders/:orderId',
    admin('One order: items, delivery, customer, payment, what can be done now, and its timeline', {
      params: adminOrderParamsSchema,
      response: adminOrderResponseSchema,
    }),
    async (request) => {
      await signedInAdmin(request);
      return readAdminOrder(deps.orm, {
        orderId: request.params.orderId,
        demoMode: !deps.gateway.movesRealMoney,
        captureOnShipment: deps.captureOnShipment,
      });
    },
  );

  api.post(
    '/api/admin/orders/:orderId/ship',
    admin('Mark an order as shipped; with capture on shipment, an authorized payment is captured first', {
      params: adminOrderParamsSchema,
      body: shipOrderRequestSchema,
      response: shipOrderResponseSchema,
    }),
    async (request, reply) => {
      const admin = await signedInAdmin(request);
      const { orderId } = request.params;
      // The order is in the path, not the body: it is part of the key's scope, so one key names one order.
      const scope = `ship-order:${admin.username}:${orderId}`;
      return runIdempotent(deps.orm, request, reply, scope, async (idempotencyKey) => {
        const answer = await shipOrder(
          {
            orm: deps.orm,
            gateway: deps.gateway,
            refundsBeforeSettlement: deps.refundsBeforeSettlement,
            publicUrl: deps.publicUrl,
            log: deps.log,
            captureOnShipment: deps.captureOnShipment,
          },
          { orderId, actor: admin.username, idempotencyKey, ...request.body },
        );
        return { status: 'success', ...answer };
      });
    },
  );
}
