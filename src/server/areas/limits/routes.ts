import { errorBody } from '@domain/contract/common';
import {
  alertSave,
  alertSaved,
  globalLimit,
  globalLimitSave,
  limitParams,
  midLimit,
  midLimitSave,
  pspMidParams,
  pspParams,
} from '@domain/contract/limits';
import { isIdentifier } from '@domain/ids';
import { PERMISSIONS as P } from '@domain/permissions';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { retryWhenReferenceVanished } from '../../lib/db-errors';
import { requirePermission } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { loadGlobalLimit, loadMidLimit, midOfCaller, pspOfCaller } from './queries';
import { deleteAlert, saveAlert, saveGlobalLimit, saveMidLimit } from './service';

// Limits and alerts (spec 3, sections 2.7, 3 and 7). Every call resolves the caller's scope first: another tenant's
// merchant, a provider solution the merchant has no MID on, a MID of another merchant or provider, and another
// tenant's limit all answer 404 like an unknown id.

const tags = ['limits'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export const limitsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  /**
   * A saved limit or alert may already be crossed: the check runs now rather than at its next interval. The change is
   * committed by then, so a failure to schedule is logged, not answered (the periodic check still comes).
   */
  const checkSoon = (log: FastifyBaseLogger) =>
    deps.limitAlerts
      .requestCheck()
      .catch((error: unknown) => log.error({ err: error }, 'limit alerts check not requested'));

  app.get(
    '/merchant/:merchantId/psp/:pspId/limit',
    {
      preHandler: requirePermission(P.limitRead),
      schema: {
        tags,
        summary: 'The global limit of the merchant on a provider solution (version 0 and no values before a save)',
        params: pspParams,
        response: { 200: globalLimit, ...errors },
      },
    },
    async (request) => loadGlobalLimit(db, await pspOfCaller(db, request.auth, request.params)),
  );

  app.put(
    '/merchant/:merchantId/psp/:pspId/limit',
    {
      preHandler: requirePermission(P.limitUpdate),
      schema: {
        tags,
        summary:
          'Save the global limit as given (no derivation). 409 limit-changed when `version` is not the stored one; ' +
          'clearing both limits clears the alert',
        params: pspParams,
        body: globalLimitSave,
        response: { 200: globalLimit, 409: errorBody, ...errors },
      },
    },
    async (request) => {
      // The scope is looked up again on a retry: a solution removed meanwhile is then a 404.
      const saved = await retryWhenReferenceVanished(async () =>
        saveGlobalLimit(deps, request.auth, await pspOfCaller(db, request.auth, request.params), request.body),
      );
      await checkSoon(request.log);
      return saved;
    },
  );

  app.get(
    '/merchant/:merchantId/psp/:pspId/mid/:midId/limit',
    {
      preHandler: requirePermission(P.limitRead),
      schema: {
        tags,
        summary:
          "A MID's limits: its own, each card brand's and, for Visa, each descriptor's (those of the last three " +
          "months' sales and those with a saved limit). version covers the whole tree",
        params: pspMidParams,
        response: { 200: midLimit, ...errors },
      },
    },
    async (request) => {
      const scope = await midOfCaller(db, request.auth, request.params);
      return loadMidLimit(db, scope, new Date(deps.now()));
    },
  );

  app.put(
    '/merchant/:merchantId/psp/:pspId/mid/:midId/limit',
    {
      preHandler: requirePermission(P.limitUpdate),
      schema: {
        tags,
        summary:
          "Save a MID's limit tree as given: the MID's node and the card brands and descriptors named (others keep " +
          'their values). 409 limit-changed when `version` is not the stored one; descriptors on Visa only',
        params: pspMidParams,
        body: midLimitSave,
        response: { 200: midLimit, 409: errorBody, ...errors },
      },
    },
    async (request) => {
      // The scope is looked up again on a retry: a MID deleted meanwhile is then a 404.
      const saved = await retryWhenReferenceVanished(async () =>
        saveMidLimit(deps, request.auth, await midOfCaller(db, request.auth, request.params), request.body),
      );
      await checkSoon(request.log);
      return saved;
    },
  );

  app.put(
    '/limit/:limitId/alert',
    {
      preHandler: requirePermission(P.alertUpdate),
      schema: {
        tags,
        summary:
          "Set a limit's alert (percentage as a fraction: 0.5 is 50 %). Last write wins; 409 alert-without-limit " +
          'when the limit has neither a daily nor a monthly value',
        params: limitParams,
        body: alertSave,
        response: { 200: alertSaved, 409: errorBody, ...errors },
      },
    },
    async (request) => {
      if (!isIdentifier(request.params.limitId)) throw notFound();
      const saved = await saveAlert(deps, request.auth, request.params.limitId, request.body.percentage);
      await checkSoon(request.log);
      return saved;
    },
  );

  app.delete(
    '/limit/:limitId/alert',
    {
      preHandler: requirePermission(P.alertDelete),
      schema: {
        tags,
        summary: "Delete a limit's alert; 404 when it has none",
        params: limitParams,
        response: { 200: alertSaved, ...errors },
      },
    },
    async (request) => {
      if (!isIdentifier(request.params.limitId)) throw notFound();
      return deleteAlert(deps, request.auth, request.params.limitId);
    },
  );
};
