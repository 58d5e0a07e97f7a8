import { accountParams } from '@domain/contract/accounts';
import {
  activityDetail,
  activityExportQuery,
  activityList,
  activityListQuery,
  activityParams,
} from '@domain/contract/activity';
import { errorBody } from '@domain/contract/common';
import { isIdentifier } from '@domain/ids';
import { PERMISSIONS as P } from '@domain/permissions';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { merchants, userActivity } from '../../db/schema';
import { sortableOf } from '../../lib/export/keyset';
import { runList } from '../../lib/list';
import { assertAccountAccess, readDb, requirePermission } from '../../plugins/auth';
import { ApiError, notFound } from '../../plugins/errors';
import { activityExport } from './export';
import {
  ACTIVITY_DEFAULT_ORDER,
  ACTIVITY_SORT_KEYS,
  activityWhere,
  entryColumns,
  merchantOfEntry,
  resourceDeleted,
  toActivityEntry,
} from './queries';

// The audit log (spec 2, sections 2.8 and 7), served under the user-activity base address.

const tags = ['user activity'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const ACTIVITY_SORTABLE = sortableOf(ACTIVITY_SORT_KEYS);

/** Stored values are objects (a resource's fields); anything else cannot be shown as old and new columns. */
function valuesOf(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw new ApiError(422, 'details-error');
  return value as Record<string, unknown>;
}

export const activityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  deps.exports.register(activityExport);

  app.get(
    '/account/:accountId/useractivity',
    {
      preHandler: requirePermission(P.userActivityRead),
      schema: {
        tags,
        summary: 'Audit entries of an account',
        params: accountParams,
        querystring: activityListQuery,
        response: { 200: activityList, ...errors },
      },
    },
    async (request) => {
      const accountId = assertAccountAccess(request.auth, request.params.accountId);
      const { query } = request;
      const where = activityWhere(accountId, query);
      const db = readDb(deps, request);
      const page = await runList(db, {
        query,
        sortable: ACTIVITY_SORTABLE,
        defaultOrder: ACTIVITY_DEFAULT_ORDER,
        tiebreaker: userActivity.id,
        count: db.select({ one: sql`1` }).from(userActivity).where(where).$dynamic(),
        page: ({ orderBy, limit, offset }) =>
          db
            .select({ ...entryColumns, resourceDeleted })
            .from(userActivity)
            .leftJoin(merchants, merchantOfEntry)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
      });
      return { ...page, items: page.items.map(toActivityEntry) };
    },
  );

  app.get(
    '/account/:accountId/useractivity/export',
    {
      preHandler: requirePermission(P.userActivityRead),
      schema: {
        tags,
        summary: 'Export the audit entries of an account (CSV; 406 above 10,000 rows unless e-mailed)',
        params: accountParams,
        querystring: activityExportQuery,
        response: { 204: z.null(), 406: errorBody, 422: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      await deps.exports.send(request, reply, activityExport, { params: request.params, query: request.query });
    },
  );

  app.get(
    '/useractivity/:userActivityId',
    {
      preHandler: requirePermission(P.userActivitySelect),
      schema: {
        tags,
        summary: 'One audit entry with its old and new values',
        params: activityParams,
        response: { 200: activityDetail, 422: errorBody, ...errors },
      },
    },
    async (request) => {
      const { userActivityId } = request.params;
      if (!isIdentifier(userActivityId)) throw notFound();
      const [row] = await readDb(deps, request)
        .select({
          ...entryColumns,
          resourceDeleted,
          oldValue: userActivity.oldValue,
          newValue: userActivity.newValue,
        })
        .from(userActivity)
        .leftJoin(merchants, merchantOfEntry)
        .where(eq(userActivity.id, userActivityId));
      if (!row) throw notFound();
      // Another tenant's entry answers exactly like a missing one. Entries of no account concern provider staff only.
      if (row.accountId === null ? !request.auth.isProviderStaff : !request.auth.accountIds.includes(row.accountId)) {
        throw notFound();
      }
      return { ...toActivityEntry(row), version: valuesOf(row.newValue), oldVersion: valuesOf(row.oldValue) };
    },
  );
};
