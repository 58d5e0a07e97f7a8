import { useCurrentScope } from '@console/app/current-scope';
import { CommandButton } from '@console/commands/command-button';
import { useApi, useSession } from '@console/session/session-provider';
import { DataTable } from '@console/table/data-table';
import type { DataColumn, FetchPage, FilterDefinition, RowMenuItem, TableExport } from '@console/table/types';
import { FirstTwo } from '@console/ui/first-two';
import { PageHeader } from '@console/ui/page-header';
import { TwoLines } from '@console/ui/two-lines';
import { ROUTE_DEFAULT_ORDER, type RouteListItem } from '@domain/contract/routes';
import { CARD_BRAND_LABELS, type CardBrand } from '@domain/enums';
import { formatDateTime } from '@domain/format';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { ROUTE_FALLBACK_OPTIONS, ROUTE_PRIORITY_OPTIONS, ROUTE_WEIGHT_BAND_OPTIONS } from '@domain/routes';
import { ROUTE_QUERY_KEYS } from '@domain/search-query';
import { useCallback, useMemo } from 'react';
import { useLocation } from 'wouter';
import { RouteChecksContext, RouteDescriptionCell, RoutingLintSummary, routeChecksOf } from './route-checks';
import { ROUTE_COMMAND_IDS, useRouteListCommands } from './route-commands';
import { editRoutePath, routeDetailPath } from './route-paths';
import { fetchRoutePage, routeListQueryKey, useRouteMidFilterOptions, useRoutingLint } from './route-queries';
import { useRouteActions } from './use-route-actions';

const brands = (values: readonly string[]) => values.map((brand) => CARD_BRAND_LABELS[brand as CardBrand] ?? brand);

// Fits a 1280-pixel screen: a MID and its provider share a cell, as do the fallback MID's.
const COLUMNS: DataColumn<RouteListItem>[] = [
  {
    id: 'routeDescription',
    header: 'Description',
    sortField: 'routeDescription',
    width: 'minmax(140px, 2fr)',
    // With the routing lint's badge under it (route-checks.tsx): a column more would not fit a 1280-pixel screen.
    cell: (route) => <RouteDescriptionCell route={route} />,
  },
  {
    id: 'priority',
    header: 'Priority',
    sortField: 'priority',
    align: 'end',
    width: 'minmax(84px, 0.4fr)',
    cell: (route) => route.priority,
  },
  {
    id: 'weight',
    header: 'Weight',
    sortField: 'weight',
    align: 'end',
    width: 'minmax(84px, 0.4fr)',
    cell: (route) => route.weight,
  },
  {
    id: 'mid',
    header: 'MID',
    width: 'minmax(130px, 1.3fr)',
    cell: (route) => <TwoLines first={route.mid.description} second={route.mid.acquirerName} />,
  },
  {
    id: 'fallbackMid',
    header: 'Fallback MID',
    width: 'minmax(120px, 1.1fr)',
    cell: (route) => (
      <TwoLines first={route.fallbackMid?.description ?? null} second={route.fallbackMid?.acquirerName ?? null} />
    ),
  },
  {
    id: 'currency',
    header: 'Currency',
    width: 'minmax(84px, 0.6fr)',
    cell: (route) => <FirstTwo values={route.currency} />,
  },
  {
    id: 'issuerCountry',
    header: 'Issuer country',
    width: 'minmax(80px, 0.6fr)',
    cell: (route) => <FirstTwo values={route.issuerCountry} />,
  },
  {
    id: 'cardBrand',
    header: 'Card brand',
    width: 'minmax(90px, 0.7fr)',
    cell: (route) => <FirstTwo values={brands(route.cardBrand)} />,
  },
  {
    id: 'modifiedDate',
    header: 'Edited',
    sortField: 'modifiedDate',
    width: 'minmax(140px, 0.9fr)',
    cell: (route) => formatDateTime(route.modifiedDate),
  },
];

