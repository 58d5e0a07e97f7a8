import { plansPath } from '@console/areas/plans/plan-paths';
import { subscriptionsListPath, subscriptionsOverviewPath } from '@console/areas/subscriptions/subscription-paths';
import { useSession } from '@console/session/session-provider';
import { type TabLink, TabLinks, TabPanel } from '@console/ui/tabs';
import { can, PERMISSIONS as P } from '@domain/permissions';
import type { ReactNode } from 'react';

// The three tabs of spec 3, section 2.10: Overview (the default), List and Plans. Two areas render them (the
// subscriptions screens and the plans list), so the strip lives here, above both: each tab is a link to its screen,
// shown only when the user may open it (a tab no permission allows is hidden, spec 1 section 2).

export type SubscriptionsTab = 'overview' | 'list' | 'plans';

const TABS_ID = 'subscriptions-tabs';

export function subscriptionsTabs(accountId: string, merchantId: string, grants: Parameters<typeof can>[0]): TabLink[] {
  const scope = { accountId, merchantId };
  const tabs: TabLink[] = [];
  if (can(grants, P.subscriptionRead)) {
    tabs.push({ id: 'overview', label: 'Overview', href: subscriptionsOverviewPath(scope) });
    tabs.push({ id: 'list', label: 'List', href: subscriptionsListPath(scope) });
  }
  if (can(grants, P.planRead)) tabs.push({ id: 'plans', label: 'Plans', href: plansPath(accountId, merchantId) });
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
