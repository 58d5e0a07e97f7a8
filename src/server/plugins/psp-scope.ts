import { isIdentifier } from '@domain/ids';
import { and, asc, eq, exists, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, onRouteHookHandler, preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps';
import type { Queryable } from '../db/client';
import { merchants, mids, solutions } from '../db/schema';
import { notFound } from './errors';

// The scope of every call under /merchant/{merchantId}/psp/{pspId} (counters and limits, spec 3, section 7): the
// merchant, when the caller may act on its account, on one of its provider solutions (one it has a MID on), and for
// .../mid/{midId}/... the MID, when it is the merchant's on that solution. Resolved once per call, after the route's
// permission check, by one query; anything the caller may not reach answers 404, like an unknown id.

export const PSP_PREFIX = '/merchant/:merchantId/psp/:pspId';

/** A merchant on one provider solution (the API's pspId is the solution's id). */
export interface PspScope {
  accountId: string;
  merchantId: string;
  solutionId: string;
}

/** The MID of a .../mid/{midId}/... call, with the card brands it accepts (empty is any brand). */
export interface PspMid {
  midId: string;
  description: string;
  midAcquirerId: string;
  cardBrands: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for the calls under PSP_PREFIX, before their handler runs. */
    psp: PspScope;
    /** Set for the calls under PSP_PREFIX that name a MID. */
    pspMid: PspMid;
  }
}

interface ScopeParams {
  merchantId: string;
  pspId: string;
  midId?: string;
}

/**
 * The caller's scope for the parameters, in one statement: the merchant's account (which the caller must hold), and
 * the MID when one is named. Null when the merchant is unknown, has no MID on the solution, or the MID is not there.
 */
export async function resolvePspScope(
  db: Queryable,
  accountIds: readonly string[],
  params: ScopeParams,
): Promise<{ psp: PspScope; mid: PspMid | null } | null> {
  const ids = [params.merchantId, params.pspId, ...(params.midId === undefined ? [] : [params.midId])];
  if (!ids.every(isIdentifier)) return null;
  const onSolution = and(eq(mids.merchantId, merchants.id), eq(mids.solutionId, params.pspId));
  const [row] = await db
    .select({
      accountId: merchants.accountId,
      midId: mids.id,
      description: mids.description,
      midAcquirerId: mids.midAcquirerId,
      cardBrands: mids.cardBrand,
    })
    .from(merchants)
    .innerJoin(solutions, and(eq(solutions.id, params.pspId), eq(solutions.accountId, merchants.accountId)))
    .leftJoin(mids, params.midId === undefined ? sql`false` : and(eq(mids.id, params.midId), onSolution))
    .where(and(eq(merchants.id, params.merchantId), exists(db.select({ one: sql`1` }).from(mids).where(onSolution))));
  if (!row || !accountIds.includes(row.accountId)) return null;
  if (params.midId !== undefined && row.midId === null) return null;
  return {
    psp: { accountId: row.accountId, merchantId: params.merchantId, solutionId: params.pspId },
    mid:
      row.midId === null
        ? null
        : {
            midId: row.midId,
            description: row.description!,
            midAcquirerId: row.midAcquirerId!,
            cardBrands: row.cardBrands!,
          },
  };
}

/** The request's scope looked up afresh (a retry after a parallel delete); 404 when it is gone. */
export async function scopeAgain(
  db: Queryable,
  request: FastifyRequest,
): Promise<{ psp: PspScope; mid: PspMid | null }> {
  const scope = await resolvePspScope(db, request.auth.accountIds, request.params as ScopeParams);
  if (!scope) throw notFound();
  return scope;
}

/** One of the scope's MIDs, with the card brands it accepts (its routing criterion; empty is any brand). */
export interface ScopedMid {
  midId: string;
  description: string;
  midAcquirerId: string;
  enable: boolean;
  cardBrands: string[];
}

/** The scope's MIDs, by description: the counters' MID cards and the limits' MID boxes. */
export function pspMids(db: Queryable, scope: PspScope): Promise<ScopedMid[]> {
  return db
    .select({
      midId: mids.id,
      description: mids.description,
      midAcquirerId: mids.midAcquirerId,
      enable: mids.enable,
      cardBrands: mids.cardBrand,
    })
    .from(mids)
    .where(and(eq(mids.merchantId, scope.merchantId), eq(mids.solutionId, scope.solutionId)))
    .orderBy(sql`lower(${mids.description})`, asc(mids.id));
}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Registers the areas' calls under PSP_PREFIX. Each route's own preHandler (its permission) runs first, then the scope
 * is resolved, so a caller without the permission hears 403 whatever the ids.
 */
export function pspScopedRoutes(...areas: FastifyPluginAsyncZod<AppDeps>[]): FastifyPluginAsyncZod<AppDeps> {
  return async (app, deps) => {
    await app.register(
      async (psp) => {
        psp.decorateRequest('psp', null as unknown as PspScope);
        psp.decorateRequest('pspMid', null as unknown as PspMid);
        const resolve = async (request: FastifyRequest, _reply: FastifyReply) => {
          const scope = await scopeAgain(deps.db, request);
          request.psp = scope.psp;
          if (scope.mid) request.pspMid = scope.mid;
        };
        const addResolve: onRouteHookHandler = (route) => {
          route.preHandler = [...asArray(route.preHandler), resolve as preHandlerHookHandler];
        };
        psp.addHook('onRoute', addResolve);
        for (const area of areas) await psp.register(area, deps);
      },
      { prefix: PSP_PREFIX },
    );
  };
}
