import { storefrontCatalogResponseSchema } from '@store/core';
import type { FastifyInstance } from 'fastify';
import type { Orm } from '../../db/client';
import { answers, typed } from '../../http/contract';
import { storefrontCatalog } from '../../services/catalog/catalog';

/** The storefront's catalog (decision 061): the products on sale, their prices and whether any are left. */
export function registerCatalogRoutes(app: FastifyInstance, deps: { orm: Orm }): void {
  const api = typed(app);
  api.get(
    '/api/catalog',
    {
      schema: {
        tags: ['Storefront'],
        summary:
          'The products on sale, in the storefront’s order, with their prices and whether any are left',
        response: answers(storefrontCatalogResponseSchema),
      },
    },
    async (request, reply) => {
      const { revision, body } = await storefrontCatalog(deps.orm);
      // The revision names the answer: a browser that holds it is told nothing changed. It is asked again
      // every time (prices and stock move), never kept without asking.
      const etag = `"catalog-${revision}"`;
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
