import { AppProviders } from '@console/app/providers';
import { SIMULATOR_TEXTS, SimulatorPanel, type SimulatorStatus } from '@console/areas/routes/simulator/simulator-panel';
import type { SimulatedRoute, SimulationOrder, SimulationResult } from '@domain/contract/routes';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ID, json, renderApp, type ServerCall, TEST_CONFIG } from './app-harness';
import { accountFixture, CONFIG_MERCHANT_ID, merchantFixture } from './configuration-fixtures';
import { BIN_MESSAGE, simulateWithTwoBadFields } from './simulator-order-fields';

// The routing simulator (issue 14; spec 2, sections 2.5, 3, 4 and 9): the order form's checks, a run shown as a table
// with its percentages, the empty texts, and the ways the keyboard reaches the screen. The chart is drawn by echarts
// in a lazily loaded chunk; jsdom draws nothing, so these tests read the table, which holds the same figures.

const MERCHANT_ID = CONFIG_MERCHANT_ID;
const MERCHANT_BASE = `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}`;
const SIMULATOR = `${MERCHANT_BASE}/simulator`;
const SIMULATION = `/merchant/${MERCHANT_ID}/simulation`;
const PERMISSIONS = ['merchant.read', 'merchant.select', 'route.read', 'route.select', 'route.simulate', 'url.read'];

const ROUTE_A = 'e0000000-0000-4000-8000-00000000000a';
const ROUTE_B = 'e0000000-0000-4000-8000-00000000000b';
const ROUTE_C = 'e0000000-0000-4000-8000-00000000000c';

function saved(id: string, fields: Omit<SimulatedRoute, 'id' | 'viewRouteDetailPath' | 'editRouteDetailPath'>) {
  return {
    id,
    ...fields,
    viewRouteDetailPath: `${MERCHANT_BASE}/routes/detail/${id}`,
    editRouteDetailPath: `${MERCHANT_BASE}/routes/edit/${id}`,
  };
}

const EUR_RESULT: SimulationResult = {
  otherRoutes: [
    saved(ROUTE_A, { description: 'EUR traffic', priority: 5, weight: 70, percentage: 70, status: 'serving' }),
    saved(ROUTE_B, { description: 'EUR backup', priority: 5, weight: 30, percentage: 30, status: 'serving' }),
    saved(ROUTE_C, { description: 'Default route', priority: 1, weight: 100, percentage: 0, status: 'lower-priority' }),
  ],
  temporaryRoutes: [],
};

function renderSimulator(
  answer: (call: ServerCall) => Response | undefined = () => json(200, EUR_RESULT),
  { path = SIMULATOR, permissions = PERMISSIONS } = {},
) {
  return renderApp({
    path,
    session: { permissions },
    server: (call) => {
      if (call.path === `/account/${ACCOUNT_ID}`) return json(200, accountFixture());
      if (call.path === `/account/${ACCOUNT_ID}/merchant/${MERCHANT_ID}`) return json(200, merchantFixture());
      if (call.path === `/merchant/${MERCHANT_ID}/list`) {
        return json(200, {
          url: {
            items: [{ id: 'f0000000-0000-4000-8000-000000000001', prettyName: 'shop.example/eu' }],
            lastEditor: null,
          },
          customTag: null,
        });
      }
      if (call.path === SIMULATION && call.method === 'POST') return answer(call);
      return undefined;
    },
  });
}

const simulations = (calls: ServerCall[]) => calls.filter((call) => call.path === SIMULATION);

