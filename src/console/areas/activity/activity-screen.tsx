import { useAccountMerchants } from '@console/app/account-merchants';
import { useCurrentScope } from '@console/app/current-scope';
import { useApi, useSession } from '@console/session/session-provider';
import { DataTable } from '@console/table/data-table';
import type { DataColumn, FetchPage, FilterDefinition, TableExport } from '@console/table/types';
import { Badge } from '@console/ui/badge';
import { Button } from '@console/ui/button';
import { PageHeader } from '@console/ui/page-header';
import { type ActivityEntry, activityList } from '@domain/contract/activity';
import { ACTION_TYPE_LABELS, ACTION_TYPES, RESOURCE_TYPE_LABELS, RESOURCE_TYPES } from '@domain/enums';
import { formatDateTime } from '@domain/format';
import { can, PERMISSIONS } from '@domain/permissions';
import { ACTIVITY_QUERY_KEYS } from '@domain/search-query';
import { useCallback, useMemo, useState } from 'react';
import { ActivityChangesModal } from './activity-changes-modal';
import { nameBookOf } from './activity-fields';
import { ACTION_TYPE_TONES, USER_RESOURCE_HINT } from './activity-labels';
import { resourcePath } from './resource-link';
import './activity.css';

// The audit log of user activity (spec 2, sections 2.8, 3 and 7): every insert, update and delete, on the one data
// table, served from the user-activity base address.

export const activityListQueryKey = (accountId: string) => ['user-activity', accountId] as const;

const ACTION_TYPE_FILTER: FilterDefinition = {
  id: 'actionType',
  label: 'Action type',
  multiple: true,
  options: ACTION_TYPES.map((type) => ({ value: type, label: ACTION_TYPE_LABELS[type] })),
};

const RESOURCE_TYPE_FILTER: FilterDefinition = {
  id: 'resourceType',
  label: 'Resource type',
  multiple: true,
  options: RESOURCE_TYPES.map((type) => ({ value: type, label: RESOURCE_TYPE_LABELS[type] })),
};

const DATE_FILTER: FilterDefinition = {
  kind: 'dateRange',
  id: 'date',
  label: 'Date',
  fromParam: 'dateFrom',
  toParam: 'dateTo',
};

/** Clicks on a link or button inside a row belong to it, not to the row (which opens the changes). */
const stopRowClick = (event: { stopPropagation: () => void }) => event.stopPropagation();

interface ColumnOptions {
  canViewChanges: boolean;
  isProviderStaff: boolean;
  openChanges: (entry: ActivityEntry) => void;
}

function activityColumns({ canViewChanges, isProviderStaff, openChanges }: ColumnOptions): DataColumn<ActivityEntry>[] {
  return [
    {
      id: 'date',
      header: 'Date',
      sortField: 'date',
      width: 'minmax(170px, 0.8fr)',
      cell: (entry) => formatDateTime(entry.date, { seconds: true }),
    },
    {
      id: 'user',
      header: 'User',
      sortField: 'user',
      width: 'minmax(200px, 1.2fr)',
      cell: (entry) =>
        entry.user ? (
          <span className="activity-user">
            <span className="activity-user__name">{entry.user.prettyName}</span>
            <span className="activity-user__email">{entry.user.email}</span>
          </span>
        ) : (
          ''
        ),
    },
    {
      id: 'actionType',
      header: 'Action type',
      sortField: 'actionType',
      width: 'minmax(110px, 0.5fr)',
      cell: (entry) => <Badge tone={ACTION_TYPE_TONES[entry.actionType]}>{ACTION_TYPE_LABELS[entry.actionType]}</Badge>,
    },
    {
      id: 'resourceType',
      header: 'Resource type',
      sortField: 'resourceType',
      width: 'minmax(140px, 0.7fr)',
      headerHint: isProviderStaff ? USER_RESOURCE_HINT : undefined,
      cell: (entry) => RESOURCE_TYPE_LABELS[entry.resourceType],
    },
    {
      id: 'resourceId',
      header: 'Resource ID',
      width: 'minmax(200px, 1.2fr)',
      cell: (entry) => {
        const path = resourcePath(entry);
        if (!path) return <code className="activity-resource-id">{entry.resourceId}</code>;
        return (
          <a
            className="activity-resource-id"
            href={path}
            target="_blank"
            rel="noopener noreferrer"
            title="Opens in a new tab"
            onClick={stopRowClick}
          >
            {entry.resourceId}
          </a>
        );
      },
    },
    {
      id: 'merchant',
      header: 'Merchant',
      cell: (entry) => entry.merchant?.merchantLegalName ?? '',
    },
    {
      id: 'detail',
      header: 'Detail',
      width: 'minmax(130px, 0.5fr)',
      cell: (entry) => (
        <Button
          size="sm"
          variant="ghost"
          disabled={!canViewChanges}
          title={canViewChanges ? undefined : 'You need the permission to see the details of an entry'}
          onClick={(event) => {
            stopRowClick(event);
            openChanges(entry);
          }}
        >
          View changes
        </Button>
      ),
    },
  ];
}

