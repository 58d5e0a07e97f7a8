import type { RoutingLintFinding, RoutingLintRequest, RoutingLintResult } from '@domain/contract/routes';
import { routeDetailPath } from '@domain/route-paths';
import { lintRouting } from '@domain/routing-lint';
import type { Queryable } from '../../db/client';
import { type DraftRoute, loadRoutingDraft } from './routing-draft';
import type { RouteTarget } from './service';

// GET and POST /merchant/{merchantId}/routing-lint (issue 28): which of the merchant's routes can never take a payment
// and why, computed exactly by src/domain/routing-lint.ts on the engine's own criteria. Read-only. The draft form
// reads the routing as the simulator and the backtest do (routing-draft.ts): the wizard's rows take part, an edited
// row stands in for its saved self, removed routes are left out.

export async function lintMerchantRouting(
  db: Queryable,
  target: RouteTarget,
  change: RoutingLintRequest = { temporaryRoutes: [], removedRouteIds: [] },
): Promise<RoutingLintResult> {
  const routing = await loadRoutingDraft(db, target.merchantId, change);
  const byId = new Map<string, DraftRoute>(routing.draft.map((route) => [route.id, route]));
  const named = (route: DraftRoute) => ({
    routeId: route.id,
    description: route.description,
    priority: route.priority,
    routeDetailPath: route.id.startsWith('new-')
      ? null
      : routeDetailPath(target.accountId, target.merchantId, route.id),
  });
  const findings: RoutingLintFinding[] = lintRouting(routing.draft, routing.mids).map((finding) => ({
    ...named(byId.get(finding.routeId)!),
    kind: finding.kind,
    severity: finding.severity,
    reason: finding.reason,
    deadReason: finding.kind === 'dead' ? finding.deadReason : null,
    shadowedBy: finding.kind === 'shadowed' ? finding.shadowedBy.map((id) => named(byId.get(id)!)) : [],
  }));
  const isNew = (finding: RoutingLintFinding) => finding.routeDetailPath === null;
  findings.sort(
    (a, b) =>
      Number(isNew(a)) - Number(isNew(b)) ||
      b.priority - a.priority ||
      a.description.localeCompare(b.description) ||
      a.routeId.localeCompare(b.routeId),
  );
  return { checkedRoutes: routing.draft.length, findings };
}
