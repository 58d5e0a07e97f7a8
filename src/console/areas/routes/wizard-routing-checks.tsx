import { useSession } from '@console/session/session-provider';
import { Badge } from '@console/ui/badge';
import { WarningIcon } from '@console/ui/icons';
import type { RoutingLintRequestInput } from '@domain/contract/routes';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { type ReactNode, useId, useMemo } from 'react';
import { LintedRouteLink } from './route-checks';
import { useDraftRoutingLint, useRoutingLint } from './route-queries';
import {
  ROUTING_LINT_LABELS,
  type RoutingLintChange,
  routingLintCategory,
  routingLintChanges,
  routingLintTone,
} from './routing-lint-format';
import './route-checks.css';

// Step 3's 'Routing checks' (issue 28): what the routing lint says of the routing as it would be after Save, compared
// with the saved routing. A warning, never a wall: Save stays allowed whatever it says, and its failure is one muted
// line. The content is a polite live region, so a screen reader hears a new answer without losing its place; it is
// marked busy while a newer draft is asked, so only the settled answer is read.

interface WizardRoutingChecksProps {
  merchantId: string;
  /** The wizard's rows exactly as the simulation and the backtest send them. */
  draft: Required<RoutingLintRequestInput>;
  /** The rows are all valid temporary routes (a weight left empty is not): only then is the draft asked. */
  draftValid: boolean;
}

export function WizardRoutingChecks({ merchantId, draft, draftValid }: WizardRoutingChecksProps) {
  const { grants } = useSession();
  const canOpenRoutes = can(grants, P.routeSelect);
  const headingId = useId();
  const saved = useRoutingLint(merchantId);
  const { query: drafted, settling } = useDraftRoutingLint(merchantId, draft, draftValid);
  // The server names the draft's rows as the routing draft does: an edited row by its routeId, new ones new-1, new-2...
  const draftRowIds = useMemo(
    () => new Set(draft.temporaryRoutes.map((route, index) => route.routeId ?? `new-${index + 1}`)),
    [draft.temporaryRoutes],
  );
  const changes = useMemo(
    () =>
      saved.data && drafted.data ? routingLintChanges(saved.data.findings, drafted.data.findings, draftRowIds) : null,
    [saved.data, drafted.data, draftRowIds],
  );
  const failed = saved.isError || (drafted.isError && !settling);

  let content: ReactNode;
  if (failed) content = <p className="routing-lint-unavailable">Routing checks unavailable.</p>;
  else if (!changes) content = <p className="routing-lint-unavailable">Checking routing…</p>;
  else if (changes.length === 0) content = <p className="routing-lint-unavailable">No routing problems found.</p>;
  else {
    content = (
      <div className="banner banner--warning wizard-checks__banner">
        <WarningIcon className="banner__icon" />
        <ul className="bare-list wizard-checks__list">
          {changes.map((change) => (
            <ChangeLine
              key={`${change.effect}-${change.finding.routeId}`}
              change={change}
              canOpenRoutes={canOpenRoutes}
            />
          ))}
        </ul>
      </div>
    );
  }

  return (
    <section className="wizard-checks" aria-labelledby={headingId}>
      <h3 id={headingId} className="wizard-checks__title">
        Routing checks
      </h3>
      <div aria-live="polite" aria-busy={changes !== null && settling && !failed ? true : undefined}>
        {content}
      </div>
    </section>
  );
}

function ChangeLine({ change, canOpenRoutes }: { change: RoutingLintChange; canOpenRoutes: boolean }) {
  const { finding } = change;
  const shadowing = change.effect === 'removes' ? [] : finding.shadowedBy;
  return (
    <li className="wizard-checks__item">
      {change.effect === 'removes' ? null : (
        <Badge tone={routingLintTone(finding)}>{ROUTING_LINT_LABELS[routingLintCategory(finding)]}</Badge>
      )}{' '}
      <span>{change.text}</span>
      {shadowing.length > 0 ? (
        <span className="wizard-checks__shadowing">
          {' '}
          Taken first by{' '}
          {shadowing.map((route, index) => (
            <span key={route.routeId}>
              {index > 0 ? ', ' : null}
              <LintedRouteLink route={route} canOpen={canOpenRoutes} /> (priority {route.priority})
            </span>
          ))}
          .
        </span>
      ) : null}
    </li>
  );
}
