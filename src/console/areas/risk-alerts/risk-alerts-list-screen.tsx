import { useCurrentScope } from '@console/app/current-scope';
import { useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';
import { useApi, useSession } from '@console/session/session-provider';
import { DataTable } from '@console/table/data-table';
import type { DataTableHandle, FetchPage, RowMenuItem } from '@console/table/types';
import { PageHeader } from '@console/ui/page-header';
import { TabLinks, TabPanel } from '@console/ui/tabs';
import { RISK_ALERT_DEFAULT_ORDER, type RiskAlertListItem } from '@domain/contract/risk-alerts';
import { canAll, PERMISSIONS as P } from '@domain/permissions';
import { ALERT_TYPE_LABELS, RISK_ALERT_SEARCH_PLACEHOLDER } from '@domain/risk-alerts';
import { RISK_ALERT_QUERY_KEYS } from '@domain/search-query';
import { useCallback, useMemo, useRef } from 'react';
import { RISK_ALERT_COLUMNS } from './risk-alerts-columns';
import { RISK_ALERT_FILTERS, RISK_ALERT_SEARCH_TYPES } from './risk-alerts-filters';
import { alertTransactionPath, type RiskAlertsScope, riskAlertsTabPath } from './risk-alerts-paths';
import { fetchRiskAlertPage, riskAlertListQueryKey, riskAlertsExport } from './risk-alerts-queries';
import './risk-alerts.css';

// Risk management (spec 3, sections 2 and 2.9): the Alerts tab, the only one, at account level (every merchant's
// alerts) and inside a merchant. The list is the one data table: search by Transaction ID, CAID or MID ID, the five
// filters, newest first, 50/100/500 a page with the 10k cap, export as ZIP through the one export flow once there are
// rows, and each row's 'Transaction detail' opening the alerted payment in a new tab (Enter, a click, the row menu or
// `o`), where the user holds the transaction detail permission.

export const RISK_MANAGEMENT_TITLE = 'Risk management';
export const RISK_ALERTS_LABEL = 'Risk alerts';
export const RISK_ALERTS_EMPTY_TEXT = 'There are no items on this list';
export const TRANSACTION_DETAIL_LABEL = 'Transaction detail';

export const RISK_ALERT_COMMAND_IDS = {
  openTransaction: 'risk-alerts.open-transaction',
  showPending: 'risk-alerts.show-pending',
} as const;
/** `o` opens the active alert's transaction in a new tab, as Enter does; free on this screen (j/k move rows). */
export const OPEN_TRANSACTION_KEYS = ['o'] as const;

const TABS_ID = 'risk-management';
const getRowId = (alert: RiskAlertListItem) => alert.id;
const rowLabel = (alert: RiskAlertListItem) => `${ALERT_TYPE_LABELS[alert.type]} alert ${alert.caid}`;

/** The transaction detail's own route needs both (app/screens.tsx), so the item shows only where it would open. */
const TRANSACTION_DETAIL_PERMISSIONS = [P.transactionRead, P.transactionSelect];

/** Opens the alerted payment's detail in a new tab; noopener, so that tab cannot reach back into this one. */
function openTransactionTab(accountId: string, alert: RiskAlertListItem): void {
  window.open(alertTransactionPath(accountId, alert.merchantId, alert.transactionId), '_blank', 'noopener');
}

function useRiskAlertCommands(
  scope: RiskAlertsScope,
  table: { current: DataTableHandle<RiskAlertListItem> | null },
  canOpen: boolean,
): void {
  const { accountId } = scope;
  const tabPath = riskAlertsTabPath(scope);
  const commands: Command[] = [
    ...(canOpen
      ? [
          {
            id: RISK_ALERT_COMMAND_IDS.openTransaction,
            title: "Open the alert's transaction in a new tab",
            group: 'Actions',
            keys: OPEN_TRANSACTION_KEYS,
            scope: 'table',
            keywords: ['transaction detail', 'risk alert', 'payment'],
            when: () => table.current?.activeRow() !== undefined,
            run: () => {
              const alert = table.current?.activeRow();
              if (alert) openTransactionTab(accountId, alert);
            },
          } satisfies Command,
        ]
      : []),
    {
      id: RISK_ALERT_COMMAND_IDS.showPending,
      title: 'Show pending risk alerts',
      group: 'Table',
      scope: 'page',
      keywords: ['status', 'filter', 'unanswered', 'open alerts'],
      run: (ctx) => ctx.navigate(`${tabPath}?status=PENDING`),
    },
  ];
  useRegisterCommands(commands, [accountId, tabPath, canOpen, table]);
}

function RiskAlertsList({ scope }: { scope: RiskAlertsScope }) {
  const api = useApi();
  const { grants } = useSession();
  const { account, merchant } = useCurrentScope();
  const table = useRef<DataTableHandle<RiskAlertListItem>>(null);
  const { accountId, merchantId } = scope;

  const fetchPage = useCallback<FetchPage<RiskAlertListItem>>(
    (query, signal) => fetchRiskAlertPage(api, { accountId, merchantId }, query, signal),
    [api, accountId, merchantId],
  );
  const exportTable = useMemo(() => riskAlertsExport({ accountId, merchantId }), [accountId, merchantId]);
  const canOpen = canAll(grants, TRANSACTION_DETAIL_PERMISSIONS);
  const openTransaction = useCallback((alert: RiskAlertListItem) => openTransactionTab(accountId, alert), [accountId]);
  const rowMenu = useCallback(
    (alert: RiskAlertListItem): RowMenuItem[] => [
      { id: 'transaction', label: TRANSACTION_DETAIL_LABEL, keys: 'enter', onSelect: () => openTransaction(alert) },
    ],
    [openTransaction],
  );
  useRiskAlertCommands(scope, table, canOpen);

  const tabPath = riskAlertsTabPath(scope);
  return (
    <div className="screen risk-management-screen">
      <PageHeader title={RISK_MANAGEMENT_TITLE} subtitle={merchantId ? merchant?.prettyName : account?.prettyName} />
      <TabLinks
        label="Risk management sections"
        idPrefix={TABS_ID}
        selected="alerts"
        tabs={[{ id: 'alerts', label: 'Alerts', href: tabPath }]}
      />
      <TabPanel idPrefix={TABS_ID} selected="alerts">
        <DataTable
          ref={table}
          label={RISK_ALERTS_LABEL}
          queryKey={riskAlertListQueryKey(scope)}
          fetchPage={fetchPage}
          columns={RISK_ALERT_COLUMNS}
          filters={RISK_ALERT_FILTERS}
          getRowId={getRowId}
          rowLabel={rowLabel}
          onOpenRow={canOpen ? openTransaction : undefined}
          rowMenu={canOpen ? rowMenu : undefined}
          defaultOrder={RISK_ALERT_DEFAULT_ORDER}
          searchPlaceholder={RISK_ALERT_SEARCH_PLACEHOLDER}
          searchTypes={RISK_ALERT_SEARCH_TYPES}
          queryKeys={RISK_ALERT_QUERY_KEYS}
          emptyText={RISK_ALERTS_EMPTY_TEXT}
          exportTable={exportTable}
          rowHeight={52}
          compact
        />
      </TabPanel>
    </div>
  );
}

/** /accounts/{accountId}/risk-management and /accounts/{accountId}/risk-management/alerts. */
export function RiskManagementScreen() {
  const { accountId } = useCurrentScope();
  const scope = useMemo(() => (accountId ? { accountId } : undefined), [accountId]);
  if (!scope) return null;
  return <RiskAlertsList scope={scope} />;
}

/** /accounts/{accountId}/merchants/{merchantId}/risk-management. */
export function MerchantRiskManagementScreen() {
  const { accountId, merchantId } = useCurrentScope();
  const scope = useMemo(
    () => (accountId && merchantId ? { accountId, merchantId } : undefined),
    [accountId, merchantId],
  );
  if (!scope) return null;
  return <RiskAlertsList scope={scope} />;
}
