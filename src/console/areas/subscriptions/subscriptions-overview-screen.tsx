import { useCurrentScope } from '@console/app/current-scope';
import { useExportFlow } from '@console/export/use-export-flow';
import { useSession } from '@console/session/session-provider';
import { Button } from '@console/ui/button';
import { DetailsLoadError } from '@console/ui/empty-state';
import { InfoIcon } from '@console/ui/icons';
import { Select } from '@console/ui/select';
import { LoadingBlock } from '@console/ui/spinner';
import { Tooltip } from '@console/ui/tooltip';
import { useQueryParams } from '@console/ui/use-query-params';
import type { SubscriptionKpis } from '@domain/contract/subscriptions';
import { CANCELLATION_SOURCES, DEFAULT_CURRENCIES, type SubscriptionStatus } from '@domain/enums';
import { formatInteger, formatPercent, presetRange } from '@domain/format';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { cancellationSourceLabel } from '@domain/subscriptions';
import { type ReactNode, useId, useMemo } from 'react';
import type { SubscriptionScope } from './subscription-paths';
import { subscriptionsExportTarget, usePlanOptions, useSubscriptionKpis } from './subscription-queries';
import { SubscriptionTabs } from './subscription-tabs';
import './subscriptions.css';

// The subscriptions overview (spec 3, sections 2.10 and 7): the plan dropdown ('Select Plan' is every plan), the
// currency dropdown (the first of EUR, USD, GBP by default), and the boxes Active (Initials, Renewals), Cancelled
// (Churn Rate, Initials) and Cancellation reasons, each with 'Export subscriptions'. The KPIs cover this month: from
// its first day to the end of today, UTC. Plan and currency stay in the address.

export const EXPORT_SUBSCRIPTIONS_LABEL = 'Export subscriptions';
export const SELECT_PLAN_LABEL = 'Select Plan';
/** Nothing was active at the month's start, so no revenue could be lost: there is no rate to show. */
const NO_CHURN_RATE = '—';
export const CHURN_RATE_TOOLTIP = 'Percentage of recurring revenue lost monthly';

const CURRENCY_OPTIONS = DEFAULT_CURRENCIES.map((currency) => ({ value: currency, label: currency }));
const isCurrency = (value: string | null): value is (typeof DEFAULT_CURRENCIES)[number] =>
  (DEFAULT_CURRENCIES as readonly string[]).includes(value ?? '');

/** The statuses a box's 'Export subscriptions' narrows the list export to; FULFILLED is counted as active. */
const BOX_STATUSES: Record<'active' | 'cancelled', readonly SubscriptionStatus[]> = {
  active: ['ACTIVE', 'FULFILLED'],
  cancelled: ['CANCELLED'],
};

function Figure({ label, value, hint }: { label: string; value: string; hint?: ReactNode }) {
  return (
    <div className="subscriptions-kpi__figure">
      <dt>
        {label}
        {hint}
      </dt>
      <dd>{value}</dd>
    </div>
  );
}

function KpiBox({
  title,
  onExport,
  exporting,
  children,
}: {
  title: string;
  onExport: (() => void) | null;
  exporting: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <li className="card subscriptions-kpi">
      <section aria-labelledby={titleId} className="subscriptions-kpi__body">
        <header className="subscriptions-kpi__header">
          <h2 id={titleId} className="subscriptions-kpi__title">
            {title}
          </h2>
        </header>
        {children}
        {onExport ? (
          <div className="subscriptions-kpi__actions">
            <Button size="sm" loading={exporting} onClick={onExport} aria-describedby={titleId}>
              {EXPORT_SUBSCRIPTIONS_LABEL}
            </Button>
          </div>
        ) : null}
      </section>
    </li>
  );
}

function ChurnHint() {
  return (
    <Tooltip content={CHURN_RATE_TOOLTIP}>
      <button type="button" className="subscriptions-kpi__hint" aria-label="About Churn Rate">
        <InfoIcon />
      </button>
    </Tooltip>
  );
}

