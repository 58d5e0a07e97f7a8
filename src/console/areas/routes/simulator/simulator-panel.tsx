import { useListSuggestions } from '@console/areas/lists/use-list-suggestions';
import { ChartBoundary } from '@console/charts/chart-boundary';
import { Badge, type Tone } from '@console/ui/badge';
import { Button } from '@console/ui/button';
import { EmptyState } from '@console/ui/empty-state';
import { Select } from '@console/ui/select';
import { LoadingBlock } from '@console/ui/spinner';
import { TextField } from '@console/ui/text-field';
import type { SimulatedRoute, SimulationOrder, SimulationResult } from '@domain/contract/routes';
import { countryOptions } from '@domain/countries';
import { CARD_BRAND_LABELS, CARD_BRANDS, DEFAULT_CURRENCIES } from '@domain/enums';
import { CATALOGUE } from '@domain/errors';
import { formatPercent } from '@domain/format';
import { ROUTING_CRITERION_LABELS } from '@domain/routing-criteria';
import { type KeyboardEvent, lazy, type ReactNode, Suspense, useEffect, useId, useMemo, useRef } from 'react';
import { Link } from 'wouter';
import type { ChartRow } from './simulator-chart';
import { SIMULATED_STATUS_HINTS, SIMULATED_STATUS_LABELS } from './simulator-format';
import './simulator.css';

// The routing simulator (spec 2, sections 2.5, 3 "Simulator order" and "Simulation result", 4 and 9): a simulated
// order and where its traffic would go. Presentational: the simulator screen and the route wizard's step 3 own the
// order, its messages and the call; this only shows them and reports what the user typed and asked for.

export type SimulatorStatus = 'idle' | 'loading' | 'results' | 'error';

export interface SimulatorPanelProps {
  merchantId: string;
  order: SimulationOrder;
  /** Messages by field, keys 'order.binCode', 'order.currency' ... (other keys are ignored). */
  errors: Record<string, string>;
  status: SimulatorStatus;
  result: SimulationResult | null;
  onOrderChange: (order: SimulationOrder) => void;
  onSimulate: () => void;
  /** In the route wizard: the temporary routes are the rows being created or edited (shown first, labelled as such). */
  inWizard?: boolean;
}

export const SIMULATOR_TEXTS = {
  beforeRun: 'Simulate an order to see how the traffic would be distributed.',
  noExistingRoutes: 'There are no existing routes that match this order.',
  noWizardRoutes: 'There are no routes that match this order.',
  failed: 'The simulation could not run',
} as const;

type OrderField = keyof SimulationOrder;

/** Spec 2, section 5: the BIN input refuses e, E, +, -, . and comma; it refuses every other non-digit as well. */
const BIN_BLOCKED_KEYS = ['e', 'E', '+', '-', '.', ','];
const ORDER_FIELDS: readonly OrderField[] = ['currency', 'issuerCountry', 'cardBrand', 'url', 'customTag', 'binCode'];

// The chart (echarts) is loaded when the first result is shown, never with the console.
const SimulatorChart = lazy(() => import('./simulator-chart'));

const STATUS_TONE: Record<SimulatedRoute['status'], Tone> = {
  serving: 'success',
  'lower-priority': 'neutral',
  'weight-zero': 'neutral',
  'mid-disabled': 'warning',
};

