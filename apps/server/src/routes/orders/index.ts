import {
  customerOrdersQuerySchema,
  customerOrdersResponseSchema,
  receiptParamsSchema,
  receiptResponseSchema,
} from '@store/core';
import type { FastifyInstance } from 'fastify';
import type { Orm } from '../../db/client';
import type { CustomerGuard } from '../../http/customer-session';
import { answers, typed } from '../../http/contract';
import { readCustomerOrders, readReceipt } from '../../services/orders/receipts';

/** What a shopper reads of their orders: a receipt by its link, and a signed-in customer's own orders. */
export function registerOrderRoutes(
  app: FastifyInstance,
  deps: { orm: Orm; customers: CustomerGuard },
): void {
  const api = typed(app);
  api.get(
    '/api/receipts/:token',
    {
      schema: {
        tags: ['Orders'],
        summary: "An order's receipt, by the link its confirmation carries",
        params: receiptParamsSchema,
        response: answers(receiptResponseSchema),
      },
    },
    async (request, reply) => {
      // A receipt holds an address: browsers and proxies keep no copy of it.
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      return { status: 'success', order: await readReceipt(deps.orm, request.params.token) };
    },
  );

  api.get(
    '/api/users/orders',
    {
      schema: {
        tags: ['Customer account'],
        summary: "The signed-in customer's orders, newest first",
        querystring: customerOrdersQuerySchema,
        response: answers(customerOrdersResponseSchema),
      },
    },
    async (request, reply) => {
      const customer = await deps.customers.signedIn(request);
      reply.header('cache-control', 'no-store');
      return readCustomerOrders(deps.orm, customer.id, request.query.cursor);
    },
  );
}
