import {
  adminOrderParamsSchema,
  adminProductResponseSchema,
  adminProductsResponseSchema,
  productChangeSchema,
  productInputSchema,
  productImageRequestSchema,
  productImportRequestSchema,
  productImportResponseSchema,
  productParamsSchema,
  RESTOCK_MESSAGES,
  restockResponseSchema,
} from '@store/core';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../../http/admin-route';
import { CSV_DOWNLOAD_RESPONSE, sendCsvExport } from '../../http/csv-download';
import { exportProductsCsv, importProducts } from '../../services/catalog/product-import';
import { removeProductImage, setProductImage } from '../../services/catalog/product-images';
import {
  addProduct,
  changeProduct,
  findAdminProduct,
  listProducts,
  restockOrder,
} from '../../services/catalog/products';
import type { AdminRouteDependencies } from './dependencies';

/** The Products tab (decision 061): the catalog, its prices and stock. */
export function registerProductRoutes(app: FastifyInstance, deps: AdminRouteDependencies): void {
  const { orm } = deps;
  const { api, signedInAdmin, admin, adminOnly } = adminRoutes(app, deps);

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

  api.get(
    '/api/admin/products.csv',
    {
      schema: {
        tags: ['Admin console'],
        summary: 'The catalog as a CSV file, every product active or not, in the format the import reads',
        response: CSV_DOWNLOAD_RESPONSE,
      },
      preValidation: adminOnly,
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const lines = await exportProductsCsv(orm);
      const fileName = `products-${new Date().toISOString().slice(0, 10)}.csv`;
      return sendCsvExport(
        request,
        reply,
        fileName,
        (async function* () {
          yield* lines;
        })(),
      );
    },
  );

  api.post(
    '/api/admin/products/import',
    {
      ...admin(
        'Preview what a CSV file of products changes, matched by SKU; with the preview’s token, apply it',
        {
          body: productImportRequestSchema,
          response: productImportResponseSchema,
        },
      ),
      // A file of up to 2,000 products, in base64.
      bodyLimit: 1024 * 1024,
    },
    async (request) => {
      const operator = await signedInAdmin(request);
      return importProducts(orm, request.body, operator.username);
    },
  );

  api.put(
    '/api/admin/products/:id/image',
    {
      ...admin('Set a product’s picture: a JPEG, PNG or WebP, resized to fit 800 px and kept as WebP', {
        params: productParamsSchema,
        body: productImageRequestSchema,
        response: adminProductResponseSchema,
      }),
      // A picture of up to 5 MB, in base64.
      bodyLimit: 7 * 1024 * 1024 + 1024,
    },
    async (request) => {
      const operator = await signedInAdmin(request);
      await setProductImage(orm, request.params.id, request.body.file, operator.username);
      return { status: 'success', product: await findAdminProduct(orm, request.params.id) };
    },
  );

  api.delete(
    '/api/admin/products/:id/image',
    admin('Remove a product’s picture', {
      params: productParamsSchema,
      response: adminProductResponseSchema,
    }),
    async (request) => {
      const operator = await signedInAdmin(request);
      await removeProductImage(orm, request.params.id, operator.username);
      return { status: 'success', product: await findAdminProduct(orm, request.params.id) };
    },
  );
}
