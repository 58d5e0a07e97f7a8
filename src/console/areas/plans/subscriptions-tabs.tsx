import { useSession } from '@console/session/session-provider';
import { type TabLink, TabLinks, TabPanel } from '@console/ui/tabs';
import { can, PERMISSIONS as P } from '@domain/permissions';
import type { ReactNode } from 'react';

// The three tabs of spec 3, section 2.10: overview (default), list, plans. Each is a link to its screen
// (.../subscriptions, .../subscriptions-table, .../plans), shown when the user may open it. The subscription screens
// render this strip too (selected 'overview' or 'list'), so the three read as one place.

export type SubscriptionsTab = 'overview' | 'list' | 'plans';

const TABS_ID = 'subscriptions-tabs';

export function subscriptionsTabs(accountId: string, merchantId: string, grants: Parameters<typeof can>[0]): TabLink[] {
  const base = `/accounts/${accountId}/merchants/${merchantId}`;
  const tabs: TabLink[] = [];
  if (can(grants, P.subscriptionRead)) {
    tabs.push({ id: 'overview', label: 'Overview', href: `${base}/subscriptions` });
    tabs.push({ id: 'list', label: 'Subscriptions', href: `${base}/subscriptions-table` });
  }
  if (can(grants, P.planRead)) tabs.push({ id: 'plans', label: 'Plans', href: `${base}/plans` });
  return tabs;
}

export function SubscriptionsTabs({
  accountId,
  merchantId,
  selected,
  children,
}: {
  accountId: string;
  merchantId: string;
  selected: SubscriptionsTab;
  children: ReactNode;
}) {
  const { grants } = useSession();
  return (
    <>
      <TabLinks
        label="Subscriptions sections"
        idPrefix={TABS_ID}
        selected={selected}
        tabs={subscriptionsTabs(accountId, merchantId, grants)}
      />
      <TabPanel idPrefix={TABS_ID} selected={selected}>
        {children}
      </TabPanel>
    </>
  );
}
