import type { RouteDetail, RouteMid } from '@domain/contract/routes';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ID, json, renderApp, type ServerCall } from './app-harness';
import { accountFixture, CONFIG_MERCHANT_ID, merchantFixture } from './configuration-fixtures';
import { simulateWithTwoBadFields, TAG_MESSAGE } from './simulator-order-fields';

// The route wizard on screen (issue 14; spec 2, sections 2.4, 4 and 5): each step's check and message, the MID palette
// by keyboard, the simulator of step 3, the save's body, and an edit that changed nothing sending nothing.

const MERCHANT_ID = CONFIG_MERCHANT_ID;
const BASE = `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/routes`;
const ROUTE_ID = 'e0000000-0000-4000-8000-000000000001';
const EVERYTHING = [
  'merchant.read',
  'mid.read',
  'route.read',
  'route.select',
  'route.create',
  'route.update',
  'route.simulate',
];

const mid = (n: number, synchronous = true): RouteMid => ({
  id: `c0000000-0000-4000-8000-00000000000${n}`,
  description: `EU cards ${n}`,
  midAcquirerId: `ADY-${n}`,
  acquirerName: 'Adyen',
  enable: true,
  synchronous,
});
const MIDS = [mid(1), mid(2), mid(3, false)];

const ROUTE: RouteDetail = {
  routeId: ROUTE_ID,
  routeDescription: 'EU checkout',
  priority: 7,
  weight: 40,
  mid: MIDS[0] as RouteMid,
  fallbackMid: null,
  currency: ['EUR'],
  issuerCountry: [],
  cardBrand: [],
  url: [],
  customTag: [],
  binCode: [],
  modifiedDate: '2026-11-20T10:15:00.000Z',
  version: 3,
};

function renderWizard(
  path: string,
  answer?: (call: ServerCall) => Response | undefined,
  permissions: string[] = EVERYTHING,
) {
  return renderApp({
    path,
    session: { permissions },
    server: (call) => {
      const answered = answer?.(call);
      if (answered) return answered;
      if (call.path === `/account/${ACCOUNT_ID}`) return json(200, accountFixture());
      if (call.path === `/account/${ACCOUNT_ID}/merchant/${MERCHANT_ID}`) return json(200, merchantFixture());
      if (call.path === `/merchant/${MERCHANT_ID}/route-mid`) return json(200, { items: MIDS });
      if (call.path === `/merchant/${MERCHANT_ID}/route/${ROUTE_ID}`) {
        return call.method === 'PUT' ? new Response(null, { status: 204 }) : json(200, ROUTE);
      }
      if (call.path === `/merchant/${MERCHANT_ID}/routes`) return json(201, { routeIds: [ROUTE_ID] });
      if (call.path === `/merchant/${MERCHANT_ID}/simulation`) {
        return json(200, {
          otherRoutes: [],
          temporaryRoutes: [
            {
              id: 'new-1',
              description: 'Weekend EUR',
              priority: 1,
              weight: 60,
              percentage: 100,
              status: 'serving',
              viewRouteDetailPath: null,
              editRouteDetailPath: null,
            },
          ],
        });
      }
      return undefined;
    },
  });
}

afterEach(() => vi.restoreAllMocks());

