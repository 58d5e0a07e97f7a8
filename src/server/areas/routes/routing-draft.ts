import type { TemporaryRoute } from '@domain/contract/routes';
import type { RoutingRoute } from '@domain/routing';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { acquirers, mids, routes } from '../../db/schema';

// The routing a simulation or a backtest reads (spec 2, sections 2.5 and 3; issue 15): the merchant's saved routes,
// the draft they become with the wizard's rows taking part as temporary routes, and the MIDs either names.

export interface DraftRoute extends RoutingRoute {
  /** A temporary route: a row being created, or an edited row standing in for its saved self. */
  temporary: boolean;
}

export type SavedRoute = typeof routes.$inferSelect;
export type RoutingMidRow = typeof mids.$inferSelect & { acquirerName: string };

/**
 * The merchant's routes with the wizard's rows taking part: an edited row (it names its routeId) stands in for its
 * saved self, new rows get the ids 'new-1', 'new-2'... in the order sent.
 */
export function withTemporaryRoutes(
  saved: readonly SavedRoute[],
  temporaryRoutes: readonly TemporaryRoute[],
): DraftRoute[] {
  const replaced = new Set(temporaryRoutes.flatMap((route) => (route.routeId ? [route.routeId] : [])));
  return [
    ...saved.filter((route) => !replaced.has(route.id)).map((route) => ({ ...route, temporary: false })),
    ...temporaryRoutes.map((route, index) => ({
      ...route,
      id: route.routeId ?? `new-${index + 1}`,
      description: route.routeDescription,
      temporary: true,
    })),
  ];
}

export interface RoutingDraft {
  /** The routing as it is. */
  saved: SavedRoute[];
  /** The saved routes less the removed ones, with the temporary routes taking part. */
  draft: DraftRoute[];
  /** The merchant's MIDs that a saved or draft route names (as MID or fallback MID). */
  mids: RoutingMidRow[];
}

export async function loadRoutingDraft(
  db: Queryable,
  merchantId: string,
  change: { temporaryRoutes: readonly TemporaryRoute[]; removedRouteIds?: readonly string[] },
): Promise<RoutingDraft> {
  const saved = await db.select().from(routes).where(eq(routes.merchantId, merchantId));
  const removed = new Set(change.removedRouteIds ?? []);
  const draft = withTemporaryRoutes(
    saved.filter((route) => !removed.has(route.id)),
    change.temporaryRoutes,
  );
  // Only the MIDs the routes name (a merchant may hold thousands), and the merchant's own: a route naming another
  // merchant's MID serves nothing, as in the engine.
  const midIds = new Set(
    [...saved, ...draft].flatMap((route) => [route.midId, ...(route.fallbackMidId ? [route.fallbackMidId] : [])]),
  );
  const midRows = midIds.size
    ? await db
        .select({ mid: mids, acquirerName: acquirers.prettyName })
        .from(mids)
        .innerJoin(acquirers, eq(acquirers.id, mids.acquirerId))
        .where(and(eq(mids.merchantId, merchantId), inArray(mids.id, [...midIds])))
    : [];
  return { saved, draft, mids: midRows.map(({ mid, acquirerName }) => ({ ...mid, acquirerName })) };
}
