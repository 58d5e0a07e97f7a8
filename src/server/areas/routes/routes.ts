import { BACKTEST_LIMITS, backtestRequest, backtestResult } from '@domain/contract/backtest';
import { errorBody, uuid } from '@domain/contract/common';
import {
  merchantRouteParams,
  routeDetail,
  routeExportQuery,
  routeIdSearchQuery,
  routeIdSearchResponse,
  routeList,
  routeListQuery,
  routeMidList,
  routeMidQuery,
  routeParams,
  routeSave,
  routesCreate,
  routesCreated,
  routeUpdate,
  routingLintRequest,
  routingLintResult,
  simulationRequest,
  simulationResult,
} from '@domain/contract/routes';
import { PERMISSIONS as P } from '@domain/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { retryWhenReferenceVanished } from '../../lib/db-errors';
import { readDb, requirePermission } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { merchantOfCaller } from '../merchants/queries';
import { backtestBodyErrors, createRoutingBacktests } from './backtest';
import { routesExport } from './export';
import { lintMerchantRouting } from './lint';
import { findRoutesById, listRoutes, loadRouteDetail, routeMidPickList } from './queries';
import { createRoutes, deleteRoute, duplicateRoute, updateRoute } from './service';
import { simulate } from './simulation';

// Routes and the simulator (spec 2, section 7). Every call resolves the merchant for the caller first: another
// tenant's merchant, or a route of another merchant, answers 404 like an unknown id.

