import type { ScreenDefinition } from '@console/app/screen-types';
import { useAccountCommands } from '@console/areas/accounts/account-commands';
import { useInvoiceCommands } from '@console/areas/invoices/invoice-commands';
import { useListCommands } from '@console/areas/lists/list-commands';
import { useMerchantCommands } from '@console/areas/merchants/merchant-commands';
import { useCallback, useRef, useState } from 'react';
import { useConfigurationPaletteSources } from './configuration-sources';
import { useFocusScope } from './focus-scope';
import { useGlobalCommands } from './global-commands';
import { useHotkeyEngine } from './hotkeys';
import { CommandPalette } from './palette';
import { usePrefetchRecentRecords } from './recent-records';
import { ShortcutsSheet } from './shortcuts-sheet';
import { useSimulatorCommands } from './simulate-order-command';
import { useSubscriptionPaletteSources } from './subscription-sources';
import { useTargetCommands } from './target-commands';
import type { PalettePage } from './types';

export interface CommandLayerProps {
  /**
   * The screens the user may see, the same array while they stay the same: their `g` keys, the palette's navigation.
   * The app passes its list (app/app-command-layer.tsx), so commands never import the screens that register commands.
   */
  screens: readonly ScreenDefinition[];
  /** Opens the help-centre modal (owned by the shell); adds the 'Open help centre' command. */
  onOpenHelpCentre?: () => void;
}

interface PaletteState {
  open: boolean;
  page: PalettePage;
  /** On a picker step: the command that asked for the record. */
  commandId?: string | undefined;
}

/**
 * The keyboard layer of the signed-in shell: the hotkey engine, the palette, the shortcuts sheet and the shell's
 * commands. Needs <CommandRegistryProvider>, the session, the router and the current scope above it. It is also the
 * 'page' focus layer at the bottom of the stack, so page commands (g-keys, '/', '?') stop while a dialog is open.
 */
export function CommandLayer({ screens, onOpenHelpCentre }: CommandLayerProps) {
  const [palette, setPalette] = useState<PaletteState>({ open: false, page: 'root' });
  const [shortcutsOpen, setShortcutsOpen] = useState(false);

  useFocusScope('page');
  usePrefetchRecentRecords();

  const togglePalette = useCallback(
    () => setPalette((current) => (current.open ? { ...current, open: false } : { open: true, page: 'root' })),
    [],
  );
  const openPalette = useCallback((page: PalettePage) => setPalette({ open: true, page }), []);
  const closePalette = useCallback(() => setPalette((current) => ({ ...current, open: false })), []);
  const setPalettePage = useCallback(
    (page: PalettePage, commandId?: string) => setPalette((current) => ({ ...current, page, commandId })),
    [],
  );
  const openShortcuts = useCallback(() => setShortcutsOpen(true), []);
  const closeShortcuts = useCallback(() => setShortcutsOpen(false), []);

  // The shell may pass a new function on each render; the commands should not be re-registered for that.
  const helpCentreRef = useRef(onOpenHelpCentre);
  helpCentreRef.current = onOpenHelpCentre;
  const openHelpCentre = useCallback(() => helpCentreRef.current?.(), []);

  useGlobalCommands({
    screens,
    togglePalette,
    openPalette,
    openShortcuts,
    openHelpCentre: onOpenHelpCentre ? openHelpCentre : undefined,
  });
  useTargetCommands(screens);
  useMerchantCommands();
  useConfigurationPaletteSources();
  useSubscriptionPaletteSources();
  useAccountCommands();
  useListCommands();
  useSimulatorCommands();
  useInvoiceCommands();
  // After the shell's commands: keys typed while the console loaded are replayed with them registered.
  useHotkeyEngine();

  return (
    <>
      <CommandPalette
        screens={screens}
        open={palette.open}
        page={palette.page}
        commandId={palette.commandId}
        onClose={closePalette}
        onPageChange={setPalettePage}
      />
      <ShortcutsSheet open={shortcutsOpen} onClose={closeShortcuts} />
    </>
  );
}
