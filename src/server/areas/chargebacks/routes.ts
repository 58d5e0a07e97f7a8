import { accountParams } from '@domain/contract/accounts';
import {
  agentList,
  CHARGEBACK_DEFAULT_ORDER,
  chargebackAgentAssign,
  chargebackAgentParams,
  chargebackDetail,
  chargebackExportQuery,
  chargebackList,
  chargebackListQuery,
  chargebackParams,
  chargebackUpdate,
  chargebackUpdateResponse,
} from '@domain/contract/chargebacks';
import { errorBody } from '@domain/contract/common';
import { PERMISSIONS as P } from '@domain/permissions';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { chargebacks } from '../../db/schema';
import { keysetOrder } from '../../lib/export/keyset';
import { cappedCount, pageWindow } from '../../lib/list';
import { readDb, requirePermission } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { chargebacksExport } from './export';
import {
  CHARGEBACK_SORT_KEYS,
  chargebackListWhere,
  loadAgents,
  loadChargebackDetail,
  loadListPage,
  toListItem,
} from './queries';
import { assignAgent, chargebackAccount, unassignAgent, updateChargeback } from './service';

// The dispute manager's calls (spec 3, section 7). Every call answers 404 for another tenant's account and for an
// account without the chargebacks feature, and 404 for a case the account does not have.

const tags = ['chargebacks'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export const chargebacksRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const exportDefinition = chargebacksExport(deps.now);
  deps.exports.register(exportDefinition);

  app.get(
    '/account/:accountId/chargeback',
    {
      preHandler: requirePermission(P.chargebackRead),
      schema: {
        tags,
        summary: 'The dispute queue of an account: chargebacks and retrievals, filtered, sorted and paged',
        params: accountParams,
        querystring: chargebackListQuery,
        response: { 200: chargebackList, ...errors },
      },
    },
    async (request) => {
      const accountId = await chargebackAccount(db, request.auth, request.params.accountId);
      const { query } = request;
      const where = chargebackListWhere(accountId, query, deps.now());
      const { orderBy } = keysetOrder(query.order, CHARGEBACK_SORT_KEYS, CHARGEBACK_DEFAULT_ORDER, chargebacks.id);
      const window = pageWindow(query);
      const reads = readDb(deps, request);
      const [rows, total] = await Promise.all([
        loadListPage(reads, where, orderBy, window),
        cappedCount(reads, reads.select({ one: sql`1` }).from(chargebacks).where(where).$dynamic()),
      ]);
      const items = rows.map(toListItem);
      return { count: items.length, total, items };
    },
  );

  app.get(
    '/account/:accountId/chargeback/export',
    {
      preHandler: requirePermission(P.chargebackExport),
      schema: {
        tags,
        summary: 'Export the dispute queue (a ZIP holding a CSV; 406 above 10,000 rows unless e-mailed)',
        params: accountParams,
        querystring: chargebackExportQuery,
        response: { 204: z.null(), 406: errorBody, 422: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      await chargebackAccount(db, request.auth, request.params.accountId);
      await deps.exports.send(request, reply, exportDefinition, { params: request.params, query: request.query });
    },
  );

  app.get(
    '/account/:accountId/chargeback/:chargebackId',
    {
      preHandler: requirePermission(P.chargebackRead, P.chargebackSelect),
      schema: {
        tags,
        summary: 'One case with every field of the chargeback detail',
        params: chargebackParams,
        response: { 200: chargebackDetail, ...errors },
      },
    },
    async (request) => {
      const accountId = await chargebackAccount(db, request.auth, request.params.accountId);
      const detail = await loadChargebackDetail(readDb(deps, request), accountId, request.params.chargebackId);
      if (!detail) throw notFound();
      return detail;
    },
  );

  app.patch(
    '/account/:accountId/chargeback/:chargebackId',
    {
      // The body decides the permission: chargeback.update for a status, chargeback.fraudtype.update for a fraud type.
      preHandler: requirePermission(P.chargebackRead),
      schema: {
        tags,
        summary:
          'Change the status (compare-and-set on expectedStatus: 409 outdated-local-status when another user changed it) or the fraud type',
        params: chargebackParams,
        body: chargebackUpdate,
        response: { 200: chargebackUpdateResponse, 409: errorBody, 422: errorBody, ...errors },
      },
    },
    async (request) => {
      const accountId = await chargebackAccount(db, request.auth, request.params.accountId);
      return updateChargeback(
        deps,
        request.auth,
        { accountId, chargebackId: request.params.chargebackId },
        request.body,
      );
    },
  );

  app.get(
    '/account/:accountId/agent',
    {
      preHandler: requirePermission(P.chargebackRead),
      schema: {
        tags,
        summary: 'The agents of an account, by name',
        params: accountParams,
        response: { 200: agentList, ...errors },
      },
    },
    async (request) => {
      const accountId = await chargebackAccount(db, request.auth, request.params.accountId);
      const items = await loadAgents(db, accountId);
      return { count: items.length, total: items.length, items };
    },
  );

  app.post(
    '/account/:accountId/chargeback/:chargebackId/agent',
    {
      preHandler: requirePermission(P.chargebackUpdate),
      schema: {
        tags,
        summary: 'Assign the case to one of the account’s agents, or to Others',
        params: chargebackParams,
        body: chargebackAgentAssign,
        response: { 200: chargebackUpdateResponse, ...errors },
      },
    },
    async (request) => {
      const accountId = await chargebackAccount(db, request.auth, request.params.accountId);
      return assignAgent(
        deps,
        request.auth,
        { accountId, chargebackId: request.params.chargebackId },
        request.body.agentId,
      );
    },
  );

  app.delete(
    '/account/:accountId/chargeback/:chargebackId/agent/:agentId',
    {
      preHandler: requirePermission(P.chargebackUpdate),
      schema: {
        tags,
        summary:
          'Unassign the case, while the named agent (or OTHERS) is still its assignment (409 outdated-local-status otherwise)',
        params: chargebackAgentParams,
        response: { 200: chargebackUpdateResponse, 409: errorBody, ...errors },
      },
    },
    async (request) => {
      const accountId = await chargebackAccount(db, request.auth, request.params.accountId);
      return unassignAgent(
        deps,
        request.auth,
        { accountId, chargebackId: request.params.chargebackId },
        request.params.agentId,
      );
    },
  );
};
