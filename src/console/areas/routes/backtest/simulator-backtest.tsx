import { useApi } from '@console/session/session-provider';
import { Button } from '@console/ui/button';
import { Checkbox } from '@console/ui/checkbox';
import { EmptyState } from '@console/ui/empty-state';
import { LoadingBlock } from '@console/ui/spinner';
import { ROUTE_LIMITS, type RouteListItem, routeList, type TemporaryRoute } from '@domain/contract/routes';
import { CATALOGUE } from '@domain/errors';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { BacktestPanel } from './backtest-panel';
import type { BacktestDraft } from './use-backtest';

// The simulator screen's backtest (issue 15): the current routing against an edited copy of it. Every route of the
// merchant is listed with its weight (a number from 0 to 100) and 'Leave out'; the changed ones become the draft:
// an edited weight a temporary route standing in for the saved one (routeId), a route left out a removed route id.

/** A saved route as the draft's temporary route: the same row with its routeId, so it replaces the saved one. */
export function temporaryRouteOf(route: RouteListItem, weight: number = route.weight): TemporaryRoute {
  return {
    routeId: route.routeId,
    routeDescription: route.routeDescription,
    midId: route.mid.id,
    fallbackMidId: route.fallbackMid?.id ?? null,
    priority: route.priority,
    weight,
    currency: route.currency,
    issuerCountry: route.issuerCountry,
    cardBrand: route.cardBrand,
    url: route.url,
    customTag: route.customTag,
    binCode: route.binCode,
  };
}

interface RouteEdit {
  /** The weight as typed (NaN while empty). */
  weight?: number;
  removed?: boolean;
}

const validWeight = (weight: number) => Number.isInteger(weight) && weight >= 0 && weight <= ROUTE_LIMITS.weight;

export const COPY_PROBLEM = 'Give each edited route a whole weight from 0 to 100 before the backtest.';

/** The edits as the backtest's draft, and what stops it (a weight that is not 0-100). */
export function draftOfEdits(
  routes: readonly RouteListItem[],
  edits: ReadonlyMap<string, RouteEdit>,
): { draft: BacktestDraft; problem: string | null } {
  const temporaryRoutes: TemporaryRoute[] = [];
  const removedRouteIds: string[] = [];
  let problem: string | null = null;
  for (const route of routes) {
    const edit = edits.get(route.routeId);
    if (!edit) continue;
    if (edit.removed) {
      removedRouteIds.push(route.routeId);
    } else if (edit.weight !== undefined && edit.weight !== route.weight) {
      if (!validWeight(edit.weight)) problem = COPY_PROBLEM;
      else temporaryRoutes.push(temporaryRouteOf(route, edit.weight));
    }
  }
  return { draft: { temporaryRoutes, removedRouteIds }, problem };
}

