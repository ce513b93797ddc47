import type { SecondFactorRule } from '@store/core';
import {
  adminDepositDayResponseSchema,
  depositsCsvFileName,
  moneySummaryQuerySchema,
  moneySummaryResponseSchema,
  adminDepositsQuerySchema,
  adminDepositsResponseSchema,
  adminDisputesResponseSchema,
  depositDayParamsSchema,
} from '@store/core';
import type { FastifyInstance } from 'fastify';
import type { Orm } from '../../db/client';
import { adminRoutes } from '../../http/admin-route';
import { CSV_DOWNLOAD_RESPONSE, sendCsvExport } from '../../http/csv-download';
import {
  openDepositsExport,
  readDepositDay,
  readDepositDays,
  readDisputes,
  readMoneySummary,
} from '../../services/console/deposits';

/** Deposits and disputes in the console (decision 036): read-only. */
export function registerDepositRoutes(
  app: FastifyInstance,
  deps: { orm: Orm; secureCookies: boolean; secondFactor: SecondFactorRule },
): void {
  const { api, admin, adminOnly } = adminRoutes(app, deps);

  api.get(
    '/api/admin/money-summary',
    admin('The money at a glance: captured, refunded, net and fees per day, and their totals', {
      querystring: moneySummaryQuerySchema,
      response: moneySummaryResponseSchema,
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'success', ...(await readMoneySummary(deps.orm, request.query)) };
    },
  );

  api.get(
    '/api/admin/deposits.csv',
    {
      schema: {
        tags: ['Admin console'],
        summary: 'The Deposits view as a CSV file: each deposit and every line, with its match',
        querystring: adminDepositsQuerySchema,
        response: CSV_DOWNLOAD_RESPONSE,
      },
      preValidation: adminOnly,
      exposeHeadRoute: false,
    },
    async (request, reply) =>
      sendCsvExport(
        request,
        reply,
        depositsCsvFileName(new Date()),
        await openDepositsExport(deps.orm, request.query),
      ),
  );

  api.get(
    '/api/admin/deposits',
    admin("Each day's deposits against the captures settled the day before, newest first", {
      querystring: adminDepositsQuerySchema,
      response: adminDepositsResponseSchema,
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'success', days: await readDepositDays(deps.orm, request.query) };
    },
  );

  api.get(
    '/api/admin/deposits/:day',
    admin("One day's deposits and every line, matched to the store's payments and refunds", {
      params: depositDayParamsSchema,
      response: adminDepositDayResponseSchema,
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'success', ...(await readDepositDay(deps.orm, request.params.day)) };
    },
  );

  api.get(
    '/api/admin/disputes',
    admin('Payments the cardholders disputed (chargebacks), newest first', {
      response: adminDisputesResponseSchema,
    }),
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'success', disputes: await readDisputes(deps.orm) };
    },
  );
}
