// Where the risk management screens live (spec 3, section 2): the account's, with its Alerts tab also at
// .../risk-management/alerts, and one merchant's. An alert's transaction opens at merchant level, where it belongs.

export interface RiskAlertsScope {
  accountId: string;
  /** Set at merchant level. */
  merchantId?: string | undefined;
}

export function riskManagementPath({ accountId, merchantId }: RiskAlertsScope): string {
  return merchantId
    ? `/accounts/${accountId}/merchants/${merchantId}/risk-management`
    : `/accounts/${accountId}/risk-management`;
}

/** The Alerts tab: its own path at account level; a merchant's risk management is its alerts. */
export function riskAlertsTabPath(scope: RiskAlertsScope): string {
  return scope.merchantId ? riskManagementPath(scope) : `${riskManagementPath(scope)}/alerts`;
}

/** The merchant-level transaction detail of an alerted payment: 'Transaction detail' opens it in a new tab. */
export function alertTransactionPath(accountId: string, merchantId: string, transactionId: string): string {
  return `/accounts/${accountId}/merchants/${merchantId}/transactions/detail/${transactionId}`;
}
