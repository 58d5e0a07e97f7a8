import type { SimulatedRoute, SimulationRequest, SimulationResult, TemporaryRoute } from '@domain/contract/routes';
import { editRoutePath, routeDetailPath } from '@domain/route-paths';
import { distribution, type RoutingOrder, type RoutingRoute } from '@domain/routing';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { mids, routes } from '../../db/schema';
import type { RouteTarget } from './service';

// POST /merchant/{merchantId}/simulation (spec 2, sections 2.5, 3 and 4): where one order would go, computed by the
// routing engine in src/domain/routing.ts, the same code that routed every demo payment, so the simulator cannot
// disagree with the platform. The wizard's rows being created or edited take part as temporary routes: an edited one
// stands in for its saved self.

export interface SimRoute extends RoutingRoute {
  temporary: boolean;
}

type SavedRoute = typeof routes.$inferSelect;

/**
 * The merchant's routes with the wizard's rows taking part: an edited row (it names its routeId) stands in for its
 * saved self, new rows get the ids 'new-1', 'new-2'... in the order sent. The routing backtest builds its draft so too.
 */
export function withTemporaryRoutes(
  saved: readonly SavedRoute[],
  temporaryRoutes: readonly TemporaryRoute[],
): SimRoute[] {
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

export async function simulate(
  db: Queryable,
  target: RouteTarget,
  request: SimulationRequest,
): Promise<SimulationResult> {
  const saved = await db.select().from(routes).where(eq(routes.merchantId, target.merchantId));
  // Only the MIDs the routes name: a merchant may hold thousands.
  const midIds = new Set(
    [...saved, ...request.temporaryRoutes].flatMap((route) => [
      route.midId,
      ...(route.fallbackMidId ? [route.fallbackMidId] : []),
    ]),
  );
  const midRows = midIds.size
    ? await db
        .select()
        .from(mids)
        .where(and(eq(mids.merchantId, target.merchantId), inArray(mids.id, [...midIds])))
    : [];
  const all = withTemporaryRoutes(saved, request.temporaryRoutes);
  // Empty order fields are unknown values, as for a payment that does not carry them.
  const order: RoutingOrder = Object.fromEntries(
    Object.entries(request.order).map(([key, value]) => [key, value?.trim() ? value.trim() : null]),
  );
  const result = distribution(order, all, midRows);
  const shown = [...result.serving, ...result.others].map((share): SimulatedRoute & { temporary: boolean } => {
    const saved = !share.id.startsWith('new-');
    return {
      id: share.id,
      description: share.description,
      priority: share.priority,
      weight: share.weight,
      percentage: share.percentage,
      status: share.status,
      // The spec's answer carries the console's addresses; the console's own links are built by the same functions.
      viewRouteDetailPath: saved ? routeDetailPath(target.accountId, target.merchantId, share.id) : null,
      editRouteDetailPath: saved ? editRoutePath(target.accountId, target.merchantId, share.id) : null,
      temporary: share.route.temporary,
    };
  });
  const strip = ({ temporary: _temporary, ...route }: SimulatedRoute & { temporary: boolean }) => route;
  return {
    otherRoutes: shown.filter((route) => !route.temporary).map(strip),
    temporaryRoutes: shown.filter((route) => route.temporary).map(strip),
  };
}
