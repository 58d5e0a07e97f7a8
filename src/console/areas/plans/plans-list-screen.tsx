import { useCurrentScope } from '@console/app/current-scope';
import { SubscriptionsTabs } from '@console/app/subscriptions-tabs';
import { useApi, useSession } from '@console/session/session-provider';
import { DataTable } from '@console/table/data-table';
import type { FetchPage, RowMenuItem } from '@console/table/types';
import { Button } from '@console/ui/button';
import { PageHeader } from '@console/ui/page-header';
import { Tooltip } from '@console/ui/tooltip';
import { PLAN_DEFAULT_ORDER, type PlanDetail } from '@domain/contract/plans';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { PLAN_QUERY_KEYS } from '@domain/search-query';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { PLAN_COLUMNS } from './plan-columns';
import { usePlanListCommands } from './plan-commands';
import { PLAN_FILTERS } from './plan-filters';
import { editPlanPath, newPlanPath, planDetailPath } from './plan-paths';
import { fetchPlans, planListQueryKey } from './plan-queries';
import './plans.css';

/** The merchant's plans (spec 3, section 2.11) on the one data table; a row opens the plan's detail. */
export function PlansListScreen() {
  const api = useApi();
  const [, navigate] = useLocation();
  const { grants } = useSession();
  const { accountId = '', merchantId = '', merchant } = useCurrentScope();
  const canOpen = can(grants, P.planSelect);
  const canCreate = can(grants, P.planCreate);
  const canEdit = can(grants, P.planUpdate);
  usePlanListCommands(accountId, merchantId);

  const fetchPage = useCallback<FetchPage<PlanDetail>>(
    (query, signal) => fetchPlans(api, merchantId, query, signal),
    [api, merchantId],
  );
  const openPlan = useCallback(
    (plan: PlanDetail) => navigate(planDetailPath(accountId, merchantId, plan.planId)),
    [navigate, accountId, merchantId],
  );
  const rowMenu = useCallback(
    (plan: PlanDetail): RowMenuItem[] => [
      ...(canOpen ? [{ id: 'view-detail', label: 'View detail', onSelect: () => openPlan(plan) }] : []),
      ...(canEdit && canOpen
        ? [{ id: 'edit', label: 'Edit', onSelect: () => navigate(editPlanPath(accountId, merchantId, plan.planId)) }]
        : []),
    ],
    [canOpen, canEdit, openPlan, navigate, accountId, merchantId],
  );

  if (!accountId || !merchantId) return null;
  return (
    <div className="screen">
      <PageHeader
        title="Plans"
        subtitle={merchant?.prettyName}
        actions={
          canCreate ? (
            <Tooltip content="New plan" keys="n">
              <Button variant="primary" onClick={() => navigate(newPlanPath(accountId, merchantId))}>
                New Plan
              </Button>
            </Tooltip>
          ) : null
        }
      />
      <SubscriptionsTabs accountId={accountId} merchantId={merchantId} selected="plans">
        <DataTable
          label="Plans"
          queryKey={planListQueryKey(merchantId)}
          fetchPage={fetchPage}
          columns={PLAN_COLUMNS}
          filters={PLAN_FILTERS}
          queryKeys={PLAN_QUERY_KEYS}
          getRowId={(plan) => plan.planId}
          rowLabel={(plan) => plan.description}
          onOpenRow={canOpen ? openPlan : undefined}
          rowMenu={rowMenu}
          defaultOrder={PLAN_DEFAULT_ORDER}
          searchPlaceholder="Search by plan name or ID"
          rowHeight={56}
        />
      </SubscriptionsTabs>
    </div>
  );
}
