import {
  paymentLinkResponseSchema,
  paymentLinkTokenParamsSchema,
  payPaymentLinkRequestSchema,
  payPaymentLinkResponseSchema,
} from '@store/core';
import type { FastifyInstance } from 'fastify';
import { answers, typed } from '../../http/contract';
import type { CheckoutDependencies } from '../../services/checkout/orders';
import { payPaymentLink, readPaymentLink } from '../../services/orders/payment-links';

/**
 * The payer's side of a payment link (decision 034): whoever holds the link reads the order and pays it on
 * the hosted payment page, without an account.
 */
export function registerPaymentLinkRoutes(app: FastifyInstance, deps: CheckoutDependencies): void {
  const api = typed(app);
  api.get(
    '/api/payment-links/:token',
    {
      schema: {
        tags: ['Orders'],
        summary: 'The order a payment link asks to pay, and whether it still can be paid',
        params: paymentLinkTokenParamsSchema,
        response: answers(paymentLinkResponseSchema),
      },
    },
    async (request, reply) => {
      // The page holds a name and an address: browsers and proxies keep no copy of it.
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      return { status: 'success', link: await readPaymentLink(deps, request.params.token) };
    },
  );

  api.post(
    '/api/payment-links/:token/pay',
    {
      schema: {
        tags: ['Orders'],
        summary: "Start paying a payment link's order on the hosted payment page (one attempt at a time)",
        params: paymentLinkTokenParamsSchema,
        body: payPaymentLinkRequestSchema,
        response: answers(payPaymentLinkResponseSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const answer = await payPaymentLink(deps, request.params.token, request.body.redirectUrl);
      return { status: 'success', ...answer };
    },
  );
}
