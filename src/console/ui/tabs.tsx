import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { Kbd } from './kbd';
import './tabs.css';

export interface TabLink {
  id: string;
  label: string;
  /** The tab's address: a tab is a link, so every tab is a shareable path and Back returns to the previous tab. */
  href: string;
  /** A single key that shows this tab (registered by the screen as a command), drawn beside the label. */
  keys?: string;
}

export interface TabLinksProps {
  /** The tab list's accessible name ('Counters sections'). */
  label: string;
  tabs: readonly TabLink[];
  /** The id of the tab on screen. */
  selected: string;
  /** Prefix of the tab and panel element ids; TabPanel takes the same. */
  idPrefix: string;
}

export const tabId = (idPrefix: string, id: string) => `${idPrefix}-tab-${id}`;
const panelId = (idPrefix: string) => `${idPrefix}-panel`;

/**
 * Tabs that are links (the ARIA tabs pattern with automatic activation): one tab stop, the arrow keys, Home and End
 * move to another tab and show it, Enter and Space show the focused one. The selected tab's content goes in a
 * TabPanel with the same idPrefix.
 */
export function TabLinks({ label, tabs, selected, idPrefix }: TabLinksProps) {
  const [, navigate] = useLocation();
  const elements = useRef(new Map<string, HTMLAnchorElement>());

  const show = (tab: TabLink) => {
    elements.current.get(tab.id)?.focus();
    if (tab.id !== selected) navigate(tab.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : event.key === ' '
                ? index
                : null;
    const tab = target === null ? undefined : tabs[target];
    if (!tab) return;
    event.preventDefault();
    show(tab);
  };

  return (
    <div className="tab-links" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => {
        const current = tab.id === selected;
        return (
          <Link
            key={tab.id}
            ref={(element: HTMLAnchorElement | null) => {
              if (element) elements.current.set(tab.id, element);
              else elements.current.delete(tab.id);
            }}
            href={tab.href}
            id={tabId(idPrefix, tab.id)}
            role="tab"
            aria-selected={current}
            aria-controls={current ? panelId(idPrefix) : undefined}
            tabIndex={current ? 0 : -1}
            aria-keyshortcuts={tab.keys}
            className="tab-links__tab"
            onKeyDown={(event: KeyboardEvent<HTMLAnchorElement>) => onKeyDown(event, index)}
          >
            <span>{tab.label}</span>
            {/* The key is announced through aria-keyshortcuts; drawn here for sighted users only. */}
            {tab.keys ? (
              <span className="tab-links__keys" aria-hidden="true">
                <Kbd keys={tab.keys} />
              </span>
            ) : null}
          </Link>
        );
      })}
    </div>
  );
}

/** The selected tab's content, named by its tab. */
export function TabPanel({
  idPrefix,
  selected,
  children,
}: {
  idPrefix: string;
  selected: string;
  children: ReactNode;
}) {
  return (
    <div id={panelId(idPrefix)} role="tabpanel" aria-labelledby={tabId(idPrefix, selected)} className="tab-panel">
      {children}
    </div>
  );
}
