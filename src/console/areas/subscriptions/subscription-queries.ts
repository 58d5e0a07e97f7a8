import type { ApiClient } from '@console/api/client';
import { useApi, useSession } from '@console/session/session-provider';
import type { ListQueryParams, TableExport } from '@console/table/types';
import { planList } from '@domain/contract/plans';
import {
  type SubscriptionKpisQueryInput,
  type SubscriptionList,
  subscriptionDetail,
  subscriptionKpis,
  subscriptionList,
} from '@domain/contract/subscriptions';
import { can, PERMISSIONS as P } from '@domain/permissions';
import type { SubscriptionActionCall } from '@machines/subscription-actions.machine';
import { useQuery } from '@tanstack/react-query';

// Every call of the subscriptions area through the one API client (spec 3, section 7): the list and its export, one
// subscription and its history export, the overview's KPIs, the palette's lookup by id and the PATCH of the actions.
// Every key starts with 'subscriptions' and the merchant, so an action reloads the list, the detail and the KPIs.

export const subscriptionsQueryKey = (merchantId: string) => ['subscriptions', merchantId] as const;
export const subscriptionListQueryKey = (merchantId: string) => [...subscriptionsQueryKey(merchantId), 'list'] as const;
export const subscriptionDetailQueryKey = (merchantId: string, subscriptionId: string) =>
  [...subscriptionsQueryKey(merchantId), 'detail', subscriptionId] as const;
export const subscriptionKpisQueryKey = (merchantId: string, query: SubscriptionKpisQueryInput) =>
  [...subscriptionsQueryKey(merchantId), 'kpis', query] as const;

/** GET /merchant/{merchantId}/subscription. */
export function fetchSubscriptionPage(
  api: ApiClient,
  merchantId: string,
  query: ListQueryParams,
  signal: AbortSignal,
): Promise<SubscriptionList> {
  return api.get(`/merchant/${merchantId}/subscription`, { query, schema: subscriptionList, signal });
}

/** The list's Export: the same filters, search and order (GET /merchant/{merchantId}/subscription/export, a ZIP). */
export function subscriptionsExport(merchantId: string): TableExport {
  return {
    path: `/merchant/${merchantId}/subscription/export`,
    fileLabel: 'subscriptions',
    permission: P.subscriptionExport,
  };
}

/** The overview's 'Export subscriptions': the list's export, narrowed to the plan (and status) of the box. */
export const subscriptionsExportTarget = (merchantId: string) => ({
  path: `/merchant/${merchantId}/subscription/export`,
  fileLabel: 'subscriptions',
});

/** The detail's Export: the cycle history of one subscription. */
export const subscriptionHistoryExportTarget = (merchantId: string, subscriptionId: string) => ({
  path: `/merchant/${merchantId}/subscription/${subscriptionId}/cycle/export`,
  fileLabel: 'subscription-history',
});

/** GET /merchant/{merchantId}/subscription/{subscriptionId}. */
export function useSubscriptionDetail(merchantId: string, subscriptionId: string) {
  const api = useApi();
  return useQuery({
    queryKey: subscriptionDetailQueryKey(merchantId, subscriptionId),
    queryFn: ({ signal }) =>
      api.get(`/merchant/${merchantId}/subscription/${subscriptionId}`, { schema: subscriptionDetail, signal }),
  });
}

/** GET /merchant/{merchantId}/subscriptions-kpis; the numbers stay on screen while a new plan or currency loads. */
export function useSubscriptionKpis(merchantId: string, query: SubscriptionKpisQueryInput) {
  const api = useApi();
  return useQuery({
    queryKey: subscriptionKpisQueryKey(merchantId, query),
    queryFn: ({ signal }) => {
      const params: Record<string, string> = { dateFrom: query.dateFrom, dateTo: query.dateTo };
      if (query.currency) params.currency = query.currency;
      if (query.planId) params.planId = query.planId;
      return api.get(`/merchant/${merchantId}/subscriptions-kpis`, { query: params, schema: subscriptionKpis, signal });
    },
    placeholderData: (previous) => previous,
  });
}

/** The list convention's largest page: a merchant's plans fit in it. */
const PLAN_OPTIONS_LIMIT = 500;

/**
 * GET /merchant/{merchantId}/plan (the plans list of spec 3, section 7, which needs plan.read), read for its ids and
 * names. Quiet: without the permission or an answer the dropdowns offer no plan, and the screens still work.
 */
export function usePlanOptions(merchantId: string) {
  const api = useApi();
  const { grants } = useSession();
  return useQuery({
    enabled: can(grants, P.planRead),
    queryKey: [...subscriptionsQueryKey(merchantId), 'plans'],
    queryFn: async ({ signal }) => {
      const answer = await api.get(`/merchant/${merchantId}/plan`, {
        query: { limit: PLAN_OPTIONS_LIMIT },
        schema: planList,
        quiet: true,
        signal,
      });
      return answer.items
        .map((plan) => ({ value: plan.planId, label: plan.description }))
        .sort((a, b) => a.label.localeCompare(b.label, 'en'));
    },
    staleTime: 60_000,
    retry: false,
  });
}

/** The palette's 'Find subscription': the list's own search by id (GET ...?search=<id>&searchType=ID). */
export async function findSubscriptionsById(
  api: ApiClient,
  merchantId: string,
  text: string,
  signal: AbortSignal,
): Promise<SubscriptionList['items']> {
  const answer = await api.get(`/merchant/${merchantId}/subscription`, {
    query: { search: text, searchType: 'ID', limit: 50 },
    schema: subscriptionList,
    notFoundIsAnswer: true,
    signal,
  });
  return answer.items.slice(0, 10);
}

/**
 * PATCH /merchant/{merchantId}/subscription/{subscriptionId}: 204 on success. Every failure is the modal's to show
 * (a 404 or a server error included), so none jumps away from the screen; the machine aborts it after 30 seconds.
 */
export async function applySubscriptionAction(
  api: ApiClient,
  call: SubscriptionActionCall,
  signal: AbortSignal,
): Promise<void> {
  await api.patch(`/merchant/${call.merchantId}/subscription/${call.subscriptionId}`, {
    body: call.body,
    notFoundIsAnswer: true,
    serverErrorIsAnswer: true,
    signal,
  });
}
