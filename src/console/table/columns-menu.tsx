import { useRegisterCommands } from '@console/commands/registry';
import { Button } from '@console/ui/button';
import { ChevronDownIcon } from '@console/ui/icons';
import { Menu, type MenuHandle, type MenuItem } from '@console/ui/menu';
import { useRef } from 'react';
import type { DataColumn } from './types';

// Column choice (issue 26: a saved view keeps its columns). The address holds the ids the user chose to see
// (`columns=a,b`), in the list's order; without it, or when none of its ids is a column any more (a renamed column), the
// list shows its own columns. The first column names the row and is always shown.

export const CHOOSE_COLUMNS_COMMAND_ID = 'table.choose-columns';

/** The columns to show for a choice, in the list's order. */
export function shownColumns<T>(
  columns: readonly DataColumn<T>[],
  chosen: readonly string[] | undefined,
): readonly DataColumn<T>[] {
  if (!chosen) return columns;
  const wanted = new Set(chosen);
  if (!columns.some((column) => wanted.has(column.id))) return columns;
  return columns.filter((column, index) => index === 0 || wanted.has(column.id));
}

/** The choice after toggling one column: undefined once every column is shown again (a plain address). */
export function toggledColumns<T>(
  columns: readonly DataColumn<T>[],
  shown: readonly DataColumn<T>[],
  id: string,
): readonly string[] | undefined {
  const visible = new Set(shown.map((column) => column.id));
  if (visible.has(id)) visible.delete(id);
  else visible.add(id);
  const next = columns.filter((column, index) => index === 0 || visible.has(column.id)).map((column) => column.id);
  return next.length === columns.length ? undefined : next;
}

export interface ColumnsMenuProps<T> {
  tableLabel: string;
  columns: readonly DataColumn<T>[];
  shown: readonly DataColumn<T>[];
  onChange: (columns: readonly string[] | undefined) => void;
}

export function ColumnsMenu<T>({ tableLabel, columns, shown, onChange }: ColumnsMenuProps<T>) {
  const menuRef = useRef<MenuHandle>(null);
  // Keyboard users reach it from the palette too, as they reach 'Save view…'.
  useRegisterCommands(
    [
      {
        id: CHOOSE_COLUMNS_COMMAND_ID,
        title: 'Choose columns…',
        group: 'Table',
        scope: 'page',
        keywords: ['columns', 'hide column', 'show column'],
        run: () => menuRef.current?.open(),
      },
    ],
    [],
  );
  const hidden = columns.length - shown.length;
  const items: MenuItem[] = columns.map((column, index) => ({
    id: `column-${column.id}`,
    label: index === 0 ? `${column.header} (always shown)` : column.header,
    checked: shown.includes(column),
    disabled: index === 0,
    onSelect: () => onChange(toggledColumns(columns, shown, column.id)),
  }));
  items.push({
    id: 'all-columns',
    label: 'Show all columns',
    disabled: hidden === 0,
    separatorBefore: true,
    onSelect: () => onChange(undefined),
  });
  return (
    <Menu
      ref={menuRef}
      label={`Columns of ${tableLabel}`}
      items={items}
      trigger={
        <Button size="sm" variant={hidden > 0 ? 'secondary' : 'ghost'} icon={<ChevronDownIcon />}>
          {hidden > 0 ? `Columns (${hidden} hidden)` : 'Columns'}
        </Button>
      }
    />
  );
}
