import { can, type Grants, PERMISSIONS as P } from './permissions';
import {
  CHARGEBACK_QUERY_KEYS,
  INVOICE_QUERY_KEYS,
  type QueryKeyRegistry,
  RISK_ALERT_QUERY_KEYS,
  registryFor,
  SUBSCRIPTION_QUERY_KEYS,
  TRANSACTION_QUERY_KEYS,
} from './search-query';

// Saved views (issue 26): a list's filters, search, sort, page size and columns under a name, personal or shared with
// the account. The rules every side shares live here: which lists take views and how a view names its list, who may
// read and who may share, the bounds, and the messages.
//
// A view is keyed by the list's level and its query registry's name ('account/transactions',
// 'merchant/transactions'), not by a path: one list can sit at two addresses (risk management and its alerts tab),
// and a merchant-level view applies inside every merchant of the account, because the merchant is the place, not a
// filter. The console derives the key from the DataTable's queryKeys and the address (savedViewListKey), so a new
// list with a registry gets the Views menu once it has an entry below (the server needs its read permission).

export type SavedViewLevel = 'account' | 'merchant';

export interface SavedViewListDefinition {
  /** 'account/transactions'. */
  key: string;
  /** What the palette and the side bar call the list ('Transactions'). */
  label: string;
  level: SavedViewLevel;
  /** The keys (and so the filter ids) a view of this list may hold: those the screen shows. */
  registry: QueryKeyRegistry;
  /** The list call's read permission: enough for personal views. */
  readPermissions: readonly string[];
  /** The list's address in the console. */
  path: (scope: { accountId: string; merchantId?: string }) => string;
}

const slug = (text: string) => text.trim().toLowerCase().replace(/\s+/g, '-');

/** The key of a list at a level: the level and the registry's list name as a slug. */
export const savedViewListKey = (level: SavedViewLevel, registry: Pick<QueryKeyRegistry, 'list'>) =>
  `${level}/${slug(registry.list)}`;

const paramsOf = (registry: QueryKeyRegistry) => registry.keys.map((spec) => spec.param);

function definition(
  level: SavedViewLevel,
  registry: QueryKeyRegistry,
  label: string,
  readPermissions: readonly string[],
  path: SavedViewListDefinition['path'],
): SavedViewListDefinition {
  return { key: savedViewListKey(level, registry), label, level, registry, readPermissions, path };
}

export const SAVED_VIEW_LISTS: readonly SavedViewListDefinition[] = [
  definition(
    'account',
    TRANSACTION_QUERY_KEYS,
    'Transactions',
    [P.transactionRead],
    ({ accountId }) => `/accounts/${accountId}/transactions`,
  ),
  // Inside a merchant the list is already that merchant's: no merchant filter.
  definition(
    'merchant',
    registryFor(
      TRANSACTION_QUERY_KEYS,
      paramsOf(TRANSACTION_QUERY_KEYS).filter((param) => param !== 'merchantId'),
    ),
    'Merchant transactions',
    [P.transactionRead],
    ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/transactions`,
  ),
  definition(
    'account',
    CHARGEBACK_QUERY_KEYS,
    'Chargebacks',
    [P.chargebackRead],
    ({ accountId }) => `/accounts/${accountId}/dispute-manager`,
  ),
  definition(
    'account',
    INVOICE_QUERY_KEYS,
    'Invoices',
    [P.invoiceRead],
    ({ accountId }) => `/accounts/${accountId}/invoices`,
  ),
  definition(
    'account',
    RISK_ALERT_QUERY_KEYS,
    'Risk alerts',
    [P.transactionAlertRead],
    ({ accountId }) => `/accounts/${accountId}/risk-management/alerts`,
  ),
  definition(
    'merchant',
    RISK_ALERT_QUERY_KEYS,
    'Merchant risk alerts',
    [P.transactionAlertRead],
    ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/risk-management`,
  ),
  definition(
    'merchant',
    SUBSCRIPTION_QUERY_KEYS,
    'Subscriptions',
    [P.subscriptionRead],
    ({ accountId, merchantId }) => `/accounts/${accountId}/merchants/${merchantId}/subscriptions-table`,
  ),
];

export const SAVED_VIEW_LIST_KEYS = SAVED_VIEW_LISTS.map((list) => list.key) as [string, ...string[]];

export function savedViewList(key: string): SavedViewListDefinition | undefined {
  return SAVED_VIEW_LISTS.find((list) => list.key === key);
}

export const SAVED_VIEW_LIMITS = {
  /** Characters of a name, once trimmed. */
  name: 60,
  /** Views one user keeps of one list (personal and shared they made), per account. */
  perUserPerList: 100,
  /** The printed query, as the search box takes it. */
  query: 2000,
  /** Search text, as the list calls take it. */
  search: 200,
  /** Values of one filter, and characters of one value (a URL filter's 2,048). */
  valuesPerFilter: 250,
  valueLength: 2048,
  /** Visible column ids. */
  columns: 50,
} as const;

export const SAVED_VIEW_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${SAVED_VIEW_LIMITS.name} characters`,
  nameTaken: 'A view with this name already exists for this list. Choose another name.',
  sharedNameTaken: 'The account already shares a view with this name for this list. Choose another name.',
  limitReached: `You can keep at most ${SAVED_VIEW_LIMITS.perUserPerList} views of one list. Delete one to save another.`,
  unknownList: 'Views are not available for this list',
  unknownFilters: (list: string, ids: readonly string[], keys: readonly string[]) =>
    `The ${list} list has no filter ${ids.map((id) => `'${id}'`).join(', ')}. Its filters: ${keys.join(', ')}.`,
  badFilterValues: (ids: readonly string[]) =>
    `These filters hold values the list cannot apply: ${ids.map((id) => `'${id}'`).join(', ')}.`,
  unavailable: 'unavailable (deleted)',
} as const;

/** Who may read, keep and choose views of a list: whoever may read the list. */
export const canUseSavedViews = (grants: Grants, list: SavedViewListDefinition) =>
  list.readPermissions.every((permission) => can(grants, permission));

/** Sharing a view with the account (create, edit or delete a shared one) is a configuration change. */
export const canShareSavedViews = (grants: Grants) => can(grants, P.savedViewShare);
