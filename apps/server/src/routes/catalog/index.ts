import { errorResponseSchema, productParamsSchema, storefrontCatalogResponseSchema } from '@store/core';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Orm } from '../../db/client';
import { answers, typed } from '../../http/contract';
import { storefrontCatalog } from '../../services/catalog/catalog';
import { readProductImage } from '../../services/catalog/product-images';
import { AppError } from '../../errors';

/** The storefront's catalog (decision 061): the products on sale, their prices and whether any are left. */
export function registerCatalogRoutes(app: FastifyInstance, deps: { orm: Orm }): void {
  const api = typed(app);
  api.get(
    '/api/catalog',
    {
      // What is on sale is nobody's secret: a browser may keep the answer, and asks whether it changed.
      config: { publicAnswer: true },
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

  api.get(
    '/api/products/:id/image',
    {
      // A product's picture holds nothing of anyone's: browsers and proxies may keep it (see its caching).
      config: { publicAnswer: true },
      schema: {
        tags: ['Storefront'],
        summary:
          'A product’s picture (WebP); its address carries the picture’s digest, so it is kept for good',
        params: productParamsSchema,
        querystring: z.object({ v: z.string().max(64).optional() }),
        response: {
          200: {
            description: 'The picture',
            content: { 'image/webp': { schema: z.string().describe('WebP bytes') } },
          },
          '4xx': errorResponseSchema,
          '5xx': errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const image = await readProductImage(deps.orm, request.params.id);
      if (!image) throw new AppError('not_found', 'This product has no picture');
      const etag = `"${image.digest}"`;
      // The address names the bytes: asked for with today's digest, the picture never changes.
      reply
        .header('etag', etag)
        .header(
          'cache-control',
          request.query.v === image.digest ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      // Bytes, not JSON: sent as they are, past the contract's serializer (which only writes JSON answers).
      const bytes = reply as FastifyReply;
      if (request.headers['if-none-match'] === etag) return bytes.status(304).send();
      return bytes.type(image.contentType).send(image.bytes);
    },
  );
}
