import type { TableSearchTypes } from '@console/table/table-search';
import type { FilterDefinition, FilterOption } from '@console/table/types';
import { RISK_SCORE_INPUT_MAX, validateRiskScoreRange } from '@domain/contract/transactions';
import { countryOptions } from '@domain/countries';
import { currencyOptions } from '@domain/currencies';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  RECURRENCE_TYPE_LABELS,
  RECURRENCE_TYPES,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPE_LABELS,
  TRANSACTION_TYPES,
} from '@domain/enums';

// The filters of the transactions list (spec 3, section 2.1). Ids are the list call's query names, so the address,
// the list call and the export all use the same words.

/** Search by ID (the transaction id by prefix, or the provider's id) or by text (order reference or e-mail). */
export const TRANSACTION_SEARCH_TYPES: TableSearchTypes = {
  param: 'searchType',
  options: [
    { value: 'ID', label: 'ID', placeholder: 'Search by transaction ID' },
    { value: 'TEXT', label: 'Text', placeholder: 'Search by order reference or e-mail' },
  ],
};

const multi = (id: string, label: string, options: readonly FilterOption[]): FilterDefinition => ({
  id,
  label,
  multiple: true,
  options,
});

export const RISK_SCORE_FILTER: FilterDefinition = {
  kind: 'range',
  id: 'riskScore',
  label: 'Risk score',
  maxLength: RISK_SCORE_INPUT_MAX,
  digitsOnly: true,
  validate: validateRiskScoreRange,
};

export const CREATION_DATE_FILTER: FilterDefinition = {
  kind: 'dateRange',
  id: 'creationDate',
  label: 'Creation date',
  fromParam: 'creationDateFrom',
  toParam: 'creationDateTo',
};

const STATUS_FILTER = multi(
  'status',
  'Status',
  TRANSACTION_STATUSES.map((status) => ({ value: status, label: TRANSACTION_STATUS_LABELS[status] })),
);
const TYPE_FILTER = multi(
  'transactionType',
  'Transaction type',
  TRANSACTION_TYPES.map((type) => ({ value: type, label: TRANSACTION_TYPE_LABELS[type] })),
);
const CATEGORY_FILTER = multi(
  'category',
  'Category',
  RECURRENCE_TYPES.map((type) => ({ value: type, label: RECURRENCE_TYPE_LABELS[type] })),
);
/** Not among the spec's filters: issue 26's `currency:eur` needs one, and payments people split by currency first. */
const CURRENCY_FILTER = multi('currency', 'Currency', currencyOptions());
const PAYMENT_METHOD_FILTER = multi(
  'paymentMethod',
  'Payment method',
  PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] })),
);

export interface TransactionFilterOptions {
  urls: readonly string[];
  paymentGateways: readonly string[];
  /** Null at merchant level, where the list is one merchant's. */
  merchants: readonly FilterOption[] | null;
  routes: readonly FilterOption[];
  mids: readonly FilterOption[];
  /** Filter ids with a value in the address. */
  applied: ReadonlySet<string>;
}

/**
 * The filters in the spec's order. A pick list with nothing to pick (no URLs yet, no routes readable) is left out
 * rather than shown empty, unless the address already applies it: then it stays, so a shared link filters from its
 * first call instead of once the options arrive.
 */
export function transactionFilters(options: TransactionFilterOptions): FilterDefinition[] {
  const optional = (filter: FilterDefinition, count: number) =>
    count > 0 || options.applied.has(filter.id) ? [filter] : [];
  return [
    multi('issuerCountry', 'Issuer country', countryOptions()),
    STATUS_FILTER,
    TYPE_FILTER,
    CATEGORY_FILTER,
    CURRENCY_FILTER,
    ...optional(
      multi(
        'url',
        'URL',
        options.urls.map((url) => ({ value: url, label: url })),
      ),
      options.urls.length,
    ),
    ...optional(
      multi(
        'paymentGateway',
        'Payment gateway',
        options.paymentGateways.map((name) => ({ value: name, label: name })),
      ),
      options.paymentGateways.length,
    ),
    PAYMENT_METHOD_FILTER,
    CREATION_DATE_FILTER,
    ...(options.merchants
      ? optional(multi('merchantId', 'Merchant', options.merchants), options.merchants.length)
      : []),
    ...optional(multi('routeId', 'Route', options.routes), options.routes.length),
    ...optional(multi('midId', 'MID', options.mids), options.mids.length),
    RISK_SCORE_FILTER,
  ];
}
