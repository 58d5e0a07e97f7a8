import { useApi, useSession } from '@console/session/session-provider';
import { DataTable } from '@console/table/data-table';
import type { DataColumn, FetchPage, RowMenuItem } from '@console/table/types';
import { Badge } from '@console/ui/badge';
import { Button } from '@console/ui/button';
import { useConfirm } from '@console/ui/confirm';
import { FirstTwo } from '@console/ui/first-two';
import { PageHeader } from '@console/ui/page-header';
import { useToast } from '@console/ui/toast';
import { Tooltip } from '@console/ui/tooltip';
import { useReportFailure } from '@console/ui/use-report-failure';
import { type Account, accountList } from '@domain/contract/accounts';
import { formatDateTime, formatInteger } from '@domain/format';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { ACCOUNT_QUERY_KEYS } from '@domain/search-query';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { ACCOUNT_LIST_QUERY_KEY, editAccountPath, NEW_ACCOUNT_PATH } from './account-paths';

const COLUMNS: DataColumn<Account>[] = [
  { id: 'prettyName', header: 'Account', sortField: 'prettyName', cell: (account) => account.prettyName },
  {
    id: 'shortId',
    header: 'Account ID',
    sortField: 'shortId',
    width: 'minmax(110px, 0.6fr)',
    cell: (account) => <span className="mono">{account.shortId}</span>,
  },
  {
    id: 'providers',
    header: 'Providers',
    width: 'minmax(160px, 1.2fr)',
    cell: (account) => <FirstTwo values={account.providers.map((provider) => provider.prettyName)} />,
  },
  {
    id: 'merchantCount',
    header: 'Merchants',
    sortField: 'merchantCount',
    width: 'minmax(100px, 0.5fr)',
    align: 'end',
    cell: (account) => formatInteger(account.merchantCount),
  },
  {
    id: 'chargebacks',
    header: 'Chargebacks',
    width: 'minmax(120px, 0.6fr)',
    cell: (account) =>
      account.hasChargebacksFeature ? <Badge tone="success">Enabled</Badge> : <Badge tone="neutral">Disabled</Badge>,
  },
  {
    id: 'createdAt',
    header: 'Created',
    sortField: 'createdAt',
    width: 'minmax(160px, 0.8fr)',
    cell: (account) => formatDateTime(account.createdAt),
  },
];

/**
 * Provider staff's list of accounts (spec 2, section 2.1); opening a row goes to the account's merchants. New account
 * opens the wizard; each row can be edited in it or deleted (an account with merchants or users is refused).
 */
export function AccountsListScreen() {
  const api = useApi();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { grants } = useSession();
  const report = useReportFailure();
  const canCreate = can(grants, P.accountCreate);
  const canEdit = can(grants, P.accountUpdate);
  const canDelete = can(grants, P.accountDelete);
  const fetchPage = useCallback<FetchPage<Account>>(
    (query, signal) => api.get('/account', { query, schema: accountList, signal }),
    [api],
  );
  const openAccount = useCallback(
    (account: Account) => navigate(`/accounts/${account.accountId}/merchants`),
    [navigate],
  );

  const remove = useCallback(
    async (account: Account) => {
      const sure = await confirm({
        title: 'Are you sure that you want to delete this account?',
        content: `${account.prettyName} (${account.shortId}) will be deleted with its providers and solutions.`,
        confirmLabel: 'Delete',
        tone: 'danger',
      });
      if (!sure) return;
      try {
        await api.delete(`/account/${account.accountId}`);
        toast.showMessage('successfully-deleted');
        await queryClient.invalidateQueries({ queryKey: ACCOUNT_LIST_QUERY_KEY });
      } catch (error) {
        report(error);
      }
    },
    [api, confirm, queryClient, toast, report],
  );
  const rowMenu = useCallback(
    (account: Account): RowMenuItem[] => [
      ...(canEdit ? [{ id: 'edit', label: 'Edit', onSelect: () => navigate(editAccountPath(account.accountId)) }] : []),
      ...(canDelete ? [{ id: 'delete', label: 'Delete', danger: true, onSelect: () => void remove(account) }] : []),
    ],
    [canEdit, canDelete, navigate, remove],
  );

  return (
    <div className="screen">
      <PageHeader
        title="Accounts"
        actions={
          canCreate ? (
            <Tooltip content="New account" keys="n">
              <Button variant="primary" onClick={() => navigate(NEW_ACCOUNT_PATH)}>
                New account
              </Button>
            </Tooltip>
          ) : null
        }
      />
      <DataTable
        label="Accounts"
        queryKey={ACCOUNT_LIST_QUERY_KEY}
        fetchPage={fetchPage}
        columns={COLUMNS}
        queryKeys={ACCOUNT_QUERY_KEYS}
        getRowId={(account) => account.accountId}
        rowLabel={(account) => account.prettyName}
        onOpenRow={openAccount}
        rowMenu={rowMenu}
        defaultOrder="prettyName"
        searchPlaceholder="Search by account name or ID"
      />
    </div>
  );
}
