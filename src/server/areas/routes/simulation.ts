import type { SimulatedRoute, SimulationRequest, SimulationResult } from '@domain/contract/routes';
import { editRoutePath, routeDetailPath } from '@domain/route-paths';
import { distribution, type RoutingOrder } from '@domain/routing';
import type { Queryable } from '../../db/client';
import { loadRoutingDraft } from './routing-draft';
import type { RouteTarget } from './service';

// POST /merchant/{merchantId}/simulation (spec 2, sections 2.5, 3 and 4): where one order would go, computed by the
// routing engine in src/domain/routing.ts, the same code that routed every demo payment, so the simulator cannot
// disagree with the platform. The wizard's rows being created or edited take part as temporary routes: an edited one
// stands in for its saved self (routing-draft.ts, which the routing backtest reads its draft with too).

export async function simulate(
  db: Queryable,
  target: RouteTarget,
  request: SimulationRequest,
): Promise<SimulationResult> {
  const routing = await loadRoutingDraft(db, target.merchantId, request);
  // Empty order fields are unknown values, as for a payment that does not carry them.
  const order: RoutingOrder = Object.fromEntries(
    Object.entries(request.order).map(([key, value]) => [key, value?.trim() ? value.trim() : null]),
  );
  const result = distribution(order, routing.draft, routing.mids);
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
