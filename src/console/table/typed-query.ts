// The query language in a list's search box (issue 26): 'status:declined -method:card blue' sets the Status and
// Payment method filters in the address and leaves 'blue' as the search. The keys a screen offers are the filters
// it shows, and pick lists (merchants, routes, MIDs) are matched by the names their filter already loaded.
import {
  type ParsedQuery,
  parseQuery,
  type QueryError,
  type QueryKeyRegistry,
  type QueryValueOption,
  registryFor,
  tokenize,
} from '@domain/search-query';
import { type TableState, withFilter, withSearch } from './table-state';
import type { FilterDefinition } from './types';

/** Whether the text holds a key:value term; plain text stays the quick search it always was. */
export function hasQueryTerms(text: string): boolean {
  return tokenize(text).tokens.some((token) => token.type === 'term');
}

export type TypedQueryResult = { state: TableState; errors: readonly [] } | { errors: readonly QueryError[] };

/** Reads a query against the filters the screen shows now. */
export function parseTypedQuery(
  text: string,
  registry: QueryKeyRegistry,
  filters: readonly FilterDefinition[],
  now: Date = new Date(),
): ParsedQuery {
  const shown = registryFor(
    registry,
    filters.map((filter) => filter.id),
  );
  return parseQuery(text, shown, { now, options: loadedQueryOptions(shown, filters) });
}

/** The options the screen's pick-list filters loaded (merchants, MIDs, agents), by key name, for names in queries. */
export function loadedQueryOptions(
  registry: QueryKeyRegistry,
  filters: readonly FilterDefinition[],
): Record<string, readonly QueryValueOption[]> {
  const options: Record<string, readonly QueryValueOption[]> = {};
  for (const spec of registry.keys) {
    const filter = filters.find((candidate) => candidate.id === spec.param);
    if (spec.kind === 'idList' && filter && (filter.kind === undefined || filter.kind === 'select'))
      options[spec.name] = filter.options;
  }
  return options;
}

/**
 * The table state a query asks for: the keys it names replace those filters, the others stay, the free text becomes
 * the search, and the list goes back to page 1. A query with any error changes nothing (no half-applied query).
 */
export function applyTypedQuery(
  state: TableState,
  text: string,
  registry: QueryKeyRegistry,
  filters: readonly FilterDefinition[],
  now: Date = new Date(),
): TypedQueryResult {
  const parsed = parseTypedQuery(text, registry, filters, now);
  if (parsed.errors.length > 0) return { errors: parsed.errors };
  let next = withSearch(state, parsed.search);
  for (const [id, values] of Object.entries(parsed.filters)) next = withFilter(next, id, values);
  return { state: next, errors: [] };
}
