import { useApi, useSession } from '@console/session/session-provider';
import { merchantLists } from '@domain/contract/lists';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { listsQueryKey } from './list-paths';

/**
 * The merchant's URL and custom-tag lists as suggestions (the MID form, its filters, the route wizard, the simulator):
 * the values a MID or a route may name. A failure leaves them empty, with no message: the user may still type.
 */
export function useListSuggestions(merchantId: string | undefined): { urls: string[]; tags: string[] } {
  const api = useApi();
  const { grants } = useSession();
  const allowed = can(grants, P.urlRead) || can(grants, P.tagRead);
  const query = useQuery({
    queryKey: listsQueryKey(merchantId ?? ''),
    queryFn: ({ signal }) => api.get(`/merchant/${merchantId}/list`, { schema: merchantLists, signal, quiet: true }),
    enabled: allowed && merchantId !== undefined && merchantId !== '',
    staleTime: 60_000,
  });
  return useMemo(
    () => ({
      urls: query.data?.url?.items.map((item) => item.prettyName) ?? [],
      tags: query.data?.customTag?.items.map((item) => item.prettyName) ?? [],
    }),
    [query.data],
  );
}