function currencyName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function OrderForm({
  merchantId,
  order,
  errors,
  status,
  onOrderChange,
  onSimulate,
  inWizard,
}: Pick<SimulatorPanelProps, 'merchantId' | 'order' | 'errors' | 'status' | 'onOrderChange' | 'onSimulate'> & {
  inWizard: boolean;
}) {
  const id = useId();
  const submitted = useRef(false);
  const { urls, tags } = useListSuggestions(merchantId);
  const Heading = inWizard ? 'h3' : 'h2';
  const Container = inWizard ? 'div' : 'form';
  const fieldId = (field: OrderField) => `${id}-${field}`;
  const error = (field: OrderField) => errors[`order.${field}`];

  // After Simulate, the first field with a message takes the focus, so the keyboard lands where the fix is.
  useEffect(() => {
    if (!submitted.current) return;
    submitted.current = false;
    const first = ORDER_FIELDS.find((field) => errors[`order.${field}`]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  }, [errors, id]);

  const set = (field: OrderField, value: string) => {
    const next: SimulationOrder = { ...order };
    if (value === '') delete next[field];
    else next[field] = value;
    onOrderChange(next);
  };

  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    submitted.current = true;
    onSimulate();
  };
  // In the route wizard the panel sits inside the wizard's own form, where a form of its own is not allowed: Enter in
  // an order field runs the simulation there too (and never submits, so saves, the wizard).
  const simulateOnEnter = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented || !(event.target instanceof HTMLInputElement)) return;
    submit(event);
  };

  const blockNonDigits = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (BIN_BLOCKED_KEYS.includes(event.key) || (event.key.length === 1 && !/[0-9]/.test(event.key))) {
      event.preventDefault();
    }
  };

  return (
    <section className="simulator-panel__card simulator-panel__order" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="simulator-panel__title">
        Simulated order
      </Heading>
      <p className="simulator-panel__description">Leave a field empty when the order does not carry that value.</p>
      <Container
        className="simulator-form"
        {...(inWizard ? { role: 'group', onKeyDown: simulateOnEnter } : { noValidate: true, onSubmit: submit })}
        aria-labelledby={`${id}-title`}
      >
        <TextField
          id={fieldId('currency')}
          label={ROUTING_CRITERION_LABELS.currency}
          value={order.currency ?? ''}
          onChange={(event) => set('currency', event.target.value.toUpperCase())}
          error={error('currency')}
          list={`${id}-currencies`}
          maxLength={3}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. EUR"
        />
        <TextField
          id={fieldId('issuerCountry')}
          label={ROUTING_CRITERION_LABELS.issuerCountry}
          value={order.issuerCountry ?? ''}
          onChange={(event) => set('issuerCountry', event.target.value.toUpperCase())}
          error={error('issuerCountry')}
          list={`${id}-countries`}
          maxLength={2}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. ES"
        />
        <Select
          id={fieldId('cardBrand')}
          className="simulator-form__wide"
          label={ROUTING_CRITERION_LABELS.cardBrand}
          placeholder="No card brand"
          options={CARD_BRANDS.map((brand) => ({ value: brand, label: CARD_BRAND_LABELS[brand] }))}
          value={order.cardBrand ?? ''}
          onChange={(event) => set('cardBrand', event.target.value)}
          error={error('cardBrand')}
        />
        <TextField
          id={fieldId('url')}
          className="simulator-form__wide"
          label={ROUTING_CRITERION_LABELS.url}
          value={order.url ?? ''}
          onChange={(event) => set('url', event.target.value)}
          error={error('url')}
          list={urls.length > 0 ? `${id}-urls` : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. shop.example/checkout"
        />
        <TextField
          id={fieldId('customTag')}
          label={ROUTING_CRITERION_LABELS.customTag}
          value={order.customTag ?? ''}
          onChange={(event) => set('customTag', event.target.value.toUpperCase())}
          error={error('customTag')}
          list={tags.length > 0 ? `${id}-tags` : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. VIP"
        />
        <TextField
          id={fieldId('binCode')}
          label={ROUTING_CRITERION_LABELS.binCode}
          value={order.binCode ?? ''}
          onChange={(event) => set('binCode', event.target.value)}
          onKeyDown={blockNonDigits}
          error={error('binCode')}
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 411111"
        />
        <datalist id={`${id}-currencies`}>
          {DEFAULT_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {currencyName(code)}
            </option>
          ))}
        </datalist>
        <datalist id={`${id}-countries`}>
          {countryOptions().map((country) => (
            <option key={country.value} value={country.value}>
              {country.label}
            </option>
          ))}
        </datalist>
        {urls.length > 0 ? (
          <datalist id={`${id}-urls`}>
            {urls.map((url) => (
              <option key={url} value={url} />
            ))}
          </datalist>
        ) : null}
        {tags.length > 0 ? (
          <datalist id={`${id}-tags`}>
            {tags.map((tag) => (
              <option key={tag} value={tag} />
            ))}
          </datalist>
        ) : null}
        <div className="simulator-form__actions simulator-form__wide">
          <Button
            type={inWizard ? 'button' : 'submit'}
            variant="primary"
            loading={status === 'loading'}
            onClick={inWizard ? submit : undefined}
          >
            Simulate
          </Button>
        </div>
      </Container>
    </section>
  );
}

