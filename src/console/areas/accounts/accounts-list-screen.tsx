import { useApi } from '@console/session/session-provider';
import { DataTable } from '@console/table/data-table';
import type { DataColumn, FetchPage } from '@console/table/types';
import { Badge } from '@console/ui/badge';
import { FirstTwo } from '@console/ui/first-two';
import { PageHeader } from '@console/ui/page-header';
import { type Account, accountList } from '@domain/contract/accounts';
import { formatDateTime, formatInteger } from '@domain/format';
import { useCallback } from 'react';
import { useLocation } from 'wouter';

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

export const ACCOUNT_LIST_QUERY_KEY = ['account-list'] as const;

/** Provider staff's list of accounts (spec 2, section 2.1); opening a row goes to the account's merchants. */
export function AccountsListScreen() {
  const api = useApi();
  const [, navigate] = useLocation();
  const fetchPage = useCallback<FetchPage<Account>>(
    (query, signal) => api.get('/account', { query, schema: accountList, signal }),
    [api],
  );
  const openAccount = useCallback(
    (account: Account) => navigate(`/accounts/${account.accountId}/merchants`),
    [navigate],
  );

  return (
    <div className="screen">
      <PageHeader title="Accounts" />
      <DataTable
        label="Accounts"
        queryKey={ACCOUNT_LIST_QUERY_KEY}
        fetchPage={fetchPage}
        columns={COLUMNS}
        getRowId={(account) => account.accountId}
        rowLabel={(account) => account.prettyName}
        onOpenRow={openAccount}
        defaultOrder="prettyName"
        searchPlaceholder="Search by account name or ID"
      />
    </div>
  );
}
