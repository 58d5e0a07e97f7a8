import { useCurrentScope } from '@console/app/current-scope';
import { useApi, useSession } from '@console/session/session-provider';
import { DataTable } from '@console/table/data-table';
import type { DataColumn, FetchPage, RowMenuItem, TableExport } from '@console/table/types';
import { Button } from '@console/ui/button';
import { FirstTwo } from '@console/ui/first-two';
import { PageHeader } from '@console/ui/page-header';
import { Tooltip } from '@console/ui/tooltip';
import { TwoLines } from '@console/ui/two-lines';
import { MID_DEFAULT_ORDER, type MidListItem, midList } from '@domain/contract/mids';
import { CARD_BRAND_LABELS, type CardBrand, FORCE_3DS_LABELS } from '@domain/enums';
import { formatDateTime } from '@domain/format';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { MID_QUERY_KEYS } from '@domain/search-query';
import { useCallback, useMemo } from 'react';
import { useLocation } from 'wouter';
import { useListSuggestions } from '../lists/use-list-suggestions';
import { useMidListCommands } from './mid-commands';
import { midFilters } from './mid-filters';
import { editMidPath, midDetailPath, midListQueryKey, newMidPath } from './mid-paths';
import { useMidDelete } from './use-mid-delete';

const brands = (values: readonly string[]) => values.map((brand) => CARD_BRAND_LABELS[brand as CardBrand] ?? brand);

// Fits a 1280-pixel screen: the provider and its solution share a cell, the description takes the spare width.
const COLUMNS: DataColumn<MidListItem>[] = [
  {
    id: 'description',
    header: 'Description',
    sortField: 'description',
    width: 'minmax(180px, 2fr)',
    cell: (mid) => <TwoLines first={mid.description} second={mid.enable ? null : 'Disabled'} />,
  },
  {
    id: 'midAcquirerId',
    header: 'MID Solution',
    sortField: 'midAcquirerId',
    width: 'minmax(120px, 0.9fr)',
    cell: (mid) => <span className="mono">{mid.midAcquirerId}</span>,
  },
  {
    id: 'acquirer',
    header: 'Provider',
    sortField: 'acquirer',
    width: 'minmax(140px, 1fr)',
    cell: (mid) => <TwoLines first={mid.acquirer.prettyName} second={mid.solution.prettyName} />,
  },
  {
    id: 'force3ds',
    header: 'Force 3DS',
    sortField: 'force3ds',
    width: 'minmax(90px, 0.6fr)',
    cell: (mid) => FORCE_3DS_LABELS[mid.force3ds],
  },
  {
    id: 'currency',
    header: 'Currency',
    width: 'minmax(80px, 0.6fr)',
    cell: (mid) => <FirstTwo values={mid.currency} />,
  },
  {
    id: 'issuerCountry',
    header: 'Issuer country',
    width: 'minmax(90px, 0.6fr)',
    cell: (mid) => <FirstTwo values={mid.issuerCountry} />,
  },
  {
    id: 'cardBrand',
    header: 'Card brand',
    width: 'minmax(110px, 0.8fr)',
    cell: (mid) => <FirstTwo values={brands(mid.cardBrand)} />,
  },
  {
    id: 'modifiedDate',
    header: 'Edited',
    sortField: 'modifiedDate',
    width: 'minmax(140px, 0.9fr)',
    cell: (mid) => formatDateTime(mid.modifiedDate),
  },
];

/** The merchant's MIDs (spec 2, sections 2.3 and 7) on the one data table; a row opens the MID's detail. */
export function MidsListScreen() {
  const api = useApi();
  const [, navigate] = useLocation();
  const { grants } = useSession();
  const { accountId, merchantId, account, merchant } = useCurrentScope();
  const canOpen = can(grants, P.midSelect);
  const canDelete = can(grants, P.midDelete);
  const canCreate = can(grants, P.midCreate);
  const canEdit = can(grants, P.midUpdate);

  // The URL and tag filters offer the merchant's lists (the values a MID may name).
  const lists = useListSuggestions(merchantId);
  const providers = account?.providers;
  const filters = useMemo(
    () =>
      midFilters({
        providers: providers ?? [],
        urls: lists.urls,
        customTags: lists.tags,
      }),
    [providers, lists],
  );

  const fetchPage = useCallback<FetchPage<MidListItem>>(
    (query, signal) => api.get(`/merchant/${merchantId}/mid`, { query, schema: midList, signal }),
    [api, merchantId],
  );
  const exportTable = useMemo<TableExport>(
    () => ({ path: `/merchant/${merchantId}/mid/export`, fileLabel: 'mids', permission: P.midExport }),
    [merchantId],
  );
  const openMid = useCallback(
    (mid: MidListItem) => navigate(midDetailPath(accountId ?? '', merchantId ?? '', mid.midId)),
    [navigate, accountId, merchantId],
  );
  const deletion = useMidDelete(accountId ?? '', merchantId ?? '');
  useMidListCommands(accountId ?? '', merchantId ?? '');
  const { remove } = deletion;
  const rowMenu = useCallback(
    (mid: MidListItem): RowMenuItem[] => [
      ...(canOpen ? [{ id: 'view-detail', label: 'View detail', onSelect: () => openMid(mid) }] : []),
      ...(canEdit && canOpen
        ? [
            {
              id: 'edit',
              label: 'Edit',
              onSelect: () => navigate(editMidPath(accountId ?? '', merchantId ?? '', mid.midId)),
            },
          ]
        : []),
      ...(canCreate && canOpen
        ? [
            {
              id: 'duplicate',
              label: 'Duplicate',
              onSelect: () => navigate(newMidPath(accountId ?? '', merchantId ?? '', mid.midId)),
            },
          ]
        : []),
      ...(canDelete ? [{ id: 'delete', label: 'Delete', danger: true, onSelect: () => void remove(mid) }] : []),
    ],
    [canOpen, canDelete, canEdit, canCreate, openMid, remove, navigate, accountId, merchantId],
  );

  if (!accountId || !merchantId) return null;
  return (
    <div className="screen">
      <PageHeader
        title="MIDs"
        subtitle={merchant?.prettyName}
        actions={
          canCreate ? (
            <Tooltip content="New MID" keys="n">
              <Button variant="primary" onClick={() => navigate(newMidPath(accountId, merchantId))}>
                New MID
              </Button>
            </Tooltip>
          ) : null
        }
      />
      <DataTable
        label="MIDs"
        queryKey={midListQueryKey(merchantId)}
        fetchPage={fetchPage}
        columns={COLUMNS}
        filters={filters}
        queryKeys={MID_QUERY_KEYS}
        getRowId={(mid) => mid.midId}
        rowLabel={(mid) => mid.description}
        onOpenRow={canOpen ? openMid : undefined}
        rowMenu={rowMenu}
        defaultOrder={MID_DEFAULT_ORDER}
        searchPlaceholder="Search by description, MID Solution or ID"
        exportTable={exportTable}
        rowHeight={48}
      />
      {deletion.dialog}
    </div>
  );
}
