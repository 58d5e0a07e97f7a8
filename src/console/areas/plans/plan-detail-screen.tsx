import { useCurrentScope } from '@console/app/current-scope';
import { useHoldKeys } from '@console/commands/key-queue';
import { useApi, useSession } from '@console/session/session-provider';
import { listLocation } from '@console/table/list-memory';
import { IconButton } from '@console/ui/button';
import { DetailField, DetailFields, DetailSection } from '@console/ui/detail-section';
import { DetailsLoadError } from '@console/ui/empty-state';
import { PageHeader } from '@console/ui/page-header';
import { LoadingBlock } from '@console/ui/spinner';
import type { PlanDetail } from '@domain/contract/plans';
import { formatDateTime } from '@domain/format';
import { can, PERMISSIONS as P } from '@domain/permissions';
import {
  CHARGING_TIME_MODE_LABELS,
  CUSTOM_UNIT_LABELS,
  cycleLabel,
  orderedCurrencies,
  PLAN_CURRENCIES,
  RETRY_TYPE_LABELS,
  TIME_CYCLE_LABELS,
  toTwelveHour,
} from '@domain/plans';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'wouter';
import { amountText } from './plan-amounts';
import { usePlanDetailCommands } from './plan-commands';
import { editPlanPath, plansPath } from './plan-paths';
import { fetchPlan, planQueryKey } from './plan-queries';
import './plans.css';

const currencyName = (code: string) => PLAN_CURRENCIES.find((c) => c.code === code)?.name ?? code;
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** The charging time as the form shows it: 12-hour, UTC. */
export const chargingTimeText = (plan: Pick<PlanDetail, 'basicSettings'>) =>
  plan.basicSettings.chargingTimeMode === 'FIRST_PAYMENT_TIME'
    ? CHARGING_TIME_MODE_LABELS.FIRST_PAYMENT_TIME
    : `${toTwelveHour(plan.basicSettings.timeCharging ?? '')} (UTC +00:00)`;

function Sections({ plan }: { plan: PlanDetail }) {
  const { basicSettings: basic, amountSettings: amounts, trialSettings: trial, retrySettings: retry } = plan;
  return (
    <div className="detail-sections">
      <DetailSection title="Plan information">
        <DetailFields>
          <DetailField label="Plan">{plan.description}</DetailField>
          <DetailField label="Plan ID">
            <span className="mono">{plan.planId}</span>
          </DetailField>
          <DetailField label="Created">{formatDateTime(plan.createdDate)}</DetailField>
          <DetailField label="Last changes">{formatDateTime(plan.modifiedDate)}</DetailField>
        </DetailFields>
      </DetailSection>
      <DetailSection title="Charging cycle and time">
        <DetailFields>
          <DetailField label="Charging cycle">
            {basic.timeCycle === 'CUSTOM'
              ? `${TIME_CYCLE_LABELS.CUSTOM}: ${basic.customTime} ${CUSTOM_UNIT_LABELS[basic.unitCharging]}`
              : cycleLabel(basic)}
          </DetailField>
          <DetailField label="Charging time">{chargingTimeText(plan)}</DetailField>
        </DetailFields>
      </DetailSection>
      <DetailSection title="Amount and currency">
        <DetailFields>
          {orderedCurrencies(amounts).map((code) => (
            <DetailField key={code} label={`${currencyName(code)} (${code})`}>
              {amountText(amounts, code)}
              {code === amounts.base ? (
                <>
                  {' '}
                  <span className="badge badge--accent">Leading</span>
                </>
              ) : null}
            </DetailField>
          ))}
        </DetailFields>
      </DetailSection>
      <DetailSection title="Cancellation">
        <DetailFields>
          <DetailField label="Cancel on chargeback">
            {plan.cancellationSettings?.enabled ? 'Yes, after receiving 1 chargeback' : 'No'}
          </DetailField>
        </DetailFields>
      </DetailSection>
      <DetailSection title="Trial period">
        {trial ? (
          <DetailFields>
            <DetailField label="Trial period">{days(trial.timePeriod)}</DetailField>
            {orderedCurrencies(trial.amountSettings).map((code) => (
              <DetailField key={code} label={`Trial amount ${code}`}>
                {amountText(trial.amountSettings, code)}
              </DetailField>
            ))}
          </DetailFields>
        ) : (
          <p className="text-muted">No trial period</p>
        )}
      </DetailSection>
      <DetailSection title="Retry sequence" wide>
        {retry && retry.sequence.length > 0 ? (
          <>
            <DetailFields>
              <DetailField label="Interval of successful payments">
                {retry.timePeriod === null ? '—' : days(retry.timePeriod)}
              </DetailField>
              <DetailField label="Maintenance amount">
                {retry.amount === null ? '—' : retry.amount.replace('.', ',')}
              </DetailField>
            </DetailFields>
            <ol className="plan-retries">
              {retry.sequence.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: retries have no identity but their position.
                <li key={index}>
                  {RETRY_TYPE_LABELS[item.type]} after {days(item.time)}
                </li>
              ))}
            </ol>
          </>
        ) : (
          <p className="text-muted">No retries</p>
        )}
      </DetailSection>
    </div>
  );
}

/** .../plans/detail/{planId} (spec 3, section 2.11): 'Plan Detail', 'Back to plans', an Edit icon button. */
export function PlanDetailScreen() {
  const api = useApi();
  const [, navigate] = useLocation();
  const { grants } = useSession();
  const { accountId = '', merchantId = '' } = useCurrentScope();
  const { planId = '' } = useParams<{ planId?: string }>();
  const query = useQuery({
    queryKey: planQueryKey(merchantId, planId),
    queryFn: ({ signal }) => fetchPlan(api, merchantId, planId, signal),
    enabled: merchantId !== '' && planId !== '',
  });
  usePlanDetailCommands(accountId, merchantId, query.data);
  useHoldKeys(query.isLoading);
  if (!accountId || !merchantId) return null;
  const plan = query.data;
  return (
    <div className="screen">
      <PageHeader
        title="Plan Detail"
        subtitle={plan?.description}
        back={{ href: listLocation(plansPath(accountId, merchantId)), label: 'Back to plans' }}
        actions={
          plan && can(grants, P.planUpdate) ? (
            <IconButton
              aria-label="Edit plan"
              keys="e"
              variant="secondary"
              icon={<EditIcon />}
              onClick={() => navigate(editPlanPath(accountId, merchantId, plan.planId))}
            />
          ) : null
        }
      />
      {plan ? (
        <Sections plan={plan} />
      ) : query.isError ? (
        <DetailsLoadError onRetry={() => void query.refetch()} />
      ) : (
        <LoadingBlock label="Loading plan…" />
      )}
    </div>
  );
}

/** A pencil. */
function EditIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4z" />
    </svg>
  );
}
