import { useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';

// The Limits & Alerts tab's keys and palette entries, registered while the tab is mounted, so the `?` sheet lists them.
// The tree follows the WAI-ARIA tree pattern: Up and Down move between the rows shown, Right opens a row (or enters
// it), Left closes it (or goes to its parent), Home and End jump to the first and last row, Enter edits the row.
// These keys act only while a row itself has focus: in a field the arrows move the caret, as anywhere else.

export const LIMIT_COMMAND_IDS = {
  nextRow: 'limits.next-row',
  previousRow: 'limits.previous-row',
  expandRow: 'limits.expand-row',
  collapseRow: 'limits.collapse-row',
  firstRow: 'limits.first-row',
  lastRow: 'limits.last-row',
  editRow: 'limits.edit-row',
  saveChanges: 'limits.save-changes',
  cancelChanges: 'limits.cancel-changes',
} as const;

export interface LimitsTreeHandlers {
  /** Whether a row of the tree (not a field or button in it) has focus. */
  rowFocused: () => boolean;
  move: (step: 1 | -1) => void;
  jump: (to: 'first' | 'last') => void;
  expand: () => void;
  collapse: () => void;
  edit: () => void;
  /** Whether the box being edited (the one holding focus, else the last one used) has unsaved changes. */
  hasChanges: () => boolean;
  save: () => void;
  cancel: () => void;
}

/** Registers the tree's commands once; `handlers` is read through its ref when a key arrives. */
export function useLimitsTreeCommands(handlers: { current: LimitsTreeHandlers }): void {
  useRegisterCommands(
    ((): Command[] => {
      const onRow = () => handlers.current.rowFocused();
      const rowKey = (
        id: string,
        title: string,
        keys: string[],
        run: (current: LimitsTreeHandlers) => void,
      ): Command => ({
        id,
        title,
        group: 'Navigation',
        scope: 'page',
        keys,
        hiddenInPalette: true,
        when: onRow,
        run: () => run(handlers.current),
      });
      return [
        rowKey(LIMIT_COMMAND_IDS.nextRow, 'Next limit', ['down'], (tree) => tree.move(1)),
        rowKey(LIMIT_COMMAND_IDS.previousRow, 'Previous limit', ['up'], (tree) => tree.move(-1)),
        rowKey(LIMIT_COMMAND_IDS.expandRow, 'Open a limit’s card brands or descriptors', ['right'], (tree) =>
          tree.expand(),
        ),
        rowKey(LIMIT_COMMAND_IDS.collapseRow, 'Close a limit, or go to its parent', ['left'], (tree) =>
          tree.collapse(),
        ),
        rowKey(LIMIT_COMMAND_IDS.firstRow, 'First limit', ['home'], (tree) => tree.jump('first')),
        rowKey(LIMIT_COMMAND_IDS.lastRow, 'Last limit', ['end'], (tree) => tree.jump('last')),
        rowKey(LIMIT_COMMAND_IDS.editRow, 'Edit the limit', ['enter'], (tree) => tree.edit()),
        {
          id: LIMIT_COMMAND_IDS.saveChanges,
          title: 'Save limit changes',
          group: 'Actions',
          scope: 'page',
          keywords: ['limits', 'monthly', 'daily'],
          when: () => handlers.current.hasChanges(),
          run: () => handlers.current.save(),
        },
        {
          // Escape itself never reaches the hotkey engine (the focus-scope stack owns it, key-queue.ts): the box's
          // own key handler cancels, as an editor's form does. This entry lists the key in the `?` sheet and offers
          // the same action in the palette.
          id: LIMIT_COMMAND_IDS.cancelChanges,
          title: 'Cancel limit changes',
          group: 'Actions',
          scope: 'page',
          keys: ['escape'],
          keywords: ['limits', 'discard', 'restore'],
          when: () => handlers.current.hasChanges(),
          run: () => handlers.current.cancel(),
        },
      ];
    })(),
    [handlers],
  );
}
