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
import { scopeAgain } from '../../plugins/psp-scope';
import { loadGlobalLimit, loadMidLimit } from './queries';
import { deleteAlert, saveAlert, saveGlobalLimit, saveMidLimit } from './service';

// Limits and alerts (spec 3, sections 2.7, 3 and 7). Another tenant's merchant, a provider solution the merchant has
// no MID on, a MID of another merchant or provider (plugins/psp-scope.ts resolves those), and another tenant's limit
// all answer 404 like an unknown id.

const tags = ['limits'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * A saved limit or alert may already be crossed: the check runs now rather than at its next interval. The change is
 * committed by then, so a failure to schedule is logged, not answered (the periodic check still comes).
 */
const checkSoon = (deps: AppDeps, log: FastifyBaseLogger) =>
  deps.limitAlerts
    .requestCheck()
    .catch((error: unknown) => log.error({ err: error }, 'limit alerts check not requested'));

/** The calls under /merchant/{merchantId}/psp/{pspId} (registered through plugins/psp-scope.ts). */
export const limitsPspRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/limit',
    {
      preHandler: requirePermission(P.limitRead),
      schema: {
        tags,
        summary:
          'The global limit of the merchant on a provider solution (version 0 and no values before a save) and the ' +
          "solution's MIDs",
        params: pspParams,
        response: { 200: globalLimit, ...errors },
      },
    },
    async (request) => loadGlobalLimit(db, request.psp),
  );

  app.put(
    '/limit',
    {
      preHandler: requirePermission(P.limitUpdate),
      schema: {
        tags,
        summary:
          'Save the global limit as given (no derivation), with its alert if `alert` is given (alert.update). 409 ' +
          'limit-changed when `version` is not the stored one; clearing both limits clears the alert',
        params: pspParams,
        body: globalLimitSave,
        response: { 200: globalLimit, 409: errorBody, ...errors },
      },
    },
    async (request) => {
      // A retry looks the scope up again: a solution removed meanwhile is then a 404.
      const saved = await retryWhenReferenceVanished(async (isRetry) =>
        saveGlobalLimit(deps, request.auth, isRetry ? (await scopeAgain(db, request)).psp : request.psp, request.body),
      );
      await checkSoon(deps, request.log);
      return saved;
    },
  );

  app.get(
    '/mid/:midId/limit',
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
    async (request) => loadMidLimit(db, { ...request.psp, ...request.pspMid }, new Date(deps.now())),
  );

  app.put(
    '/mid/:midId/limit',
    {
      preHandler: requirePermission(P.limitUpdate),
      schema: {
        tags,
        summary:
          "Save a MID's limit tree as given: the MID's node and the card brands and descriptors named (others keep " +
          'their values), with the alerts given (alert.update). 409 limit-changed when `version` is not the stored ' +
          'one; descriptors on Visa only',
        params: pspMidParams,
        body: midLimitSave,
        response: { 200: midLimit, 409: errorBody, ...errors },
      },
    },
    async (request) => {
      // A retry looks the scope up again: a MID deleted meanwhile is then a 404.
      const saved = await retryWhenReferenceVanished(async (isRetry) => {
        const scope = isRetry ? await scopeAgain(db, request) : { psp: request.psp, mid: request.pspMid };
        return saveMidLimit(deps, request.auth, { ...scope.psp, ...scope.mid! }, request.body);
      });
      await checkSoon(deps, request.log);
      return saved;
    },
  );
};

/** PUT and DELETE /limit/{limitId}/alert. */
export const limitsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
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
      await checkSoon(deps, request.log);
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
