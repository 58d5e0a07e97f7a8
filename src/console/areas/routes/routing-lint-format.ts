import type { Tone } from '@console/ui/badge';
import type { RoutingLintFinding } from '@domain/contract/routes';
import { formatInteger } from '@domain/format';

// Words of the routing lint on the routes list (issue 28): the badge of a route that never takes payments, and the
// summary above the table. The reasons themselves are the server's (src/domain/routing-lint.ts).

/** Why a route never takes payments: shadowed, or the engine's reason it is dead. */
export type RoutingLintCategory = 'shadowed' | NonNullable<RoutingLintFinding['deadReason']>;

/** In the summary's order: shadowing first, then the dead reasons in the order the engine checks them. */
const CATEGORIES: readonly RoutingLintCategory[] = [
  'shadowed',
  'mid-missing',
  'mid-disabled',
  'weight-zero',
  'no-order-matches',
];

/** The badge's text; 'Weight 0' and 'MID disabled' are the simulator's words for the same states. */
export const ROUTING_LINT_LABELS: Record<RoutingLintCategory, string> = {
  shadowed: 'Shadowed',
  'mid-missing': 'MID missing',
  'mid-disabled': 'MID disabled',
  'weight-zero': 'Weight 0',
  'no-order-matches': 'Never serves',
};

/** The summary's part for each category, by count: '1 shadowed by a higher priority', '2 with weight 0'. */
const SUMMARY_PARTS: Record<RoutingLintCategory, (count: number) => string> = {
  shadowed: (count) => (count === 1 ? 'shadowed by a higher priority' : 'shadowed by higher priorities'),
  'mid-missing': (count) => (count === 1 ? 'on a MID that does not exist' : 'on MIDs that do not exist'),
  'mid-disabled': (count) => (count === 1 ? 'on a disabled MID' : 'on disabled MIDs'),
  'weight-zero': () => 'with weight 0',
  'no-order-matches': () => 'matching no order',
};

export function routingLintCategory(finding: RoutingLintFinding): RoutingLintCategory {
  // A dead finding always names its reason; 'matching no order' is the one that holds whatever the reason was.
  return finding.kind === 'shadowed' ? 'shadowed' : (finding.deadReason ?? 'no-order-matches');
}

/** Errors (a MID that does not exist, criteria no order meets) in the error tone; pauses and shadowing warn. */
export function routingLintTone(finding: RoutingLintFinding): Tone {
  return finding.severity === 'error' ? 'error' : 'warning';
}

/**
 * '2 routes never take payments: 1 shadowed by a higher priority, 1 with weight 0.'; null when every route can take
 * payments.
 */
export function routingLintSummary(findings: readonly RoutingLintFinding[]): string | null {
  if (findings.length === 0) return null;
  const counts = new Map<RoutingLintCategory, number>();
  for (const finding of findings) {
    const category = routingLintCategory(finding);
    counts.set(category, (counts.get(category) ?? 0) + 1);
  }
  const parts = CATEGORIES.flatMap((category) => {
    const count = counts.get(category) ?? 0;
    return count > 0 ? [`${formatInteger(count)} ${SUMMARY_PARTS[category](count)}`] : [];
  });
  const routes = findings.length === 1 ? 'route never takes' : 'routes never take';
  return `${formatInteger(findings.length)} ${routes} payments: ${parts.join(', ')}.`;
}

/** The wording after 'Never takes payments: ', to say it of a named route ('its weight is 0.'). */
function reasonRest(finding: RoutingLintFinding): string {
  return finding.reason.replace(/^Never takes payments:\s*/, '');
}

/** A route the lint names, by its description (its id when the description is blank). */
export const lintedRouteName = (route: { description: string; routeId: string }) =>
  route.description.trim() || route.routeId;

/** One line of the wizard's routing checks: what it says and the finding it comes from. */
export interface RoutingLintChange {
  /** 'own': a row of the wizard; 'adds': a saved route the draft stops; 'removes': a saved route it frees. */
  effect: 'own' | 'adds' | 'removes';
  text: string;
  finding: RoutingLintFinding;
}

/**
 * What saving the wizard's rows would change in the routing lint (issue 28), comparing the draft's answer with the
 * saved routing's by route id and kind: the findings on the wizard's own rows ('EU cards' never takes payments: …),
 * the saved routes the draft would stop (Saving makes 'Old EU route' never take payments: …) and those it would free
 * (Saving lets 'X' take payments again.). Findings on other saved routes that stay as they are belong to the routes
 * list, not here.
 */
export function routingLintChanges(
  saved: readonly RoutingLintFinding[],
  draft: readonly RoutingLintFinding[],
  draftRowIds: ReadonlySet<string>,
): RoutingLintChange[] {
  const sameFinding = (a: RoutingLintFinding, b: RoutingLintFinding) =>
    a.routeId === b.routeId && a.kind === b.kind && a.deadReason === b.deadReason;
  const own = draft
    .filter((finding) => draftRowIds.has(finding.routeId))
    .map((finding) => ({
      effect: 'own' as const,
      text: `'${lintedRouteName(finding)}' never takes payments: ${reasonRest(finding)}`,
      finding,
    }));
  const adds = draft
    .filter((finding) => !draftRowIds.has(finding.routeId) && !saved.some((before) => sameFinding(before, finding)))
    .map((finding) => ({
      effect: 'adds' as const,
      text: `Saving makes '${lintedRouteName(finding)}' never take payments: ${reasonRest(finding)}`,
      finding,
    }));
  const draftIds = new Set(draft.map((finding) => finding.routeId));
  const removes = saved
    .filter((finding) => !draftIds.has(finding.routeId))
    .map((finding) => ({
      effect: 'removes' as const,
      text: `Saving lets '${lintedRouteName(finding)}' take payments again.`,
      finding,
    }));
  return [...own, ...adds, ...removes];
}
