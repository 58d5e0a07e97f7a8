import { useApi, useSession } from '@console/session/session-provider';
import { type Account, account as accountSchema } from '@domain/contract/accounts';
import { type Merchant, merchant as merchantSchema } from '@domain/contract/merchants';
import { isIdentifier } from '@domain/ids';
import { QueryClient, QueryClientContext, useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { useLocation } from 'wouter';

// The account and merchant the user is looking at come from the path alone, so a shared link, a reload and the
// palette all agree on them. The records themselves are cached by react-query under stable keys.

export interface ScopeIds {
  accountId: string | undefined;
  merchantId: string | undefined;
}

/** /accounts/{accountId}/... and /accounts/{accountId}/merchants/{merchantId}/...; invalid ids count as none. */
export function scopeOfPath(path: string): ScopeIds {
  const parts = path.split('?')[0]!.split('/').filter(Boolean);
  if (parts[0] !== 'accounts' || !isIdentifier(parts[1])) return { accountId: undefined, merchantId: undefined };
  const accountId = parts[1].toLowerCase();
  const merchantId = parts[2] === 'merchants' && isIdentifier(parts[3]) ? parts[3].toLowerCase() : undefined;
  return { accountId, merchantId };
}

export const accountQueryKey = (accountId: string) => ['account', accountId] as const;
export const merchantQueryKey = (accountId: string, merchantId: string) =>
  ['account', accountId, 'merchant', merchantId] as const;

export interface CurrentScope extends ScopeIds {
  /** GET /account/{accountId}: shortId, prettyName, hasChargebacksFeature ... */
  account: Account | undefined;
  merchant: Merchant | undefined;
  accountLoading: boolean;
}

// Components rendered outside the app's QueryClientProvider (a unit test of a command) still get the ids.
const detachedClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

export function useCurrentScope(): CurrentScope {
  const [location] = useLocation();
  const path = scopeOfPath(location);
  const { signedIn, isProviderStaff, accounts } = useSession();
  // An account user has exactly one account: off an account path (not-found page, later /users) it is still theirs.
  const ownAccount = !isProviderStaff && accounts.length === 1 ? accounts[0]?.accountId : undefined;
  const accountId = path.accountId ?? ownAccount;
  const merchantId = path.accountId ? path.merchantId : undefined;
  const api = useApi();
  const client = useContext(QueryClientContext) ?? detachedClient;

  const accountQuery = useQuery(
    {
      queryKey: accountQueryKey(accountId ?? ''),
      queryFn: ({ signal }) => api.get(`/account/${accountId}`, { schema: accountSchema, signal }),
      enabled: signedIn && accountId !== undefined,
      staleTime: 60_000,
    },
    client,
  );
  const merchantQuery = useQuery(
    {
      queryKey: merchantQueryKey(accountId ?? '', merchantId ?? ''),
      queryFn: ({ signal }) =>
        api.get(`/account/${accountId}/merchant/${merchantId}`, { schema: merchantSchema, signal }),
      enabled: signedIn && accountId !== undefined && merchantId !== undefined,
      staleTime: 60_000,
    },
    client,
  );

  return {
    accountId,
    merchantId,
    account: accountId ? accountQuery.data : undefined,
    merchant: merchantId ? merchantQuery.data : undefined,
    accountLoading: accountId !== undefined && accountQuery.isPending && signedIn,
  };
}
