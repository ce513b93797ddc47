import {
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  adminPaymentsRequestSchema,
  adminPaymentsResponseSchema,
  adminSessionResponseSchema,
  adminTransactionsRequestSchema,
  adminTransactionsResponseSchema,
  auditLogRequestSchema,
  auditLogResponseSchema,
  captureAllResponseSchema,
  capturePaymentRequestSchema,
  capturePaymentResponseSchema,
  centsToDollars,
  errorResponseSchema,
  messageResponseSchema,
  reconcileResponseSchema,
  refundRequestSchema,
  refundResponseSchema,
  sandboxSettleRequestSchema,
  sandboxSettleResponseSchema,
  sentEmailParamsSchema,
  sentEmailsRequestSchema,
  sentEmailsResponseSchema,
  transactionsCsvFileName,
  transactionsCsvQuerySchema,
  paymentActionRequestSchema,
} from '@store/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { insertAuditEvent } from '../../db/audit-store';
import type { Orm } from '../../db/client';
import { listRowsUnchanged } from '../../db/list-changes';
import type { PaymentGateway } from '../../gateway/payment-gateway';
import { adminRoutes } from '../../http/admin-route';
import { CSV_DOWNLOAD_RESPONSE, sendCsvExport } from '../../http/csv-download';
import { SnapshotAnswers } from '../../http/snapshot-answers';
import { AppError } from '../../errors';
import type { Log } from '../../log';
import { runIdempotent } from '../../http/idempotency';
import { SENT_EMAIL_PAGE_POLICY } from '../../http/security-headers';
import { answers } from '../../http/contract';
import type { CloseSandboxBatch } from '../../gateway/sandbox-batch';
import { ADMIN_SESSION_TTL_MS, loginAdmin, logoutAdmin } from '../../services/accounts/admin-auth';
import {
  listAudit,
  listPendingPayments,
  listTransactions,
  openTransactionsExport,
} from '../../services/console/payment-lists';
import { captureAll } from '../../services/money/capture-all';
import { capturePayment, voidPayment, refundPayment, cancelCharge } from '../../services/money/commands';
import { reconcilePendingOperations } from '../../services/money/reconciliation';
import type { RefundsBeforeSettlement } from '../../services/money/dependencies';
import { followFunding } from '../../services/money/funding';
import { catchUpWithSettlement } from '../../services/money/settlement';
import { paymentMoneyOf } from '../../db/payment-money';
import { listSentEmails, readSentEmailHtml } from '../../services/console/sent-emails';

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

export interface AdminRouteDependencies {
  orm: Orm;
  gateway: PaymentGateway;
  secureCookies: boolean;
  /** Pending operations older than this are settled by reconciliation. */
  reconcileAfterMs: number;
  refundsBeforeSettlement: RefundsBeforeSettlement;
  /** How many captures Capture All keeps in flight towards the gateway. */
  captureAllConcurrency?: number;
  /** With the built-in sandbox only: closes its batch now, for an operator trying the store. */
  closeSandboxBatch?: CloseSandboxBatch;
  /** Where shoppers reach the store: names the messages a refund queues for its customer. */
  publicUrl?: string;
  /** Whether a mail server is set (SMTP_URL): without one, queued messages are never sent. */
  mailServer?: boolean;
  log?: Log;
}

