import { useApi } from '@console/session/session-provider';
import { merchantList } from '@domain/contract/merchants';
import { useQuery } from '@tanstack/react-query';

// The account's merchants by name, the one list the merchant switcher, the palette and the Merchant filters (transactions, user activity) read:
// one call and one cache entry however many of them are on screen (the cache is cleared at sign-out).

/** The first merchants by name (the largest page the list convention allows): what a pick list offers at once. */
export const ACCOUNT_MERCHANTS_LIMIT = 500;

export function useAccountMerchants(
  accountId: string | undefined,
  { enabled = true, staleTime }: { enabled?: boolean; staleTime: number },
) {
  const api = useApi();
  return useQuery({
    queryKey: ['account', accountId, 'merchants-by-name'],
    queryFn: ({ signal }) =>
      api.get(`/account/${accountId}/merchant`, {
        query: { limit: ACCOUNT_MERCHANTS_LIMIT, order: 'prettyName' },
        schema: merchantList,
        notFoundIsAnswer: true,
        signal,
      }),
    enabled: enabled && accountId !== undefined,
    staleTime,
  });
}
