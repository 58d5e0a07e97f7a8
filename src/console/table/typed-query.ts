// The query language in a list's search box (issue 26): 'status:declined -method:card blue' sets the Status and
// Payment method filters in the address and leaves 'blue' as the search. The keys a screen offers are the filters
// it shows, and pick lists (merchants, routes, MIDs) are matched by the names their filter already loaded.
import { useRegisterQueryKeys } from '@console/commands/registry';
import {
  type ParsedQuery,
  parseQuery,
  type QueryError,
  type QueryKeyRegistry,
  type QueryValueOption,
  registryFor,
  tokenize,
} from '@domain/search-query';
import { useMemo } from 'react';
import { type TableState, withFilter, withSearch } from './table-state';
import type { FilterDefinition } from './types';

/** Whether the text holds a key:value term; plain text stays the quick search it always was. */
export function hasQueryTerms(text: string): boolean {
  return tokenize(text).tokens.some((token) => token.type === 'term');
}

export type TypedQueryResult = { state: TableState; errors: readonly [] } | { errors: readonly QueryError[] };

/**
 * Tells the shortcuts sheet which keys the table's search box takes: those of the filters it shows now (the MID key
 * of the routes list appears once the MIDs have loaded).
 */
export function useRegisterShownQueryKeys(
  registry: QueryKeyRegistry | undefined,
  filters: readonly FilterDefinition[],
): void {
  const ids = filters.map((filter) => filter.id).join(' ');
  const shown = useMemo(() => (registry ? registryFor(registry, ids.split(' ')) : undefined), [registry, ids]);
  useRegisterQueryKeys(shown);
}

export type QueryOptions = Record<string, readonly QueryValueOption[]>;

/**
 * The keys of the filters the screen shows, and the names their pick lists loaded, plus names the completion learnt
 * from the server (a merchant beyond the pick list's first page), so a chosen name reads back as its record.
 */
export function queryScopeOf(
  registry: QueryKeyRegistry,
  filters: readonly FilterDefinition[],
  learnt: QueryOptions = {},
): { registry: QueryKeyRegistry; options: QueryOptions } {
  const shown = registryFor(
    registry,
    filters.map((filter) => filter.id),
  );
  const options: QueryOptions = {};
  for (const spec of shown.keys) {
    const filter = filters.find((candidate) => candidate.id === spec.param);
    if (spec.kind !== 'idList') continue;
    const loaded = filter && (filter.kind === undefined || filter.kind === 'select') ? filter.options : [];
    const known = new Set(loaded.map((option) => option.value));
    options[spec.name] = [...loaded, ...(learnt[spec.name] ?? []).filter((option) => !known.has(option.value))];
  }
  return { registry: shown, options };
}

/** Reads a query against the filters the screen shows now. */
export function parseTypedQuery(
  text: string,
  registry: QueryKeyRegistry,
  filters: readonly FilterDefinition[],
  now: Date = new Date(),
  learnt: QueryOptions = {},
): ParsedQuery {
  const scope = queryScopeOf(registry, filters, learnt);
  return parseQuery(text, scope.registry, { now, options: scope.options });
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
  learnt: QueryOptions = {},
): TypedQueryResult {
  const parsed = parseTypedQuery(text, registry, filters, now, learnt);
  if (parsed.errors.length > 0) return { errors: parsed.errors };
  let next = withSearch(state, parsed.search);
  for (const [id, values] of Object.entries(parsed.filters)) next = withFilter(next, id, values);
  return { state: next, errors: [] };
}