describe('simulator screen', () => {
  it('refuses a BIN that is not 6 characters, sends nothing, and clears the message when the BIN changes', async () => {
    const { user, calls } = renderSimulator();
    expect(await screen.findByRole('heading', { level: 1, name: 'Simulator' })).toBeInTheDocument();
    expect(screen.getByText(SIMULATOR_TEXTS.beforeRun)).toBeInTheDocument();
    const bin = screen.getByRole('textbox', { name: 'BIN code' });
    // e, E, +, -, . and comma (and any other non-digit) never reach the field.
    await user.type(bin, '4e1E+1-1.1,1x1');
    expect(bin).toHaveValue('4111111');
    await user.click(screen.getByRole('button', { name: 'Simulate' }));
    expect(await screen.findByText('It must be a 6 digits code')).toBeInTheDocument();
    expect(bin).toHaveAttribute('aria-invalid', 'true');
    expect(bin).toHaveFocus();
    expect(simulations(calls)).toEqual([]);
    await user.keyboard('{Backspace}');
    expect(screen.queryByText('It must be a 6 digits code')).not.toBeInTheDocument();
    expect(simulations(calls)).toEqual([]);
  });

  it('keeps the other fields’ messages when one field changes, as the wizard’s simulator does', async () => {
    const { user, calls } = renderSimulator();
    const { bin, tag } = await simulateWithTwoBadFields(user);
    await user.type(tag, '{Backspace}');
    expect(tag).not.toHaveAttribute('aria-invalid');
    expect(bin).toHaveAccessibleDescription(BIN_MESSAGE);
    expect(simulations(calls)).toEqual([]);
  });

  it('runs the order on Enter and shows each route with its share, priority, weight and status', async () => {
    const { user, calls } = renderSimulator();
    const currency = await screen.findByRole('combobox', { name: 'Currency' });
    await user.type(currency, 'eur');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Card brand' }), 'Visa');
    await user.type(screen.getByRole('textbox', { name: 'BIN code' }), '411111{Enter}');

    const table = await screen.findByRole('table', { name: 'Existing routes' });
    await waitFor(() => expect(simulations(calls)).toHaveLength(1));
    expect(simulations(calls)[0]!.body).toEqual({
      order: { currency: 'EUR', cardBrand: 'VISA', binCode: '411111' },
      temporaryRoutes: [],
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['EUR traffic', '5', '70', '70,0%', 'Serving'],
      ['EUR backup', '5', '30', '30,0%', 'Serving'],
      ['Default route', '1', '100', '0,0%', 'Lower priorityA route with a higher priority takes the traffic'],
    ]);
    expect(within(table).getByRole('link', { name: 'EUR traffic' })).toHaveAttribute(
      'href',
      `${MERCHANT_BASE}/routes/detail/${ROUTE_A}`,
    );
    expect(screen.getAllByText('2 routes at priority 5 would share this order’s traffic.').length).toBeGreaterThan(0);
  });

  it('says when no existing route matches, and offers a retry when the call fails', async () => {
    let fail = true;
    const { user, calls } = renderSimulator(() =>
      fail
        ? json(422, { statusCode: 422, error: 'unexpected-error', message: 'No' })
        : json(200, { otherRoutes: [], temporaryRoutes: [] }),
    );
    await user.type(await screen.findByRole('combobox', { name: 'Currency' }), 'JPY{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SIMULATOR_TEXTS.failed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(SIMULATOR_TEXTS.noExistingRoutes)).toBeInTheDocument();
    expect(screen.getAllByText('No route would take this order.').length).toBeGreaterThan(0);
    expect(simulations(calls)).toHaveLength(2);
  });

  it('suggests the merchant’s URLs and the default currencies while free text stays possible', async () => {
    const { user } = renderSimulator();
    const url = await screen.findByRole('combobox', { name: 'URL' });
    await waitFor(() => expect(url).toHaveAttribute('list'));
    const list = document.getElementById(url.getAttribute('list') ?? '');
    expect(Array.from(list?.querySelectorAll('option') ?? [], (option) => option.value)).toEqual(['shop.example/eu']);
    await user.type(url, 'another.example/pay');
    expect(url).toHaveValue('another.example/pay');
    const currency = screen.getByRole('combobox', { name: 'Currency' });
    const currencies = document.getElementById(currency.getAttribute('list') ?? '');
    expect(Array.from(currencies?.querySelectorAll('option') ?? [], (option) => option.value)).toEqual([
      'EUR',
      'USD',
      'GBP',
    ]);
  });

  it('is reached by g s and by the palette’s ‘Simulate an order’, which puts the keyboard in the order', async () => {
    const { user, currentPath } = renderSimulator(undefined, { path: `${MERCHANT_BASE}/routes` });
    await screen.findByRole('heading', { level: 1, name: 'Routes' });
    await user.keyboard('gs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Simulator' })).toBeInTheDocument();
    expect(currentPath()).toBe(SIMULATOR);

    await user.keyboard('gr');
    await screen.findByRole('heading', { level: 1, name: 'Routes' });
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('Simulate an order');
    await user.click(await within(palette).findByRole('option', { name: /Simulate an order/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Simulator' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveFocus());
  });

  it('is not there without route.simulate', async () => {
    renderSimulator(undefined, { permissions: ['merchant.read', 'route.read'] });
    expect(await screen.findByRole('heading', { level: 1, name: /can.t find that page/ })).toBeInTheDocument();
  });
});

function WizardPanel({
  result,
  status = 'results',
  onSimulate = () => {},
}: {
  result: SimulationResult | null;
  status?: SimulatorStatus | undefined;
  onSimulate?: (() => void) | undefined;
}) {
  const [order, setOrder] = useState<SimulationOrder>({});
  return (
    <SimulatorPanel
      merchantId={MERCHANT_ID}
      order={order}
      errors={{ 'order.currency': 'Not a currency', 'rows.0.weight': 'ignored' }}
      status={status}
      result={result}
      onOrderChange={setOrder}
      onSimulate={onSimulate}
      inWizard
    />
  );
}

function renderPanel(
  result: SimulationResult | null,
  status?: SimulatorStatus,
  handlers: { onSimulate?: () => void; onSave?: () => void } = {},
) {
  // Inside a form, as in the wizard's step 3 (an EditorForm whose submit saves).
  return render(
    <AppProviders config={TEST_CONFIG}>
      <form
        aria-label="Edit route"
        onSubmit={(event) => {
          event.preventDefault();
          handlers.onSave?.();
        }}
      >
        <WizardPanel result={result} status={status} onSimulate={handlers.onSimulate} />
      </form>
    </AppProviders>,
  );
}

describe('simulator panel in the route wizard', () => {
  it('lists the routes being created or edited first, and says when none of them matches', async () => {
    const { unmount } = renderPanel({
      otherRoutes: [],
      temporaryRoutes: [
        {
          id: 'new-1',
          description: 'New EUR route',
          priority: 9,
          weight: 100,
          percentage: 100,
          status: 'serving',
          viewRouteDetailPath: null,
          editRouteDetailPath: null,
        },
      ],
    });
    expect(screen.getAllByRole('table')).toHaveLength(1);
    const created = screen.getByRole('table', { name: 'Routes being created or edited' });
    expect(within(created).getByRole('row', { name: /New EUR route/ })).toHaveTextContent('100,0%');
    expect(within(created).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText(SIMULATOR_TEXTS.noExistingRoutes)).toBeInTheDocument();
    // Only the order's messages are shown.
    expect(screen.getByText('Not a currency')).toBeInTheDocument();
    expect(screen.queryByText('ignored')).not.toBeInTheDocument();
    unmount();

    renderPanel({ otherRoutes: EUR_RESULT.otherRoutes, temporaryRoutes: [] });
    expect(screen.getByText(SIMULATOR_TEXTS.noWizardRoutes)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Existing routes' })).toBeInTheDocument();
  });

  it('shows the loading state before the first result', async () => {
    renderPanel(null, 'loading');
    expect(screen.getByRole('button', { name: 'Simulate' })).toBeDisabled();
    expect(screen.getAllByText('Simulating…').length).toBeGreaterThan(0);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Currency' }), 'usd');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('USD');
  });

  it('simulates on Enter in an order field and by its button without submitting the wizard’s form', async () => {
    const onSimulate = vi.fn();
    const onSave = vi.fn();
    renderPanel(null, 'idle', { onSimulate, onSave });
    expect(screen.getByText(SIMULATOR_TEXTS.beforeRun)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Simulated order' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'BIN code' }), '411111{Enter}');
    await user.click(screen.getByRole('button', { name: 'Simulate' }));
    expect(onSimulate).toHaveBeenCalledTimes(2);
    expect(onSave).not.toHaveBeenCalled();
    expect(document.querySelectorAll('form form')).toHaveLength(0);
  });
});