export function ActivityScreen() {
  const api = useApi();
  const { grants, isProviderStaff, accounts } = useSession();
  const { accountId, account } = useCurrentScope();
  const canViewChanges = can(grants, PERMISSIONS.userActivitySelect);
  const canListMerchants = can(grants, PERMISSIONS.merchantRead);
  const [openEntry, setOpenEntry] = useState<ActivityEntry | null>(null);

  // The filter simply has no options when the list is refused; the audit log itself is still readable.
  const merchants = useAccountMerchants(accountId, { enabled: canListMerchants, staleTime: 60_000 });

  const filters = useMemo<FilterDefinition[]>(() => {
    const merchantFilter: FilterDefinition = {
      id: 'merchantId',
      label: 'Merchant',
      multiple: true,
      options: (merchants.data?.items ?? []).map((merchant) => ({
        value: merchant.merchantId,
        label: merchant.prettyName,
      })),
    };
    return [ACTION_TYPE_FILTER, ...(canListMerchants ? [merchantFilter] : []), RESOURCE_TYPE_FILTER, DATE_FILTER];
  }, [merchants.data, canListMerchants]);

  const columns = useMemo(
    () => activityColumns({ canViewChanges, isProviderStaff, openChanges: setOpenEntry }),
    [canViewChanges, isProviderStaff],
  );

  const fetchPage = useCallback<FetchPage<ActivityEntry>>(
    (query, signal) =>
      api.get(`/account/${accountId}/useractivity`, { base: 'activity', query, schema: activityList, signal }),
    [api, accountId],
  );

  const exportTable = useMemo<TableExport>(
    () => ({ path: `/account/${accountId}/useractivity/export`, base: 'activity', fileLabel: 'user-activity' }),
    [accountId],
  );
  const closeChanges = useCallback(() => setOpenEntry(null), []);
  const names = useMemo(
    () => nameBookOf({ accounts, account, merchants: merchants.data?.items ?? [] }),
    [accounts, account, merchants.data],
  );

  if (!accountId) return null;
  return (
    <div className="screen">
      <PageHeader title="User activity" subtitle={account?.prettyName} />
      <DataTable
        label="User activity"
        queryKey={activityListQueryKey(accountId)}
        fetchPage={fetchPage}
        columns={columns}
        getRowId={(entry) => entry.userActivityId}
        rowLabel={(entry) =>
          `${ACTION_TYPE_LABELS[entry.actionType]} ${RESOURCE_TYPE_LABELS[entry.resourceType]} ${entry.resourceId}`
        }
        onOpenRow={canViewChanges ? setOpenEntry : undefined}
        filters={filters}
        queryKeys={ACTIVITY_QUERY_KEYS}
        defaultOrder="-date"
        searchPlaceholder="Search by resource ID, user name or e-mail"
        emptyText="There are no items on this list"
        exportTable={exportTable}
      />
      <ActivityChangesModal entry={openEntry} onClose={closeChanges} names={names} />
    </div>
  );
}