function KpiBoxes({
  kpis,
  onExport,
  exporting,
}: {
  kpis: SubscriptionKpis;
  onExport: ((statuses: readonly SubscriptionStatus[]) => void) | null;
  exporting: boolean;
}) {
  const exportOf = (statuses: readonly SubscriptionStatus[]) => (onExport ? () => onExport(statuses) : null);
  const { activeSubscriptions: active, cancelledSubscriptions: cancelled, cancellationReasons } = kpis;
  return (
    <ul className="bare-list subscriptions-kpis" aria-label="Subscription KPIs">
      <KpiBox title="Active" onExport={exportOf(BOX_STATUSES.active)} exporting={exporting}>
        <p className="subscriptions-kpi__total">{formatInteger(active.initial + active.renewal)}</p>
        <dl className="subscriptions-kpi__figures">
          <Figure label="Initials" value={formatInteger(active.initial)} />
          <Figure label="Renewals" value={formatInteger(active.renewal)} />
        </dl>
      </KpiBox>
      <KpiBox title="Cancelled" onExport={exportOf(BOX_STATUSES.cancelled)} exporting={exporting}>
        <p className="subscriptions-kpi__total">{formatInteger(cancelled.total)}</p>
        <dl className="subscriptions-kpi__figures">
          <Figure
            label="Churn Rate"
            value={cancelled.churnRate === null ? NO_CHURN_RATE : formatPercent(cancelled.churnRate)}
            hint={<ChurnHint />}
          />
          <Figure label="Initials" value={formatInteger(cancelled.initial)} />
        </dl>
      </KpiBox>
      <KpiBox title="Cancellation reasons" onExport={exportOf(BOX_STATUSES.cancelled)} exporting={exporting}>
        <dl className="subscriptions-kpi__figures subscriptions-kpi__figures--list">
          {CANCELLATION_SOURCES.map((source) => (
            <Figure
              key={source}
              label={cancellationSourceLabel(source)}
              value={formatInteger(cancellationReasons[source] ?? 0)}
            />
          ))}
        </dl>
      </KpiBox>
    </ul>
  );
}

function SubscriptionsOverview({ scope }: { scope: SubscriptionScope }) {
  const { grants } = useSession();
  const { merchantId } = scope;
  const { params, setParams } = useQueryParams();
  const plans = usePlanOptions(merchantId);
  const planParam = params.get('planId') ?? '';
  const currencyParam = params.get('currency');
  const currency = isCurrency(currencyParam) ? currencyParam : DEFAULT_CURRENCIES[0];
  // The month so far, in UTC (spec 3, section 7: the first of the month to today's end of day).
  const period = useMemo(() => presetRange('This month', new Date(), 'UTC'), []);
  const kpis = useSubscriptionKpis(merchantId, {
    planId: planParam || undefined,
    currency,
    dateFrom: period.from.toISOString(),
    dateTo: period.to.toISOString(),
  });
  const exportFlow = useExportFlow();
  const canExport = can(grants, P.subscriptionExport);
  const onExport = canExport
    ? (statuses: readonly SubscriptionStatus[]) =>
        exportFlow.start(subscriptionsExportTarget(merchantId), {
          status: statuses,
          ...(planParam ? { planId: [planParam] } : {}),
        })
    : null;

  const planOptions = plans.data ?? [];
  return (
    <div className="subscriptions-overview">
      <div className="subscriptions-overview__filters">
        <Select
          label="Plan"
          placeholder={SELECT_PLAN_LABEL}
          options={planOptions}
          value={planOptions.some((plan) => plan.value === planParam) ? planParam : ''}
          onChange={(event) => setParams({ planId: event.target.value || null })}
        />
        <Select
          label="Currency"
          options={CURRENCY_OPTIONS}
          value={currency}
          onChange={(event) => setParams({ currency: event.target.value })}
        />
      </div>
      {kpis.data ? (
        <div aria-busy={kpis.isFetching ? true : undefined}>
          <KpiBoxes kpis={kpis.data} onExport={onExport} exporting={exportFlow.exporting} />
        </div>
      ) : kpis.isError ? (
        <DetailsLoadError onRetry={() => void kpis.refetch()} />
      ) : (
        <LoadingBlock label="Loading subscriptions…" />
      )}
      {exportFlow.dialog}
    </div>
  );
}

/** /accounts/{accountId}/merchants/{merchantId}/subscriptions: the default tab. */
export function SubscriptionsOverviewScreen() {
  const { accountId, merchantId } = useCurrentScope();
  const scope = useMemo(
    () => (accountId && merchantId ? { accountId, merchantId } : undefined),
    [accountId, merchantId],
  );
  if (!scope) return null;
  return (
    <SubscriptionTabs scope={scope} selected="overview">
      <SubscriptionsOverview scope={scope} />
    </SubscriptionTabs>
  );
}
