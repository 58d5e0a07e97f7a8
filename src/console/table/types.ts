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
  align?: 'start' | 'end';
}

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterDefinition {
  /** The query parameter name, in the console's address and in the API call. */
  id: string;
  label: string;
  options: readonly FilterOption[];
  /** Several values at once; sent to the API as a bracketed array (status[]=A&status[]=B). */
  multiple?: boolean;
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
