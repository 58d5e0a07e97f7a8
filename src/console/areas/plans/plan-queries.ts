import type { ApiClient } from '@console/api/client';
import type { QueryParams } from '@console/api/query';
import { type PlanDetail, planCreated, planDetail, planList } from '@domain/contract/plans';
import type { PlanLike } from '@domain/plans';

// Every call of the plans area (spec 3, section 7), through the one API client.

export const planListQueryKey = (merchantId: string) => ['plan-list', merchantId] as const;
export const planQueryKey = (merchantId: string, planId: string) => ['plan', merchantId, planId] as const;

export const fetchPlans = (api: ApiClient, merchantId: string, query: QueryParams, signal?: AbortSignal) =>
  api.get(`/merchant/${merchantId}/plan`, { query, schema: planList, signal });

export const fetchPlan = (api: ApiClient, merchantId: string, planId: string, signal?: AbortSignal) =>
  api.get(`/merchant/${merchantId}/plan/${planId}`, { schema: planDetail, signal });

export const createPlan = (api: ApiClient, merchantId: string, body: PlanLike) =>
  api.post(`/merchant/${merchantId}/plan`, { body, schema: planCreated });

export const updatePlan = (
  api: ApiClient,
  merchantId: string,
  plan: Pick<PlanDetail, 'planId' | 'version'>,
  body: PlanLike,
) =>
  api.put(`/merchant/${merchantId}/plan/${plan.planId}`, {
    body: { ...body, version: plan.version },
    schema: planDetail,
  });
