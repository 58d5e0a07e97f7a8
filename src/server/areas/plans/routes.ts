import { errorBody } from '@domain/contract/common';
import {
  merchantPlanParams,
  PLAN_DEFAULT_ORDER,
  planCreated,
  planDetail,
  planEdit,
  planList,
  planListQuery,
  planParams,
  planSave,
} from '@domain/contract/plans';
import { PERMISSIONS as P } from '@domain/permissions';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { plans } from '../../db/schema';
import { keysetOrder } from '../../lib/export/keyset';
import { cappedCount, pageWindow } from '../../lib/list';
import { readDb, requirePermission } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { merchantOfCaller } from '../merchants/queries';
import { loadPlanPage, PLAN_SORT_KEYS, planListWhere, planRow, toPlanDetail } from './queries';
import { createPlan, updatePlan } from './service';

// Plans (spec 3, sections 2.11 and 7). Every call resolves the merchant for the caller first: another tenant's
// merchant, or a plan of another merchant, answers 404 like an unknown id.

const tags = ['plans'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export const plansRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/merchant/:merchantId/plan',
    {
      preHandler: requirePermission(P.planRead),
      schema: {
        tags,
        summary:
          "The merchant's plans, newest change first. search: the name contains it or the plan id starts with it; " +
          'modifiedDateFrom / modifiedDateTo bound the last change',
        params: merchantPlanParams,
        querystring: planListQuery,
        response: { 200: planList, ...errors },
      },
    },
    async (request) => {
      const { merchantId } = await merchantOfCaller(db, request.auth, request.params.merchantId);
      const { query } = request;
      const where = planListWhere(merchantId, query);
      const { orderBy } = keysetOrder(query.order, PLAN_SORT_KEYS, PLAN_DEFAULT_ORDER, plans.id);
      const reads = readDb(deps, request);
      const [items, total] = await Promise.all([
        loadPlanPage(reads, where, orderBy, pageWindow(query)),
        cappedCount(reads, reads.select({ one: sql`1` }).from(plans).where(where).$dynamic()),
      ]);
      return { count: items.length, total, items };
    },
  );

  app.get(
    '/merchant/:merchantId/plan/:planId',
    {
      preHandler: requirePermission(P.planRead, P.planSelect),
      schema: {
        tags,
        summary: 'One plan with every setting and the version an edit names',
        params: planParams,
        response: { 200: planDetail, ...errors },
      },
    },
    async (request) => {
      const { merchantId } = await merchantOfCaller(db, request.auth, request.params.merchantId);
      const row = await planRow(readDb(deps, request), merchantId, request.params.planId);
      if (!row) throw notFound();
      return toPlanDetail(row);
    },
  );

  app.post(
    '/merchant/:merchantId/plan',
    {
      preHandler: requirePermission(P.planCreate),
      schema: {
        tags,
        summary:
          'Create a plan. Amounts are decimal strings with a dot; basicSettings.cycle is derived by the server. ' +
          'Every rule of the plan form applies (400 with the form’s messages by field)',
        params: merchantPlanParams,
        body: planSave,
        response: { 201: planCreated, ...errors },
      },
    },
    async (request, reply) => {
      const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
      const created = await createPlan(deps, request.auth, target, request.body);
      return reply.code(201).send({ planId: created.planId, version: created.version });
    },
  );

  app.put(
    '/merchant/:merchantId/plan/:planId',
    {
      preHandler: requirePermission(P.planUpdate),
      schema: {
        tags,
        summary:
          'Edit a plan, naming the `version` it was opened on (409 plan-changed when another save came first). The ' +
          'basic settings cannot change once the plan exists (400 plan-basic-settings-locked)',
        params: planParams,
        body: planEdit,
        response: { 200: planDetail, 409: errorBody, ...errors },
      },
    },
    async (request) => {
      const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
      return updatePlan(deps, request.auth, target, request.params.planId, request.body);
    },
  );
};