const tags = ['routes'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export const routesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  deps.exports.register(routesExport);
  const backtests = createRoutingBacktests(deps);

  app.get(
    '/merchant/:merchantId/route',
    {
      preHandler: requirePermission(P.routeRead),
      schema: {
        tags,
        summary: "The merchant's routes, filtered, sorted (by edited date, newest first) and paged; limit=0 lists all",
        params: merchantRouteParams,
        querystring: routeListQuery,
        response: { 200: routeList, ...errors },
      },
    },
    async (request) => {
      const { merchantId } = await merchantOfCaller(db, request.auth, request.params.merchantId);
      return listRoutes(readDb(deps, request), merchantId, request.query);
    },
  );

  app.get(
    '/merchant/:merchantId/route/export',
    {
      preHandler: requirePermission(P.routeRead, P.routeExport),
      schema: {
        tags,
        summary: 'Export the routes list as CSV (406 above 10,000 rows unless e-mailed)',
        params: merchantRouteParams,
        querystring: routeExportQuery,
        response: { 204: z.null(), 406: errorBody, 422: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
      await deps.exports.send(request, reply, routesExport, { params: target, query: request.query });
    },
  );

  const pickListSummary =
    "The route wizard's MID pick list: the merchant's enabled MIDs that take every order the chosen variables let " +
    'through (empty: No MID matches your variables.)';
  app.get(
    '/merchant/:merchantId/route-mid',
    {
      preHandler: requirePermission(P.routeRead, P.midRead),
      schema: {
        tags,
        summary: `${pickListSummary}. The variables go in the query; POST takes them as its body`,
        params: merchantRouteParams,
        querystring: routeMidQuery,
        response: { 200: routeMidList, ...errors },
      },
    },
    async (request) => {
      const { merchantId } = await merchantOfCaller(db, request.auth, request.params.merchantId);
      return { items: await routeMidPickList(readDb(deps, request), merchantId, request.query) };
    },
  );

  app.post(
    '/merchant/:merchantId/route-mid',
    {
      preHandler: requirePermission(P.routeRead, P.midRead),
      schema: {
        tags,
        summary: `${pickListSummary}. The variables go in the body, so hundreds of long URLs fit (read-only)`,
        params: merchantRouteParams,
        body: routeMidQuery,
        response: { 200: routeMidList, ...errors },
      },
    },
    async (request) => {
      const { merchantId } = await merchantOfCaller(db, request.auth, request.params.merchantId);
      return { items: await routeMidPickList(db, merchantId, request.body) };
    },
  );

  app.get(
    '/merchant/:merchantId/route/:routeId',
    {
      preHandler: requirePermission(P.routeRead, P.routeSelect),
      schema: {
        tags,
        summary: 'One route with its MID and fallback MID',
        params: routeParams,
        response: { 200: routeDetail, ...errors },
      },
    },
    async (request) => {
      const { merchantId } = await merchantOfCaller(db, request.auth, request.params.merchantId);
      const detail = await loadRouteDetail(readDb(deps, request), merchantId, request.params.routeId);
      if (!detail) throw notFound();
      return detail;
    },
  );

  const conflicts = { 409: errorBody };

  app.post(
    '/merchant/:merchantId/route',
    {
      preHandler: requirePermission(P.routeCreate),
      schema: {
        tags,
        summary:
          'Create a route. 409 mid-bad-config / fallback-bad-config / mids-bad-config when a MID does not take ' +
          "the route's variables; a fallback MID only with synchronous MIDs",
        params: merchantRouteParams,
        body: routeSave,
        response: { 201: routesCreated, ...conflicts, ...errors },
      },
    },
    async (request, reply) => {
      const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
      const routeIds = await retryWhenReferenceVanished(() => createRoutes(deps, request.auth, target, [request.body]));
      return reply.code(201).send({ routeIds });
    },
  );

  app.post(
    '/merchant/:merchantId/routes',
    {
      preHandler: requirePermission(P.routeCreate),
      schema: {
        tags,
        summary: 'Create up to 10 routes at once: all saved in one transaction, or none',
        params: merchantRouteParams,
        body: routesCreate,
        response: { 201: routesCreated, ...conflicts, ...errors },
      },
    },
    async (request, reply) => {
      const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
      const routeIds = await retryWhenReferenceVanished(() =>
        createRoutes(deps, request.auth, target, request.body.routes),
      );
      return reply.code(201).send({ routeIds });
    },
  );

  app.put(
    '/merchant/:merchantId/route/:routeId',
    {
      preHandler: requirePermission(P.routeUpdate),
      schema: {
        tags,
        summary:
          'Edit a route. `version` (the one the route was opened on) is required: 409 route-changed when another ' +
          'save came first',
        params: routeParams,
        body: routeUpdate,
        response: { 204: z.null(), ...conflicts, ...errors },
      },
    },
    async (request, reply) => {
      const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
      await retryWhenReferenceVanished(() =>
        updateRoute(deps, request.auth, target, request.params.routeId, request.body),
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/merchant/:merchantId/route/:routeId/duplicate',
    {
      preHandler: requirePermission(P.routeCreate),
      schema: {
        tags,
        summary: "Duplicate a route: the same data with weight 0, its description prefixed 'Copy of '",
        params: routeParams,
        response: { 201: z.object({ routeId: uuid }), ...conflicts, ...errors },
      },
    },
    async (request, reply) => {
      const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
      const routeId = await retryWhenReferenceVanished(() =>
        duplicateRoute(deps, request.auth, target, request.params.routeId),
      );
      return reply.code(201).send({ routeId });
    },
  );

  app.delete(
    '/merchant/:merchantId/route/:routeId',
    {
      preHandler: requirePermission(P.routeDelete),
      schema: {
        tags,
        summary: 'Delete a route; 409 route-with-transactions once payments went through it',
        params: routeParams,
        response: { 204: z.null(), ...conflicts, ...errors },
      },
    },
    async (request, reply) => {
      const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
      await deleteRoute(deps, request.auth, target, request.params.routeId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/route/search',
    {
      preHandler: requirePermission(P.routeRead, P.routeSelect),
      schema: {
        tags,
        summary: "Routes whose id starts with the text, across the caller's accounts (the palette's Find route)",
        querystring: routeIdSearchQuery,
        response: { 200: routeIdSearchResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ({
      items: await findRoutesById(db, request.auth.accountIds, request.query.q, request.query.limit),
    }),
  );

  app.post(
    '/merchant/:merchantId/simulation',
    {
      preHandler: requirePermission(P.routeSimulate),
      schema: {
        tags,
        summary:
          'Where one order would go: the routes that match it, with the share of traffic each takes, computed by ' +
          "the routing engine; temporaryRoutes are the wizard's rows (an edited one names its routeId)",
        params: merchantRouteParams,
        body: simulationRequest,
        response: { 200: simulationResult, ...errors },
      },
    },
    async (request) => {
      const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
      return simulate(db, target, request.body);
    },
  );

  const lintSummary =
    'Which routes can never take a payment, and why: shadowed (every order it matches goes to routes of a higher ' +
    'priority, named) or dead (weight 0, its MID unknown or disabled, or no order meets its criteria and its ' +
    "MID's), checked exactly on the routing engine's criteria. Read-only";
  app.get(
    '/merchant/:merchantId/routing-lint',
    {
      preHandler: requirePermission(P.routeRead),
      schema: {
        tags,
        summary: `${lintSummary}; on the saved routes`,
        params: merchantRouteParams,
        response: { 200: routingLintResult, ...errors },
      },
    },
    async (request) => {
      const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
      return lintMerchantRouting(readDb(deps, request), target);
    },
  );

  app.post(
    '/merchant/:merchantId/routing-lint',
    {
      preHandler: requirePermission(P.routeRead),
      schema: {
        tags,
        summary:
          `${lintSummary}; on a draft: temporaryRoutes added or edited (an edited one names its routeId) and ` +
          'removedRouteIds left out, as the simulation and the backtest take them',
        params: merchantRouteParams,
        body: routingLintRequest,
        response: { 200: routingLintResult, ...errors },
      },
    },
    async (request) => {
      const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
      return lintMerchantRouting(readDb(deps, request), target, request.body);
    },
  );

  app.post(
    '/merchant/:merchantId/routing-backtest',
    {
      preHandler: requirePermission(P.routeSimulate, P.transactionRead),
      schema: {
        tags,
        summary:
          "Replays the window's first-attempt payments through the current routing and through a draft (the " +
          "merchant's routes with temporaryRoutes added or edited and removedRouteIds left out): per MID volume, " +
          'moved traffic and its top segments, unrouted traffic, fallback coverage and an approval estimate. ' +
          'Weights split traffic as expected values. Read-only. One running backtest per user: a new one replaces ' +
          'the last (409 backtest-superseded); a body over 1 MB answers 413, a draft naming over 5,000 values the ' +
          'saved routes do not 400 (backtest-too-large)',
        params: merchantRouteParams,
        body: backtestRequest,
        response: { 200: backtestResult, 409: errorBody, 413: errorBody, ...errors },
      },
      bodyLimit: BACKTEST_LIMITS.bodyBytes,
      errorHandler: backtestBodyErrors,
    },
    async (request, reply) => {
      const target = await merchantOfCaller(db, request.auth, request.params.merchantId);
      return backtests.run(request.auth.userId, target, request.body, reply.raw, readDb(deps, request));
    },
  );
};
