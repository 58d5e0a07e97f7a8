import { errorBody } from '@domain/contract/common';
import {
  subscriptionCycleExportQuery,
  subscriptionDetail,
  subscriptionExportQuery,
  subscriptionKpis,
  subscriptionKpisQuery,
  subscriptionList,
  subscriptionListQuery,
  subscriptionMerchantParams,
  subscriptionParams,
  subscriptionUpdate,
} from '@domain/contract/subscriptions';
import { isIdentifier } from '@domain/ids';
import { PERMISSIONS as P } from '@domain/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { readDb, requirePermission } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { merchantOfCaller } from '../merchants/queries';
import { subscriptionCyclesExport, subscriptionsExport } from './export';
import { listSubscriptions, loadSubscriptionDetail, loadSubscriptionKpis } from './queries';
import { applySubscriptionAction } from './service';

// Subscriptions (spec 3, sections 2.10, 6 and 7): the list, its export, the detail and its history export, the
// overview's KPIs and the actions. Every call is scoped to a merchant of the caller's accounts; another tenant's
// merchant or subscription answers 404 like an unknown one.

const tags = ['subscriptions'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export const subscriptionsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  deps.exports.register(subscriptionsExport);
  deps.exports.register(subscriptionCyclesExport);

  app.get(
    '/merchant/:merchantId/subscription',
    {
      preHandler: requirePermission(P.subscriptionRead),
      schema: {
        tags,
        summary: "The merchant's subscriptions, filtered, sorted (last attempt, newest first) and paged",
        params: subscriptionMerchantParams,
        querystring: subscriptionListQuery,
        response: { 200: subscriptionList, ...errors },
      },
    },
    async (request) => {
      const scope = await merchantOfCaller(db, request.auth, request.params.merchantId);
      return listSubscriptions(readDb(deps, request), scope, request.query);
    },
  );

  app.get(
    '/merchant/:merchantId/subscription/export',
    {
      preHandler: requirePermission(P.subscriptionExport),
      schema: {
        tags,
        summary: "Export the merchant's subscriptions (a ZIP holding a CSV; 406 above 10,000 rows unless e-mailed)",
        params: subscriptionMerchantParams,
        querystring: subscriptionExportQuery,
        response: { 204: z.null(), 406: errorBody, 422: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
      await deps.exports.send(request, reply, subscriptionsExport, { params: target, query: request.query });
    },
  );

  app.get(
    '/merchant/:merchantId/subscription/:subscriptionId',
    {
      preHandler: requirePermission(P.subscriptionRead, P.subscriptionSelect),
      schema: {
        tags,
        summary: 'One subscription: card, customer, cancellation and every cycle with its attempts (newest first)',
        params: subscriptionParams,
        response: { 200: subscriptionDetail, ...errors },
      },
    },
    async (request) => {
      const scope = await merchantOfCaller(db, request.auth, request.params.merchantId);
      const { subscriptionId } = request.params;
      const detail = isIdentifier(subscriptionId)
        ? await loadSubscriptionDetail(readDb(deps, request), scope, subscriptionId.toLowerCase())
        : null;
      if (!detail) throw notFound();
      return detail;
    },
  );

  app.get(
    '/merchant/:merchantId/subscription/:subscriptionId/cycle/export',
    {
      preHandler: requirePermission(P.subscriptionRead, P.subscriptionExport),
      schema: {
        tags,
        summary: "Export a subscription's history: every attempt of every cycle (a ZIP holding a CSV)",
        params: subscriptionParams,
        querystring: subscriptionCycleExportQuery,
        response: { 204: z.null(), 406: errorBody, 422: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const scope = await merchantOfCaller(db, request.auth, request.params.merchantId);
      const { subscriptionId } = request.params;
      if (!isIdentifier(subscriptionId) || !(await loadSubscriptionDetail(db, scope, subscriptionId.toLowerCase())))
        throw notFound();
      await deps.exports.send(request, reply, subscriptionCyclesExport, {
        params: { ...scope, subscriptionId: subscriptionId.toLowerCase() },
        query: request.query,
      });
    },
  );

  app.get(
    '/merchant/:merchantId/subscriptions-kpis',
    {
      preHandler: requirePermission(P.subscriptionRead),
      schema: {
        tags,
        summary:
          'The subscriptions overview: started and renewed, cancelled with the churn rate, and cancellations by source, for a plan (or all) in one currency',
        params: subscriptionMerchantParams,
        querystring: subscriptionKpisQuery,
        response: { 200: subscriptionKpis, ...errors },
      },
    },
    async (request) => {
      const scope = await merchantOfCaller(db, request.auth, request.params.merchantId);
      return loadSubscriptionKpis(readDb(deps, request), scope, request.query, deps.now());
    },
  );

  app.patch(
    '/merchant/:merchantId/subscription/:subscriptionId',
    {
      preHandler: requirePermission(P.subscriptionUpdate),
      schema: {
        tags,
        summary:
          'Cancel, pause or resume a subscription: 204 once the platform confirmed it (up to 30 s); 409 when it changed since the version sent; 504 when the platform did not confirm in time (nothing changed)',
        params: subscriptionParams,
        body: subscriptionUpdate,
        response: { 204: z.null(), 409: errorBody, 502: errorBody, 504: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const scope = await merchantOfCaller(db, request.auth, request.params.merchantId);
      await applySubscriptionAction(deps, request.auth, scope, request.params.subscriptionId, request.body);
      return reply.code(204).send(null);
    },
  );
};
