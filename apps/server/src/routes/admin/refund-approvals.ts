import {
  refundApprovalDecisionResponseSchema,
  refundApprovalDecisionSchema,
  refundApprovalListRequestSchema,
  refundApprovalListResponseSchema,
  refundApprovalParamsSchema,
  centsToDollars,
} from '@store/core';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../../http/admin-route';
import {
  approveRefund,
  declineRefund,
  listApprovals,
  withdrawRefund,
} from '../../services/money/refund-approvals';
import { operationsOf, type AdminRouteDependencies } from './dependencies';

/** Refunds above the approval limit (decision 058): the requests, and their approval, decline or withdrawal. */
export function registerRefundApprovalRoutes(app: FastifyInstance, deps: AdminRouteDependencies): void {
  const operations = operationsOf(deps);
  const { api, signedInAdmin, admin } = adminRoutes(app, deps);
  const limit = deps.refundApprovalAboveCents ?? null;

  api.post(
    '/api/admin/refund-approvals',
    admin('Refunds awaiting a second person’s approval, then the decided ones', {
      body: refundApprovalListRequestSchema,
      response: refundApprovalListResponseSchema,
    }),
    async (request) => {
      await signedInAdmin(request);
      const pendingOnly = request.body?.status !== 'all';
      return {
        status: 'success',
        approvals: await listApprovals(operations, { pendingOnly }),
        limit: limit === null ? null : centsToDollars(limit),
      };
    },
  );

  api.post(
    '/api/admin/refund-approvals/:requestId/approve',
    admin('Approve another person’s refund request: the refund is sent, once', {
      params: refundApprovalParamsSchema,
      body: refundApprovalDecisionSchema,
      response: refundApprovalDecisionResponseSchema,
    }),
    async (request) => {
      const approver = await signedInAdmin(request);
      return {
        status: 'success',
        ...(await approveRefund(operations, request.params.requestId, approver.username)),
      };
    },
  );

  api.post(
    '/api/admin/refund-approvals/:requestId/decline',
    admin('Decline another person’s refund request, saying why', {
      params: refundApprovalParamsSchema,
      body: refundApprovalDecisionSchema,
      response: refundApprovalDecisionResponseSchema,
    }),
    async (request) => {
      const decider = await signedInAdmin(request);
      return {
        status: 'success',
        ...(await declineRefund(
          operations,
          request.params.requestId,
          decider.username,
          request.body?.reason,
        )),
      };
    },
  );

  api.post(
    '/api/admin/refund-approvals/:requestId/withdraw',
    admin('Withdraw one’s own refund request before it is decided', {
      params: refundApprovalParamsSchema,
      body: refundApprovalDecisionSchema,
      response: refundApprovalDecisionResponseSchema,
    }),
    async (request) => {
      const requester = await signedInAdmin(request);
      return {
        status: 'success',
        ...(await withdrawRefund(operations, request.params.requestId, requester.username)),
      };
    },
  );
}
