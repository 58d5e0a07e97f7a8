import { useCurrentScope } from '@console/app/current-scope';
import type { ScreenDefinition } from '@console/app/screen-types';
import { SCREENS, useVisibleScreens } from '@console/app/screens';
import { listLocation } from '@console/table/list-memory';
import { ChevronLeftIcon, LayersIcon, ListIcon, StoreIcon } from '@console/ui/icons';
import { Kbd } from '@console/ui/kbd';
import { Link, useLocation, useRouter } from 'wouter';
import { screenOfPath } from './navigation';

function NavItem({ href, label, active, goKey }: { href: string; label: string; active: boolean; goKey?: string }) {
  return (
    <li>
      <Link href={href} className="side-bar__item" aria-current={active ? 'page' : undefined}>
        <ListIcon />
        <span className="side-bar__label">{label}</span>
        {goKey ? <Kbd keys={`g>${goKey}`} className="side-bar__keys" /> : null}
      </Link>
    </li>
  );
}

function isActive(screen: ScreenDefinition, current: ScreenDefinition | undefined): boolean {
  return current !== undefined && (current.id === screen.id || current.section === screen.id);
}

/**
 * Two levels (spec 1, shell): the account's sections, or, inside a merchant, a back link to the merchants list and
 * the merchant's sections. Only screens the user may open appear; chargebacks only with the account feature.
 */
export function SideBar() {
  const visible = useVisibleScreens();
  const { accountId, merchantId, account, merchant } = useCurrentScope();
  const [location] = useLocation();
  const { parser } = useRouter();
  const current = screenOfPath(SCREENS, location, parser);
  const global = visible.filter((screen) => screen.level === 'global' && screen.inSideBar);

  if (accountId && merchantId) {
    const detail = visible.find((screen) => screen.id === 'merchant-detail');
    const merchantScreens = visible.filter((screen) => screen.level === 'merchant' && screen.inSideBar);
    return (
      <nav className="side-bar" aria-label="Merchant sections">
        <Link href={listLocation(`/accounts/${accountId}/merchants`)} className="side-bar__back">
          <ChevronLeftIcon />
          Back to merchants
        </Link>
        <div className="side-bar__context">
          <StoreIcon />
          <div className="side-bar__context-text">
            <span className="side-bar__context-caption">Merchant</span>
            <span className="side-bar__context-name">{merchant?.prettyName ?? '…'}</span>
          </div>
        </div>
        <ul className="side-bar__list">
          {detail ? (
            <NavItem
              href={detail.path({ accountId, merchantId })}
              label="Merchant detail"
              active={isActive(detail, current)}
            />
          ) : null}
          {merchantScreens.map((screen) => (
            <NavItem
              key={screen.id}
              href={screen.path({ accountId, merchantId })}
              label={screen.title}
              active={isActive(screen, current)}
              goKey={screen.goKey}
            />
          ))}
        </ul>
      </nav>
    );
  }

  const accountScreens = accountId ? visible.filter((screen) => screen.level === 'account' && screen.inSideBar) : [];
  return (
    <nav className="side-bar" aria-label="Sections">
      {global.length > 0 ? (
        <ul className="side-bar__list">
          {global.map((screen) => (
            <NavItem
              key={screen.id}
              href={screen.path({})}
              label={screen.title}
              active={isActive(screen, current)}
              goKey={screen.goKey}
            />
          ))}
        </ul>
      ) : null}
      {accountId ? (
        <>
          <div className="side-bar__context">
            <LayersIcon />
            <div className="side-bar__context-text">
              <span className="side-bar__context-caption">Account{account ? ` · ${account.shortId}` : ''}</span>
              <span className="side-bar__context-name">{account?.prettyName ?? '…'}</span>
            </div>
          </div>
          <ul className="side-bar__list">
            {accountScreens.map((screen) => (
              <NavItem
                key={screen.id}
                href={screen.path({ accountId })}
                label={screen.title}
                active={isActive(screen, current)}
                goKey={screen.goKey}
              />
            ))}
          </ul>
        </>
      ) : null}
    </nav>
  );
}