/** The admin console's calls (product §7). Every one but login needs an admin session. */
export function registerAdminRoutes(app: FastifyInstance, deps: AdminRouteDependencies): void {
  const { orm } = deps;
  const operations = {
    orm,
    gateway: deps.gateway,
    refundsBeforeSettlement: deps.refundsBeforeSettlement,
    captureAllConcurrency: deps.captureAllConcurrency,
    publicUrl: deps.publicUrl,
    log: deps.log,
  };
  const { api, cookie, signedInAdmin, adminOnly, admin } = adminRoutes(app, deps);
  // The lists, read again only when a row they show has changed (a console polls them; several tabs share).
  const lists = new SnapshotAnswers({ unchanged: (before, now) => listRowsUnchanged(orm, before, now) });

  api.post(
    '/api/admin/login',
    {
      schema: {
        tags: ['Admin console'],
        summary: 'Sign in; sets the admin session cookie',
        body: adminLoginRequestSchema,
        response: answers(adminLoginResponseSchema),
      },
    },
    async (request, reply) => {
      const body = request.body;
      try {
        const session = await loginAdmin(orm, { ...body, clientAddress: request.clientAddress });
        cookie.set(reply, session.token, ADMIN_SESSION_TTL_MS);
        request.log.info({ admin: session.username }, 'admin signed in');
        return { status: 'success', message: 'Login successful', username: session.username };
      } catch (error) {
        if (error instanceof AppError)
          request.log.warn({ admin: body.username, client: request.clientAddress }, 'admin sign-in refused');
        throw error;
      }
    },
  );

  api.post(
    '/api/admin/logout',
    admin('Sign out; ends the session on the server', { response: messageResponseSchema }),
    async (request, reply) => {
      const admin = await signedInAdmin(request);
      await logoutAdmin(orm, cookie.read(request)!, admin.username);
      cookie.clear(reply);
      return { status: 'success', message: 'Logged out' };
    },
  );

  api.get(
    '/api/admin/session',
    admin('Who is signed in', { response: adminSessionResponseSchema }),
    async (request) => {
      const admin = await signedInAdmin(request);
      return { status: 'success', username: admin.username };
    },
  );

  api.post(
    '/api/admin/payments',
    admin('Pending Payments: authorizations awaiting capture, oldest first (they lapse first)', {
      body: adminPaymentsRequestSchema,
      response: adminPaymentsResponseSchema,
    }),
    async (request, reply) => {
      const { snapshot } = await signedInAdmin(request);
      const { limit, cursor } = request.body;
      return lists.send(reply, JSON.stringify(['payments', limit, cursor]), snapshot, async () => {
        const { snapshot, ...page } = await listPendingPayments(orm, { limit, cursor });
        const message = `${page.total}${page.totalIsCapped ? '+' : ''} payment${page.total === 1 ? '' : 's'} awaiting capture`;
        return { snapshot, answer: { status: 'success', ...page, message } };
      });
    },
  );

  api.post(
    '/api/admin/transactions',
    admin('Transaction History: payments and refunds, newest first, filtered and searched', {
      body: adminTransactionsRequestSchema,
      response: adminTransactionsResponseSchema,
    }),
    async (request, reply) => {
      const { snapshot } = await signedInAdmin(request);
      const { limit, cursor, search, status, channel, from, to, timeZone } = request.body;
      const key = JSON.stringify([
        'transactions',
        limit,
        cursor,
        search,
        status,
        channel,
        from,
        to,
        timeZone,
      ]);
      return lists.send(reply, key, snapshot, async () => {
        const { snapshot, ...page } = await listTransactions(orm, {
          limit,
          cursor,
          search,
          status,
          channel,
          from,
          to,
          timeZone,
          demoMode: !deps.gateway.movesRealMoney,
        });
        const answer = {
          status: 'success',
          ...page,
          message: `${page.transactions.length} transactions`,
          // With the built-in sandbox, the console offers to close its batch now (POST /api/admin/sandbox/settle).
          ...(deps.closeSandboxBatch ? { sandboxBatch: true } : {}),
        };
        return { snapshot, answer };
      });
    },
  );

  api.get(
    '/api/admin/transactions.csv',
    {
      schema: {
        tags: ['Admin console'],
        summary: 'Transaction History as a CSV file: every row the filters select, streamed',
        querystring: transactionsCsvQuerySchema,
        response: CSV_DOWNLOAD_RESPONSE,
      },
      // As every admin call: the session is checked before the query is read.
      preValidation: adminOnly,
      // A HEAD would read the whole history for no one (Fastify runs the GET handler and drops the body).
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const admin = await signedInAdmin(request);
      const { search, status, channel, from, to, timeZone } = request.query;
      const csv = await openTransactionsExport(orm, {
        actor: admin.username,
        search,
        status,
        channel,
        from,
        to,
        timeZone,
        demoMode: !deps.gateway.movesRealMoney,
        onAuditError: (error) => request.log.error({ err: error }, 'export audit line not written'),
      });
      return sendCsvExport(request, reply, transactionsCsvFileName(new Date()), csv);
    },
  );

  api.post(
    '/api/admin/capture-payment',
    admin('Capture one payment, in full or in part', {
      body: capturePaymentRequestSchema,
      response: capturePaymentResponseSchema,
    }),
    async (request, reply) => {
      const admin = await signedInAdmin(request);
      const { payment: target } = request.body;
      return runIdempotent(
        orm,
        request,
        reply,
        `capture-payment:${admin.username}`,
        async (idempotencyKey) => {
          const answer = await capturePayment(operations, {
            paymentId: target.paymentId,
            actor: admin.username,
            idempotencyKey,
            amountCents: target.amount,
            originalAmountCents: target.originalAmount,
          });
          return {
            status: 'success',
            message: answer.message,
            payment: {
              paymentId: answer.payment.id,
              orderId: answer.payment.orderId,
              captureStatus: answer.payment.captureStatus,
              captureAmount: centsToDollars(answer.payment.capturedCents),
              originalAmount: centsToDollars(answer.payment.authorizedCents),
            },
          };
        },
      );
    },
  );

  api.post(
    '/api/admin/capture-all',
    admin('Capture every payment awaiting capture', { response: captureAllResponseSchema }),
    async (request, reply) => {
      const admin = await signedInAdmin(request);
      return runIdempotent(orm, request, reply, `capture-all:${admin.username}`, async () => {
        const outcome = await captureAll(operations, admin.username);
        const total = outcome.results.length;
        return {
          status: 'success',
          ...outcome,
          message:
            total === 0
              ? 'No payments awaiting capture'
              : `Captured ${outcome.successCount} of ${total} payment${total === 1 ? '' : 's'}`,
        };
      });
    },
  );

  api.post(
    '/api/admin/void-payment',
    admin('Void an authorization: the hold is released', {
      body: paymentActionRequestSchema,
      response: messageResponseSchema,
    }),
    async (request, reply) => {
      const admin = await signedInAdmin(request);
      const { payment } = request.body;
      return runIdempotent(orm, request, reply, `void-payment:${admin.username}`, async (idempotencyKey) => {
        const answer = await voidPayment(operations, {
          paymentId: payment.paymentId,
          actor: admin.username,
          idempotencyKey,
        });
        return { status: 'success', message: answer.message };
      });
    },
  );

  api.post(
    '/api/admin/refund',
    admin('Refund part or all of a captured payment', {
      body: refundRequestSchema,
      response: refundResponseSchema,
    }),
    async (request, reply) => {
      const admin = await signedInAdmin(request);
      const { transaction, amount, confirmDisputed } = request.body;
      return runIdempotent(orm, request, reply, `refund:${admin.username}`, async (idempotencyKey) => {
        const answer = await refundPayment(operations, {
          paymentId: transaction.paymentId,
          amountCents: amount,
          confirmDisputed,
          actor: admin.username,
          idempotencyKey,
        });
        return {
          status: 'success',
          message: answer.message,
          demoMode: !deps.gateway.movesRealMoney,
          refund: {
            amount: centsToDollars(answer.operation.amountCents),
            refundableAmount: centsToDollars(paymentMoneyOf(answer.payment, null).refundableCents),
            ...(answer.operation.status === 'scheduled' ? { scheduled: true } : {}),
          },
        };
      });
    },
  );

  api.post(
    '/api/admin/cancel-charge',
    admin('Cancel a captured payment before it settles (a void of the capture)', {
      body: paymentActionRequestSchema,
      response: refundResponseSchema,
    }),
    async (request, reply) => {
      const admin = await signedInAdmin(request);
      const { payment } = request.body;
      return runIdempotent(orm, request, reply, `cancel-charge:${admin.username}`, async (idempotencyKey) => {
        const answer = await cancelCharge(operations, {
          paymentId: payment.paymentId,
          actor: admin.username,
          idempotencyKey,
        });
        return {
          status: 'success',
          message: 'Charge cancelled: the customer is not charged',
          demoMode: !deps.gateway.movesRealMoney,
          refund: { amount: centsToDollars(answer.operation.amountCents), refundableAmount: 0 },
        };
      });
    },
  );

  const closeSandboxBatch = deps.closeSandboxBatch;
  if (closeSandboxBatch) {
    // Demo mode: the sandbox's nightly settlement, now. The store then learns it and sends waiting refunds.
    api.post(
      '/api/admin/sandbox/settle',
      admin('Demo mode: close the sandbox gateway batch now, or as if it had closed days ago', {
        body: sandboxSettleRequestSchema,
        response: sandboxSettleResponseSchema,
      }),
      async (request) => {
        const admin = await signedInAdmin(request);
        const daysAgo = request.body?.daysAgo ?? 0;
        const batch = await closeSandboxBatch({ daysAgo });
        const caughtUp = await catchUpWithSettlement(operations, { daysAgo });
        // Its deposit (and any return or chargeback) is read at once, whenever the days were last read.
        const depositDaysRead = await followFunding(operations, { recheckAfterMs: 0 });
        await insertAuditEvent(orm, {
          actor: admin.username,
          action: 'sandbox_settle',
          orderId: null,
          amountCents: null,
          outcome: 'success',
          detail: `sandbox batch closed${daysAgo ? ` as of ${plural(daysAgo, 'day')} ago` : ''}: ${plural(batch.settled, 'transaction')} settled, ${plural(caughtUp.refundsSent, 'scheduled refund')} sent`,
        });
        return {
          status: 'success',
          message: `Sandbox batch closed${daysAgo ? ` as of ${plural(daysAgo, 'day')} ago` : ''}: ${plural(caughtUp.settled, 'payment')} settled, ${plural(caughtUp.refundsSent, 'scheduled refund')} sent`,
          ...caughtUp,
          depositDaysRead,
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

  api.post(
    '/api/admin/audit-log',
    admin('The audit log, newest first', { body: auditLogRequestSchema, response: auditLogResponseSchema }),
    async (request) => {
      await signedInAdmin(request);
      const query = request.body;
      return { status: 'success', ...(await listAudit(orm, query)) };
    },
  );

  api.post(
    '/api/admin/reconcile',
    admin('Settle unconfirmed money operations from the gateway records', {
      response: reconcileResponseSchema,
    }),
    async (request) => {
      await signedInAdmin(request);
      const counts = await reconcilePendingOperations(operations, deps.reconcileAfterMs);
      return {
        status: 'success',
        ...counts,
        message: `${counts.succeeded} confirmed, ${counts.failed} released, ${counts.pending} still unconfirmed`,
      };
    },
  );
}
