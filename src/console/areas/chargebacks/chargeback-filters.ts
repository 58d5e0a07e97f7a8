import type { FilterDefinition, FilterOption, TableSearchFlag } from '@console/table/types';
import { agentOptions, chargebackReasonOptions, chargebackStatusOptions, fraudTypeOptions } from '@domain/chargebacks';
import type { Agent } from '@domain/contract/chargebacks';
import { DISPUTE_OPERATION_LABELS, DISPUTE_OPERATIONS } from '@domain/enums';
import { EXACT_MATCHES_LABEL, HIDE_EXPIRED_LABEL } from './chargeback-labels';

// The queue's filters (spec 3, sections 2.3 and 7) in the spec's order. Ids are the list call's query names, so the
// address, the list call and the export use the same words; the date ranges keep one value in the address and send
// their From and To.

const multi = (id: string, label: string, options: readonly FilterOption[]): FilterDefinition => ({
  id,
  label,
  multiple: true,
  options,
});

export const STATUS_FILTER = multi('status', 'Status', chargebackStatusOptions);
export const OPERATION_FILTER = multi(
  'operation',
  'Type',
  DISPUTE_OPERATIONS.map((operation) => ({ value: operation, label: DISPUTE_OPERATION_LABELS[operation] })),
);
export const NOTIFICATION_DATE_FILTER: FilterDefinition = {
  kind: 'dateRange',
  id: 'notificationDate',
  label: 'Notification date',
  fromParam: 'notificationDateFrom',
  toParam: 'notificationDateTo',
};
export const EXPIRATION_DATE_FILTER: FilterDefinition = {
  kind: 'dateRange',
  id: 'expirationDate',
  label: 'Expiration date',
  fromParam: 'expirationDateFrom',
  toParam: 'expirationDateTo',
};
export const REASON_FILTER = multi('reason', 'Reason', chargebackReasonOptions);
export const FRAUD_TYPE_FILTER = multi('fraudType', 'Fraud type', fraudTypeOptions);
export const HIDE_EXPIRED_FILTER: FilterDefinition = { kind: 'checkbox', id: 'hideExpired', label: HIDE_EXPIRED_LABEL };

/** 'Exact matches': the search must equal a whole value instead of containing it. */
export const EXACT_MATCH_FLAG: TableSearchFlag = { param: 'exactMatch', label: EXACT_MATCHES_LABEL };
export const SEARCH_FLAGS: readonly TableSearchFlag[] = [EXACT_MATCH_FLAG];

/** Every filter; the agent filter lists the account's agents, then Others and Unassigned. */
export function chargebackFilters(agents: readonly Agent[]): FilterDefinition[] {
  return [
    STATUS_FILTER,
    OPERATION_FILTER,
    multi('agentId', 'Agent', agentOptions(agents)),
    NOTIFICATION_DATE_FILTER,
    EXPIRATION_DATE_FILTER,
    REASON_FILTER,
    FRAUD_TYPE_FILTER,
    HIDE_EXPIRED_FILTER,
  ];
}
