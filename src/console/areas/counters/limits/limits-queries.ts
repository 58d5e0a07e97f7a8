import type { ApiClient } from '@console/api/client';
import { useApi } from '@console/session/session-provider';
import {
  type AlertSaved,
  alertSaved,
  type GlobalLimit,
  type GlobalLimitSave,
  globalLimit,
  type MidLimit,
  type MidLimitSave,
  midLimit,
} from '@domain/contract/limits';
import { useQuery } from '@tanstack/react-query';

// The limits and alert calls of the Limits & Alerts tab (spec 3, section 7) and their cache keys. The global limit's
// answer lists the solution's MIDs, whose trees are read one by one.

const pspPath = (merchantId: string, pspId: string) => `/merchant/${merchantId}/psp/${pspId}`;

export const limitsQueryKeys = {
  global: (merchantId: string, pspId: string) => ['limits', merchantId, pspId, 'global'] as const,
  mid: (merchantId: string, pspId: string, midId: string) => ['limits', merchantId, pspId, 'mid', midId] as const,
};

export const globalLimitPath = (merchantId: string, pspId: string) => `${pspPath(merchantId, pspId)}/limit`;
export const midLimitPath = (merchantId: string, pspId: string, midId: string) =>
  `${pspPath(merchantId, pspId)}/mid/${midId}/limit`;
export const alertPath = (limitId: string) => `/limit/${limitId}/alert`;

/** GET /merchant/{merchantId}/psp/{pspId}/limit: the global limit and the solution's MIDs. */
export function useGlobalLimit(merchantId: string, pspId: string) {
  const api = useApi();
  return useQuery({
    queryKey: limitsQueryKeys.global(merchantId, pspId),
    queryFn: ({ signal }) => api.get(globalLimitPath(merchantId, pspId), { schema: globalLimit, signal }),
  });
}

/** GET /merchant/{merchantId}/psp/{pspId}/mid/{midId}/limit: a MID's tree. */
export function useMidLimit(merchantId: string, pspId: string, midId: string) {
  const api = useApi();
  return useQuery({
    queryKey: limitsQueryKeys.mid(merchantId, pspId, midId),
    queryFn: ({ signal }) => api.get(midLimitPath(merchantId, pspId, midId), { schema: midLimit, signal }),
  });
}

/** Both PUTs answer the limits as saved, with the new version. */
export const saveGlobalLimit = (api: ApiClient, merchantId: string, pspId: string, body: GlobalLimitSave) =>
  api.put<GlobalLimit>(globalLimitPath(merchantId, pspId), { body, schema: globalLimit });

export const saveMidLimit = (api: ApiClient, merchantId: string, pspId: string, midId: string, body: MidLimitSave) =>
  api.put<MidLimit>(midLimitPath(merchantId, pspId, midId), { body, schema: midLimit });

/** PUT /limit/{limitId}/alert with the percentage as a fraction (0.5 is 50 %). */
export const saveAlert = (api: ApiClient, limitId: string, fraction: number) =>
  api.put<AlertSaved>(alertPath(limitId), { body: { percentage: fraction }, schema: alertSaved });

/** DELETE /limit/{limitId}/alert. A 404 (the alert is gone already) is the caller's to read, not a navigation. */
export const deleteAlert = (api: ApiClient, limitId: string) =>
  api.delete<AlertSaved>(alertPath(limitId), { schema: alertSaved, notFoundIsAnswer: true });
