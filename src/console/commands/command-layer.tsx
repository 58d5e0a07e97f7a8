import { useCallback, useRef, useState } from 'react';
import { useFocusScope } from './focus-scope';
import { useGlobalCommands } from './global-commands';
import { HotkeyEngine } from './hotkeys';
import { CommandPalette } from './palette';
import { ShortcutsSheet } from './shortcuts-sheet';
import type { PalettePage } from './types';

export interface CommandLayerProps {
  /** Opens the help-centre modal (owned by the shell); adds the 'Open help centre' command. */
  onOpenHelpCentre?: () => void;
}

/**
 * The keyboard layer of the signed-in shell: the hotkey engine, the palette, the shortcuts sheet and the shell's
 * commands. Needs <CommandRegistryProvider>, the session, the router and the current scope above it. It is also the
 * 'page' focus layer at the bottom of the stack, so page commands (g-keys, '/', '?') stop while a dialog is open.
 */
export function CommandLayer({ onOpenHelpCentre }: CommandLayerProps) {
  const [palette, setPalette] = useState<{ open: boolean; page: PalettePage }>({ open: false, page: 'root' });
  const [shortcutsOpen, setShortcutsOpen] = useState(false);

  useFocusScope('page');

  const togglePalette = useCallback(
    () => setPalette((current) => (current.open ? { ...current, open: false } : { open: true, page: 'root' })),
    [],
  );
  const openPalette = useCallback((page: PalettePage) => setPalette({ open: true, page }), []);
  const closePalette = useCallback(() => setPalette((current) => ({ ...current, open: false })), []);
  const setPalettePage = useCallback((page: PalettePage) => setPalette((current) => ({ ...current, page })), []);
  const openShortcuts = useCallback(() => setShortcutsOpen(true), []);
  const closeShortcuts = useCallback(() => setShortcutsOpen(false), []);

  // The shell may pass a new function on each render; the commands should not be re-registered for that.
  const helpCentreRef = useRef(onOpenHelpCentre);
  helpCentreRef.current = onOpenHelpCentre;
  const openHelpCentre = useCallback(() => helpCentreRef.current?.(), []);

  useGlobalCommands({
    togglePalette,
    openPalette,
    openShortcuts,
    openHelpCentre: onOpenHelpCentre ? openHelpCentre : undefined,
  });

  return (
    <>
      <HotkeyEngine />
      <CommandPalette open={palette.open} page={palette.page} onClose={closePalette} onPageChange={setPalettePage} />
      <ShortcutsSheet open={shortcutsOpen} onClose={closeShortcuts} />
    </>
  );
}
