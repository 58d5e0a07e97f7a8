import type { ApiClient, CallOptions } from '@console/api/client';
import { isApiError } from '@console/api/errors';
import { useApi } from '@console/session/session-provider';
import type { ListQueryParams } from '@console/table/types';
import { agentChangeOf, isLocalStatusOutdated } from '@domain/chargebacks';
import {
  agentList,
  type ChargebackList,
  type ChargebackListItem,
  chargebackDetail,
  chargebackList,
  chargebackListItem,
  chargebackUpdateResponse,
} from '@domain/contract/chargebacks';
import type { ChargebackStatus, FraudType } from '@domain/enums';
import { browserTimeZone } from '@domain/format';
import { type QueryClient, useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

// The queue's and the case detail's reads and the three writes on a case (status, agent, fraud type) through the one
// API client. Every key starts with 'chargebacks' and the account, so a change made in the queue or on the detail
// shows in both.

export const chargebacksQueryKey = (accountId: string) => ['chargebacks', accountId] as const;
export const chargebackDetailQueryKey = (accountId: string, chargebackId: string) =>
  [...chargebacksQueryKey(accountId), 'detail', chargebackId] as const;
export const chargebackListQueryKey = (accountId: string) => [...chargebacksQueryKey(accountId), 'list'] as const;
export const chargebackAgentsQueryKey = (accountId: string) => [...chargebacksQueryKey(accountId), 'agents'] as const;

export type CaseField = 'status' | 'agent' | 'fraudType';
/** The pending writes of one field, across every control and command that writes it. */
export const caseChangeKey = (accountId: string, field: CaseField) =>
  [...chargebacksQueryKey(accountId), 'change', field] as const;

/** Agents change rarely; a minute keeps the filter and every row's dropdown on one request. */
const AGENTS_STALE_MS = 60_000;

/** Writes answer their own failures: a 404 or a server error is the control's message, not a jump away. */
const ANSWERED_HERE = { notFoundIsAnswer: true, serverErrorIsAnswer: true } as const;

/**
 * GET /account/{accountId}/chargeback. 'Hide expired' means before the start of the viewer's today, so the viewer's
 * zone goes with it.
 */
export function fetchChargebackPage(
  api: ApiClient,
  accountId: string,
  query: ListQueryParams,
  signal: AbortSignal,
  call: Pick<CallOptions, 'quiet'> = {},
): Promise<ChargebackList> {
  const withZone = query.hideExpired ? { ...query, timeZone: browserTimeZone() } : query;
  return api.get(`/account/${accountId}/chargeback`, { ...call, query: withZone, schema: chargebackList, signal });
}

/** GET /account/{accountId}/agent: the agent filter and every agent dropdown and picker. */
export function useChargebackAgents(accountId: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: chargebackAgentsQueryKey(accountId),
    queryFn: ({ signal }) =>
      api.get(`/account/${accountId}/agent`, { schema: agentList, signal, notFoundIsAnswer: true }),
    enabled,
    staleTime: AGENTS_STALE_MS,
  });
}

/** What a write came to. `outdated`: somebody changed the case first; `current` is its state when it was re-read. */
export type CaseChangeOutcome =
  | { kind: 'changed'; row: ChargebackListItem }
  | { kind: 'unchanged' }
  | { kind: 'outdated'; current?: ChargebackListItem };

