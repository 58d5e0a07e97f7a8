import type { ApiClient } from '@console/api/client';
import type { ScreenDefinition } from '@console/app/screen-types';
import { chargebackFilters } from '@console/areas/chargebacks/chargeback-filters';
import { chargebacksPath } from '@console/areas/chargebacks/chargeback-paths';
import { fetchChargebackPage } from '@console/areas/chargebacks/chargeback-queries';
import { INVOICE_FILTERS } from '@console/areas/invoices/invoices-filters';
import { invoicesPath } from '@console/areas/invoices/invoices-paths';
import { fetchInvoicePage } from '@console/areas/invoices/invoices-queries';
import { TRANSACTION_SEARCH_TYPES, transactionFilters } from '@console/areas/transactions/transaction-filters';
import { transactionsListPath } from '@console/areas/transactions/transaction-paths';
import type { TableSearchTypes } from '@console/table/table-search';
import type { FilterDefinition, ListQueryParams } from '@console/table/types';
import { CHARGEBACK_DEFAULT_ORDER } from '@domain/contract/chargebacks';
import { INVOICE_DEFAULT_ORDER } from '@domain/contract/invoices';
import { TRANSACTION_DEFAULT_ORDER, transactionList } from '@domain/contract/transactions';
import {
  CHARGEBACK_QUERY_KEYS,
  INVOICE_QUERY_KEYS,
  type QueryKeyRegistry,
  TRANSACTION_QUERY_KEYS,
} from '@domain/search-query';

// The lists the palette can search (issue 26): for each, its query keys, where its screen lives in the current
// scope, the filters its screen builds (so a palette query compiles to the address the screen reads) and the list
// call that counts its rows. The screens own these pieces; this module only names them together.

export interface QueryScope {
  accountId: string;
  merchantId: string | undefined;
}

export interface QueryTarget {
  id: 'transactions' | 'chargebacks' | 'invoices';
  /** As the palette says it: 'Search transactions…', '1,204 transactions'. */
  noun: string;
  registry: QueryKeyRegistry;
  /** The screen of the list in the scope: the target is offered only where the user may see that screen. */
  screenId: (scope: QueryScope) => string;
  /** The console path of the list in the scope (a merchant's transactions inside a merchant). */
  path: (scope: QueryScope) => string;
  /** The screen's filters, with pick lists empty: only their ids and how their values travel matter here. */
  filters: (scope: QueryScope) => readonly FilterDefinition[];
  defaultOrder: string;
  searchTypes?: TableSearchTypes;
  /** The list call, for its capped total. */
  fetchTotal: (api: ApiClient, scope: QueryScope, query: ListQueryParams, signal: AbortSignal) => Promise<number>;
}

/** A count that fails says so in the palette; it never signs out, navigates or raises the global message. */
const QUIET = { quiet: true } as const;

/** Pick lists load on the screen; here every one is present, so a query naming a merchant or a MID compiles. */
const EVERY_PICK_LIST = new Set(['url', 'paymentGateway', 'merchantId', 'routeId', 'midId']);

export const QUERY_TARGETS: readonly QueryTarget[] = [
  {
    id: 'transactions',
    noun: 'transactions',
    registry: TRANSACTION_QUERY_KEYS,
    screenId: ({ merchantId }) => (merchantId ? 'merchant-transactions' : 'transactions'),
    path: transactionsListPath,
    filters: ({ merchantId }) =>
      transactionFilters({
        urls: [],
        paymentGateways: [],
        merchants: merchantId ? null : [],
        routes: [],
        mids: [],
        applied: EVERY_PICK_LIST,
      }),
    defaultOrder: TRANSACTION_DEFAULT_ORDER,
    searchTypes: TRANSACTION_SEARCH_TYPES,
    fetchTotal: async (api, { accountId, merchantId }, query, signal) => {
      const scoped = merchantId ? { ...query, merchantId: [merchantId] } : query;
      const page = await api.get(`/account/${accountId}/transaction`, {
        ...QUIET,
        query: scoped,
        schema: transactionList,
        signal,
      });
      return page.total;
    },
  },
  {
    id: 'chargebacks',
    noun: 'chargebacks',
    registry: CHARGEBACK_QUERY_KEYS,
    screenId: () => 'chargebacks',
    path: ({ accountId }) => chargebacksPath(accountId),
    filters: () => chargebackFilters([]),
    defaultOrder: CHARGEBACK_DEFAULT_ORDER,
    fetchTotal: async (api, { accountId }, query, signal) =>
      (await fetchChargebackPage(api, accountId, query, signal, QUIET)).total,
  },
  {
    id: 'invoices',
    noun: 'invoices',
    registry: INVOICE_QUERY_KEYS,
    screenId: () => 'invoices',
    path: ({ accountId }) => invoicesPath(accountId),
    filters: () => INVOICE_FILTERS,
    defaultOrder: INVOICE_DEFAULT_ORDER,
    fetchTotal: async (api, { accountId }, query, signal) =>
      (await fetchInvoicePage(api, accountId, query, signal, QUIET)).total,
  },
];

export const queryTargetById = (id: string | undefined) => QUERY_TARGETS.find((target) => target.id === id);

/** The lists the user may search in the scope (the screens they may see), in the palette's order. */
export function usableQueryTargets(screens: readonly ScreenDefinition[], scope: QueryScope): QueryTarget[] {
  const visible = new Set(screens.map((screen) => screen.id));
  return QUERY_TARGETS.filter((target) => visible.has(target.screenId(scope)));
}

/**
 * The list a query typed at the palette's root searches: the list on screen when it is one of them, otherwise the
 * transactions (the list power users search most), otherwise the first the user may see.
 */
export function defaultQueryTarget(
  location: string,
  screens: readonly ScreenDefinition[],
  scope: QueryScope,
): QueryTarget | undefined {
  const usable = usableQueryTargets(screens, scope);
  return usable.find((target) => location === target.path(scope)) ?? usable[0];
}
