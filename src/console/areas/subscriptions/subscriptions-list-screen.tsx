import { useCurrentScope } from '@console/app/current-scope';
import { useApi, useSession } from '@console/session/session-provider';
import { DataTable } from '@console/table/data-table';
import type { DataTableHandle, FetchPage, RowMenuItem } from '@console/table/types';
import { SUBSCRIPTION_DEFAULT_ORDER, type SubscriptionListItem } from '@domain/contract/subscriptions';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { SUBSCRIPTION_QUERY_KEYS } from '@domain/search-query';
import { isActionAllowed, SUBSCRIPTION_ACTIONS } from '@domain/subscriptions';
import type { SubscriptionActionTarget } from '@machines/subscription-actions.machine';
import { useCallback, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { ACTION_TITLES } from './subscription-action-modal';
import { SUBSCRIPTION_COLUMNS } from './subscription-columns';
import {
  ACTION_ORDER,
  SUBSCRIPTION_ACTION_KEYS,
  useCanManageSubscriptions,
  useSubscriptionActionCommands,
} from './subscription-commands';
import { SUBSCRIPTION_SEARCH_TYPES, subscriptionFilters } from './subscription-filters';
import { type SubscriptionScope, subscriptionDetailPath } from './subscription-paths';
import {
  fetchSubscriptionPage,
  subscriptionListQueryKey,
  subscriptionsExport,
  usePlanOptions,
} from './subscription-queries';
import { SubscriptionTabs } from './subscription-tabs';
import { useSubscriptionActions } from './use-subscription-actions';
import './subscriptions.css';

// The subscriptions list (spec 3, section 2.10): the one data table with the search by ID or Text, the filters
// Status, Country, Plan and Attempt Date, 50/100/500 a page, refresh and Export; newest attempt first. Each row's menu
// has View detail and the actions its status allows, which `p`, `u` and `c` run on the active row, all opening the
// one confirm modal.

export const SUBSCRIPTIONS_LIST_LABEL = 'Subscriptions';
export const SUBSCRIPTIONS_EMPTY_TEXT = 'There are no subscriptions yet.';

/** What an action needs of a row: the status it was seen in and its version. */
function actionTargetOf(merchantId: string, row: SubscriptionListItem): SubscriptionActionTarget {
  return { merchantId, subscriptionId: row.subscriptionId, status: row.status, version: row.version };
}

const getRowId = (row: SubscriptionListItem) => row.subscriptionId;
const rowLabel = (row: SubscriptionListItem) => `Subscription ${row.subscriptionId}`;

function SubscriptionsList({ scope }: { scope: SubscriptionScope }) {
  const api = useApi();
  const [, navigate] = useLocation();
  const { grants } = useSession();
  const { merchantId } = scope;
  const table = useRef<DataTableHandle<SubscriptionListItem>>(null);
  const plans = usePlanOptions(merchantId);
  const filters = useMemo(() => subscriptionFilters(plans.data ?? []), [plans.data]);
  const fetchPage = useCallback<FetchPage<SubscriptionListItem>>(
    (query, signal) => fetchSubscriptionPage(api, merchantId, query, signal),
    [api, merchantId],
  );
  const exportTable = useMemo(() => subscriptionsExport(merchantId), [merchantId]);
  const canOpen = can(grants, P.subscriptionSelect);
  const canManage = useCanManageSubscriptions();
  const openDetail = useCallback(
    (row: SubscriptionListItem) => navigate(subscriptionDetailPath(scope, row.subscriptionId)),
    [navigate, scope],
  );
  const actions = useSubscriptionActions(merchantId);
  const { open } = actions;
  const current = useCallback(() => {
    const row = table.current?.activeRow();
    return row ? actionTargetOf(merchantId, row) : undefined;
  }, [merchantId]);
  useSubscriptionActionCommands({ scope: 'table', current, open, actions: SUBSCRIPTION_ACTIONS, deps: [current] });

  const rowMenu = useCallback(
    (row: SubscriptionListItem): RowMenuItem[] => [
      ...(canOpen ? [{ id: 'view-detail', label: 'View detail', keys: 'enter', onSelect: () => openDetail(row) }] : []),
      ...(canManage
        ? ACTION_ORDER.filter((action) => isActionAllowed(row.status, action)).map((action) => ({
            id: action.toLowerCase(),
            // 'Cancel', 'Pause', 'Resume' as the spec's menu names them; the modal's title says the rest.
            label: ACTION_TITLES[action].replace(' subscription', ''),
            keys: SUBSCRIPTION_ACTION_KEYS[action],
            danger: action === 'CANCEL',
            onSelect: () => open(actionTargetOf(merchantId, row), action),
          }))
        : []),
    ],
    [canOpen, canManage, openDetail, open, merchantId],
  );

  return (
    <>
      <DataTable
        ref={table}
        label={SUBSCRIPTIONS_LIST_LABEL}
        queryKey={subscriptionListQueryKey(merchantId)}
        fetchPage={fetchPage}
        columns={SUBSCRIPTION_COLUMNS}
        filters={filters}
        getRowId={getRowId}
        rowLabel={rowLabel}
        onOpenRow={canOpen ? openDetail : undefined}
        rowMenu={canOpen || canManage ? rowMenu : undefined}
        defaultOrder={SUBSCRIPTION_DEFAULT_ORDER}
        searchPlaceholder={SUBSCRIPTION_SEARCH_TYPES.options[0]?.placeholder}
        searchTypes={SUBSCRIPTION_SEARCH_TYPES}
        queryKeys={SUBSCRIPTION_QUERY_KEYS}
        emptyText={SUBSCRIPTIONS_EMPTY_TEXT}
        exportTable={exportTable}
        rowHeight={52}
        compact
      />
      {actions.modal}
    </>
  );
}

/** /accounts/{accountId}/merchants/{merchantId}/subscriptions-table. */
export function SubscriptionsListScreen() {
  const { accountId, merchantId } = useCurrentScope();
  const scope = useMemo(
    () => (accountId && merchantId ? { accountId, merchantId } : undefined),
    [accountId, merchantId],
  );
  if (!scope) return null;
  return (
    <SubscriptionTabs scope={scope} selected="list">
      <SubscriptionsList scope={scope} />
    </SubscriptionTabs>
  );
}