/** 409 'outdated-local-status': the server's compare-and-set found another status or assignment. */
export function isOutdatedAnswer(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

async function outdatedOn409(write: () => Promise<ChargebackListItem>): Promise<CaseChangeOutcome> {
  try {
    return { kind: 'changed', row: await write() };
  } catch (error) {
    if (isOutdatedAnswer(error)) return { kind: 'outdated' };
    throw error;
  }
}

const casePath = (accountId: string, chargebackId: string) => `/account/${accountId}/chargeback/${chargebackId}`;

export interface StatusChange {
  item: ChargebackListItem;
  status: ChargebackStatus;
  /**
   * Re-read the case before writing (spec 3, section 4). A bulk change skips it: the server's compare-and-set is the
   * same check, made atomically, and it saves one call per case.
   */
  reRead?: boolean;
}

/** The status the console showed goes along as expectedStatus; the server refuses the change if it moved on. */
export async function changeStatus(
  api: ApiClient,
  accountId: string,
  { item, status, reRead = true }: StatusChange,
): Promise<CaseChangeOutcome> {
  if (status === item.status) return { kind: 'unchanged' };
  if (reRead) {
    const current = await api.get(casePath(accountId, item.chargebackId), {
      schema: chargebackDetail,
      ...ANSWERED_HERE,
    });
    if (isLocalStatusOutdated(item.status, current.status)) {
      return { kind: 'outdated', current: chargebackListItem.parse(current) };
    }
  }
  return outdatedOn409(() =>
    api.patch(casePath(accountId, item.chargebackId), {
      body: { status, expectedStatus: item.status },
      schema: chargebackUpdateResponse,
      ...ANSWERED_HERE,
    }),
  );
}

export interface AgentChange {
  item: ChargebackListItem;
  /** An agent's id, AGENT_OTHERS or AGENT_UNASSIGNED (the dropdown's and the picker's values). */
  agent: string;
}

/** Unassigned deletes the current assignment; anything else assigns; the same choice makes no call. */
export function changeAgent(
  api: ApiClient,
  accountId: string,
  { item, agent }: AgentChange,
): Promise<CaseChangeOutcome> {
  const change = agentChangeOf(item.agent, agent);
  const path = `${casePath(accountId, item.chargebackId)}/agent`;
  switch (change.kind) {
    case 'none':
      return Promise.resolve({ kind: 'unchanged' });
    case 'unassign':
      return outdatedOn409(() =>
        api.delete(`${path}/${change.agentId}`, { schema: chargebackUpdateResponse, ...ANSWERED_HERE }),
      );
    case 'assign':
      return outdatedOn409(() =>
        api.post(path, { body: { agentId: change.agentId }, schema: chargebackUpdateResponse, ...ANSWERED_HERE }),
      );
  }
}

export interface FraudTypeChange {
  item: ChargebackListItem;
  /** null clears it. */
  fraudType: FraudType | null;
}

export function changeFraudType(
  api: ApiClient,
  accountId: string,
  { item, fraudType }: FraudTypeChange,
): Promise<CaseChangeOutcome> {
  if (fraudType === item.fraudType) return Promise.resolve({ kind: 'unchanged' });
  return outdatedOn409(() =>
    api.patch(casePath(accountId, item.chargebackId), {
      body: { fraudType },
      schema: chargebackUpdateResponse,
      ...ANSWERED_HERE,
    }),
  );
}

/**
 * Puts a case's new row into every cached page of the queue and into its detail, in place: a row that no longer
 * matches the filters stays where it is until the next refresh, so the queue does not jump under a working agent.
 */
export function writeCaseRow(queryClient: QueryClient, accountId: string, row: ChargebackListItem): void {
  queryClient.setQueriesData<ChargebackList>({ queryKey: chargebackListQueryKey(accountId) }, (page) =>
    page ? { ...page, items: page.items.map((item) => (item.chargebackId === row.chargebackId ? row : item)) } : page,
  );
  queryClient.setQueryData(chargebackDetailQueryKey(accountId, row.chargebackId), (detail: object | undefined) =>
    detail ? { ...detail, ...row } : detail,
  );
}

/** After an outdated answer: show the server's state (what the re-read found at once), then read both again. */
export function refreshCase(
  queryClient: QueryClient,
  accountId: string,
  chargebackId: string,
  current?: ChargebackListItem,
): Promise<void> {
  if (current) writeCaseRow(queryClient, accountId, current);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: chargebackListQueryKey(accountId) }),
    queryClient.invalidateQueries({ queryKey: chargebackDetailQueryKey(accountId, chargebackId) }),
  ]).then(() => undefined);
}

function useCaseMutation<V extends { item: ChargebackListItem }>(
  accountId: string,
  field: CaseField,
  write: (api: ApiClient, accountId: string, variables: V) => Promise<CaseChangeOutcome>,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: caseChangeKey(accountId, field),
    mutationFn: (variables: V) => write(api, accountId, variables),
    onSuccess: (outcome) => {
      if (outcome.kind === 'changed') writeCaseRow(queryClient, accountId, outcome.row);
    },
  });
}

export const useStatusChange = (accountId: string) => useCaseMutation(accountId, 'status', changeStatus);
export const useAgentChange = (accountId: string) => useCaseMutation(accountId, 'agent', changeAgent);
export const useFraudTypeChange = (accountId: string) => useCaseMutation(accountId, 'fraudType', changeFraudType);

/** Whether a write of this field is under way for the case, from a dropdown, a key or a bulk change. */
export function useCaseSaving(accountId: string, chargebackId: string, field: CaseField): boolean {
  return (
    useIsMutating({
      mutationKey: caseChangeKey(accountId, field),
      predicate: (mutation) =>
        (mutation.state.variables as { item?: ChargebackListItem } | undefined)?.item?.chargebackId === chargebackId,
    }) > 0
  );
}

/** GET /account/{accountId}/chargeback/{chargebackId}: the case detail. */
export function useChargebackDetail(accountId: string, chargebackId: string) {
  const api = useApi();
  return useQuery({
    queryKey: chargebackDetailQueryKey(accountId, chargebackId),
    queryFn: ({ signal }) => api.get(casePath(accountId, chargebackId), { schema: chargebackDetail, signal }),
  });
}
