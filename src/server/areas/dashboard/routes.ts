import { accountParams } from '@domain/contract/accounts';
import { errorBody } from '@domain/contract/common';
import {
  dashboardDays,
  transactionsChart,
  transactionsChartQuery,
  transactionsKpis,
  transactionsKpisQuery,
} from '@domain/contract/dashboard';
import { PERMISSIONS as P } from '@domain/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { utcDay } from '../../db/periods';
import { assertAccountAccess, readDb, requirePermission } from '../../plugins/auth';
import { loadChart, loadKpis } from './queries';

// The merchant dashboard (spec 3, sections 2.8, 3 and 7): the KPI boxes and the daily sales chart of an account, or
// of one of its merchants (merchantId), from the dashboard rollup only. overview.read is the dashboard's permission;
// another tenant's account or merchant answers 404, a reversed range or one over 400 days 400.

const tags = ['dashboard'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export const dashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const today = () => utcDay(deps.now());
  const readDashboard = requirePermission(P.overviewRead);

  app.get(
    '/account/:accountId/transactions-kpis',
    {
      preHandler: readDashboard,
      schema: {
        tags,
        summary:
          'The KPI boxes: payments by sale type and outcome, fallback payments, successful refunds and chargebacks, ' +
          'the top 5 errors, with amounts in the chosen currency (null when a daily rate is missing), for the UTC ' +
          'days of the range and for its comparison period',
        params: accountParams,
        querystring: transactionsKpisQuery,
        response: { 200: transactionsKpis, ...errors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      return loadKpis(readDb(deps, request), accountId, request.query, dashboardDays(request.query), today());
    },
  );

  app.get(
    '/account/:accountId/transactions-chart',
    {
      preHandler: readDashboard,
      schema: {
        tags,
        summary: 'The daily sales chart: successful payments per UTC day of the range, with their amount',
        params: accountParams,
        querystring: transactionsChartQuery,
        response: { 200: transactionsChart, ...errors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      return loadChart(readDb(deps, request), accountId, request.query, dashboardDays(request.query));
    },
  );
};
