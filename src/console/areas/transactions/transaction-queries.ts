import { useAccountMerchants } from '@console/app/account-merchants';
import { useApi } from '@console/session/session-provider';
import { uuid } from '@domain/contract/common';
import { transactionDetail } from '@domain/contract/transactions';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';

// The transactions screens' reads through the one API client, with their react-query keys. Every key starts with
// 'transactions' and the account, so a refund can invalidate the detail and the lists of that account at once.

export const transactionsQueryKey = (accountId: string) => ['transactions', accountId] as const;
export const transactionListQueryKey = (accountId: string, merchantId: string | undefined) =>
  [...transactionsQueryKey(accountId), 'list', merchantId ?? 'all'] as const;
export const transactionDetailQueryKey = (accountId: string, transactionId: string) =>
  [...transactionsQueryKey(accountId), 'detail', transactionId] as const;

/** Pick lists change rarely; a minute keeps the filter row from asking again on every visit. */
const PICK_LIST_STALE_MS = 60_000;
/** The largest page the list convention allows: the filters list at most this many options. */
const PICK_LIST_LIMIT = 500;

/** GET /account/{accountId}/transaction/{transactionId}. */
export function useTransactionDetail(accountId: string | undefined, transactionId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: transactionDetailQueryKey(accountId ?? '', transactionId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/account/${accountId}/transaction/${transactionId}`, { schema: transactionDetail, signal }),
    enabled: accountId !== undefined && transactionId !== undefined,
  });
}

/** GET /account/{accountId}/transactionUrl: the URLs the account's transactions came from, for the URL filter. */
const transactionUrlList = z.object({ items: z.array(z.string()) });

export function useTransactionUrls(accountId: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...transactionsQueryKey(accountId), 'urls'],
    queryFn: ({ signal }) =>
      api.get(`/account/${accountId}/transactionUrl`, { schema: transactionUrlList, signal, notFoundIsAnswer: true }),
    staleTime: PICK_LIST_STALE_MS,
  });
}

/** The account's merchants for the Merchant filter (account level only). */
export function useMerchantOptions(accountId: string, enabled: boolean) {
  return useAccountMerchants(accountId, { enabled, staleTime: PICK_LIST_STALE_MS });
}

// Routes and MIDs belong to a merchant (spec 2, section 7: GET /merchant/{merchantId}/route and /mid). Only the two
// fields a pick list needs are read, so these stay valid whatever else the configuration screens add to the answers.
const routePickList = z.object({ items: z.array(z.object({ routeId: uuid, routeDescription: z.string() })) });
const midPickList = z.object({ items: z.array(z.object({ midId: uuid, description: z.string() })) });

export interface PickOption {
  value: string;
  label: string;
}

/**
 * A merchant's routes and MIDs for the Route and MID filters. Quiet: a list that cannot be read (the routes list
 * before the routes issue lands, a failed call) leaves its filter without options (and hidden), and the transactions
 * list itself is unaffected.
 */
export function useRouteAndMidOptions(
  merchantId: string | undefined,
  { routes, mids }: { routes: boolean; mids: boolean },
) {
  const api = useApi();
  const routeQuery = useQuery({
    queryKey: ['merchant-routes-pick-list', merchantId ?? ''],
    queryFn: ({ signal }) =>
      api.get(`/merchant/${merchantId}/route`, {
        query: { limit: PICK_LIST_LIMIT, order: 'routeDescription' },
        schema: routePickList,
        signal,
        quiet: true,
      }),
    enabled: merchantId !== undefined && routes,
    staleTime: PICK_LIST_STALE_MS,
    retry: false,
  });
  const midQuery = useQuery({
    queryKey: ['merchant-mids-pick-list', merchantId ?? ''],
    queryFn: ({ signal }) =>
      api.get(`/merchant/${merchantId}/mid`, {
        query: { limit: PICK_LIST_LIMIT, order: 'description' },
        schema: midPickList,
        signal,
        quiet: true,
      }),
    enabled: merchantId !== undefined && mids,
    staleTime: PICK_LIST_STALE_MS,
    retry: false,
  });
  const routeItems = merchantId && routes ? routeQuery.data?.items : undefined;
  const midItems = merchantId && mids ? midQuery.data?.items : undefined;
  const routeOptions = useMemo<PickOption[]>(
    () => (routeItems ?? []).map((route) => ({ value: route.routeId, label: route.routeDescription })),
    [routeItems],
  );
  const midOptions = useMemo<PickOption[]>(
    () => (midItems ?? []).map((mid) => ({ value: mid.midId, label: mid.description })),
    [midItems],
  );
  return { routeOptions, midOptions };
}
