import type { DataColumn } from '@console/table/types';
import type { PlanDetail } from '@domain/contract/plans';
import { formatDateTime } from '@domain/format';
import { billingCycleLabel } from '@domain/plans';
import { PlanAmounts } from './plan-amounts';

// The plans list's columns (spec 3, section 2.11): Plan, Plan ID, Billing cycle, Amount, Last changes.
export const PLAN_COLUMNS: DataColumn<PlanDetail>[] = [
  {
    id: 'description',
    header: 'Plan',
    sortField: 'description',
    width: 'minmax(170px, 1.3fr)',
    cell: (plan) => plan.description,
  },
  {
    id: 'planId',
    header: 'Plan ID',
    width: 'minmax(110px, 0.8fr)',
    cell: (plan) => <span className="mono">{plan.planId}</span>,
  },
  {
    id: 'billingCycle',
    header: 'Billing cycle',
    width: 'minmax(200px, 1.2fr)',
    cell: (plan) => billingCycleLabel(plan),
  },
  {
    id: 'amount',
    header: 'Amount',
    width: 'minmax(220px, 1.4fr)',
    cell: (plan) => <PlanAmounts settings={plan.amountSettings} />,
  },
  {
    id: 'modifiedDate',
    header: 'Last changes',
    sortField: 'modifiedDate',
    width: 'minmax(140px, 0.9fr)',
    cell: (plan) => formatDateTime(plan.modifiedDate),
  },
];
