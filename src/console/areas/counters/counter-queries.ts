import type { ApiClient } from '@console/api/client';
import { useApi } from '@console/session/session-provider';
import type { ListQueryParams } from '@console/table/types';
import { descriptorList, midCounter, midSalesList, pspCounter, pspList } from '@domain/contract/counters';
import { useQuery } from '@tanstack/react-query';
import { counterQueryKeys } from './counter-paths';

// The counters' reads (spec 3, sections 2.6 and 7), one hook per call. Sales move while the user watches (demo traffic,
// real payments): the counters are kept for a short while only, and what is on screen (the KPI cards, the fired alerts,
// the MID cards) is read again every half minute while the page is visible, so a crossed limit shows without a reload.

const FRESH_FOR_MS = 15_000;
const LIVE_EVERY_MS = 30_000;

/** GET /merchant/{merchantId}/psp: the 'Provider - Solution' options. */
export function usePspOptions(merchantId: string) {
  const api = useApi();
  return useQuery({
    queryKey: counterQueryKeys.psps(merchantId),
    queryFn: ({ signal }) => api.get(`/merchant/${merchantId}/psp`, { schema: pspList, signal }),
    staleTime: 60_000,
  });
}

/** GET /merchant/{merchantId}/psp/{pspId}/counter: the KPI cards and the fired alerts. */
export function usePspCounter(merchantId: string, pspId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: counterQueryKeys.counter(merchantId, pspId ?? ''),
    queryFn: ({ signal }) => api.get(`/merchant/${merchantId}/psp/${pspId}/counter`, { schema: pspCounter, signal }),
    enabled: pspId !== undefined,
    staleTime: FRESH_FOR_MS,
    refetchInterval: LIVE_EVERY_MS,
  });
}

export interface DayRange {
  from: string;
  to: string;
}

/** GET /merchant/{merchantId}/psp/{pspId}/mid?from&to: the solution's MIDs with their sales in the range. */
export function useMidSales(merchantId: string, pspId: string, range: DayRange | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: counterQueryKeys.mids(merchantId, pspId, range?.from ?? '', range?.to ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/merchant/${merchantId}/psp/${pspId}/mid`, { query: { ...range }, schema: midSalesList, signal }),
    enabled: range !== undefined,
    staleTime: FRESH_FOR_MS,
    refetchInterval: LIVE_EVERY_MS,
  });
}

/** GET /merchant/{merchantId}/psp/{pspId}/mid/{midId}/counter?from&to: one MID's daily sales and descriptors. */
export function useMidCounter(merchantId: string, pspId: string, midId: string, range: DayRange) {
  const api = useApi();
  return useQuery({
    queryKey: counterQueryKeys.midCounter(merchantId, pspId, midId, range.from, range.to),
    queryFn: ({ signal }) =>
      api.get(`/merchant/${merchantId}/psp/${pspId}/mid/${midId}/counter`, {
        query: { ...range },
        schema: midCounter,
        signal,
      }),
    staleTime: FRESH_FOR_MS,
    refetchInterval: LIVE_EVERY_MS,
  });
}

/** GET /merchant/{merchantId}/psp/{pspId}/descriptor: a page of the Descriptors tab (the table keeps its pages). */
export const fetchDescriptorPage = (
  api: ApiClient,
  merchantId: string,
  pspId: string,
  query: ListQueryParams,
  signal: AbortSignal,
) => api.get(`/merchant/${merchantId}/psp/${pspId}/descriptor`, { query, schema: descriptorList, signal });
