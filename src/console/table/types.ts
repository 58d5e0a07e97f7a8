import type { MenuItem } from '@console/ui/menu';
import type { ListResponse } from '@domain/contract/common';
import type { ReactNode } from 'react';
import type { TableState } from './table-state';

/** One column of the data table. Define columns once (module scope or useMemo): a new array re-renders every row. */
export interface DataColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The server's field name for `order`; without it the column does not sort. */
  sortField?: string;
  /** A CSS grid track; 'minmax(120px, 1fr)' when absent. */
  width?: string;
  /** A tooltip beside the header, behind an info button (keyboard users reach it with Tab). */
  headerHint?: string;
  align?: 'start' | 'end';
}

export interface FilterOption {
  value: string;
  label: string;
}

/** A dropdown of fixed options. */
export interface SelectFilterDefinition {
  kind?: 'select';
  /** The query parameter name, in the console's address and in the API call. */
  id: string;
  label: string;
  options: readonly FilterOption[];
  /** Several values at once; sent to the API as a bracketed array (status[]=A&status[]=B). */
  multiple?: boolean;
}

/**
 * Date presets, a custom range or a single day (spec 1, section 9). The address keeps one value under `id`; the API
 * receives the start of the first day and the end of the last as fromParam and toParam.
 */
export interface DateRangeFilterDefinition {
  kind: 'dateRange';
  id: string;
  label: string;
  fromParam: string;
  toParam: string;
}

/** What a range filter's check says about the two inputs as typed; no message at all means the range is valid. */
export interface RangeFilterErrors {
  from?: string;
  to?: string;
  /** Shown under both inputs whenever either is wrong. */
  summary?: string;
}

/**
 * Two inputs, From and To (the risk-score filter of spec 3, section 2.1). The address keeps both values under `id`
 * (riskScore=10&riskScore=90) and the API receives them as a bracketed pair (riskScore[]=10&riskScore[]=90). The
 * screen's `validate` decides what is acceptable and words the messages; a range it refuses is never sent.
 */
export interface RangeFilterDefinition {
  kind: 'range';
  id: string;
  label: string;
  /** Messages for the inputs as typed; both empty is no filter and must give none. */
  validate: (from: string, to: string) => RangeFilterErrors;
  /** Characters each input takes. */
  maxLength?: number;
  /** Keeps digits only, as typed or pasted. */
  digitsOnly?: boolean;
}

export type FilterDefinition = SelectFilterDefinition | DateRangeFilterDefinition | RangeFilterDefinition;

/** The flat list query of the server convention: page, limit, order, search and the filters. */
export type ListQueryParams = Record<string, string | number | string[]>;

export type FetchPage<T> = (query: ListQueryParams, signal: AbortSignal) => Promise<ListResponse<T>>;

/** What toolbar actions (an export button, bulk actions) can read. */
export interface ToolbarContext<T> {
  state: TableState;
  query: ListQueryParams;
  selectedRows: readonly T[];
  total: number;
}

export type RowMenuItem = MenuItem;

/**
 * The table's Export button and command (spec 1, section 4): GET <path>?<current filters, search and order>&timeZone
 * &forceEmailExport through the one export flow. Without the permission there is neither button nor command.
 */
export interface TableExport {
  /** The list's export path, e.g. '/account/{accountId}/useractivity/export'. */
  path: string;
  base?: 'api' | 'activity';
  /** The default file name's data part when the answer names none ('user-activity'). */
  fileLabel: string;
  permission?: string;
}
