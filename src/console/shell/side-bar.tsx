import { useCurrentScope } from '@console/app/current-scope';
import type { ScreenDefinition } from '@console/app/screen-types';
import { SCREENS, useVisibleScreens } from '@console/app/screens';
import { useViewEntries, type ViewEntry } from '@console/commands/saved-view-navigation';
import { listLocation } from '@console/table/list-memory';
import { ChevronLeftIcon, LayersIcon, ListIcon, StoreIcon } from '@console/ui/icons';
import { Kbd } from '@console/ui/kbd';
import { Link, useLocation, useRouter, useSearch } from 'wouter';
import { screenOfPath } from './navigation';

/** Views listed under their list; the rest are a `g v` away (and in the list's Views menu). */
const VIEWS_PER_LIST = 5;

interface NavItemProps {
  href: string;
  label: string;
  active: boolean;
  goKey?: string | undefined;
  /** The saved views of the list this entry opens (issue 26). */
  views?: readonly ViewEntry[];
}

function NavItem({ href, label, active, goKey, views = [] }: NavItemProps) {
  const [location] = useLocation();
  const search = useSearch();
  const here = search ? `${location}?${search}` : location;
  return (
    <li>
      <Link href={href} className="side-bar__item" aria-current={active ? 'page' : undefined}>
        <ListIcon />
        <span className="side-bar__label">{label}</span>
        {goKey ? <Kbd keys={`g>${goKey}`} className="side-bar__keys" /> : null}
      </Link>
      {views.length > 0 ? (
        <ul className="side-bar__views" aria-label={`${label} views`}>
          {views.slice(0, VIEWS_PER_LIST).map(({ view, href: viewHref }) => (
            <li key={view.id}>
              <Link
                href={viewHref}
                className="side-bar__view"
                aria-current={here === viewHref ? 'page' : undefined}
                title={view.query || view.name}
              >
                <span className="side-bar__label">{view.name}</span>
                {view.shared ? <span className="side-bar__view-mark">Shared</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The views whose list is this screen, in the scope. */
function viewsOf(
  entries: readonly ViewEntry[],
  screen: ScreenDefinition,
  scope: { accountId: string; merchantId?: string },
) {
  const path = screen.path(scope);
  return entries.filter((entry) => entry.list.path(scope) === path);
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
  const views = useViewEntries(accountId, merchantId);
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
              views={viewsOf(views, screen, { accountId, merchantId })}
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
                views={viewsOf(views, screen, { accountId })}
              />
            ))}
          </ul>
        </>
      ) : null}
    </nav>
  );
}
