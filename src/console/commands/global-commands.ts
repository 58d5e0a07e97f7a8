import { useCurrentScope } from '@console/app/current-scope';
import type { ScreenDefinition } from '@console/app/screen-types';
import { useSession, useSessionActions } from '@console/session/session-provider';
import { can, PERMISSIONS } from '@domain/permissions';
import { useHoldKeys } from './key-queue';
import { useRegisterCommands } from './registry';
import type { Command, PalettePage } from './types';

// The commands the signed-in shell registers. Go-to commands are hidden from the palette, which lists the same
// screens as navigation entries (showing their g-keys), and listed in the shortcuts sheet.

export const GLOBAL_COMMAND_IDS = {
  togglePalette: 'palette.toggle',
  shortcuts: 'shortcuts.open',
  focusTableSearch: 'table.focus-search',
  switchAccount: 'account.switch',
  switchMerchant: 'merchant.switch',
  openView: 'view.open',
  helpCentre: 'help.open',
  logout: 'session.logout',
} as const;

export const goToCommandId = (screenId: string) => `go.${screenId}`;

/** The search input of the table on screen; the data table marks it with data-table-search. */
export function findTableSearch(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-table-search]');
}

/** Account screens need an account in scope, merchant screens a merchant too. */
function screenReachable(screen: ScreenDefinition, hasAccount: boolean, hasMerchant: boolean): boolean {
  if (screen.level === 'account') return hasAccount;
  if (screen.level === 'merchant') return hasAccount && hasMerchant;
  return true;
}

export interface GlobalCommandsOptions {
  /** The screens the user may see, whose `g` keys these are (the app's list; commands never import it). */
  screens: readonly ScreenDefinition[];
  togglePalette: () => void;
  openPalette: (page: PalettePage) => void;
  openShortcuts: () => void;
  /** Opens the help-centre modal; the command is registered only when the shell provides it. */
  openHelpCentre?: () => void;
}

export function useGlobalCommands({
  screens,
  togglePalette,
  openPalette,
  openShortcuts,
  openHelpCentre,
}: GlobalCommandsOptions): void {
  const { accountId, merchantId, accountLoading } = useCurrentScope();
  // Only the screens reachable from here get a g-key, so the shortcuts sheet lists no key that would do nothing.
  const hasAccount = accountId !== undefined;
  const hasMerchant = merchantId !== undefined;
  const { accounts, isProviderStaff } = useSession();
  const { logout } = useSessionActions();
  const canSwitchAccount = isProviderStaff || accounts.length > 1;

  const commands: Command[] = [
    {
      id: GLOBAL_COMMAND_IDS.togglePalette,
      title: 'Open command palette',
      group: 'Help',
      keys: ['mod+k'],
      // Global: it works over a dialog and while typing, like Escape.
      scope: 'global',
      hiddenInPalette: true,
      run: () => togglePalette(),
    },
    {
      id: GLOBAL_COMMAND_IDS.shortcuts,
      title: 'Show keyboard shortcuts',
      group: 'Help',
      // '?' as typed covers layouts where it is not shift+slash.
      keys: ['shift+slash', '?'],
      scope: 'page',
      keywords: ['help', 'hotkeys', 'keys'],
      run: () => openShortcuts(),
    },
    ...screens
      .filter((screen) => screen.goKey && screenReachable(screen, hasAccount, hasMerchant))
      .map(
        (screen): Command => ({
          id: goToCommandId(screen.id),
          title: `Go to ${screen.title}`,
          group: 'Go to',
          keys: [`g>${screen.goKey}`],
          scope: 'page',
          hiddenInPalette: true,
          when: (ctx) => screenReachable(screen, ctx.accountId !== undefined, ctx.merchantId !== undefined),
          run: (ctx) => ctx.navigate(screen.path({ accountId: ctx.accountId, merchantId: ctx.merchantId })),
        }),
      ),
    {
      id: GLOBAL_COMMAND_IDS.focusTableSearch,
      title: 'Search the table',
      group: 'Table',
      keys: ['/'],
      scope: 'page',
      keywords: ['find', 'filter'],
      when: () => findTableSearch() !== null,
      run: () => {
        const input = findTableSearch();
        input?.focus();
        if (input instanceof HTMLInputElement) input.select();
      },
    },
    {
      id: GLOBAL_COMMAND_IDS.switchAccount,
      title: 'Switch account',
      group: 'Accounts',
      scope: 'page',
      keywords: ['change account'],
      when: () => canSwitchAccount,
      run: () => openPalette('accounts'),
    },
    {
      id: GLOBAL_COMMAND_IDS.switchMerchant,
      title: 'Switch merchant',
      group: 'Merchants',
      scope: 'page',
      keywords: ['change merchant'],
      when: (ctx) => ctx.accountId !== undefined && can(ctx.grants, PERMISSIONS.merchantRead),
      run: () => openPalette('merchants'),
    },
    {
      id: GLOBAL_COMMAND_IDS.openView,
      title: 'Open a saved view',
      group: 'Navigation',
      keys: ['g>v'],
      scope: 'page',
      keywords: ['saved view', 'views', 'filters'],
      when: (ctx) => ctx.accountId !== undefined,
      run: () => openPalette('views'),
    },
    ...(openHelpCentre
      ? [
          {
            id: GLOBAL_COMMAND_IDS.helpCentre,
            title: 'Open help centre',
            group: 'Help',
            scope: 'page',
            keywords: ['videos', 'learning', 'guide'],
            run: () => openHelpCentre(),
          } satisfies Command,
        ]
      : []),
    {
      id: GLOBAL_COMMAND_IDS.logout,
      title: 'Log out',
      group: 'Session',
      scope: 'page',
      keywords: ['sign out', 'logout'],
      run: () => logout(),
    },
  ];

  useRegisterCommands(commands, [
    screens,
    hasAccount,
    hasMerchant,
    canSwitchAccount,
    togglePalette,
    openPalette,
    openShortcuts,
    openHelpCentre,
    logout,
  ]);
  // The account's features decide which screens (and so which g-keys) exist: `g c` typed while the account loads
  // waits for it instead of finding no Chargebacks.
  useHoldKeys(accountLoading);
}
