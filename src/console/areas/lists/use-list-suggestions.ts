import { useApi, useSession } from '@console/session/session-provider';
import { merchantLists } from '@domain/contract/lists';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { listsQueryKey } from './list-paths';

export interface ListSuggestions {
  urls: string[];
  tags: string[];
  /** The lists could not be read: the suggestions are empty, and a screen may say so (the MID page does). */
  failed: boolean;
  retry: () => void;
}

/**
 * The merchant's URL and custom-tag lists as suggestions (the MID form, its filters, the route wizard, the simulator):
 * the values a MID or a route may name. A failure leaves them empty and says nothing itself: the user may still type.
 */
export function useListSuggestions(merchantId: string | undefined): ListSuggestions {
  const api = useApi();
  const { grants } = useSession();
  const allowed = can(grants, P.urlRead) || can(grants, P.tagRead);
  const query = useQuery({
    queryKey: listsQueryKey(merchantId ?? ''),
    queryFn: ({ signal }) => api.get(`/merchant/${merchantId}/list`, { schema: merchantLists, signal, quiet: true }),
    enabled: allowed && merchantId !== undefined && merchantId !== '',
    staleTime: 60_000,
  });
  const { data, isError, refetch } = query;
  return useMemo(
    () => ({
      urls: data?.url?.items.map((item) => item.prettyName) ?? [],
      tags: data?.customTag?.items.map((item) => item.prettyName) ?? [],
      failed: isError,
      retry: () => void refetch(),
    }),
    [data, isError, refetch],
  );
}
