import { useCurrentScope } from '@console/app/current-scope';
import { useHoldKeys } from '@console/commands/key-queue';
import { useSession } from '@console/session/session-provider';
import { NotFoundPage } from '@console/shell/not-found-page';
import { DetailsLoadError, EmptyState } from '@console/ui/empty-state';
import { PageHeader } from '@console/ui/page-header';
import { LoadingBlock } from '@console/ui/spinner';
import { TabLinks, TabPanel } from '@console/ui/tabs';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { type ReactNode, useMemo } from 'react';
import { Redirect, useLocation, useParams } from 'wouter';
import { COUNTER_TAB_KEYS, useCounterTabCommands } from './counter-commands';
import {
  COUNTER_TAB_LABELS,
  COUNTER_TABS,
  type CounterTab,
  counterTabPath,
  DEFAULT_COUNTER_TAB,
  isCounterTab,
} from './counter-paths';
import { usePspCounter, usePspOptions } from './counter-queries';
import { DescriptorsTab } from './descriptors-tab';
import { FiredAlerts } from './fired-alerts';
import { KpiCards, KpiCardsPlaceholder } from './kpi-cards';
import { LimitsTab } from './limits/limits-tab';
import { ProviderSolutionPicker } from './provider-solution-picker';
import { SalesTab } from './sales-tab';
import './counters.css';

const TABS_ID = 'counters';

/** The UTC day of now, for when the server's day is not known (the counter failed to load). */
const utcToday = () => new Date().toISOString().slice(0, 10);

/** .../counter, .../counter/{pspId} and .../counter/{pspId}/{tab} (spec 3, section 2.6). */
export function CountersScreen() {
  return <Counters />;
}

/** .../counter/limits: the palette's 'Limits & Alerts', on the first provider solution. */
export function CounterLimitsScreen() {
  return <Counters tabWithoutPsp="limits" />;
}

/** .../counter/sales and .../counter/descriptors: that tab of the first provider solution, as .../counter opens. */
export function CounterSalesScreen() {
  return <Counters tabWithoutPsp="sales" />;
}
export function CounterDescriptorsScreen() {
  return <Counters tabWithoutPsp="descriptors" />;
}

function Counters({ tabWithoutPsp }: { tabWithoutPsp?: CounterTab }) {
  const { accountId, merchantId } = useCurrentScope();
  const { pspId, tab = tabWithoutPsp ?? DEFAULT_COUNTER_TAB } = useParams<{ pspId?: string; tab?: string }>();
  const { grants } = useSession();
  const tabs = useMemo(
    () => COUNTER_TABS.filter((candidate) => candidate !== 'limits' || can(grants, P.limitRead)),
    [grants],
  );
  if (!accountId || !merchantId) return null;
  // A tab the user may not see is not there at all, like a screen without its permission.
  if (!isCounterTab(tab) || !tabs.includes(tab)) return <NotFoundPage />;
  return (
    <CountersBody accountId={accountId} merchantId={merchantId} pspId={pspId?.toLowerCase()} tab={tab} tabs={tabs} />
  );
}

interface CountersBodyProps {
  accountId: string;
  merchantId: string;
  pspId: string | undefined;
  tab: CounterTab;
  tabs: readonly CounterTab[];
}

function CountersBody({ accountId, merchantId, pspId, tab, tabs }: CountersBodyProps) {
  const [, navigate] = useLocation();
  const { merchant } = useCurrentScope();
  const psps = usePspOptions(merchantId);
  const options = psps.data?.items;
  const known = pspId !== undefined && options?.some((option) => option.pspId === pspId) === true;
  const counter = usePspCounter(merchantId, known ? pspId : undefined);
  useCounterTabCommands(accountId, merchantId, known ? pspId : undefined, tabs);
  // A tab's digit typed while the provider solutions load waits for its command instead of vanishing.
  useHoldKeys(psps.isPending);

  const header = (actions?: ReactNode) => (
    <PageHeader title="Counters" subtitle={merchant?.prettyName} actions={actions} />
  );

  if (!options) {
    return (
      <div className="screen">
        {header()}
        {psps.isError ? (
          <DetailsLoadError onRetry={() => void psps.refetch()} />
        ) : (
          <LoadingBlock label="Loading provider solutions…" />
        )}
      </div>
    );
  }
  if (pspId === undefined) {
    const first = options[0];
    if (first) return <Redirect to={counterTabPath(accountId, merchantId, first.pspId, tab)} replace />;
    return (
      <div className="screen">
        {header()}
        <EmptyState
          role="status"
          title="There are no provider solutions to count"
          description="Sales are counted per provider solution once the merchant has a MID on one."
        />
      </div>
    );
  }
  if (!known) return <NotFoundPage />;

  // Ranges are days of the server's calendar (UTC), so the cards and the tabs count the same days.
  const today = counter.data?.today ?? (counter.isError ? utcToday() : undefined);
  return (
    <div className="screen counters">
      {header(
        <ProviderSolutionPicker
          options={options}
          value={pspId}
          onChange={(next) => navigate(counterTabPath(accountId, merchantId, next, tab))}
        />,
      )}
      <div className="counters__summary">
        {counter.data ? (
          <>
            <KpiCards counter={counter.data} />
            <FiredAlerts alerts={counter.data.firedAlerts} />
          </>
        ) : counter.isError ? (
          <DetailsLoadError onRetry={() => void counter.refetch()} />
        ) : (
          <KpiCardsPlaceholder />
        )}
      </div>
      <TabLinks
        label="Counters sections"
        idPrefix={TABS_ID}
        selected={tab}
        tabs={tabs.map((id) => ({
          id,
          label: COUNTER_TAB_LABELS[id],
          href: counterTabPath(accountId, merchantId, pspId, id),
          keys: COUNTER_TAB_KEYS[id],
        }))}
      />
      <TabPanel idPrefix={TABS_ID} selected={tab}>
        {/* Keyed by the provider solution: choosing another one starts its tabs afresh (spec: it resets the data). */}
        {tab === 'sales' ? (
          <SalesTab key={pspId} accountId={accountId} merchantId={merchantId} pspId={pspId} today={today} />
        ) : tab === 'limits' ? (
          <LimitsTab key={pspId} accountId={accountId} merchantId={merchantId} pspId={pspId} />
        ) : (
          <DescriptorsTab key={pspId} merchantId={merchantId} pspId={pspId} today={today} />
        )}
      </TabPanel>
    </div>
  );
}
