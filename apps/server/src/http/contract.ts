import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { errorResponseSchema, STORE_NAME } from '@store/core';
import type { FastifyInstance, FastifySchema } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { operationOf, rolesSentence, securityOf, securitySchemesOf } from './operations';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_REFERENCE_PATH = '/api/docs';

const REFERENCE_PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Swagger UI's hidden icon sprite (an inline style attribute): allowed by its hash alone.
  "style-src 'self' 'unsafe-hashes' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * What the published contract covers: the store's own API, its health checks and Apple's domain file.
 * Not the storefront's files, not the built-in sandbox gateway (CardPointe's own reference documents its
 * calls), not the reference page itself.
 */
export function isContractRoute(url: string): boolean {
  if (url === OPENAPI_PATH || url.startsWith(API_REFERENCE_PATH)) return false;
  return (
    url.startsWith('/api/') || url === '/healthz' || url === '/readyz' || url.startsWith('/.well-known/')
  );
}

/**
 * One contract for the API, from the zod schemas the storefront and the console share: every route
 * declares its body, query and answers with them; requests are validated and answers serialized from
 * them (a field no schema names is never sent), and the same schemas are published as OpenAPI 3.1.
 */
export async function registerContract(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  // A route of the API without declared answers would bypass the serializer, and one without a name and a
  // caller would be published without them: refuse either at start-up.
  app.addHook('onRoute', (route) => {
    if (!isContractRoute(route.url) || route.schema?.hide) return;
    if (!route.schema?.response) {
      throw new Error(`${String(route.method)} ${route.url} declares no response schema`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && !operationOf(method, route.url)) {
        throw new Error(`${method} ${route.url} is not in OPERATIONS (http/operations.ts)`);
      }
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A call sent without a body is checked as an empty object, so it is told which field is missing.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${STORE_NAME} API`,
        version: '1.0.0',
        description:
          'The storefront, customer account and admin console calls. Amounts are dollars with cents in ' +
          'answers and requests; every refusal is `{ status: "error", message }` with the message a person ' +
          'reads. Admin calls need the session cookie set by `/api/admin/login`; customer calls the one set ' +
          'by `/api/users/login`. Calls that move money accept an `Idempotency-Key` header.',
        // The store is the shop owner's own software, under no public licence.
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: new URL(options.publicUrl).origin }],
      components: { securitySchemes: securitySchemesOf(options.publicUrl.startsWith('https:')) },
    },
    transform: (document) => {
      if (!isContractRoute(document.url)) return { schema: { hide: true }, url: document.url };
      const transformed = jsonSchemaTransform(document);
      const declared = operationOf(document.route.method as string, document.url);
      if (!declared) return transformed;
      return {
        ...transformed,
        schema: {
          ...transformed.schema,
          operationId: declared.operationId,
          security: securityOf(declared.caller),
          // The right a console call needs, for a reader and for a generated client.
          ...(declared.right
            ? {
                description: [transformed.schema.description, rolesSentence(declared.right)]
                  .filter(Boolean)
                  .join('\n\n'),
                'x-staff-right': declared.right,
              }
            : {}),
        },
      };
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  await app.register(async (reference) => {
    // The reference page has its own policy: the store's, plus the one style attribute Swagger UI sets.
    reference.addHook('onSend', async (_request, reply) => {
      reply.header('content-security-policy', REFERENCE_PAGE_POLICY);
    });
    await reference.register(fastifySwaggerUi, {
      routePrefix: API_REFERENCE_PATH,
      theme: { title: `${STORE_NAME} API reference` },
      // No top bar to load other documents, and no call to an outside validator.
      uiConfig: { layout: 'BaseLayout', validatorUrl: null, deepLinking: true },
    });
  });
}

type Answer = z.ZodType;

/**
 * A route's answers: its success body, and the one error shape for every refusal. `extra` names other
 * statuses that answer with their own body (a health check's 503).
 */
export function answers(ok: Answer, extra: Record<number, Answer> = {}): FastifySchema['response'] {
  return { 200: ok, ...extra, '4xx': errorResponseSchema, '5xx': errorResponseSchema };
}

/** The app, typed so that each handler's request has its schemas' types. */
export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}
