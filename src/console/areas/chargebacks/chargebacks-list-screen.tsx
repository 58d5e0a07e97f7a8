import { useCurrentScope } from '@console/app/current-scope';
import { useApi, useSession } from '@console/session/session-provider';
import { DataTable } from '@console/table/data-table';
import { TABLE_PARAMS } from '@console/table/table-state';
import {
  CHECKED_VALUE,
  type DataTableHandle,
  type FetchPage,
  type RowMenuItem,
  type TableExport,
  type ToolbarContext,
} from '@console/table/types';
import { PageHeader } from '@console/ui/page-header';
import { agentOptions, chargebackAbilities } from '@domain/chargebacks';
import { CHARGEBACK_DEFAULT_ORDER, type ChargebackListItem } from '@domain/contract/chargebacks';
import { PERMISSIONS as P } from '@domain/permissions';
import { CHARGEBACK_QUERY_KEYS } from '@domain/search-query';
import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { chargebackColumns } from './chargeback-columns';
import { chargebackFilters, HIDE_EXPIRED_FILTER, SEARCH_FLAGS } from './chargeback-filters';
import { CHARGEBACKS_SEARCH_PLACEHOLDER, CHARGEBACKS_TITLE, caseName } from './chargeback-labels';
import { chargebackDetailPath } from './chargeback-paths';
import { chargebackListQueryKey, fetchChargebackPage, useChargebackAgents } from './chargeback-queries';
import { BulkActions, TRIAGE_KEYS, useChargebackTriage } from './chargeback-triage';
import { useDisputeDownload } from './use-dispute-download';
import './chargebacks.css';

// The chargebacks queue (spec 3, section 2.3) on the one data table: quick search with 'Exact matches', every filter
// with 'Hide expired', the case columns with their agent, status and fraud-type controls, newest notification first,
// the row menu (View detail, Download), export as ZIP, and keyboard triage with bulk changes on a selection.

const rowLabel = (item: ChargebackListItem) => `Case ${caseName(item)}`;
const getRowId = (item: ChargebackListItem) => item.chargebackId;
const toolbarActions = ({ selectedRows }: ToolbarContext<ChargebackListItem>) => (
  <BulkActions selected={selectedRows.length} />
);

/** The 'Hide expired' checkbox as the address holds it, and a way to flip it (page 1, as any filter change). */
function useHideExpired() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const on = new URLSearchParams(search).get(HIDE_EXPIRED_FILTER.id) === CHECKED_VALUE;
  const toggle = useCallback(() => {
    const params = new URLSearchParams(search);
    if (on) params.delete(HIDE_EXPIRED_FILTER.id);
    else params.set(HIDE_EXPIRED_FILTER.id, CHECKED_VALUE);
    params.delete(TABLE_PARAMS.page);
    const query = params.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  }, [search, on, location, navigate]);
  return { on, toggle };
}

function ChargebacksQueue({ accountId }: { accountId: string }) {
  const api = useApi();
  const [, navigate] = useLocation();
  const { grants } = useSession();
  const { account } = useCurrentScope();
  const abilities = useMemo(() => chargebackAbilities(grants), [grants]);
  const agents = useChargebackAgents(accountId);
  const filters = useMemo(() => chargebackFilters(agents.data?.items ?? []), [agents.data]);
  const columns = useMemo(
    () =>
      chargebackColumns(
        accountId,
        agentOptions(agents.data?.items ?? []).map((option) => option.label),
      ),
    [accountId, agents.data],
  );
  const table = useRef<DataTableHandle<ChargebackListItem>>(null);
  const hideExpired = useHideExpired();

  const fetchPage = useCallback<FetchPage<ChargebackListItem>>(
    (query, signal) => fetchChargebackPage(api, accountId, query, signal),
    [api, accountId],
  );
  const exportTable = useMemo<TableExport>(
    () => ({
      path: `/account/${accountId}/chargeback/export`,
      fileLabel: 'chargebacks',
      permission: P.chargebackExport,
    }),
    [accountId],
  );
  const openCase = useCallback(
    (item: ChargebackListItem) => navigate(chargebackDetailPath(accountId, item.chargebackId)),
    [navigate, accountId],
  );

  // After a document is saved the queue moves on, as after any other triage action.
  const moveAfterRef = useRef<(chargebackId: string) => void>(() => undefined);
  const dispute = useDisputeDownload(accountId, {
    onDownloaded: ({ chargebackId }) => moveAfterRef.current(chargebackId),
  });
  const { start: startDownload } = dispute;
  const download = useCallback(
    (item: ChargebackListItem) => startDownload(item.chargebackId, item.reason.parsed),
    [startDownload],
  );

  const triage = useChargebackTriage({
    accountId,
    table,
    abilities,
    grants,
    openCase,
    download,
    downloading: dispute.downloading,
    hideExpired: hideExpired.on,
    toggleHideExpired: hideExpired.toggle,
  });
  moveAfterRef.current = triage.moveAfter;

  const rowMenu = useCallback(
    (item: ChargebackListItem): RowMenuItem[] => [
      ...(abilities.viewDetail
        ? [{ id: 'view', label: 'View detail', keys: 'enter', onSelect: () => openCase(item) }]
        : []),
      ...(abilities.download
        ? [{ id: 'download', label: 'Download', keys: TRIAGE_KEYS.download, onSelect: () => download(item) }]
        : []),
    ],
    [abilities, openCase, download],
  );

  return (
    <div className="screen chargebacks-screen">
      <PageHeader title={CHARGEBACKS_TITLE} subtitle={account?.prettyName} />
      <DataTable
        ref={table}
        label={CHARGEBACKS_TITLE}
        queryKey={chargebackListQueryKey(accountId)}
        fetchPage={fetchPage}
        columns={columns}
        filters={filters}
        getRowId={getRowId}
        rowLabel={rowLabel}
        onOpenRow={abilities.viewDetail ? openCase : undefined}
        rowMenu={rowMenu}
        defaultOrder={CHARGEBACK_DEFAULT_ORDER}
        searchPlaceholder={CHARGEBACKS_SEARCH_PLACEHOLDER}
        searchFlags={SEARCH_FLAGS}
        queryKeys={CHARGEBACK_QUERY_KEYS}
        selectable={abilities.assignAgent || abilities.changeStatus}
        toolbarActions={toolbarActions}
        exportTable={exportTable}
        rowHeight={52}
        compact
      />
      {triage.element}
      {dispute.element}
    </div>
  );
}

/** /accounts/{accountId}/dispute-manager. */
export function ChargebacksListScreen() {
  const { accountId } = useCurrentScope();
  if (!accountId) return null;
  return <ChargebacksQueue accountId={accountId} />;
}
