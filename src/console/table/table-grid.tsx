// biome-ignore-all lint/a11y/useSemanticElements: virtualised rows are absolutely placed divs; native table elements lose their semantics under that layout, so the ARIA grid roles carry them instead
// biome-ignore-all lint/a11y/useFocusableInteractive: the grid holds focus and points at the active row with aria-activedescendant (the ARIA grid pattern), so rows and cells are not tab stops
// biome-ignore-all lint/a11y/useKeyWithClickEvents: rows open with Enter through the table's registered command; cell clicks only stop the row from opening
import { IconButton } from '@console/ui/button';
import { InfoIcon, MoreIcon } from '@console/ui/icons';
import { Menu, type MenuHandle } from '@console/ui/menu';
import { Tooltip } from '@console/ui/tooltip';
import type { RowData } from '@tanstack/react-table';
import type { Virtualizer } from '@tanstack/react-virtual';
import type { RefObject } from 'react';
import type { TableModel, TableModelRow } from './table-model';
import { nextSort, sortDirectionOf, type TableState, withSort } from './table-state';
import type { DataColumn, RowMenuItem } from './types';

// What the grid draws: the header row (sorting, hints, select all) and the rows of the page, virtualised: only the
// rows in view and an overscan are mounted, whatever the page size.

const cellClass = (align: DataColumn<unknown>['align']) =>
  `data-table__cell${align === 'end' ? ' data-table__cell--end' : ''}`;

export interface TableHeadRowProps<T extends RowData> {
  table: TableModel<T>;
  columnById: ReadonlyMap<string, DataColumn<T>>;
  state: TableState;
  setState: (update: (current: TableState) => TableState) => void;
  selectable: boolean;
  hasMenuColumn: boolean;
  hasRows: boolean;
}

export function TableHeadRow<T extends RowData>({
  table,
  columnById,
  state,
  setState,
  selectable,
  hasMenuColumn,
  hasRows,
}: TableHeadRowProps<T>) {
  return (
    <div className="data-table__head" role="rowgroup">
      <div className="data-table__row data-table__row--head" role="row" aria-rowindex={1}>
        {selectable ? (
          <div role="columnheader" className="data-table__cell data-table__cell--select">
            <input
              type="checkbox"
              aria-label="Select all rows on this page"
              checked={table.getIsAllPageRowsSelected()}
              ref={(node) => {
                if (node) node.indeterminate = table.getIsSomePageRowsSelected();
              }}
              onChange={(event) => table.toggleAllPageRowsSelected(event.target.checked)}
              disabled={!hasRows}
            />
          </div>
        ) : null}
        {table.getHeaderGroups()[0]?.headers.map((header) => {
          const column = columnById.get(header.column.id);
          const sortField = column?.sortField;
          const hint = column?.headerHint ? (
            <Tooltip content={column.headerHint}>
              <button type="button" className="data-table__hint" aria-label={`About ${column.header}`}>
                <InfoIcon />
              </button>
            </Tooltip>
          ) : null;
          const direction = sortField ? sortDirectionOf(state, sortField) : null;
          return (
            <div
              key={header.id}
              role="columnheader"
              className={cellClass(column?.align)}
              aria-sort={
                sortField
                  ? direction === 'asc'
                    ? 'ascending'
                    : direction === 'desc'
                      ? 'descending'
                      : 'none'
                  : undefined
              }
            >
              {sortField ? (
                <button
                  type="button"
                  className="data-table__sort"
                  onClick={() => setState((current) => withSort(current, nextSort(current.sort, sortField)))}
                >
                  <table.FlexRender header={header} />
                  <span className="data-table__sort-mark" aria-hidden="true">
                    {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                  </span>
                </button>
              ) : (
                <table.FlexRender header={header} />
              )}
              {hint}
            </div>
          );
        })}
        {hasMenuColumn ? (
          <div role="columnheader" className="data-table__cell data-table__cell--menu">
            <span className="visually-hidden">Actions</span>
          </div>
        ) : null}
      </div>
    </div>
  );
}

export interface VirtualRowsProps<T extends RowData> {
  table: TableModel<T>;
  tableRows: readonly TableModelRow<T>[];
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  columnById: ReadonlyMap<string, DataColumn<T>>;
  tableId: string;
  activeRowId: string | null;
  /** The active row's menu, for `.`. */
  activeMenuRef: RefObject<MenuHandle | null>;
  rowHeight: number;
  /** The page's first record's index in the list: rows without a label are named by their place in it. */
  firstRecordIndex: number;
  selectable: boolean;
  hasMenuColumn: boolean;
  rowLabel: ((row: T) => string) | undefined;
  menuItemsOf: (row: T) => readonly RowMenuItem[];
  activate: (id: string, index: number) => void;
  onOpenRow: ((row: T) => void) | undefined;
}

export function VirtualRows<T extends RowData>({
  table,
  tableRows,
  virtualizer,
  columnById,
  tableId,
  activeRowId,
  activeMenuRef,
  rowHeight,
  firstRecordIndex,
  selectable,
  hasMenuColumn,
  rowLabel,
  menuItemsOf,
  activate,
  onOpenRow,
}: VirtualRowsProps<T>) {
  return (
    <div role="rowgroup">
      {virtualizer.getVirtualItems().map((item) => {
        const row = tableRows[item.index];
        if (!row) return null;
        const active = row.id === activeRowId;
        const selected = row.getIsSelected();
        const name = rowLabel ? rowLabel(row.original) : `row ${firstRecordIndex + item.index + 1}`;
        const menuItems = hasMenuColumn ? menuItemsOf(row.original) : [];
        return (
          <div
            key={row.id}
            id={`${tableId}-row-${row.id}`}
            role="row"
            aria-rowindex={item.index + 2}
            aria-selected={selectable ? selected : undefined}
            aria-current={active ? 'true' : undefined}
            data-active={active || undefined}
            className={`data-table__row${onOpenRow ? ' data-table__row--link' : ''}`}
            style={{ transform: `translateY(${item.start}px)`, height: rowHeight }}
            onClick={() => {
              activate(row.id, item.index);
              onOpenRow?.(row.original);
            }}
          >
            {selectable ? (
              <div
                role="gridcell"
                className="data-table__cell data-table__cell--select"
                onClick={(event) => event.stopPropagation()}
              >
                <input
                  type="checkbox"
                  aria-label={`Select ${name}`}
                  checked={selected}
                  onChange={(event) => row.toggleSelected(event.target.checked)}
                />
              </div>
            ) : null}
            {row.getAllCells().map((cell) => (
              <div key={cell.id} role="gridcell" className={cellClass(columnById.get(cell.column.id)?.align)}>
                <table.FlexRender cell={cell} />
              </div>
            ))}
            {hasMenuColumn ? (
              <div
                role="gridcell"
                className="data-table__cell data-table__cell--menu"
                onClick={(event) => event.stopPropagation()}
              >
                {menuItems.length > 0 ? (
                  <Menu
                    ref={active ? activeMenuRef : undefined}
                    label={`Actions for ${name}`}
                    items={menuItems}
                    trigger={
                      <IconButton aria-label={`Actions for ${name}`} keys="period" size="sm" icon={<MoreIcon />} />
                    }
                  />
                ) : null}
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
