import {
  adminPaymentsRequestSchema,
  adminPaymentsResponseSchema,
  adminTransactionsRequestSchema,
  adminTransactionsResponseSchema,
  captureAllResponseSchema,
  capturePaymentRequestSchema,
  capturePaymentResponseSchema,
  centsToDollars,
  messageResponseSchema,
  reconcileResponseSchema,
  refundRequestSchema,
  refundResponseSchema,
  transactionsCsvFileName,
  transactionsCsvQuerySchema,
  paymentActionRequestSchema,
  refundAwaitsApprovalMessage,
} from '@store/core';
import type { FastifyInstance } from 'fastify';
import { listRowsUnchanged } from '../../db/list-changes';
import { adminRoutes } from '../../http/admin-route';
import { CSV_DOWNLOAD_RESPONSE, sendCsvExport } from '../../http/csv-download';
import { SnapshotAnswers } from '../../http/snapshot-answers';
import { runIdempotent } from '../../http/idempotency';
import {
  listPendingPayments,
  listTransactions,
  openTransactionsExport,
} from '../../services/console/payment-lists';
import { captureAll } from '../../services/money/capture-all';
import { capturePayment, voidPayment, refundPayment, cancelCharge } from '../../services/money/commands';
import { reconcilePendingOperations } from '../../services/money/reconciliation';
import { askForCancellationAbove, askForRefund } from '../../services/money/refund-approvals';
import { refundableCentsOf } from '../../db/payment-money';
import { operationsOf, type AdminRouteDependencies } from './dependencies';

/**
 * The console's payments: Pending Payments, Transaction History and its export, and the money calls (capture,
 * Capture All, void, refund, cancel charge) with reconciliation of the unconfirmed ones.
 */
export function registerAdminPaymentRoutes(app: FastifyInstance, deps: AdminRouteDependencies): void {
  const { orm } = deps;
  const operations = operationsOf(deps);
  const { api, signedInAdmin, adminOnly, admin } = adminRoutes(app, deps);
  // The lists, read again only when a row they show has changed (a console polls them; several tabs share).
  const lists = new SnapshotAnswers({ unchanged: (before, now) => listRowsUnchanged(orm, before, now) });

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
      const { transaction, amount, confirmDisputed, reason } = request.body;
      return runIdempotent(orm, request, reply, `refund:${admin.username}`, async (idempotencyKey) => {
        const limit = deps.refundApprovalAboveCents;
        if (limit !== undefined && limit !== null && amount > limit) {
          const asked = await askForRefund(operations, {
            paymentId: transaction.paymentId,
            amountCents: amount,
            method: 'refund',
            reason,
            confirmDisputed,
            actor: admin.username,
          });
          return {
            status: 'success',
            message: refundAwaitsApprovalMessage(amount, limit),
            demoMode: !deps.gateway.movesRealMoney,
            refund: {
              amount: centsToDollars(amount),
              refundableAmount: centsToDollars(asked.refundableCents),
            },
            approval: { id: asked.approval.id, status: 'pending' as const },
          };
        }
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
            refundableAmount: centsToDollars(refundableCentsOf(answer.payment)),
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
        const asked = await askForCancellationAbove(operations, deps.refundApprovalAboveCents ?? null, {
          paymentId: payment.paymentId,
          actor: admin.username,
        });
        if (asked) {
          return {
            status: 'success',
            message: refundAwaitsApprovalMessage(
              asked.approval.amountCents,
              deps.refundApprovalAboveCents!,
              'cancel_charge',
            ),
            demoMode: !deps.gateway.movesRealMoney,
            refund: {
              amount: centsToDollars(asked.approval.amountCents),
              refundableAmount: centsToDollars(asked.refundableCents),
            },
            approval: { id: asked.approval.id, status: 'pending' as const },
          };
        }
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
