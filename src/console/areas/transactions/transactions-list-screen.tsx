import { useCurrentScope } from '@console/app/current-scope';
import { useApi, useSession } from '@console/session/session-provider';
import { DataTable } from '@console/table/data-table';
import type { FetchPage, ListQueryParams, TableExport } from '@console/table/types';
import { PageHeader } from '@console/ui/page-header';
import { TRANSACTION_DEFAULT_ORDER, type TransactionListItem, transactionList } from '@domain/contract/transactions';
import { TRANSACTION_TYPE_LABELS } from '@domain/enums';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { TRANSACTION_QUERY_KEYS } from '@domain/search-query';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ACCOUNT_COLUMNS, MERCHANT_COLUMNS } from './transaction-columns';
import { TRANSACTION_SEARCH_TYPES, transactionFilters } from './transaction-filters';
import { transactionDetailPath } from './transaction-paths';
import {
  transactionListQueryKey,
  useMerchantOptions,
  useRouteAndMidOptions,
  useTransactionUrls,
} from './transaction-queries';
import './transactions.css';

// The transactions list (spec 3, section 2.1) at account level and inside a merchant, on the one data table: search
// by ID or text, every filter of the spec, newest first, the 10k cap, export as ZIP through the one export flow; the
// table itself gives it the Video learning center button, as every list.

export const TRANSACTIONS_EMPTY_TEXT = 'There are no transactions to show.';

const rowLabel = (transaction: TransactionListItem) =>
  `${TRANSACTION_TYPE_LABELS[transaction.transactionType]} ${transaction.transactionId}`;

/** The filter ids the address applies now (to keep an applied pick-list filter while its options load). */
function useAppliedFilterIds(): ReadonlySet<string> {
  const search = useSearch();
  return useMemo(() => new Set(new URLSearchParams(search).keys()), [search]);
}

function TransactionsList({ accountId, merchantId }: { accountId: string; merchantId: string | undefined }) {
  const api = useApi();
  const [, navigate] = useLocation();
  const { grants } = useSession();
  const { account, merchant } = useCurrentScope();
  const applied = useAppliedFilterIds();
  const search = useSearch();
  const accountLevel = merchantId === undefined;

  const urls = useTransactionUrls(accountId);
  const merchants = useMerchantOptions(accountId, accountLevel && can(grants, P.merchantRead));
  // Routes and MIDs belong to a merchant: inside one, its own; at account level, those of the one merchant the
  // Merchant filter narrows to.
  const chosenMerchants = useMemo(() => new URLSearchParams(search).getAll('merchantId'), [search]);
  const routeMerchant = merchantId ?? (chosenMerchants.length === 1 ? chosenMerchants[0] : undefined);
  const { routeOptions, midOptions } = useRouteAndMidOptions(routeMerchant, {
    routes: can(grants, P.routeRead),
    mids: can(grants, P.midRead),
  });

  const providers = account?.providers;
  const filters = useMemo(
    () =>
      transactionFilters({
        urls: urls.data?.items ?? [],
        paymentGateways: (providers ?? []).map((provider) => provider.prettyName),
        merchants: accountLevel
          ? (merchants.data?.items ?? []).map((item) => ({ value: item.merchantId, label: item.prettyName }))
          : null,
        routes: routeOptions,
        mids: midOptions,
        applied,
      }),
    [urls.data, providers, accountLevel, merchants.data, routeOptions, midOptions, applied],
  );

  const fetchPage = useCallback<FetchPage<TransactionListItem>>(
    (query, signal) => api.get(`/account/${accountId}/transaction`, { query, schema: transactionList, signal }),
    [api, accountId],
  );
  // A merchant's list is the account's list narrowed to it, for the export as for the list.
  const baseQuery = useMemo<ListQueryParams | undefined>(
    () => (merchantId ? { merchantId: [merchantId] } : undefined),
    [merchantId],
  );
  const exportTable = useMemo<TableExport>(
    () => ({
      path: `/account/${accountId}/transaction/export`,
      fileLabel: 'transactions',
      permission: P.transactionExport,
    }),
    [accountId],
  );
  const canOpen = can(grants, P.transactionSelect);
  const openTransaction = useCallback(
    (transaction: TransactionListItem) =>
      navigate(transactionDetailPath({ accountId, merchantId }, transaction.transactionId)),
    [navigate, accountId, merchantId],
  );

  return (
    <div className="screen transactions-screen">
      <PageHeader title="Transactions" subtitle={accountLevel ? account?.prettyName : merchant?.prettyName} />
      <DataTable
        label="Transactions"
        queryKey={transactionListQueryKey(accountId, merchantId)}
        fetchPage={fetchPage}
        baseQuery={baseQuery}
        columns={accountLevel ? ACCOUNT_COLUMNS : MERCHANT_COLUMNS}
        filters={filters}
        getRowId={(transaction) => transaction.transactionId}
        rowLabel={rowLabel}
        onOpenRow={canOpen ? openTransaction : undefined}
        defaultOrder={TRANSACTION_DEFAULT_ORDER}
        searchPlaceholder="Search by transaction ID"
        searchTypes={TRANSACTION_SEARCH_TYPES}
        queryKeys={TRANSACTION_QUERY_KEYS}
        emptyText={TRANSACTIONS_EMPTY_TEXT}
        exportTable={exportTable}
        rowHeight={48}
      />
    </div>
  );
}

/** /accounts/{accountId}/transactions. */
export function TransactionsListScreen() {
  const { accountId } = useCurrentScope();
  if (!accountId) return null;
  return <TransactionsList accountId={accountId} merchantId={undefined} />;
}

/** /accounts/{accountId}/merchants/{merchantId}/transactions. */
export function MerchantTransactionsListScreen() {
  const { accountId, merchantId } = useCurrentScope();
  if (!accountId || !merchantId) return null;
  return <TransactionsList accountId={accountId} merchantId={merchantId} />;
}
