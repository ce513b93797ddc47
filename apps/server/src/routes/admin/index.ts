import { auditLogRequestSchema, auditLogResponseSchema } from '@store/core';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../../http/admin-route';
import { listAudit } from '../../services/console/audit-log';
import { registerAdminDemoRoutes } from './demo';
import type { AdminRouteDependencies } from './dependencies';
import { registerAdminPaymentRoutes } from './payments';
import { registerAdminSessionRoutes } from './session';
import { registerProductRoutes } from './products';
import { registerStaffRoutes } from './staff';
import { registerAccountSecurityRoutes } from './account-security';
import { registerRefundApprovalRoutes } from './refund-approvals';

export type { AdminRouteDependencies } from './dependencies';

/** The admin console's calls (product §7), by area. Every one but login needs an admin session. */
export function registerAdminRoutes(app: FastifyInstance, deps: AdminRouteDependencies): void {
  registerAdminSessionRoutes(app, deps);
  registerAdminPaymentRoutes(app, deps);
  registerAdminDemoRoutes(app, deps);
  registerStaffRoutes(app, deps);
  registerProductRoutes(app, deps);
  registerAccountSecurityRoutes(app, deps);
  registerRefundApprovalRoutes(app, deps);
  const { orm } = deps;
  const { api, signedInAdmin, admin } = adminRoutes(app, deps);
  api.post(
    '/api/admin/audit-log',
    admin('The audit log, newest first', { body: auditLogRequestSchema, response: auditLogResponseSchema }),
    async (request) => {
      await signedInAdmin(request);
      const query = request.body;
      return { status: 'success', ...(await listAudit(orm, query)) };
    },
  );
}
