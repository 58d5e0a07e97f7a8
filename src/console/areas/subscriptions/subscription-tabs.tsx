import { useCurrentScope } from '@console/app/current-scope';
import { useSession } from '@console/session/session-provider';
import { PageHeader } from '@console/ui/page-header';
import { TabLinks, TabPanel } from '@console/ui/tabs';
import { can, PERMISSIONS as P } from '@domain/permissions';
import type { ReactNode } from 'react';
import {
  plansTabPath,
  type SubscriptionScope,
  subscriptionsListPath,
  subscriptionsOverviewPath,
} from './subscription-paths';

// The subscriptions screens' header and three tabs (spec 3, section 2.10): Overview (the default), List and Plans,
// each a link to its own path; Plans is the plans list's screen, shown only to who may read plans (a tab no
// permission allows is hidden, spec 1 section 2).

export const SUBSCRIPTIONS_TITLE = 'Subscriptions';
const TABS_ID = 'subscriptions';

export type SubscriptionTab = 'overview' | 'list';

export function SubscriptionTabs({
  scope,
  selected,
  actions,
  children,
}: {
  scope: SubscriptionScope;
  selected: SubscriptionTab;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { merchant } = useCurrentScope();
  const { grants } = useSession();
  return (
    <div className="screen subscriptions-screen">
      <PageHeader title={SUBSCRIPTIONS_TITLE} subtitle={merchant?.prettyName} actions={actions} />
      <TabLinks
        label="Subscriptions sections"
        idPrefix={TABS_ID}
        selected={selected}
        tabs={[
          { id: 'overview', label: 'Overview', href: subscriptionsOverviewPath(scope) },
          { id: 'list', label: 'List', href: subscriptionsListPath(scope) },
          ...(can(grants, P.planRead) ? [{ id: 'plans', label: 'Plans', href: plansTabPath(scope) }] : []),
        ]}
      />
      <TabPanel idPrefix={TABS_ID} selected={selected}>
        {children}
      </TabPanel>
    </div>
  );
}
