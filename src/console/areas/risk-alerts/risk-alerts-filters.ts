import type { TableSearchTypes } from '@console/table/table-search';
import type { FilterDefinition, FilterOption } from '@console/table/types';
import { ALERT_CARD_BRANDS, ALERT_STATUSES, ALERT_TYPES } from '@domain/enums';
import {
  ALERT_CARD_BRAND_LABELS,
  ALERT_STATUS_LABELS,
  ALERT_TYPE_LABELS,
  RISK_ALERT_SEARCH_PLACEHOLDER,
} from '@domain/risk-alerts';

// The risk alerts list's filters (spec 3, sections 2.9 and 7) in the spec's order. Ids are the list call's query
// names, so the address, the list call and the export use the same words; the date ranges keep one value in the
// address and send their From and To.

/**
 * By ID (the default: the transaction id, CAID or MID id, by prefix) with the spec's placeholder, or by text, which
 * also finds the descriptor.
 */
export const RISK_ALERT_SEARCH_TYPES: TableSearchTypes = {
  param: 'searchType',
  options: [
    { value: 'ID', label: 'ID', placeholder: RISK_ALERT_SEARCH_PLACEHOLDER },
    { value: 'TEXT', label: 'Text', placeholder: 'Search by descriptor, Transaction ID, CAID or MID ID' },
  ],
};

const multi = (id: string, label: string, options: readonly FilterOption[]): FilterDefinition => ({
  id,
  label,
  multiple: true,
  options,
});

export const TYPE_FILTER = multi(
  'type',
  'Type',
  ALERT_TYPES.map((type) => ({ value: type, label: ALERT_TYPE_LABELS[type] })),
);
export const STATUS_FILTER = multi(
  'status',
  'Status',
  ALERT_STATUSES.map((status) => ({ value: status, label: ALERT_STATUS_LABELS[status] })),
);
/** paymentMethod in the call: the card brand, VISA or MC. */
export const CARD_BRAND_FILTER = multi(
  'paymentMethod',
  'Card brand',
  ALERT_CARD_BRANDS.map((brand) => ({ value: brand, label: ALERT_CARD_BRAND_LABELS[brand] })),
);
export const CREATION_DATE_FILTER: FilterDefinition = {
  kind: 'dateRange',
  id: 'creationDate',
  label: 'Creation Date',
  fromParam: 'creationDateFrom',
  toParam: 'creationDateTo',
};
/** The alert's last status change. */
export const LAST_CHANGES_FILTER: FilterDefinition = {
  kind: 'dateRange',
  id: 'lastUpdateDate',
  label: 'Last Changes',
  fromParam: 'lastUpdateDateFrom',
  toParam: 'lastUpdateDateTo',
};

export const RISK_ALERT_FILTERS: readonly FilterDefinition[] = [
  TYPE_FILTER,
  STATUS_FILTER,
  CARD_BRAND_FILTER,
  CREATION_DATE_FILTER,
  LAST_CHANGES_FILTER,
];
