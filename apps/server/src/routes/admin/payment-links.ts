import type { SecondFactorRule } from '@store/core';
import {
  adminPaymentLinksQuerySchema,
  adminPaymentLinksResponseSchema,
  paymentLinkCreatedResponseSchema,
  paymentLinkIdParamsSchema,
  paymentLinkRequestSchema,
} from '@store/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Orm } from '../../db/client';
import { adminRoutes } from '../../http/admin-route';
import { runIdempotent } from '../../http/idempotency';
import { cancelPaymentLink, createPaymentLink, listLinks } from '../../services/orders/payment-links';

export interface PaymentLinkAdminDependencies {
  orm: Orm;
  publicUrl: string;
  secureCookies: boolean;
  /** Who must prove a second factor before moving money (decision 059). */
  secondFactor: SecondFactorRule;
  /** Whether a mail server is set (SMTP_URL): without one, the link's email is queued, never sent. */
  mailServer?: boolean;
}

/** Payment links in the console (decision 034): prepare an order and email its link, list them, cancel one. */
export function registerPaymentLinkAdminRoutes(
  app: FastifyInstance,
  deps: PaymentLinkAdminDependencies,
): void {
  const { api, admin, signedInAdmin } = adminRoutes(app, deps);

  api.post(
    '/api/admin/payment-links',
    admin('Prepare an order for a caller and email them a link to pay it on the hosted payment page', {
      body: paymentLinkRequestSchema,
      response: paymentLinkCreatedResponseSchema,
    }),
    async (request, reply) => {
      const admin = await signedInAdmin(request);
      // The same key is the same link, sent once (a double submit, a retry, a second tab).
      return runIdempotent(deps.orm, request, reply, `payment-link:${admin.username}`, async () => {
        const { items, amount, customerId, addressId, delivery } = request.body;
        const link = await createPaymentLink(deps, {
          items,
          amountCents: amount,
          customerId,
          addressId,
          delivery,
          operator: admin.username,
        });
        const mailServer = deps.mailServer ?? false;
        return {
          status: 'success',
          message: mailServer
            ? `Payment link made; its email to ${link.email} is queued`
            : `Payment link made; no mail server is set, so its email to ${link.email} will not be sent`,
          link,
          mailServer,
        };
      });
    },
  );

  api.get(
    '/api/admin/payment-links',
    admin("The newest payment links, or one customer's", {
      querystring: adminPaymentLinksQuerySchema,
      response: adminPaymentLinksResponseSchema,
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const links = await listLinks(deps, request.query.customerId);
      return { status: 'success', links };
    },
  );

  api.post(
    '/api/admin/payment-links/:linkId/cancel',
    admin('Cancel a payment link nobody has paid', {
      params: paymentLinkIdParamsSchema,
      body: z.looseObject({}),
      response: paymentLinkCreatedResponseSchema,
    }),
    async (request) => {
      const admin = await signedInAdmin(request);
      const link = await cancelPaymentLink(deps, request.params.linkId, admin.username);
      return {
        status: 'success',
        message: 'Payment link cancelled: it can no longer be paid',
        link,
        mailServer: deps.mailServer ?? false,
      };
    },
  );
}
