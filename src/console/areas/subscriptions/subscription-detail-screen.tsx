import { useCurrentScope } from '@console/app/current-scope';
import { CommandButton } from '@console/commands/command-button';
import { useHoldKeys } from '@console/commands/key-queue';
import { ExportRecordButton } from '@console/export/export-record-button';
import { useSession } from '@console/session/session-provider';
import { NotFoundPage } from '@console/shell/not-found-page';
import { listLocation } from '@console/table/list-memory';
import { DetailField, DetailFields, DetailSection, orDash } from '@console/ui/detail-section';
import { DetailsLoadError } from '@console/ui/empty-state';
import { PageHeader } from '@console/ui/page-header';
import { LoadingBlock } from '@console/ui/spinner';
import type { SubscriptionDetail } from '@domain/contract/subscriptions';
import { countryName } from '@domain/countries';
import { CARD_BRAND_LABELS } from '@domain/enums';
import { formatDateTime } from '@domain/format';
import { isIdentifier } from '@domain/ids';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { cancellationReasonText, subscriptionActions } from '@domain/subscriptions';
import type { SubscriptionActionTarget } from '@machines/subscription-actions.machine';
import { useCallback, useMemo } from 'react';
import { useParams } from 'wouter';
import { ACTION_TITLES } from './subscription-action-modal';
import { AttemptAmount, SubscriptionStatusBadge } from './subscription-columns';
import { ACTION_ORDER, SUBSCRIPTION_COMMAND_IDS, useSubscriptionActionCommands } from './subscription-commands';
import { SubscriptionHistory } from './subscription-history';
import { type SubscriptionScope, subscriptionsListPath } from './subscription-paths';
import { subscriptionHistoryExportTarget, useSubscriptionDetail } from './subscription-queries';
import { useSubscriptionActions } from './use-subscription-actions';
import './subscriptions.css';

// The subscription detail (spec 3, section 2.10): 'Back to Subscriptions', 'Subscription Detail', the sections
// 'Subscription information' and 'History' (with its Export), and Pause / Resume / Cancel by status. The buttons are
// made from the same commands as `p`, `u` and `c`, and all open the one confirm modal.

export const SUBSCRIPTION_DETAIL_TITLE = 'Subscription Detail';
export const BACK_TO_SUBSCRIPTIONS = 'Back to Subscriptions';

function InformationSection({ subscription }: { subscription: SubscriptionDetail }) {
  const { card, cancellation, lastPayment } = subscription;
  return (
    <DetailSection title="Subscription information">
      <DetailFields>
        <DetailField label="Subscription ID">
          <span className="mono">{subscription.subscriptionId}</span>
        </DetailField>
        <DetailField label="Status">
          <SubscriptionStatusBadge status={subscription.status} />
        </DetailField>
        <DetailField label="Plan">{subscription.plan.prettyName}</DetailField>
        <DetailField label="Email">{orDash(subscription.email)}</DetailField>
        <DetailField label="Cycle">{subscription.cycle}</DetailField>
        <DetailField label="Last payment">
          {lastPayment ? (
            <span className="subscription-last-payment">
              <AttemptAmount payment={lastPayment} />
              <span className="text-muted">{formatDateTime(lastPayment.date)}</span>
            </span>
          ) : (
            orDash(null)
          )}
        </DetailField>
        {subscription.error ? (
          <DetailField label="Error">
            <span className="mono">{subscription.error.code}</span>
            {subscription.error.message ? ` ${subscription.error.message}` : ''}
          </DetailField>
        ) : null}
        <DetailField label="Card holder">{orDash(card.holder)}</DetailField>
        <DetailField label="Card">
          {orDash(
            [card.brand ? CARD_BRAND_LABELS[card.brand] : null, card.last4 ? `•••• ${card.last4}` : null]
              .filter(Boolean)
              .join(' '),
          )}
        </DetailField>
        <DetailField label="Card country">{orDash(card.country ? countryName(card.country) : null)}</DetailField>
        <DetailField label="Account updated">{subscription.accountUpdated ? 'Yes' : 'No'}</DetailField>
        <DetailField label="URL">{orDash(subscription.url)}</DetailField>
        <DetailField label="Created">{formatDateTime(subscription.createdAt)}</DetailField>
        {cancellation ? (
          <>
            <DetailField label="Cancellation reason">{cancellationReasonText(cancellation)}</DetailField>
            <DetailField label="Cancellation date">{formatDateTime(cancellation.cancelledAt)}</DetailField>
          </>
        ) : null}
      </DetailFields>
    </DetailSection>
  );
}