function RoutesCopy({
  routes,
  edits,
  onChange,
  onReset,
}: {
  routes: readonly RouteListItem[];
  edits: ReadonlyMap<string, RouteEdit>;
  onChange: (routeId: string, edit: RouteEdit) => void;
  onReset: () => void;
}) {
  const id = useId();
  const changed = routes.filter((route) => {
    const edit = edits.get(route.routeId);
    return edit?.removed || (edit?.weight !== undefined && edit.weight !== route.weight);
  }).length;
  // Routes in the order the engine weighs them: highest priority first, then by description.
  const ordered = useMemo(
    () =>
      [...routes].sort((a, b) => b.priority - a.priority || a.routeDescription.localeCompare(b.routeDescription, 'en')),
    [routes],
  );
  return (
    <div className="backtest-copy">
      <div className="backtest-copy__header">
        <h3 id={`${id}-title`} className="backtest-copy__title">
          Edited copy of the routes
        </h3>
        <div className="backtest-copy__summary">
          <span aria-live="polite">
            {changed === 0
              ? 'Change a weight or leave a route out, then run the backtest.'
              : `${changed} ${changed === 1 ? 'route' : 'routes'} changed`}
          </span>
          {changed > 0 ? (
            <Button size="sm" variant="ghost" onClick={onReset}>
              Reset changes
            </Button>
          ) : null}
        </div>
      </div>
      {routes.length === 0 ? (
        <p className="backtest__empty">This merchant has no routes yet.</p>
      ) : (
        <div className="backtest-copy__scroll">
          <table className="backtest-table" aria-labelledby={`${id}-title`}>
            <thead>
              <tr>
                <th scope="col">Route</th>
                <th scope="col">MID</th>
                <th scope="col" className="backtest-table__number">
                  Priority
                </th>
                <th scope="col" className="backtest-table__number">
                  Weight
                </th>
                <th scope="col" className="backtest-copy__center">
                  Leave out
                </th>
              </tr>
            </thead>
            <tbody>
              {ordered.map((route) => {
                const edit = edits.get(route.routeId) ?? {};
                const weight = edit.weight ?? route.weight;
                const removed = edit.removed === true;
                const weightChanged = edit.weight !== undefined && edit.weight !== route.weight;
                const className = removed
                  ? 'backtest-copy__changed backtest-copy__removed'
                  : weightChanged
                    ? 'backtest-copy__changed'
                    : undefined;
                return (
                  <tr key={route.routeId} className={className}>
                    <th scope="row" className="backtest-table__name">
                      {route.routeDescription}
                    </th>
                    <td className="backtest-copy__dim">{route.mid.description}</td>
                    <td className="backtest-table__number backtest-copy__dim">{route.priority}</td>
                    <td className="backtest-table__number">
                      <input
                        className="input backtest-copy__weight"
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={ROUTE_LIMITS.weight}
                        step={1}
                        value={Number.isFinite(weight) ? weight : ''}
                        disabled={removed}
                        aria-label={`Weight of ${route.routeDescription}`}
                        aria-invalid={validWeight(weight) ? undefined : true}
                        onChange={(event) => {
                          const text = event.target.value.trim();
                          onChange(route.routeId, { ...edit, weight: text === '' ? Number.NaN : Number(text) });
                        }}
                      />
                    </td>
                    <td className="backtest-copy__center">
                      <Checkbox
                        label={`Leave out ${route.routeDescription}`}
                        hideLabel
                        checked={removed}
                        onChange={(event) => onChange(route.routeId, { ...edit, removed: event.target.checked })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The 'Backtest' section of the simulator screen: the merchant's routes, editable, and the backtest of the edits. */
export function SimulatorBacktest({ merchantId }: { merchantId: string }) {
  const api = useApi();
  const routes = useQuery({
    queryKey: ['route-list', merchantId, 'all'],
    queryFn: ({ signal }) =>
      api.get(`/merchant/${merchantId}/route`, { query: { limit: 0 }, schema: routeList, signal }),
  });
  const [edits, setEdits] = useState<ReadonlyMap<string, RouteEdit>>(new Map());
  const items = routes.data?.items;
  const { draft, problem } = useMemo(() => draftOfEdits(items ?? [], edits), [items, edits]);

  let copy: ReactNode;
  if (routes.isError) {
    copy = (
      <EmptyState
        role="alert"
        title="The routes could not be loaded"
        description={CATALOGUE['unexpected-error'].content}
        action={
          <Button size="sm" onClick={() => void routes.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (!items) {
    copy = <LoadingBlock label="Loading routes…" />;
  } else {
    copy = (
      <RoutesCopy
        routes={items}
        edits={edits}
        onChange={(routeId, edit) =>
          setEdits((current) => {
            const next = new Map(current);
            next.set(routeId, edit);
            return next;
          })
        }
        onReset={() => setEdits(new Map())}
      />
    );
  }

  return (
    <BacktestPanel
      merchantId={merchantId}
      draft={draft}
      draftProblem={items ? problem : 'The routes are still loading.'}
      description="The current routing against an edited copy of it, on the merchant’s real payments: change weights or leave routes out, then run it."
    >
      {copy}
    </BacktestPanel>
  );
}
