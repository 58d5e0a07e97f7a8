import type { FilterDefinition } from '@console/table/types';

// The plans list's one filter (spec 3, sections 2.11 and 7): 'Last changes', a date range sent as modifiedDateFrom
// and modifiedDateTo.
export const LAST_CHANGES_FILTER: FilterDefinition = {
  kind: 'dateRange',
  id: 'modifiedDate',
  label: 'Last changes',
  fromParam: 'modifiedDateFrom',
  toParam: 'modifiedDateTo',
};
export const PLAN_FILTERS: readonly FilterDefinition[] = [LAST_CHANGES_FILTER];
