import {
  adminOrderParamsSchema,
  adminProductResponseSchema,
  adminProductsResponseSchema,
  productChangeSchema,
  productInputSchema,
  productParamsSchema,
  RESTOCK_MESSAGES,
  restockResponseSchema,
} from '@store/core';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../../http/admin-route';
import { addProduct, changeProduct, listProducts, restockOrder } from '../../services/catalog/products';
import type { AdminRouteDependencies } from './dependencies';

/** The Products tab (decision 061): the catalog, its prices and stock. */
export function registerProductRoutes(app: FastifyInstance, deps: AdminRouteDependencies): void {
  const { orm } = deps;
  const { api, signedInAdmin, admin } = adminRoutes(app, deps);

  api.get(
    '/api/admin/products',
    admin('Every product, active or not, with its stock and the units open payments hold', {
      response: adminProductsResponseSchema,
    }),
    async (request) => {
      await signedInAdmin(request);
      return { status: 'success', products: await listProducts(orm) };
    },
  );

  api.post(
    '/api/admin/products',
    admin('Add a product to the catalog', { body: productInputSchema, response: adminProductResponseSchema }),
    async (request) => {
      const operator = await signedInAdmin(request);
      return { status: 'success', product: await addProduct(orm, request.body, operator.username) };
    },
  );

  api.put(
    '/api/admin/products/:id',
    admin('Change a product: its fields, its stock, or whether it is on sale', {
      params: productParamsSchema,
      body: productChangeSchema,
      response: adminProductResponseSchema,
    }),
    async (request) => {
      const operator = await signedInAdmin(request);
      return {
        status: 'success',
        product: await changeProduct(orm, request.params.id, request.body, operator.username),
      };
    },
  );

  api.post(
    '/api/admin/orders/:orderId/restock',
    admin('The goods of a captured order came back: put its units back in stock, once', {
      params: adminOrderParamsSchema,
      response: restockResponseSchema,
    }),
    async (request) => {
      const operator = await signedInAdmin(request);
      const units = await restockOrder(orm, request.params.orderId, operator.username);
      return { status: 'success', message: RESTOCK_MESSAGES.done(units), units };
    },
  );
}
