import { useAccountMerchants } from '@console/app/account-merchants';
import { useCurrentScope } from '@console/app/current-scope';
import { useEnvironment } from '@console/app/runtime-config';
import { SCREENS, useVisibleScreens } from '@console/app/screens';
import { GLOBAL_COMMAND_IDS } from '@console/commands/global-commands';
import { useCommandButton } from '@console/commands/registry';
import { useSession, useSessionActions } from '@console/session/session-provider';
import { Badge } from '@console/ui/badge';
import { IconButton } from '@console/ui/button';
import { HelpIcon, LogoutIcon, SearchIcon } from '@console/ui/icons';
import { Kbd } from '@console/ui/kbd';
import { Menu } from '@console/ui/menu';
import { useState } from 'react';
import { useLocation, useRouter } from 'wouter';
import { useHelpCentre } from './help-centre';
import { pathForAccountSwitch, pathForMerchantSwitch, screenOfPath } from './navigation';
import { Switcher, type SwitcherItem } from './switcher';

function initials(name: string, email: string): string {
  const source = name.trim() || email;
  const parts = source.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

function AccountSwitcher() {
  const { accounts } = useSession();
  const { accountId, account } = useCurrentScope();
  const visible = useVisibleScreens();
  const [location, navigate] = useLocation();
  const { parser } = useRouter();
  const items: SwitcherItem[] = accounts.map((linked) => ({
    id: linked.accountId,
    title: linked.prettyName,
    subtitle: linked.shortId,
  }));
  const current =
    account?.prettyName ?? accounts.find((linked) => linked.accountId === accountId)?.prettyName ?? 'Choose an account';
  return (
    <Switcher
      label="Switch account"
      caption="Account"
      current={current}
      items={items}
      selectedId={accountId}
      onChoose={(item) => navigate(pathForAccountSwitch(visible, screenOfPath(SCREENS, location, parser), item.id))}
    />
  );
}

function MerchantSwitcher({ accountId }: { accountId: string }) {
  const { merchantId, merchant } = useCurrentScope();
  const visible = useVisibleScreens();
  const [location, navigate] = useLocation();
  const { parser } = useRouter();
  const [wanted, setWanted] = useState(false);
  const merchants = useAccountMerchants(accountId, { enabled: wanted, staleTime: 60_000 });
  const items: SwitcherItem[] = (merchants.data?.items ?? [])
    .map((item) => ({ id: item.merchantId, title: item.prettyName, subtitle: item.merchantLegalName }))
    .sort((a, b) => a.title.localeCompare(b.title));
  return (
    <Switcher
      label="Switch merchant"
      caption="Merchant"
      current={merchant?.prettyName ?? (merchantId ? '…' : 'All merchants')}
      items={items}
      selectedId={merchantId}
      loading={merchants.isFetching}
      onOpen={() => setWanted(true)}
      onChoose={(item) =>
        navigate(pathForMerchantSwitch(visible, screenOfPath(SCREENS, location, parser), accountId, item.id))
      }
    />
  );
}

function PaletteButton() {
  const palette = useCommandButton(GLOBAL_COMMAND_IDS.togglePalette);
  if (!palette) return null;
  const binding = palette.command.keys?.[0];
  // The name is the visible text ('Search or jump to… Ctrl K'), so a speech user can say what they see (WCAG 2.5.3);
  // the command's longer title is the tooltip.
  return (
    <button
      type="button"
      className="top-menu__search"
      onClick={() => void palette.run()}
      title={palette.tooltip}
      aria-keyshortcuts={binding ? binding.replace('mod', 'Control') : undefined}
    >
      <SearchIcon />
      <span className="top-menu__search-text">Search or jump to…</span> {binding ? <Kbd keys={binding} /> : null}
    </button>
  );
}

function UserMenu() {
  const { fullName, email, isProviderStaff } = useSession();
  const { logout } = useSessionActions();
  const help = useHelpCentre();
  const name = fullName || email;
  const detail = isProviderStaff ? `${email} · Staff` : email;
  return (
    <Menu
      label="User menu"
      items={[
        { id: 'help', label: 'Help centre', icon: <HelpIcon />, onSelect: () => help.open() },
        { id: 'logout', label: 'Logout', icon: <LogoutIcon />, onSelect: logout, separatorBefore: true },
      ]}
      trigger={
        // The name holds what the button shows (name and e-mail), after what it is (WCAG 2.5.3); the avatar's
        // initials are drawn by CSS, so they are no text of the button.
        <button
          type="button"
          className="top-menu__user"
          aria-label={`User menu: ${name}${detail === name ? '' : ` ${detail}`}`}
        >
          <span className="top-menu__avatar" aria-hidden="true" data-initials={initials(fullName, email)} />
          <span className="top-menu__user-text">
            <span className="top-menu__user-name">{name}</span>{' '}
            {detail === name ? null : <span className="top-menu__user-email">{detail}</span>}
          </span>
        </button>
      }
    />
  );
}

/** The 59 px top menu: product, environment, account and merchant switchers, palette, help and the user menu. */
export function TopMenu() {
  const environment = useEnvironment();
  const { accountId } = useCurrentScope();
  const help = useHelpCentre();
  return (
    <header className="top-menu">
      <div className="top-menu__brand">
        <span className="top-menu__logo" aria-hidden="true" />
        <span className="top-menu__product">Ops Console</span>
        <Badge tone={environment === 'Live' ? 'success' : 'warning'} title={`${environment} environment`}>
          {environment}
        </Badge>
      </div>
      <nav className="top-menu__scope" aria-label="Account and merchant">
        <AccountSwitcher />
        {accountId ? (
          <>
            <span className="top-menu__divider" aria-hidden="true">
              /
            </span>
            <MerchantSwitcher accountId={accountId} />
          </>
        ) : null}
      </nav>
      <div className="top-menu__actions">
        <PaletteButton />
        <IconButton aria-label="Help centre" icon={<HelpIcon />} onClick={() => help.open()} />
        <UserMenu />
      </div>
    </header>
  );
}
