import type { TableSearchTypes } from '@console/table/table-search';
import type { FilterDefinition, FilterOption } from '@console/table/types';
import { countryOptions } from '@domain/countries';
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUSES } from '@domain/enums';

// The subscriptions list's search and filters (spec 3, sections 2.10 and 7) in the spec's order: Status, Country,
// Plan, Attempt Date. Ids are the list call's query names, so the address, the list call and the export use the same
// words; the date range keeps one value in the address and sends lastAttemptDateFrom and lastAttemptDateTo.

/** 'Search by ID or Text': the subscription id by prefix (the default), or also the customer's e-mail. */
export const SUBSCRIPTION_SEARCH_TYPES: TableSearchTypes = {
  param: 'searchType',
  options: [
    { value: 'ID', label: 'ID', placeholder: 'Search by Subscription ID' },
    { value: 'TEXT', label: 'Text', placeholder: 'Search by e-mail or Subscription ID' },
  ],
};

const multi = (id: string, label: string, options: readonly FilterOption[]): FilterDefinition => ({
  id,
  label,
  multiple: true,
  options,
});

/** FULFILLED is displayed as active (spec 3, section 2.10), so the filter offers it under that name only once. */
export const STATUS_FILTER = multi(
  'status',
  'Status',
  SUBSCRIPTION_STATUSES.filter((status) => status !== 'FULFILLED').map((status) => ({
    value: status,
    label: SUBSCRIPTION_STATUS_LABELS[status],
  })),
);
export const COUNTRY_FILTER = multi('country', 'Country', countryOptions());
export const ATTEMPT_DATE_FILTER: FilterDefinition = {
  kind: 'dateRange',
  id: 'lastAttemptDate',
  label: 'Attempt Date',
  fromParam: 'lastAttemptDateFrom',
  toParam: 'lastAttemptDateTo',
};

/** Every filter; the plan filter lists the merchant's plans by name. */
export function subscriptionFilters(plans: readonly FilterOption[]): FilterDefinition[] {
  return [STATUS_FILTER, COUNTRY_FILTER, multi('planId', 'Plan', plans), ATTEMPT_DATE_FILTER];
}
