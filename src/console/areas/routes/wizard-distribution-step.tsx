import { FormSection } from '@console/forms/form-layout';
import { Select } from '@console/ui/select';
import { ROUTE_LIMITS, ROUTE_MESSAGES, type RouteMid } from '@domain/contract/routes';
import { useId } from 'react';
import type { RouteWizardEvent, RouteWizardSnapshot, WizardValues } from '../../../../machines/route-wizard.machine';
import { SimulatorPanel, type SimulatorStatus } from './simulator/simulator-panel';

// Step 3, 'Priority and Weight Distribution' (spec 2, sections 2.4 and 5): per row a priority (1 to 10, 10 highest)
// and a weight (slider and number, 0 to 100), and beside them the simulator with the rows as temporary routes. The
// machine re-runs a simulation that ran once on each priority change, and 500 ms after the weight stops moving.

const PRIORITIES = Array.from({ length: ROUTE_LIMITS.priority }, (_, index) => {
  const value = String(ROUTE_LIMITS.priority - index);
  return { value, label: value === '10' ? '10 (highest)' : value === '1' ? '1 (lowest)' : value };
});

interface DistributionStepProps {
  values: WizardValues;
  mids: RouteMid[];
  errors: Record<string, string>;
  send: (event: RouteWizardEvent) => void;
}

export function DistributionStep({ values, mids, errors, send }: DistributionStepProps) {
  const names = new Map(mids.map((mid) => [mid.id, mid.description]));
  return (
    <FormSection
      title="Priority and Weight Distribution"
      description="Among the routes an order matches, the highest priority wins; routes of the same priority share its orders by weight."
    >
      {values.rows.map((row, index) => (
        <DistributionRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; the index is their identity.
          key={index}
          index={index}
          title={row.routeDescription.trim() || `Route ${index + 1}`}
          midName={(row.midId && names.get(row.midId)) || ''}
          priority={row.priority}
          weight={row.weight}
          weightError={errors[`rows.${index}.weight`]}
          priorityError={errors[`rows.${index}.priority`]}
          firstFocus={index === 0}
          send={send}
        />
      ))}
    </FormSection>
  );
}

interface DistributionRowProps {
  index: number;
  title: string;
  midName: string;
  priority: number;
  weight: number;
  weightError: string | undefined;
  priorityError: string | undefined;
  firstFocus: boolean;
  send: (event: RouteWizardEvent) => void;
}

function DistributionRow(props: DistributionRowProps) {
  const { index, title, midName, priority, weight, weightError, priorityError, firstFocus, send } = props;
  const id = useId();
  const shownWeight = Number.isFinite(weight) ? weight : '';
  const setWeight = (text: string) =>
    send({ type: 'SET_WEIGHT', index, weight: text.trim() === '' ? Number.NaN : Number(text) });
  return (
    <fieldset className="form-field--wide route-distribution">
      <legend className="route-distribution__title">
        {title}
        {midName ? <span className="route-distribution__mid"> · {midName}</span> : null}
      </legend>
      <Select
        label="Priority"
        options={PRIORITIES}
        value={String(priority)}
        error={priorityError}
        autoFocus={firstFocus}
        onChange={(event) => send({ type: 'SET_PRIORITY', index, priority: Number(event.target.value) })}
      />
      <div className="field route-distribution__weight">
        <label className="field__label" htmlFor={`${id}-weight`}>
          Weight
          <span className="field__required" aria-hidden="true">
            *
          </span>
        </label>
        <div className="route-distribution__weight-inputs">
          <input
            type="range"
            min={0}
            max={ROUTE_LIMITS.weight}
            step={1}
            value={Number.isFinite(weight) ? weight : 0}
            aria-label={`Weight of ${title}`}
            aria-describedby={`${id}-weight-note`}
            onChange={(event) => setWeight(event.target.value)}
          />
          <input
            id={`${id}-weight`}
            className="input route-distribution__weight-number"
            type="number"
            inputMode="numeric"
            min={0}
            max={ROUTE_LIMITS.weight}
            required
            value={shownWeight}
            aria-invalid={weightError ? true : undefined}
            aria-describedby={`${id}-weight-note`}
            onChange={(event) => setWeight(event.target.value)}
          />
        </div>
        <div id={`${id}-weight-note`}>
          {weightError ? (
            <p className="field__error" role="alert">
              {weightError}
            </p>
          ) : weight === 0 ? (
            <p className="field__hint">{ROUTE_MESSAGES.weightZero}</p>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}

/** The simulator in step 3: the machine's order, messages and result, with the wizard's rows as temporary routes. */
export function WizardSimulator({
  merchantId,
  snapshot,
  send,
}: {
  merchantId: string;
  snapshot: RouteWizardSnapshot;
  send: (event: RouteWizardEvent) => void;
}) {
  const status: SimulatorStatus = snapshot.matches({ editing: { distribution: 'results' } })
    ? 'results'
    : snapshot.matches({ editing: { distribution: 'error' } })
      ? 'error'
      : snapshot.matches({ editing: { distribution: 'loading' } }) ||
          snapshot.matches({ editing: { distribution: 'debouncing' } })
        ? 'loading'
        : 'idle';
  return (
    <div className="route-wizard__simulator">
      <SimulatorPanel
        merchantId={merchantId}
        order={snapshot.context.order}
        errors={snapshot.context.errors}
        status={status}
        result={snapshot.context.simulation}
        onOrderChange={(order) => send({ type: 'SET_ORDER', order })}
        onSimulate={() => send({ type: 'SIMULATE' })}
        inWizard
      />
    </div>
  );
}
