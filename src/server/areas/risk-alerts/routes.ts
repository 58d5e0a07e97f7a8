import { accountParams } from '@domain/contract/accounts';
import { errorBody } from '@domain/contract/common';
import {
  accountRiskAlertExportQuery,
  accountRiskAlertListQuery,
  RISK_ALERT_DEFAULT_ORDER,
  riskAlertExportQuery,
  riskAlertList,
  riskAlertListQuery,
  riskAlertMerchantParams,
} from '@domain/contract/risk-alerts';
import { PERMISSIONS as P } from '@domain/permissions';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../db/client';
import { transactionAlerts } from '../../db/schema';
import { keysetOrder } from '../../lib/export/keyset';
import { cappedCount, pageWindow } from '../../lib/list';
import { assertAccountAccess, readDb, requirePermission } from '../../plugins/auth';
import { merchantOfCaller } from '../merchants/queries';
import { accountRiskAlertsExport, riskAlertsExport } from './export';
import { loadRiskAlertPage, RISK_ALERT_SORT_KEYS, riskAlertWhere, toListItem } from './queries';

// Risk alerts (spec 3, sections 2.9 and 7). The spec's calls are per merchant; the account-level risk management
// screen reads GET /account/{accountId}/transactionalert, the same list over every merchant of the account with
// merchantId[] to narrow it. Another tenant's merchant or account answers 404 like an unknown id.

const tags = ['risk-alerts'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** One page and the capped total of the alerts `where` selects. */
async function listAlerts(db: Queryable, where: SQL, query: { page: number; limit: number; order?: string }) {
  const { orderBy } = keysetOrder(query.order, RISK_ALERT_SORT_KEYS, RISK_ALERT_DEFAULT_ORDER, transactionAlerts.id);
  const window = pageWindow(query);
  const [rows, total] = await Promise.all([
    loadRiskAlertPage(db, where, orderBy, window),
    cappedCount(db, db.select({ one: sql`1` }).from(transactionAlerts).where(where).$dynamic()),
  ]);
  const items = rows.map(toListItem);
  return { count: items.length, total, items };
}

export const riskAlertsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  deps.exports.register(riskAlertsExport);
  deps.exports.register(accountRiskAlertsExport);

  app.get(
    '/merchant/:merchantId/transactionalert',
    {
      preHandler: requirePermission(P.transactionAlertRead),
      schema: {
        tags,
        summary: "The merchant's risk alerts (RDR, Ethoca, Verifi CDRN ...), filtered, sorted (newest first) and paged",
        params: riskAlertMerchantParams,
        querystring: riskAlertListQuery,
        response: { 200: riskAlertList, ...errors },
      },
    },
    async (request) => {
      const scope = await merchantOfCaller(db, request.auth, request.params.merchantId);
      return listAlerts(readDb(deps, request), riskAlertWhere(scope, request.query), request.query);
    },
  );

  app.get(
    '/merchant/:merchantId/transactionalert/export',
    {
      preHandler: requirePermission(P.transactionAlertExport),
      schema: {
        tags,
        summary: "Export the merchant's risk alerts (a ZIP holding a CSV; 406 above 10,000 rows unless e-mailed)",
        params: riskAlertMerchantParams,
        querystring: riskAlertExportQuery,
        response: { 204: z.null(), 406: errorBody, 422: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
      await deps.exports.send(request, reply, riskAlertsExport, { params: target, query: request.query });
    },
  );

  app.get(
    '/account/:accountId/transactionalert',
    {
      preHandler: requirePermission(P.transactionAlertRead),
      schema: {
        tags,
        summary:
          'The risk alerts of every merchant of the account (merchantId[] narrows it), filtered, sorted and paged',
        params: accountParams,
        querystring: accountRiskAlertListQuery,
        response: { 200: riskAlertList, ...errors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      return listAlerts(readDb(deps, request), riskAlertWhere({ accountId }, request.query), request.query);
    },
  );

  app.get(
    '/account/:accountId/transactionalert/export',
    {
      preHandler: requirePermission(P.transactionAlertExport),
      schema: {
        tags,
        summary: "Export the account's risk alerts (a ZIP holding a CSV; 406 above 10,000 rows unless e-mailed)",
        params: accountParams,
        querystring: accountRiskAlertExportQuery,
        response: { 204: z.null(), 406: errorBody, 422: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      assertAccountAccess(request.auth, request.params.accountId);
      await deps.exports.send(request, reply, accountRiskAlertsExport, {
        params: request.params,
        query: request.query,
      });
    },
  );
};
