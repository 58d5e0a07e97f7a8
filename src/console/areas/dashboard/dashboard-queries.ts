import type { QueryParams } from '@console/api/query';
import { useApi, useSession } from '@console/session/session-provider';
import type { FilterOption } from '@console/table/types';
import { accountAcquirerList } from '@domain/contract/accounts';
import { pspList } from '@domain/contract/counters';
import { transactionsChart, transactionsKpis } from '@domain/contract/dashboard';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

// The dashboard's reads (spec 3, sections 2.8 and 7), one hook per call. The figures come from the sales rollup, which
// moves with every payment: kept fresh for a short while, and the previous answer stays on screen while a new filter's
// answer loads, so the boxes do not blink empty on every change.

const FRESH_FOR_MS = 15_000;

export const dashboardQueryKeys = {
  all: (accountId: string) => ['dashboard', accountId] as const,
  kpis: (accountId: string, query: QueryParams) => ['dashboard', accountId, 'kpis', query] as const,
  chart: (accountId: string, query: QueryParams) => ['dashboard', accountId, 'chart', query] as const,
  solutions: (accountId: string, merchantId: string | undefined) =>
    ['dashboard', accountId, 'solutions', merchantId ?? 'all'] as const,
};

/** GET /account/{accountId}/transactions-kpis: the KPI boxes and their comparison period. */
export function useDashboardKpis(accountId: string, query: QueryParams) {
  const api = useApi();
  return useQuery({
    queryKey: dashboardQueryKeys.kpis(accountId, query),
    queryFn: ({ signal }) =>
      api.get(`/account/${accountId}/transactions-kpis`, { query, schema: transactionsKpis, signal }),
    staleTime: FRESH_FOR_MS,
    placeholderData: keepPreviousData,
  });
}

/** GET /account/{accountId}/transactions-chart: successful payments per day of the chart's month. */
export function useDashboardChart(accountId: string, query: QueryParams) {
  const api = useApi();
  return useQuery({
    queryKey: dashboardQueryKeys.chart(accountId, query),
    queryFn: ({ signal }) =>
      api.get(`/account/${accountId}/transactions-chart`, { query, schema: transactionsChart, signal }),
    staleTime: FRESH_FOR_MS,
    placeholderData: keepPreviousData,
  });
}

/**
 * The Solution filter's options. For an account, GET /account/{accountId}/acquirer: its providers with their solutions
 * (the call the MID form reads). Inside a merchant, GET /merchant/{merchantId}/psp: the solutions its MIDs are on (the
 * counters' 'Provider - Solution' list; every role that reads the dashboard reads counters too), else the account's.
 * Solutions filter by name (the transactions export's solution[]), so a name two providers share is one option naming
 * both.
 */
export function useSolutionOptions(accountId: string, merchantId: string | undefined) {
  const api = useApi();
  const { grants } = useSession();
  const perMerchant = merchantId !== undefined && can(grants, P.counterRead) ? merchantId : undefined;
  return useQuery({
    queryKey: dashboardQueryKeys.solutions(accountId, perMerchant),
    queryFn: async ({ signal }): Promise<FilterOption[]> => {
      if (perMerchant) {
        const answer = await api.get(`/merchant/${perMerchant}/psp`, {
          schema: pspList,
          signal,
          notFoundIsAnswer: true,
        });
        return solutionOptions(
          answer.items.map((item) => ({ provider: item.provider.prettyName, solution: item.solution.prettyName })),
        );
      }
      const answer = await api.get(`/account/${accountId}/acquirer`, {
        schema: accountAcquirerList,
        signal,
        notFoundIsAnswer: true,
      });
      return solutionOptions(
        answer.items.flatMap((provider) =>
          provider.solutions.map((solution) => ({ provider: provider.prettyName, solution: solution.prettyName })),
        ),
      );
    },
    staleTime: 60_000,
  });
}

export function solutionOptions(pairs: readonly { provider: string; solution: string }[]): FilterOption[] {
  const byName = new Map<string, string[]>();
  for (const { provider, solution } of pairs) {
    const names = byName.get(solution) ?? [];
    if (!names.includes(provider)) names.push(provider);
    byName.set(solution, names);
  }
  return [...byName.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en'))
    .map(([name, providers]) => ({ value: name, label: `${name} (${providers.join(', ')})` }));
}
