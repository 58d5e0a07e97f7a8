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
import { PERMISSIONS as P } from '@domain/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { utcDay } from '../../db/periods';
import { requirePermission } from '../../plugins/auth';
import { merchantOfCaller } from '../merchants/queries';
import { loadDescriptors, loadMidCounter, loadMidSales, loadPspCounter } from './queries';
import { checkedRead, listPsps, midIdOf, midOfPsp, pspOfMerchant, pspScope } from './scope';

// Counters (spec 3, sections 2.6, 3 "Counter data" and 7): successful sales of a merchant per provider solution, MID,
// card brand and descriptor, against the limits in force. Every call resolves the merchant for the caller first;
// another tenant's merchant, a solution the merchant has no MID on and a MID elsewhere all answer 404.

const tags = ['counters'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const merchantParams = pspParams.pick({ merchantId: true });

export const countersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  // UTC, as the counters' days: it only steers how a range is read (db/periods.ts).
  const today = () => utcDay(deps.now());
  const readCounters = requirePermission(P.counterRead);

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
      return { items: await listPsps(db, merchantId) };
    },
  );

  app.get(
    '/merchant/:merchantId/psp/:pspId/counter',
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
    async (request) => {
      const { merchantId } = await merchantOfCaller(db, request.auth, request.params.merchantId);
      const scope = pspScope(merchantId, request.params.pspId);
      return checkedRead(pspOfMerchant(db, scope), loadPspCounter(db, scope, new Date(deps.now())));
    },
  );

  app.get(
    '/merchant/:merchantId/psp/:pspId/mid',
    {
      preHandler: readCounters,
      schema: {
        tags,
        summary: "The solution's MIDs with their successful sales in the range, all brands and per brand, and limits",
        params: pspParams,
        querystring: midSalesQuery,
        response: { 200: midSalesList, ...errors },
      },
    },
    async (request) => {
      const { merchantId } = await merchantOfCaller(db, request.auth, request.params.merchantId);
      const scope = pspScope(merchantId, request.params.pspId);
      return { items: await checkedRead(pspOfMerchant(db, scope), loadMidSales(db, scope, request.query, today())) };
    },
  );

  app.get(
    '/merchant/:merchantId/psp/:pspId/mid/:midId/counter',
    {
      preHandler: readCounters,
      schema: {
        tags,
        summary: "One MID's daily successful sales in the range, per brand, and its descriptors' sales and limits",
        params: pspMidParams,
        querystring: dayRangeQuery,
        response: { 200: midCounter, ...errors },
      },
    },
    async (request) => {
      const { merchantId } = await merchantOfCaller(db, request.auth, request.params.merchantId);
      const scope = pspScope(merchantId, request.params.pspId);
      const midId = midIdOf(request.params.midId);
      return checkedRead(midOfPsp(db, scope, midId), loadMidCounter(db, scope, midId, request.query, today()));
    },
  );

  app.get(
    '/merchant/:merchantId/psp/:pspId/descriptor',
    {
      preHandler: readCounters,
      schema: {
        tags,
        summary:
          "The solution's descriptors with their successful sales in the range per MID and brand and their saved " +
          "limits; order by descriptor, sales, mid or cardBrand ('-' descending, default -sales)",
        params: pspParams,
        querystring: descriptorQuery,
        response: { 200: descriptorList, ...errors },
      },
    },
    async (request) => {
      const { merchantId } = await merchantOfCaller(db, request.auth, request.params.merchantId);
      const scope = pspScope(merchantId, request.params.pspId);
      return checkedRead(pspOfMerchant(db, scope), loadDescriptors(db, scope, request.query, today()));
    },
  );
};
