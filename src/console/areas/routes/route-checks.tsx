// biome-ignore-all lint/a11y/noStaticElementInteractions: the wrapper only keeps a click on the badge or in its popover from opening the table row it sits in
// biome-ignore-all lint/a11y/useKeyWithClickEvents: the wrapper handles no keys; the badge is a button of its own
import { Banner } from '@console/ui/banner';
import { ChevronDownIcon } from '@console/ui/icons';
import { Popover } from '@console/ui/popover';
import { Tooltip } from '@console/ui/tooltip';
import type { RouteListItem, RoutingLintFinding, RoutingLintResult } from '@domain/contract/routes';
import type { UseQueryResult } from '@tanstack/react-query';
import { createContext, useContext, useId } from 'react';
import { Link } from 'wouter';
import {
  lintedRouteName,
  ROUTING_LINT_LABELS,
  routingLintCategory,
  routingLintSummary,
  routingLintTone,
} from './routing-lint-format';
import './route-checks.css';

// The routing lint on the routes list (issue 28): a summary above the table, and on the row of each route that can
// never take payments a badge under its description, whose popover gives the reason and links the routes that take
// its orders first. The rows read the findings from a context, so the columns stay defined once and only the
// description cells render again when the check answers.

export interface RouteChecks {
  /** The findings by route id; empty while the check loads, and when it failed. */
  findings: ReadonlyMap<string, RoutingLintFinding>;
  /** The user may open a route's detail (route.select): the shadowing routes are links then, names otherwise. */
  canOpenRoutes: boolean;
}

export const RouteChecksContext = createContext<RouteChecks>({ findings: new Map(), canOpenRoutes: false });

/** The findings of a check that answered; none for one that failed (what it said before may be out of date). */
export function routeChecksOf(
  result: RoutingLintResult | undefined,
  failed: boolean,
  canOpenRoutes: boolean,
): RouteChecks {
  const findings = failed ? [] : (result?.findings ?? []);
  return { findings: new Map(findings.map((finding) => [finding.routeId, finding])), canOpenRoutes };
}

/**
 * '2 routes never take payments: 1 shadowed by a higher priority, 1 with weight 0.' above the table; nothing while
 * the check loads or when every route can take payments, and a muted line when it failed (the list works without it).
 */
export function RoutingLintSummary({ lint }: { lint: UseQueryResult<RoutingLintResult> }) {
  if (lint.isError) return <p className="routing-lint-unavailable">Routing checks unavailable.</p>;
  const summary = lint.data ? routingLintSummary(lint.data.findings) : null;
  // A warning whatever the findings' severity: the rows' badges say which are errors, and an alert would interrupt.
  return summary ? <Banner type="warning" header={summary} /> : null;
}

/** A route a finding names: a link to its detail when the user may open routes and it is saved, else its name. */
export function LintedRouteLink({
  route,
  canOpen,
}: {
  route: RoutingLintFinding['shadowedBy'][number];
  canOpen: boolean;
}) {
  const name = lintedRouteName(route);
  return canOpen && route.routeDetailPath ? <Link href={route.routeDetailPath}>{name}</Link> : <>{name}</>;
}

/** The Description cell: the description, and under it the route's badge when the check found something. */
export function RouteDescriptionCell({ route }: { route: RouteListItem }) {
  const { findings, canOpenRoutes } = useContext(RouteChecksContext);
  const finding = findings.get(route.routeId);
  return (
    <span className="route-description">
      <span className="route-description__text">{route.routeDescription}</span>
      {finding ? <RouteCheckBadge finding={finding} canOpenRoutes={canOpenRoutes} /> : null}
    </span>
  );
}

function RouteCheckBadge({ finding, canOpenRoutes }: { finding: RoutingLintFinding; canOpenRoutes: boolean }) {
  const label = ROUTING_LINT_LABELS[routingLintCategory(finding)];
  const tone = routingLintTone(finding);
  const listId = useId();
  return (
    <span className="route-check" onClick={(event) => event.stopPropagation()}>
      <Popover
        title={lintedRouteName(finding)}
        className="route-check__popover"
        trigger={(props) => (
          // The reason on hover and keyboard focus too, but not over the open popover that shows it.
          <Tooltip content={props['aria-expanded'] === 'true' ? '' : finding.reason} placement="top">
            <button type="button" {...props} className={`badge badge--${tone} route-check__badge`}>
              {label}
              {/* The name starts with the visible text (label-in-name) and says what the button opens. */}
              <span className="visually-hidden">: why it never takes payments</span>
              <ChevronDownIcon className="route-check__icon" />
            </button>
          </Tooltip>
        )}
      >
        <p className="route-check__reason">{finding.reason}</p>
        {finding.shadowedBy.length > 0 ? (
          <div className="route-check__shadowing">
            <p id={listId} className="route-check__list-label">
              Taken first by
            </p>
            <ul className="bare-list route-check__routes" aria-labelledby={listId}>
              {finding.shadowedBy.map((route) => (
                <li key={route.routeId}>
                  <LintedRouteLink route={route} canOpen={canOpenRoutes} />
                  <span className="text-muted"> (priority {route.priority})</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Popover>
    </span>
  );
}