describe('the route wizard', () => {
  it('creates a route through the three steps, by keyboard in the MID palette', async () => {
    const { user, calls } = renderWizard(`${BASE}/new`);
    expect(await screen.findByRole('heading', { level: 1, name: 'New route' })).toBeInTheDocument();
    // Step 1: an open variable without values stops Continue.
    await user.click(screen.getByRole('button', { name: '+ Currency' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('You must select at least one value or close this variable to continue.'),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Currency/ }), 'eur;');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // Step 2: the palette has the variables' MIDs; Continue needs a MID and a description.
    const filter = await screen.findByRole('combobox', { name: 'Filter MIDs' });
    // The variables go in a POST body: a route naming hundreds of URLs would outgrow a query string.
    const midCall = calls.find((call) => call.path === `/merchant/${MERCHANT_ID}/route-mid`);
    expect(midCall).toMatchObject({ method: 'POST', body: { currency: ['EUR'], url: [], binCode: [] } });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('In order to continue, you must add a MID and a description to your routes.'),
    ).toBeInTheDocument();
    await user.click(filter);
    await user.keyboard('cards 2{Enter}');
    const row = screen.getByRole('group', { name: 'Route 1' });
    expect(within(row).getByRole('combobox', { name: /^MID/ })).toHaveValue(mid(2).id);
    // An asynchronous MID takes no fallback: the fallback list offers synchronous MIDs other than the route's.
    const fallback = within(row).getByRole('combobox', { name: /^Fallback MID/ });
    expect(
      within(fallback)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No fallback MID', 'EU cards 1 · Adyen']);
    await user.type(within(row).getByRole('textbox', { name: /^Description/ }), 'Weekend EUR');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // Step 3: weight 0 by default says what it means; the simulator starts from an order the route takes.
    expect(await screen.findByText('(Routes with weight 0 cannot process payments)')).toBeInTheDocument();
    const weight = screen.getByRole('spinbutton', { name: /^Weight/ });
    await user.clear(weight);
    await user.type(weight, '60');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');
    await user.click(screen.getByRole('button', { name: 'Simulate' }));
    const table = await screen.findByRole('table', { name: 'Routes being created or edited' });
    expect(within(table).getByRole('row', { name: /Weekend EUR/ })).toHaveTextContent('100,0%');
    const simulation = calls.find((call) => call.path === `/merchant/${MERCHANT_ID}/simulation`);
    expect(simulation?.body).toMatchObject({
      order: { currency: 'EUR' },
      temporaryRoutes: [{ midId: mid(2).id, routeDescription: 'Weekend EUR', weight: 60, currency: ['EUR'] }],
    });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Routes' })).toBeInTheDocument();
    expect(
      calls.find((call) => call.method === 'POST' && call.path === `/merchant/${MERCHANT_ID}/routes`)?.body,
    ).toEqual({
      routes: [
        {
          routeDescription: 'Weekend EUR',
          midId: mid(2).id,
          fallbackMidId: null,
          priority: 1,
          weight: 60,
          currency: ['EUR'],
          issuerCountry: [],
          cardBrand: [],
          url: [],
          customTag: [],
          binCode: [],
        },
      ],
    });
  });

  it('sends nothing for an edit that changed nothing, and asks before discarding a change', async () => {
    const { user, calls } = renderWizard(`${BASE}/edit/${ROUTE_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('group', { name: 'Route 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Add route' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText("You haven't made any changes")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), '9');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Continue editing' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ priority: 9, weight: 40, version: 3 }),
    );
  });

  it('creates a MID inside step 2: Enter saves the MID, not the wizard, and the new MID joins the palette', async () => {
    const ADYEN = 'a0000000-0000-4000-8000-000000000001';
    const CARDS = 'b0000000-0000-4000-8000-000000000001';
    const created = mid(4);
    let midSaved = false;
    const { user, calls } = renderWizard(
      `${BASE}/new`,
      (call) => {
        if (call.path === `/account/${ACCOUNT_ID}`) {
          return json(
            200,
            accountFixture({
              providers: [
                {
                  acquirerId: ADYEN,
                  prettyName: 'Adyen',
                  usedByMid: true,
                  solutions: [{ id: CARDS, prettyName: 'Cards EU', usedByMid: true }],
                },
              ],
            }),
          );
        }
        if (call.path === `/account/${ACCOUNT_ID}/acquirer/${ADYEN}/template`) {
          const field = {
            name: 'reference',
            label: 'Reference',
            required: false,
            type: 'text',
            help: null,
            maxLength: 40,
          };
          return json(200, { acquirerId: ADYEN, fields: [field] });
        }
        if (call.path === `/merchant/${MERCHANT_ID}/mid` && call.method === 'POST') {
          midSaved = true;
          return json(201, { midId: created.id });
        }
        if (call.path === `/merchant/${MERCHANT_ID}/route-mid`) {
          return json(200, { items: midSaved ? [...MIDS, created] : MIDS });
        }
        return undefined;
      },
      [...EVERYTHING, 'mid.create', 'account.read'],
    );
    await user.click(await screen.findByRole('button', { name: '+ Currency' }));
    await user.keyboard('eur;');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Route 1 is complete, so a stray submit would continue the wizard to step 3.
    await user.click(await screen.findByRole('combobox', { name: 'Filter MIDs' }));
    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'EUR cards');
    await user.click(screen.getByRole('button', { name: 'Create New MID' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New MID' });
    // The new MID starts with the route's variables.
    expect(within(dialog).getByRole('list', { name: 'Currency values' })).toHaveTextContent('EUR');
    await within(dialog).findByRole('option', { name: 'Adyen' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Provider/ }), 'Adyen');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Solution/ }), 'Cards EU');
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), created.description);
    await user.type(within(dialog).getByRole('textbox', { name: /^MID Solution/ }), `${created.midAcquirerId}{Enter}`);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New MID' })).not.toBeInTheDocument());
    const palette = screen.getByRole('listbox', { name: 'MIDs' });
    expect(await within(palette).findByRole('option', { name: new RegExp(created.description) })).toBeInTheDocument();
    // Still on step 2: the dialog's Enter did not continue the wizard; route 1 keeps the MID it had.
    expect(screen.getByRole('combobox', { name: 'Filter MIDs' })).toBeInTheDocument();
    const row = screen.getByRole('group', { name: 'Route 1' });
    expect(within(row).getByRole('combobox', { name: /^MID/ })).toHaveValue(mid(1).id);
    // The MID was saved, and nothing else: the pick list is a read, analytics events are no saves.
    const saves = calls.filter(
      (call) =>
        call.method === 'POST' &&
        call.path.startsWith(`/merchant/${MERCHANT_ID}/`) &&
        call.path !== `/merchant/${MERCHANT_ID}/route-mid`,
    );
    expect(saves.map((call) => call.path)).toEqual([`/merchant/${MERCHANT_ID}/mid`]);
  });

  it('checks variable values on step 1 and shows each message on its field, before asking for MIDs', async () => {
    const { user, calls } = renderWizard(`${BASE}/new`);
    await user.click(await screen.findByRole('button', { name: '+ Issuer country' }));
    const country = screen.getByRole('textbox', { name: /^Issuer country/ });
    await user.type(country, 'esp;');
    await user.click(screen.getByRole('button', { name: '+ BIN code' }));
    const bin = screen.getByRole('textbox', { name: /^BIN code/ });
    await user.type(bin, '12345;');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(country).toHaveAccessibleDescription(
        expect.stringContaining('Some variables are not in the ISO format: ESP'),
      ),
    );
    expect(country).toHaveAttribute('aria-invalid', 'true');
    expect(bin).toHaveAccessibleDescription(expect.stringContaining('It must be a 6 digits code'));
    expect(screen.queryByText('Oops! Something went wrong')).not.toBeInTheDocument();

    // A code in the ISO shape that does not exist has its own message; the fixed BIN loses its message.
    await user.click(screen.getByRole('button', { name: 'Remove ESP' }));
    await user.type(country, 'xx;');
    await user.click(screen.getByRole('button', { name: 'Remove 12345' }));
    await user.type(bin, '411111;');
    expect(bin).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(country).toHaveAccessibleDescription(expect.stringContaining('The following codes do not exist: XX')),
    );
    expect(calls.filter((call) => call.path === `/merchant/${MERCHANT_ID}/route-mid`)).toEqual([]);
  });

  it('gives each row of step 2 its messages, and shows a save the server refused on the field it names', async () => {
    const { user, calls } = renderWizard(`${BASE}/new`, (call) =>
      call.path === `/merchant/${MERCHANT_ID}/routes`
        ? json(400, {
            statusCode: 400,
            error: 'form-not-validated',
            message: 'Form not validated',
            fields: { 'routes.0.midId': 'Select a MID to save the route correctly' },
          })
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('combobox', { name: 'Filter MIDs' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const row = screen.getByRole('group', { name: 'Route 1' });
    const midField = within(row).getByRole('combobox', { name: /^MID/ });
    const description = within(row).getByRole('textbox', { name: /^Description/ });
    await waitFor(() => expect(midField).toHaveAccessibleDescription('Select a MID to save the route correctly'));
    expect(description).toHaveAccessibleDescription('Required field');
    expect(
      screen.getByText('In order to continue, you must add a MID and a description to your routes.'),
    ).toBeInTheDocument();
    // Fixing one field clears its message only; the step's message stays while a row still lacks something.
    await user.type(description, 'EU cards');
    expect(description).not.toHaveAccessibleDescription('Required field');
    expect(midField).toHaveAccessibleDescription('Select a MID to save the route correctly');
    await user.selectOptions(midField, mid(1).id);
    expect(
      screen.queryByText('In order to continue, you must add a MID and a description to your routes.'),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));

    // The MID went away meanwhile: the server's message lands on Route 1's MID, back on step 2, which takes the focus;
    // the refusal is said in the form above its buttons, not in a toast that could cover them.
    const refusedRow = await screen.findByRole('group', { name: 'Route 1' });
    const refusedMid = within(refusedRow).getByRole('combobox', { name: /^MID/ });
    await waitFor(() => expect(refusedMid).toHaveAccessibleDescription('Select a MID to save the route correctly'));
    await waitFor(() => expect(refusedMid).toHaveFocus());
    const form = screen.getByRole('form', { name: 'New route' });
    expect(within(form).getByText('Form not validated')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Notifications' })).queryByText('Form not validated')).toBeNull();
    expect(calls.filter((call) => call.path === `/merchant/${MERCHANT_ID}/routes`)).toHaveLength(1);
  });

  it('clears only the changed order field’s message in the simulator of step 3', async () => {
    const { user } = renderWizard(`${BASE}/new`);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('combobox', { name: 'Filter MIDs' }));
    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Weekend EUR');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const { bin, tag } = await simulateWithTwoBadFields(user);
    await user.type(bin, '{Backspace}');
    expect(bin).not.toHaveAttribute('aria-invalid');
    expect(tag).toHaveAccessibleDescription(TAG_MESSAGE);
  });
});