/** Spec 2.4: weight filter bands of ten, priority 1 to 10, with or without a fallback MID, and the MID. */
function routeFilters(midOptions: { value: string; label: string }[]): FilterDefinition[] {
  return [
    { id: 'weight', label: 'Weight', multiple: true, options: ROUTE_WEIGHT_BAND_OPTIONS },
    { id: 'priority', label: 'Priority', multiple: true, options: ROUTE_PRIORITY_OPTIONS },
    { id: 'fallbackRoute', label: 'Fallback MID', options: ROUTE_FALLBACK_OPTIONS },
    ...(midOptions.length ? [{ id: 'midId', label: 'MID', multiple: true, options: midOptions }] : []),
  ];
}

/**
 * The merchant's routes (spec 2, sections 2.4 and 7) on the one data table; a row opens the route's detail. The
 * routing lint (issue 28) says above the table which routes never take payments, and marks their rows.
 */
export function RoutesListScreen() {
  const api = useApi();
  const [, navigate] = useLocation();
  const { grants } = useSession();
  const { accountId, merchantId, merchant } = useCurrentScope();
  const canOpen = can(grants, P.routeSelect);
  const midOptions = useRouteMidFilterOptions(merchantId);
  const lint = useRoutingLint(merchantId);
  const checks = useMemo(() => routeChecksOf(lint.data, lint.isError, canOpen), [lint.data, lint.isError, canOpen]);
  const filters = useMemo(() => routeFilters(midOptions.data ?? []), [midOptions.data]);
  const fetchPage = useCallback<FetchPage<RouteListItem>>(
    (query, signal) => fetchRoutePage(api, merchantId ?? '', query, signal),
    [api, merchantId],
  );
  const exportTable = useMemo<TableExport>(
    () => ({ path: `/merchant/${merchantId}/route/export`, fileLabel: 'routes', permission: P.routeExport }),
    [merchantId],
  );
  const openRoute = useCallback(
    (route: RouteListItem) => navigate(routeDetailPath(accountId ?? '', merchantId ?? '', route.routeId)),
    [navigate, accountId, merchantId],
  );
  const { duplicate, remove } = useRouteActions(merchantId ?? '');
  // The row menu acts on its row, not on the page's commands, so it checks the permissions itself.
  const canCreate = can(grants, P.routeCreate);
  const canDelete = can(grants, P.routeDelete);
  const canEdit = can(grants, P.routeUpdate) && canOpen;
  useRouteListCommands(accountId ?? '', merchantId ?? '');
  const rowMenu = useCallback(
    (route: RouteListItem): RowMenuItem[] => [
      ...(canOpen ? [{ id: 'view-detail', label: 'View detail', onSelect: () => openRoute(route) }] : []),
      ...(canEdit
        ? [
            {
              id: 'edit',
              label: 'Edit',
              onSelect: () => navigate(editRoutePath(accountId ?? '', merchantId ?? '', route.routeId)),
            },
          ]
        : []),
      ...(canCreate ? [{ id: 'duplicate', label: 'Duplicate', onSelect: () => void duplicate(route) }] : []),
      ...(canDelete ? [{ id: 'delete', label: 'Delete', danger: true, onSelect: () => void remove(route) }] : []),
    ],
    [canOpen, canEdit, canCreate, canDelete, openRoute, duplicate, remove, navigate, accountId, merchantId],
  );

  if (!accountId || !merchantId) return null;
  return (
    <div className="screen">
      <PageHeader
        title="Routes"
        subtitle={merchant?.prettyName}
        actions={
          <CommandButton commandId={ROUTE_COMMAND_IDS.newRoute} variant="primary">
            New route
          </CommandButton>
        }
      />
      <RoutingLintSummary lint={lint} />
      <RouteChecksContext.Provider value={checks}>
        <DataTable
          label="Routes"
          queryKey={routeListQueryKey(merchantId)}
          fetchPage={fetchPage}
          columns={COLUMNS}
          filters={filters}
          queryKeys={ROUTE_QUERY_KEYS}
          getRowId={(route) => route.routeId}
          rowLabel={(route) => route.routeDescription}
          onOpenRow={canOpen ? openRoute : undefined}
          rowMenu={rowMenu}
          defaultOrder={ROUTE_DEFAULT_ORDER}
          searchPlaceholder="Search by description or ID"
          exportTable={exportTable}
          rowHeight={48}
        />
      </RouteChecksContext.Provider>
    </div>
  );
}