function RoutesTable({
  caption,
  routes,
  empty,
  headingLevel,
}: {
  caption: string;
  routes: readonly SimulatedRoute[];
  empty: string;
  headingLevel: 'h3' | 'h4';
}) {
  const id = useId();
  const Heading = headingLevel;
  return (
    <section className="simulator-routes" aria-labelledby={id}>
      <Heading id={id} className="simulator-routes__title">
        {caption}
      </Heading>
      {routes.length === 0 ? (
        <p className="simulator-panel__empty">{empty}</p>
      ) : (
        <div className="simulator-routes__scroll">
          <table className="simulator-routes__table" aria-labelledby={id}>
            <thead>
              <tr>
                <th scope="col">Route</th>
                <th scope="col" className="simulator-routes__number">
                  Priority
                </th>
                <th scope="col" className="simulator-routes__number">
                  Weight
                </th>
                <th scope="col" className="simulator-routes__number">
                  Traffic
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {routes.map((route) => (
                <tr key={route.id} className={route.status === 'serving' ? 'simulator-routes__serving' : undefined}>
                  <th scope="row" className="simulator-routes__route">
                    {route.viewRouteDetailPath ? (
                      <Link href={route.viewRouteDetailPath}>{route.description}</Link>
                    ) : (
                      route.description
                    )}
                  </th>
                  <td className="simulator-routes__number">{route.priority}</td>
                  <td className="simulator-routes__number">{route.weight}</td>
                  <td className="simulator-routes__number simulator-routes__share">
                    {formatPercent(route.percentage)}
                  </td>
                  <td>
                    <Badge tone={STATUS_TONE[route.status]}>{SIMULATED_STATUS_LABELS[route.status]}</Badge>
                    {route.status === 'serving' ? null : (
                      <span className="simulator-routes__hint">{SIMULATED_STATUS_HINTS[route.status]}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function summaryOf(result: SimulationResult): string {
  const serving = [...result.temporaryRoutes, ...result.otherRoutes].filter((route) => route.status === 'serving');
  if (serving.length === 0) return 'No route would take this order.';
  const priority = serving[0]?.priority;
  return serving.length === 1
    ? `One route at priority ${priority} would take all of this order’s traffic.`
    : `${serving.length} routes at priority ${priority} would share this order’s traffic.`;
}

function Distribution({
  result,
  status,
  inWizard,
  headingLevel,
  onSimulate,
}: {
  result: SimulationResult | null;
  status: SimulatorStatus;
  inWizard: boolean;
  headingLevel: 'h2' | 'h3';
  onSimulate: () => void;
}) {
  const id = useId();
  const Heading = headingLevel;
  const subLevel = headingLevel === 'h2' ? 'h3' : 'h4';
  const rows = useMemo<ChartRow[]>(() => {
    if (!result) return [];
    const temporary = inWizard ? result.temporaryRoutes : [];
    // Routes that share a description (a split of one rule over two MIDs) are told apart by their weight.
    const counts = new Map<string, number>();
    for (const route of [...temporary, ...result.otherRoutes]) {
      counts.set(route.description, (counts.get(route.description) ?? 0) + 1);
    }
    const name = (route: SimulatedRoute) =>
      (counts.get(route.description) ?? 0) > 1 ? `${route.description} (weight ${route.weight})` : route.description;
    return [
      ...temporary.map((route) => ({
        label: `${name(route)} (this route)`,
        percentage: route.percentage,
        serving: route.status === 'serving',
        temporary: true,
      })),
      ...result.otherRoutes.map((route) => ({
        label: name(route),
        percentage: route.percentage,
        serving: route.status === 'serving',
        temporary: false,
      })),
    ];
  }, [result, inWizard]);

  let body: ReactNode;
  if (status === 'error') {
    body = (
      <EmptyState
        role="alert"
        title={SIMULATOR_TEXTS.failed}
        description={CATALOGUE['unexpected-error'].content}
        action={
          <Button size="sm" onClick={onSimulate}>
            Try again
          </Button>
        }
      />
    );
  } else if (status === 'loading' && !result) {
    body = <LoadingBlock label="Simulating…" />;
  } else if (result) {
    const drawn = rows.some((row) => row.percentage > 0);
    body = (
      <div className="simulator-results" aria-busy={status === 'loading' || undefined}>
        <p className="simulator-results__summary">{summaryOf(result)}</p>
        {drawn ? (
          <ChartBoundary noteClassName="simulator-panel__note">
            <Suspense fallback={<div className="simulator-chart simulator-chart--loading" />}>
              <SimulatorChart rows={rows} />
            </Suspense>
          </ChartBoundary>
        ) : null}
        {inWizard ? (
          <RoutesTable
            caption="Routes being created or edited"
            routes={result.temporaryRoutes}
            empty={SIMULATOR_TEXTS.noWizardRoutes}
            headingLevel={subLevel}
          />
        ) : null}
        <RoutesTable
          caption="Existing routes"
          routes={result.otherRoutes}
          empty={SIMULATOR_TEXTS.noExistingRoutes}
          headingLevel={subLevel}
        />
      </div>
    );
  } else {
    body = <p className="simulator-panel__empty">{SIMULATOR_TEXTS.beforeRun}</p>;
  }

  return (
    <section className="simulator-panel__card simulator-panel__distribution" aria-labelledby={id}>
      <Heading id={id} className="simulator-panel__title">
        Traffic distribution
      </Heading>
      {body}
      <div className="visually-hidden" role="status">
        {status === 'loading' ? 'Simulating…' : status === 'results' && result ? summaryOf(result) : ''}
      </div>
    </section>
  );
}

/**
 * The simulator: the 'Simulated order' form (Enter or Simulate runs it) and the 'Traffic distribution' of its result,
 * as a chart and as a table. Used by the simulator screen (a form of its own) and by step 3 of the route wizard
 * (`inWizard`: a group inside the wizard's form, Enter in a field simulates and never saves).
 */
export function SimulatorPanel({
  merchantId,
  order,
  errors,
  status,
  result,
  onOrderChange,
  onSimulate,
  inWizard = false,
}: SimulatorPanelProps) {
  const headingLevel = inWizard ? 'h3' : 'h2';
  return (
    <div className={inWizard ? 'simulator-panel simulator-panel--wizard' : 'simulator-panel'}>
      <OrderForm
        merchantId={merchantId}
        order={order}
        errors={errors}
        status={status}
        onOrderChange={onOrderChange}
        onSimulate={onSimulate}
        inWizard={inWizard}
      />
      <Distribution
        result={result}
        status={status}
        inWizard={inWizard}
        headingLevel={headingLevel}
        onSimulate={onSimulate}
      />
    </div>
  );
}
