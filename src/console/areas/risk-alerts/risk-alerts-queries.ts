import type { ApiClient } from '@console/api/client';
import type { ListQueryParams, TableExport } from '@console/table/types';
import { type RiskAlertList, riskAlertList } from '@domain/contract/risk-alerts';
import { PERMISSIONS as P } from '@domain/permissions';
import type { RiskAlertsScope } from './risk-alerts-paths';

// The risk alerts list and its export through the one API client. A merchant's list is the spec's call
// (GET /merchant/{merchantId}/transactionalert); the account's reads the same list over every merchant of the account
// (GET /account/{accountId}/transactionalert). Every key starts with 'risk-alerts' and the account.

export const riskAlertsQueryKey = (accountId: string) => ['risk-alerts', accountId] as const;
export const riskAlertListQueryKey = ({ accountId, merchantId }: RiskAlertsScope) =>
  [...riskAlertsQueryKey(accountId), 'list', merchantId ?? 'all'] as const;

export function fetchRiskAlertPage(
  api: ApiClient,
  { accountId, merchantId }: RiskAlertsScope,
  query: ListQueryParams,
  signal: AbortSignal,
): Promise<RiskAlertList> {
  return merchantId
    ? api.get(`/merchant/${merchantId}/transactionalert`, { query, schema: riskAlertList, signal })
    : api.get(`/account/${accountId}/transactionalert`, { query, schema: riskAlertList, signal });
}

const EXPORT = { fileLabel: 'risk-alerts', permission: P.transactionAlertExport, needsRows: true } as const;

/** The Export button's call (a ZIP), with the list's filters, search and order; it waits for rows. */
export function riskAlertsExport({ accountId, merchantId }: RiskAlertsScope): TableExport {
  return merchantId
    ? { path: `/merchant/${merchantId}/transactionalert/export`, ...EXPORT }
    : { path: `/account/${accountId}/transactionalert/export`, ...EXPORT };
}
