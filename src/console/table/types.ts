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
  /** A tooltip beside the header, behind an info button (keyboard users reach it with Tab); text or a short list. */
  headerHint?: ReactNode;
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
  /**
   * What the API receives: the two instants (default), or the first and last calendar days as the user chose them
   * ('YYYY-MM-DD'), for lists whose dates are days rather than moments (an invoice's period).
   */
  sendAs?: 'instants' | 'days';
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

/**
 * One checkbox ('Hide expired'): checked keeps `id=true` in the address and sends it to the API; unchecked sends
 * nothing. It is a filter like the others: it counts in 'N filters applied' and Clear All unchecks it.
 */
export interface CheckboxFilterDefinition {
  kind: 'checkbox';
  id: string;
  label: string;
}

export type FilterDefinition =
  | SelectFilterDefinition
  | DateRangeFilterDefinition
  | RangeFilterDefinition
  | CheckboxFilterDefinition;

export function isCheckboxFilter(filter: FilterDefinition): filter is CheckboxFilterDefinition {
  return filter.kind === 'checkbox';
}

/** The value a checked checkbox filter or search flag keeps in the address and sends. */
export const CHECKED_VALUE = 'true';

/**
 * A checkbox beside the search box that changes how the search matches ('Exact matches'). Kept in the address under
 * `param` and sent as `param=true` only with a search; it is not a filter, so it neither counts as one nor narrows
 * the list by itself.
 */
export interface TableSearchFlag {
  param: string;
  label: string;
}

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
 * What a screen may do with its table from outside (keyboard triage, bulk actions): read the active row and the
 * selection as they are now, and move the active row. Read at call time, so commands never hold stale rows.
 */
export interface DataTableHandle<T> {
  /** The rows of the page on screen, in order. */
  rows: () => readonly T[];
  activeRow: () => T | undefined;
  /** The active row's element, to anchor a popover to; null when no row is active or it is not mounted. */
  activeRowElement: () => HTMLElement | null;
  selectedRows: () => readonly T[];
  /** Makes the row with this id active and scrolls it into view; false when it is not on this page. */
  setActiveRow: (id: string) => boolean;
  moveActive: (step: 1 | -1) => void;
  toggleActiveSelection: () => void;
  clearSelection: () => void;
  /** Gives the grid the keyboard focus again (after a popover closed), without scrolling. */
  focus: () => void;
  refresh: () => void;
}

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
  /**
   * The button and command wait for rows: disabled while the list loads (its first page, or the page of new filters)
   * and when it has none (spec 3, section 2.9, the risk alerts list).
   */
  needsRows?: boolean;
}
