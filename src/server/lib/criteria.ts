import type { RoutingCriterion } from '@domain/routing-criteria';
import { ROUTING_CRITERIA } from '@domain/routing-criteria';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

// The list filters on the six variables of MIDs and routes: a record is kept when its list (a text[] column) holds
// any of the chosen values (`&&`, overlap).

type CriteriaColumns = { readonly [K in RoutingCriterion]: AnyColumn };
type CriteriaQuery = { readonly [K in RoutingCriterion]?: readonly string[] | undefined };

/** One condition per variable the query filters on. */
export function criteriaOverlaps(columns: CriteriaColumns, query: CriteriaQuery): SQL[] {
  return ROUTING_CRITERIA.flatMap((criterion) => {
    const values = query[criterion];
    if (!values?.length) return [];
    const list = sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
    return [sql`${columns[criterion]} && array[${list}]::text[]`];
  });
}
