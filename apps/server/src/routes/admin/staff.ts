import {
  addStaffRequestSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
  staffPersonRequestSchema,
  staffRoleRequestSchema,
  staffSetupCheckRequestSchema,
  staffSetupCheckResponseSchema,
  staffSetupLinkResponseSchema,
  staffSetupRequestSchema,
  adminLoginResponseSchema,
} from '@store/core';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../../http/admin-route';
import { answers } from '../../http/contract';
import {
  addStaffMember,
  changeStaffRole,
  checkSetupLink,
  completeSetup,
  disableStaffMember,
  enableStaffMember,
  listStaff,
  renewSetupLink,
} from '../../services/accounts/staff';
import type { AdminRouteDependencies } from './dependencies';

/** The Staff tab (decision 056), the owner's: people, roles, set-up links; and the set-up page's calls. */
export function registerStaffRoutes(app: FastifyInstance, deps: AdminRouteDependencies): void {
  const { orm } = deps;
  const { api, signedInAdmin, admin } = adminRoutes(app, deps);
  const staff = { orm, publicUrl: deps.publicUrl ?? '', mailServer: deps.mailServer ?? false };

  api.get(
    '/api/admin/staff',
    admin('Staff: everyone who may sign in to the console, or is invited to', {
      response: staffListResponseSchema,
    }),
    async (request) => {
      await signedInAdmin(request);
      return { status: 'success', staff: await listStaff(orm) };
    },
  );

  api.post(
    '/api/admin/staff',
    admin('Add a person: answers their one-time set-up link, also emailed to them', {
      body: addStaffRequestSchema,
      response: staffSetupLinkResponseSchema,
    }),
    async (request) => {
      const owner = await signedInAdmin(request);
      return { status: 'success', ...(await addStaffMember(staff, request.body, owner.username)) };
    },
  );

  api.post(
    '/api/admin/staff/setup-link',
    admin('A new one-time set-up link for a person; the one before stops working', {
      body: staffPersonRequestSchema,
      response: staffSetupLinkResponseSchema,
    }),
    async (request) => {
      const owner = await signedInAdmin(request);
      return {
        status: 'success',
        ...(await renewSetupLink(staff, request.body.username, owner.username)),
      };
    },
  );

  api.post(
    '/api/admin/staff/role',
    admin("Change a person's role; the store's only owner stays one", {
      body: staffRoleRequestSchema,
      response: staffMemberResponseSchema,
    }),
    async (request) => {
      const owner = await signedInAdmin(request);
      const { username, role } = request.body;
      return { status: 'success', ...(await changeStaffRole(orm, username, role, owner.username)) };
    },
  );

  api.post(
    '/api/admin/staff/disable',
    admin('Disable a person: their sessions end at once', {
      body: staffPersonRequestSchema,
      response: staffMemberResponseSchema,
    }),
    async (request) => {
      const owner = await signedInAdmin(request);
      return {
        status: 'success',
        ...(await disableStaffMember(orm, request.body.username, owner.username)),
      };
    },
  );

  api.post(
    '/api/admin/staff/enable',
    admin('Enable a person again, and lift a lock-out after failed sign-ins', {
      body: staffPersonRequestSchema,
      response: staffMemberResponseSchema,
    }),
    async (request) => {
      const owner = await signedInAdmin(request);
      return {
        status: 'success',
        ...(await enableStaffMember(orm, request.body.username, owner.username)),
      };
    },
  );

  api.post(
    '/api/admin/setup/check',
    {
      schema: {
        tags: ['Admin console'],
        summary: 'The set-up page: whose one-time link this is (410 when it expired or was used)',
        body: staffSetupCheckRequestSchema,
        response: answers(staffSetupCheckResponseSchema),
      },
    },
    async (request) => ({ status: 'success' as const, ...(await checkSetupLink(orm, request.body.token)) }),
  );

  api.post(
    '/api/admin/setup',
    {
      schema: {
        tags: ['Admin console'],
        summary: 'The set-up page: the person chooses their password; the link then stops working',
        body: staffSetupRequestSchema,
        response: answers(adminLoginResponseSchema),
      },
    },
    async (request) => ({
      status: 'success' as const,
      ...(await completeSetup(orm, request.body.token, request.body.password)),
    }),
  );
}