function SubscriptionDetailView({ scope, subscriptionId }: { scope: SubscriptionScope; subscriptionId: string }) {
  const { grants } = useSession();
  const { merchantId } = scope;
  const query = useSubscriptionDetail(merchantId, subscriptionId);
  const subscription = query.data;
  const actions = useSubscriptionActions(merchantId);
  const { open } = actions;
  const target = useMemo<SubscriptionActionTarget | undefined>(
    () =>
      subscription
        ? {
            merchantId,
            subscriptionId: subscription.subscriptionId,
            status: subscription.status,
            version: subscription.version,
          }
        : undefined,
    [subscription, merchantId],
  );
  const current = useCallback(() => target, [target]);
  const allowed = subscription ? subscriptionActions(subscription.status) : [];
  useSubscriptionActionCommands({ scope: 'page', current, open, actions: allowed, deps: [current] });
  // `p`, `u` or `c` typed while the subscription loads waits for its commands.
  useHoldKeys(query.isPending);

  const history = subscriptionHistoryExportTarget(merchantId, subscriptionId);
  const buttons = ACTION_ORDER.filter((action) => allowed.includes(action)).map((action) => (
    <CommandButton
      key={action}
      commandId={SUBSCRIPTION_COMMAND_IDS[action]}
      variant={action === 'CANCEL' ? 'danger' : 'secondary'}
    >
      {ACTION_TITLES[action].replace(' subscription', '')}
    </CommandButton>
  ));

  return (
    <div className="screen subscription-detail">
      <PageHeader
        title={SUBSCRIPTION_DETAIL_TITLE}
        subtitle={subscription ? <span className="mono">{subscription.subscriptionId}</span> : undefined}
        back={{ href: listLocation(subscriptionsListPath(scope)), label: BACK_TO_SUBSCRIPTIONS }}
        actions={buttons.length > 0 ? buttons : undefined}
      />
      {subscription ? (
        <div className="detail-sections">
          <InformationSection subscription={subscription} />
          <SubscriptionHistory
            scope={scope}
            cycles={subscription.cycles}
            exportButton={
              can(grants, P.subscriptionExport) ? (
                <ExportRecordButton path={history.path} fileLabel={history.fileLabel} query={{}} />
              ) : null
            }
          />
        </div>
      ) : query.isError ? (
        <DetailsLoadError onRetry={() => void query.refetch()} />
      ) : (
        <LoadingBlock label="Loading subscription…" />
      )}
      {actions.modal}
    </div>
  );
}

/** /accounts/{accountId}/merchants/{merchantId}/subscriptions/detail/{subscriptionId}. */
export function SubscriptionDetailScreen() {
  const { accountId, merchantId } = useCurrentScope();
  const { subscriptionId } = useParams<{ subscriptionId?: string }>();
  const scope = useMemo(
    () => (accountId && merchantId ? { accountId, merchantId } : undefined),
    [accountId, merchantId],
  );
  if (!scope) return null;
  // Spec 3, section 2: an identifier that is not one shows the not-found page.
  if (!isIdentifier(subscriptionId)) return <NotFoundPage />;
  return <SubscriptionDetailView key={subscriptionId} scope={scope} subscriptionId={subscriptionId.toLowerCase()} />;
}
