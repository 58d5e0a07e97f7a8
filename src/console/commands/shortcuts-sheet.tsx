import { Kbd } from '@console/ui/kbd';
import { Modal } from '@console/ui/modal';
import { GLOBAL_COMMAND_IDS } from './global-commands';
import { QueryKeysSection } from './query-keys-section';
import { useCommands, useScreenQueryKeys } from './registry';
import type { Command, CommandGroup } from './types';

// The shortcuts sheet ('?'): the keys of every registered command, read from the registry, so it can never disagree
// with the hotkeys. A command is registered while the screen that performs it is mounted, so table keys appear while a
// table is on screen. `when` is not consulted: it describes the moment (is a row active, is focus on a button), and
// the sheet itself takes focus, which would hide the table's Enter. The list on screen adds what its search box takes.

interface Row {
  id: string;
  title: string;
  keys: readonly string[];
}

/** Keys that work everywhere; listed first whatever is registered. */
const ALWAYS: readonly Row[] = [
  { id: 'always.palette', title: 'Open or close the command palette', keys: ['mod+k'] },
  { id: 'always.shortcuts', title: 'Show keyboard shortcuts', keys: ['shift+slash'] },
  { id: 'always.escape', title: 'Close the top-most dialog or menu', keys: ['escape'] },
  { id: 'always.go', title: 'Go to a section: g, then the letter shown below', keys: ['g'] },
];

/** Listed in the Always section already. */
const IN_ALWAYS = new Set<string>([GLOBAL_COMMAND_IDS.togglePalette, GLOBAL_COMMAND_IDS.shortcuts]);

const GROUP_ORDER: readonly CommandGroup[] = [
  'Go to',
  'Navigation',
  'Table',
  'Actions',
  'Accounts',
  'Merchants',
  'Session',
  'Help',
];

function sections(commands: readonly Command[]): { heading: string; rows: Row[] }[] {
  const byGroup = new Map<CommandGroup, Row[]>();
  for (const command of commands) {
    if (!command.keys?.length || IN_ALWAYS.has(command.id)) continue;
    const rows = byGroup.get(command.group) ?? [];
    rows.push({ id: command.id, title: command.title, keys: command.keys });
    byGroup.set(command.group, rows);
  }
  return GROUP_ORDER.filter((group) => byGroup.has(group)).map((group) => ({
    heading: group,
    rows: byGroup.get(group)!,
  }));
}

function ShortcutRows({ heading, rows }: { heading: string; rows: readonly Row[] }) {
  return (
    <section className="shortcuts-sheet__section" aria-label={heading}>
      <h3 className="shortcuts-sheet__heading">{heading}</h3>
      <ul className="bare-list">
        {rows.map((row) => (
          <li key={row.id} className="shortcuts-sheet__row">
            <span>{row.title}</span>
            <span className="shortcuts-sheet__keys">
              {row.keys.map((keys) => (
                <Kbd key={keys} keys={keys} />
              ))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface ShortcutsSheetProps {
  open: boolean;
  onClose: () => void;
}

export function ShortcutsSheet({ open, onClose }: ShortcutsSheetProps) {
  const commands = useCommands();
  const queryKeys = useScreenQueryKeys();
  return (
    // The keys' table needs room for a value list beside its examples.
    <Modal open={open} onClose={onClose} title="Keyboard shortcuts" width={queryKeys ? 720 : 560}>
      <ShortcutRows heading="Always" rows={ALWAYS} />
      {sections(open ? commands : []).map((section) => (
        <ShortcutRows key={section.heading} heading={section.heading} rows={section.rows} />
      ))}
      {open && queryKeys ? <QueryKeysSection registry={queryKeys} /> : null}
    </Modal>
  );
}
