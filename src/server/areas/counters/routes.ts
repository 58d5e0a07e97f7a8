import { errorBody } from '@domain/contract/common';
import {
  dayRangeQuery,
  descriptorList,
  descriptorQuery,
  midCounter,
  midSalesList,
  midSalesQuery,
  pspCounter,
  pspList,
} from '@domain/contract/counters';
import { pspMidParams, pspParams } from '@domain/contract/limits';
import { counterRangeDays } from '@domain/limits';
import { PERMISSIONS as P } from '@domain/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { utcDay } from '../../db/periods';
import { readDb, requirePermission } from '../../plugins/auth';
import { merchantOfCaller } from '../merchants/queries';
import { listPsps } from './psps';
import { loadDescriptors, loadMidCounter, loadMidSales, loadPspCounter } from './queries';

// Counters (spec 3, sections 2.6, 3 "Counter data" and 7): successful sales of a merchant per provider solution, MID,
// card brand group and descriptor, against the limits in force. Another tenant's merchant, a solution the merchant has
// no MID on and a MID elsewhere all answer 404 (plugins/psp-scope.ts resolves the scope of the calls under a solution).

const tags = ['counters'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const merchantParams = pspParams.pick({ merchantId: true });
const readCounters = requirePermission(P.counterRead);

/** GET /merchant/{merchantId}/psp: the merchant's provider solutions. */
export const countersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  app.get(
    '/merchant/:merchantId/psp',
    {
      preHandler: readCounters,
      schema: {
        tags,
        summary: "The merchant's provider solutions ('Provider - Solution', the ones it has MIDs on), by label",
        params: merchantParams,
        response: { 200: pspList, ...errors },
      },
    },
    async (request) => {
      const { merchantId } = await merchantOfCaller(db, request.auth, request.params.merchantId);
      return { items: await listPsps(readDb(deps, request), merchantId) };
    },
  );
};

/** The calls under /merchant/{merchantId}/psp/{pspId} (registered through plugins/psp-scope.ts). */
export const countersPspRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const now = () => new Date(deps.now());
  // UTC, as the counters' days: it only steers how a range is read (db/periods.ts).
  const today = () => utcDay(deps.now());

  app.get(
    '/counter',
    {
      preHandler: readCounters,
      schema: {
        tags,
        summary:
          'Successful sales today, this month, last month and two months ago (UTC) on the solution, its global ' +
          'limits in force and the alerts fired this month and last',
        params: pspParams,
        response: { 200: pspCounter, ...errors },
      },
    },
    async (request) => loadPspCounter(readDb(deps, request), request.psp, now()),
  );

  app.get(
    '/mid',
    {
      preHandler: readCounters,
      schema: {
        tags,
        summary:
          "The solution's MIDs with their successful sales in the range (this month without from and to), all " +
          'brands and per brand group, against their limits in force: daily for a single day, monthly otherwise',
        params: pspParams,
        querystring: midSalesQuery,
        response: { 200: midSalesList, ...errors },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      const range = from && to ? { from, to } : counterRangeDays('thisMonth', now());
      return { items: await loadMidSales(readDb(deps, request), request.psp, range, today()) };
    },
  );

  app.get(
    '/mid/:midId/counter',
    {
      preHandler: readCounters,
      schema: {
        tags,
        summary:
          "One MID's daily successful sales in the range, per brand group, and its descriptors' sales and limits",
        params: pspMidParams,
        querystring: dayRangeQuery,
        response: { 200: midCounter, ...errors },
      },
    },
    async (request) => loadMidCounter(readDb(deps, request), request.psp, request.pspMid.midId, request.query, today()),
  );

  app.get(
    '/descriptor',
    {
      preHandler: readCounters,
      schema: {
        tags,
        summary:
          "A page of the solution's descriptors with their successful sales in the range per MID and brand group and " +
          "their limits in force; order by descriptor, sales, mid or cardBrand ('-' descending, default -sales)",
        params: pspParams,
        querystring: descriptorQuery,
        response: { 200: descriptorList, ...errors },
      },
    },
    async (request) => loadDescriptors(readDb(deps, request), request.psp, request.query, today()),
  );
};
