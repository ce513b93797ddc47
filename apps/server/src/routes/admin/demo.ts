import {
  errorResponseSchema,
  sandboxSettleRequestSchema,
  sandboxSettleResponseSchema,
  sentEmailParamsSchema,
  sentEmailsRequestSchema,
  sentEmailsResponseSchema,
} from '@store/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { adminRoutes } from '../../http/admin-route';
import { SENT_EMAIL_PAGE_POLICY } from '../../http/security-headers';
import { listSentEmails, readSentEmailHtml } from '../../services/console/sent-emails';
import { operationsOf, type AdminRouteDependencies } from './dependencies';
import { settleSandboxNow } from '../../services/money/sandbox-settle';

/**
 * Demo mode, with the built-in sandbox: its batch closed now (decision 036), and the outbox as its messages
 * would arrive (decision 027).
 */
export function registerAdminDemoRoutes(app: FastifyInstance, deps: AdminRouteDependencies): void {
  const { orm } = deps;
  const operations = operationsOf(deps);
  const { api, signedInAdmin, adminOnly, admin } = adminRoutes(app, deps);
  const closeSandboxBatch = deps.closeSandboxBatch;
  if (closeSandboxBatch) {
    api.post(
      '/api/admin/sandbox/settle',
      admin('Demo mode: close the sandbox gateway batch now, or as if it had closed days ago', {
        body: sandboxSettleRequestSchema,
        response: sandboxSettleResponseSchema,
      }),
      async (request) => {
        const admin = await signedInAdmin(request);
        const daysAgo = request.body?.daysAgo ?? 0;
        return {
          status: 'success',
          ...(await settleSandboxNow(operations, closeSandboxBatch, { daysAgo, actor: admin.username })),
        };
      },
    );
  }

  if (!deps.gateway.movesRealMoney) {
    // Demo mode: the outbox as its messages would arrive (decision 027). With a real gateway the messages are
    // real customers' mail, each with its receipt link: these calls are not there at all (404).
    api.post(
      '/api/admin/emails',
      admin('Demo mode: Sent emails, the outbox newest first', {
        body: sentEmailsRequestSchema,
        response: sentEmailsResponseSchema,
      }),
      async (request) => {
        await signedInAdmin(request);
        return {
          status: 'success',
          mailServer: deps.mailServer ?? false,
          ...(await listSentEmails(orm, request.body)),
        };
      },
    );

    api.get(
      '/api/admin/emails/:id/html',
      {
        schema: {
          tags: ['Admin console'],
          summary: "Demo mode: an email's HTML body, for a sandboxed frame in the console",
          params: sentEmailParamsSchema,
          response: {
            200: {
              description: 'The message as a mail program shows it; no script runs in it (its own policy)',
              content: { 'text/html': { schema: z.string().describe('HTML') } },
            },
            '4xx': errorResponseSchema,
            '5xx': errorResponseSchema,
          },
        },
        preValidation: adminOnly,
      },
      async (request, reply) => {
        await signedInAdmin(request);
        const html = await readSentEmailHtml(orm, request.params.id);
        // The declared text: Fastify sends a string as it is.
        const page: FastifyReply = reply;
        return page
          .type('text/html; charset=utf-8')
          .header('content-security-policy', SENT_EMAIL_PAGE_POLICY)
          .header('x-content-type-options', 'nosniff')
          .header('x-frame-options', 'SAMEORIGIN')
          .header('cache-control', 'no-store')
          .send(html);
      },
    );
  }
}
