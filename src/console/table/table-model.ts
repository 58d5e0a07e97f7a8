import { type ReactTable, type Row, type RowData, rowSelectionFeature, tableFeatures } from '@tanstack/react-table';

// The data table's row model (TanStack Table): rows with selection, shared by the table and the parts it draws.

export const tableModelFeatures = tableFeatures({ rowSelectionFeature });
export type TableModel<T extends RowData> = ReactTable<typeof tableModelFeatures, T>;
export type TableModelRow<T extends RowData> = Row<typeof tableModelFeatures, T>;

/** The header row's height: the virtual rows start below it, and scrolling keeps rows clear of it. */
export const HEADER_HEIGHT = 36;
