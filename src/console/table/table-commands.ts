import { useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';

export interface TableCommandHandlers {
  moveActive: (step: 1 | -1) => void;
  openActive: () => void;
  openActiveMenu: () => void;
  toggleActiveSelection: () => void;
  refresh: () => void;
  clearFilters: () => void;
  nextPage: () => void;
  previousPage: () => void;
  exportTable: () => void;
  /** Read when a key is pressed or the palette lists commands, so `when` sees the table as it is now. */
  status: () => {
    hasRows: boolean;
    hasActiveRow: boolean;
    activeRowHasMenu: boolean;
    selectable: boolean;
    narrowed: boolean;
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    exporting: boolean;
  };
}

/** The export command's keys; the Export button's tooltip shows the first. */
export const EXPORT_KEYS = ['shift+e'] as const;

/** Focus on a control of its own (a button, a link, a checkbox): Enter and Space belong to it, not to the table. */
function focusOnControl(): boolean {
  const element = typeof document === 'undefined' ? null : document.activeElement;
  if (!(element instanceof HTMLElement)) return false;
  return element.closest('button, a[href], input, select, textarea, [role="menuitem"], [contenteditable]') !== null;
}

export const TABLE_COMMAND_IDS = {
  nextRow: 'table.next-row',
  previousRow: 'table.previous-row',
  openRow: 'table.open-row',
  rowMenu: 'table.row-menu',
  toggleSelection: 'table.toggle-selection',
  refresh: 'table.refresh',
  clearFilters: 'table.clear-filters',
  nextPage: 'table.next-page',
  previousPage: 'table.previous-page',
  exportTable: 'table.export',
} as const;

/**
 * The table's keyboard and palette commands (group 'Table', scope 'table'). Registered once per mounted table; the
 * handlers object is read through a ref by the caller, so the commands never need re-registering.
 */
export function useTableCommands(
  handlers: { current: TableCommandHandlers },
  { exportable = false }: { exportable?: boolean } = {},
): void {
  useRegisterCommands(
    ((): Command[] => {
      const status = () => handlers.current.status();
      // Registered only for a table that exports, so the shortcuts sheet never lists a key that would do nothing.
      const exportCommand: Command[] = exportable
        ? [
            {
              id: TABLE_COMMAND_IDS.exportTable,
              title: 'Export table',
              group: 'Table',
              scope: 'table',
              keys: EXPORT_KEYS,
              keywords: ['export', 'download', 'csv', 'zip', 'file'],
              when: () => !status().exporting,
              run: () => handlers.current.exportTable(),
            },
          ]
        : [];
      return [
        {
          id: TABLE_COMMAND_IDS.nextRow,
          title: 'Next row',
          group: 'Table',
          scope: 'table',
          keys: ['j', 'down'],
          hiddenInPalette: true,
          when: () => status().hasRows,
          run: () => handlers.current.moveActive(1),
        },
        {
          id: TABLE_COMMAND_IDS.previousRow,
          title: 'Previous row',
          group: 'Table',
          scope: 'table',
          keys: ['k', 'up'],
          hiddenInPalette: true,
          when: () => status().hasRows,
          run: () => handlers.current.moveActive(-1),
        },
        {
          id: TABLE_COMMAND_IDS.openRow,
          title: 'Open row',
          group: 'Table',
          scope: 'table',
          keys: ['enter'],
          hiddenInPalette: true,
          when: () => status().hasActiveRow && !focusOnControl(),
          run: () => handlers.current.openActive(),
        },
        {
          id: TABLE_COMMAND_IDS.rowMenu,
          title: 'Open row menu',
          group: 'Table',
          scope: 'table',
          keys: ['period'],
          hiddenInPalette: true,
          when: () => status().activeRowHasMenu,
          run: () => handlers.current.openActiveMenu(),
        },
        {
          id: TABLE_COMMAND_IDS.toggleSelection,
          title: 'Select row',
          group: 'Table',
          scope: 'table',
          keys: ['x'],
          hiddenInPalette: true,
          when: () => status().selectable && status().hasActiveRow,
          run: () => handlers.current.toggleActiveSelection(),
        },
        {
          id: TABLE_COMMAND_IDS.refresh,
          title: 'Refresh table',
          group: 'Table',
          scope: 'table',
          keys: ['shift+r'],
          keywords: ['reload', 'update'],
          run: () => handlers.current.refresh(),
        },
        {
          id: TABLE_COMMAND_IDS.clearFilters,
          title: 'Clear filters',
          group: 'Table',
          scope: 'table',
          keywords: ['reset', 'search'],
          when: () => status().narrowed,
          run: () => handlers.current.clearFilters(),
        },
        {
          id: TABLE_COMMAND_IDS.nextPage,
          title: 'Next page',
          group: 'Table',
          scope: 'table',
          keys: ['bracketright'],
          when: () => status().hasNextPage,
          run: () => handlers.current.nextPage(),
        },
        {
          id: TABLE_COMMAND_IDS.previousPage,
          title: 'Previous page',
          group: 'Table',
          scope: 'table',
          keys: ['bracketleft'],
          when: () => status().hasPreviousPage,
          run: () => handlers.current.previousPage(),
        },
        ...exportCommand,
      ];
    })(),
    [handlers, exportable],
  );
}
