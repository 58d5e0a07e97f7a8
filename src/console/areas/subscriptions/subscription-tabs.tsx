import { useCurrentScope } from '@console/app/current-scope';
import { SubscriptionsTabs } from '@console/app/subscriptions-tabs';
import { PageHeader } from '@console/ui/page-header';
import type { ReactNode } from 'react';
import type { SubscriptionScope } from './subscription-paths';

// The subscriptions screens' header above the three tabs (app/subscriptions-tabs.tsx, shared with the plans list).

export const SUBSCRIPTIONS_TITLE = 'Subscriptions';
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
  return (
    <div className="screen subscriptions-screen">
      <PageHeader title={SUBSCRIPTIONS_TITLE} subtitle={merchant?.prettyName} actions={actions} />
      <SubscriptionsTabs accountId={scope.accountId} merchantId={scope.merchantId} selected={selected}>
        {children}
      </SubscriptionsTabs>
    </div>
  );
}
