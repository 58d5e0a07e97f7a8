import { useApi, useSession } from '@console/session/session-provider';
import { useDebounced } from '@console/ui/use-debounced';
import { NAME_SOURCE_PERMISSIONS, type NameHit, searchNamesResponse } from '@domain/contract/search';
import { can } from '@domain/permissions';
import { type Completion, completeQuery, type QueryKeyRegistry } from '@domain/search-query';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { QueryOptions } from './typed-query';

// The completion under a list's search box (issue 26): keys and enum values from the pure completeQuery, and names
// of merchants, MIDs, routes, agents and plans from GET /search/names as the user types them. The names answered
// are remembered for the box's life, so the query the user accepts reads back with their records on Enter.

/** Where the server looks for names: the account of the page, and the merchant the list is narrowed to. */
export interface NameScope {
  accountId: string | undefined;
  merchantId?: string | undefined;
}

/** A short wait, so a fast typist asks once per pause rather than once per letter. */
const NAMES_DEBOUNCE_MS = 120;
const NAMES_LIMIT = 8;
const NAMES_STALE_MS = 30_000;

export interface QueryCompletionInput {
  text: string;
  cursor: number;
  /** The keys of the filters the screen shows (typed-query.ts, queryScopeOf). */
  registry: QueryKeyRegistry;
  /** The names the screen's pick lists loaded. */
  options: QueryOptions;
  scope: NameScope;
  enabled: boolean;
}

export interface QueryCompletion {
  completion: Completion;
  /** Names answered by the server so far, by key name. */
  learnt: QueryOptions;
}

export function useQueryCompletion({
  text,
  cursor,
  registry,
  options,
  scope,
  enabled,
}: QueryCompletionInput): QueryCompletion {
  const api = useApi();
  const { grants } = useSession();
  const learntRef = useRef<QueryOptions>({});
  const [learnt, setLearnt] = useState<QueryOptions>({});

  const local = useMemo(
    () => (enabled ? completeQuery(text, cursor, registry, { options }) : undefined),
    [enabled, text, cursor, registry, options],
  );
  const need = local?.need;
  const source = need?.key.kind === 'idList' ? need.key.source : undefined;
  const allowed =
    source !== undefined &&
    scope.accountId !== undefined &&
    NAME_SOURCE_PERMISSIONS[source].every((permission) => can(grants, permission));
  const merchantId = source === 'mids' || source === 'routes' || source === 'plans' ? scope.merchantId : undefined;
  const asked = useDebounced(allowed ? `${source}\u0000${need?.prefix.trim() ?? ''}` : '', NAMES_DEBOUNCE_MS);
  const [askedSource, prefix = ''] = asked.split('\u0000');

  const names = useQuery({
    queryKey: ['search-names', askedSource, scope.accountId, merchantId ?? '', prefix],
    // A newer keystroke changes the key: react-query aborts this call through the signal.
    queryFn: async ({ signal }) => {
      const { items } = await api.get('/search/names', {
        query: {
          source: askedSource,
          q: prefix,
          accountId: scope.accountId,
          ...(merchantId ? { merchantId } : {}),
          limit: NAMES_LIMIT,
        },
        schema: searchNamesResponse,
        signal,
      });
      // Kept with its source and merchant: the answer shown while the next loads may be another key's names.
      return { source: askedSource, merchantId, items };
    },
    enabled: allowed && askedSource === source && scope.accountId !== undefined,
    placeholderData: keepPreviousData,
    staleTime: NAMES_STALE_MS,
    retry: false,
  });

  const keyName = need?.key.name;
  const answered: readonly NameHit[] | undefined =
    allowed && names.data?.source === source && names.data.merchantId === merchantId ? names.data.items : undefined;
  useEffect(() => {
    if (!keyName || !answered?.length) return;
    const known = learntRef.current[keyName] ?? [];
    const fresh = answered.filter((hit) => !known.some((option) => option.value === hit.id));
    if (fresh.length === 0) return;
    learntRef.current = {
      ...learntRef.current,
      [keyName]: [...known, ...fresh.map((hit) => ({ value: hit.id, label: hit.name }))],
    };
    setLearnt(learntRef.current);
  }, [keyName, answered]);

  const completion = useMemo(() => {
    if (!local) return { from: cursor, to: cursor, items: [] };
    if (!keyName || !answered?.length) return local;
    const loaded = options[keyName] ?? [];
    const known = new Set(loaded.map((option) => option.value));
    const merged = {
      ...options,
      [keyName]: [
        ...loaded,
        ...answered.filter((hit) => !known.has(hit.id)).map((hit) => ({ value: hit.id, label: hit.name })),
      ],
    };
    return { ...completeQuery(text, cursor, registry, { options: merged }), need: local.need };
  }, [local, keyName, answered, options, text, cursor, registry]);

  return { completion, learnt };
}
