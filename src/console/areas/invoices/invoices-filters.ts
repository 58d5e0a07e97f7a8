import type { FilterDefinition } from '@console/table/types';
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES } from '@domain/invoices';

// The list's search and filters (spec 3, sections 2.12 and 7): the number by text, Status (several at once, sent as
// status[]) and Time period, whose days go as timePeriodFrom and timePeriodTo ('YYYY-MM-DD': an invoice's period is
// made of days, not moments; the server lists invoices whose period overlaps them).

export const INVOICE_SEARCH_PLACEHOLDER = 'Search by invoice number';

export const INVOICE_STATUS_FILTER: FilterDefinition = {
  id: 'status',
  label: 'Status',
  multiple: true,
  options: INVOICE_STATUSES.map((status) => ({ value: status, label: INVOICE_STATUS_LABELS[status] })),
};

export const INVOICE_PERIOD_FILTER: FilterDefinition = {
  kind: 'dateRange',
  id: 'timePeriod',
  label: 'Time period',
  fromParam: 'timePeriodFrom',
  toParam: 'timePeriodTo',
  sendAs: 'days',
};

export const INVOICE_FILTERS: readonly FilterDefinition[] = [INVOICE_STATUS_FILTER, INVOICE_PERIOD_FILTER];
