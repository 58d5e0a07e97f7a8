import type { MidDetail, MidListItem } from '@domain/contract/mids';
import { type AcquirerTemplate, MID_MESSAGES } from '@domain/mids';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ID, json, renderApp, type ServerCall } from './app-harness';
import { accountFixture, CONFIG_MERCHANT_ID, merchantFixture } from './configuration-fixtures';
import { giveTablesAHeight } from './table-viewport';

// MIDs in the console (issue 13; spec 2, sections 2.3, 4, 5 and 8): the list, the detail, deleting a MID routes use,
// and the form: the payments solution first, the acquirer template's fields, pending variables, stored credentials,
// the saving pattern and the has-transactions refusal.

const MERCHANT_ID = CONFIG_MERCHANT_ID;
const ADYEN = 'a0000000-0000-4000-8000-000000000001';
const CARDS_EU = 'b0000000-0000-4000-8000-000000000001';
const CARDS_UK = 'b0000000-0000-4000-8000-000000000002';
const MID_ID = 'c0000000-0000-4000-8000-000000000001';
const ROUTE_ID = 'd0000000-0000-4000-8000-000000000001';
const BASE = `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/mids`;
const EVERYTHING = ['merchant.read', 'mid.read', 'mid.select', 'mid.create', 'mid.update', 'mid.delete', 'mid.export'];
const WITH_LISTS = [...EVERYTHING, 'url.read', 'url.create', 'tag.read', 'tag.create'];

const ACCOUNT = accountFixture({
  providers: [
    {
      acquirerId: ADYEN,
      prettyName: 'Adyen',
      usedByMid: true,
      solutions: [
        { id: CARDS_EU, prettyName: 'Cards EU', usedByMid: true },
        { id: CARDS_UK, prettyName: 'Cards UK', usedByMid: false },
      ],
    },
  ],
});

const MERCHANT = merchantFixture();

const TEMPLATE: AcquirerTemplate = {
  acquirerId: ADYEN,
  fields: [
    { name: 'merchantAccount', label: 'Merchant account', required: true, type: 'text', help: null, maxLength: 80 },
    { name: 'apiKey', label: 'API key', required: true, type: 'secret', help: null, maxLength: 256 },
  ],
};

const ROW: MidListItem = {
  midId: MID_ID,
  description: 'Adyen EU cards',
  midAcquirerId: 'ADY-000111',
  acquirer: { id: ADYEN, prettyName: 'Adyen' },
  solution: { id: CARDS_EU, prettyName: 'Cards EU' },
  enable: true,
  force3ds: 'REQUIRED_3DS',
  currency: ['EUR', 'GBP', 'USD'],
  issuerCountry: ['ES'],
  cardBrand: ['VISA'],
  url: [],
  customTag: [],
  binCode: [],
  modifiedDate: '2026-11-20T10:15:00.000Z',
};

const DETAIL: MidDetail = {
  ...ROW,
  merchantId: MERCHANT_ID,
  acquirer: { id: ADYEN, prettyName: 'Adyen', description: 'Global acquiring' },
  acquirerId: ADYEN,
  solutionId: CARDS_EU,
  customConfig: { merchantAccount: 'LumenECOM' },
  storedSecrets: ['apiKey'],
  hasTransactions: false,
  hasRoutes: false,
  routes: [],
  version: 3,
};

function renderMids(path: string, answer?: (call: ServerCall) => Response | undefined, permissions = EVERYTHING) {
  return renderApp({
    path,
    session: { permissions },
    server: (call) => {
      const answered = answer?.(call);
      if (answered) return answered;
      if (call.path === `/account/${ACCOUNT_ID}`) return json(200, ACCOUNT);
      if (call.path === `/account/${ACCOUNT_ID}/merchant/${MERCHANT_ID}`) return json(200, MERCHANT);
      if (call.path === `/merchant/${MERCHANT_ID}/mid` && call.method === 'GET') {
        return json(200, { count: 1, total: 1, items: [ROW] });
      }
      if (call.path === `/merchant/${MERCHANT_ID}/mid/${MID_ID}` && call.method === 'GET') return json(200, DETAIL);
      if (call.path === `/account/${ACCOUNT_ID}/acquirer/${ADYEN}/template`) return json(200, TEMPLATE);
      if (call.path === `/merchant/${MERCHANT_ID}/list`) {
        return json(200, {
          url: { items: [{ id: ROUTE_ID, prettyName: 'lumen.example/eu' }], lastEditor: null },
          customTag: { items: [], lastEditor: null },
        });
      }
      return undefined;
    },
  });
}

beforeEach(giveTablesAHeight);
afterEach(() => vi.restoreAllMocks());

// The recent-records trail (issue 26) is a read trail, not a write of the MID.
const writes = (calls: ServerCall[]) =>
  calls.filter((call) => call.method !== 'GET' && call.path !== '/user/recent-record');

describe('the MIDs list and detail', () => {
  it('shows the merchant’s MIDs with their provider, solution and variables, sorted by edited date', async () => {
    const { calls } = renderMids(BASE);
    const grid = await screen.findByRole('grid', { name: 'MIDs' });
    const row = await within(grid).findByRole('row', { name: /Adyen EU cards/ });
    expect(row).toHaveTextContent('ADY-000111');
    expect(row).toHaveTextContent('AdyenCards EU');
    expect(row).toHaveTextContent('Required');
    expect(within(row).getByRole('img', { name: '1 more: USD' })).toBeInTheDocument();
    const list = calls.find((call) => call.path === `/merchant/${MERCHANT_ID}/mid`);
    expect(list?.search.get('order')).toBe('-modifiedDate');
    expect(screen.getByRole('button', { name: 'New MID' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('shows the detail’s sections with the template’s labels, hides credentials, and says when no route uses it', async () => {
    renderMids(`${BASE}/detail/${MID_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'MID Detail' })).toBeInTheDocument();
    const main = await screen.findByRole('region', { name: 'Main information' });
    expect(await within(main).findByText('Merchant account')).toBeInTheDocument();
    expect(within(main).getByText('LumenECOM')).toBeInTheDocument();
    expect(within(main).getByText('API key').nextSibling).toHaveTextContent('Stored, hidden');
    expect(screen.getByRole('region', { name: 'Variables' })).toHaveTextContent('Issuer countryES · Spain');
    expect(screen.getByRole('region', { name: 'Routes using this MID' })).toHaveTextContent(
      'There are no linked routes for this MID.',
    );
    expect(screen.getByRole('link', { name: 'Back to MIDs' })).toBeInTheDocument();
    for (const name of ['Duplicate', 'Export', 'Edit', 'Delete']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it("asks 'Delete this MID?' and, when routes use it, says 'You can't delete this MID' naming them", async () => {
    const { user, calls } = renderMids(`${BASE}/detail/${MID_ID}`, (call) =>
      call.method === 'DELETE'
        ? json(409, {
            statusCode: 409,
            error: 'mids-in-use',
            message: 'Some routes already use this MID.',
            dependants: [{ kind: 'ROUTE', id: ROUTE_ID, description: 'EU checkout' }],
          })
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this MID?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const refused = await screen.findByRole('dialog', { name: "You can't delete this MID" });
    expect(within(refused).getByRole('listitem')).toHaveTextContent('EU checkout');
    expect(within(refused).getByRole('button', { name: 'View detail' })).toBeInTheDocument();
    await user.click(within(refused).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls).map((call) => `${call.method} ${call.path}`)).toEqual([
      `DELETE /merchant/${MERCHANT_ID}/mid/${MID_ID}`,
    ]);
  });

  it('offers only what the permissions allow: a viewer sees no New MID, Edit, Duplicate or Delete', async () => {
    renderMids(`${BASE}/detail/${MID_ID}`, undefined, ['merchant.read', 'mid.read', 'mid.select']);
    await screen.findByRole('heading', { level: 1, name: 'MID Detail' });
    for (const name of ['Duplicate', 'Export', 'Edit', 'Delete']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});

describe('typed queries on the MIDs list (issue 26)', () => {
  const listCalls = (calls: ServerCall[]) =>
    calls.filter((call) => call.path === `/merchant/${MERCHANT_ID}/mid` && call.method === 'GET');

  it('sets the provider by name, Force 3DS, brands and a currency from the search box, the rest stays the search', async () => {
    const { user, calls } = renderMids(BASE, undefined, WITH_LISTS);
    await within(await screen.findByRole('grid', { name: 'MIDs' })).findByRole('row', { name: /Adyen EU cards/ });
    const box = screen.getByRole('combobox', { name: 'Search MIDs' });
    await user.type(box, 'provider:adyen -force3ds:null brand:visa,mastercard currency:eur cards{Enter}');
    await waitFor(() => expect(listCalls(calls).at(-1)!.search.getAll('cardBrand[]')).toEqual(['VISA', 'MC']));
    const query = listCalls(calls).at(-1)!.search;
    expect(query.getAll('acquirerId[]')).toEqual([ADYEN]);
    expect(query.getAll('force3ds[]')).toEqual(['REQUIRED_3DS', 'NO_3DS', 'INDIFFERENT', 'PREFERRED_3DS']);
    expect(query.getAll('currency[]')).toEqual(['EUR']);
    expect(query.get('search')).toBe('cards');
    expect(box).toHaveValue('cards');
  });

  it('refuses to exclude a brand, since a MID takes several, and applies nothing', async () => {
    const { user, calls } = renderMids(BASE);
    await within(await screen.findByRole('grid', { name: 'MIDs' })).findByRole('row', { name: /Adyen EU cards/ });
    const before = listCalls(calls).length;
    const box = screen.getByRole('combobox', { name: 'Search MIDs' });
    await user.type(box, '-brand:visa{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Card brand cannot be excluded');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(listCalls(calls)).toHaveLength(before);
  });

  it("lists the MIDs list's keys in the shortcuts sheet: those of the filters it shows, with examples", async () => {
    const { user } = renderMids(BASE, undefined, WITH_LISTS);
    await within(await screen.findByRole('grid', { name: 'MIDs' })).findByRole('row', { name: /Adyen EU cards/ });
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const keys = within(sheet).getByRole('region', { name: 'Query keys: MIDs' });
    expect(keys).toHaveTextContent('key:value');
    const force3ds = within(keys).getByRole('row', { name: /^force3ds/ });
    expect(force3ds).toHaveTextContent('also threeds');
    expect(force3ds).toHaveTextContent('-force3ds:preferred');
    expect(within(keys).getByRole('rowheader', { name: /^brand Card brand/ })).toBeInTheDocument();
    // The merchant has URLs but no custom tags, so the filter bar has no Custom tag filter, nor the sheet a tag key.
    expect(within(keys).getByRole('rowheader', { name: /^url URL/ })).toBeInTheDocument();
    expect(within(keys).queryByRole('rowheader', { name: /^tag/ })).not.toBeInTheDocument();
  });
});

describe('the MID form', () => {
  it('asks for the solution, the template’s fields and a value for every open variable, and sends nothing', async () => {
    const { user, calls } = renderMids(`${BASE}/new`, undefined, WITH_LISTS);
    expect(await screen.findByRole('heading', { level: 1, name: 'New MID' })).toBeInTheDocument();
    expect(screen.getByText('Fill out the form below')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Adyen' });
    await user.selectOptions(screen.getByRole('combobox', { name: /^Provider/ }), 'Adyen');
    const apiKey = await screen.findByLabelText(/^API key/);
    await user.click(screen.getByRole('button', { name: '+ Currency' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Form not validated')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Solution/ })).toHaveAccessibleDescription('Required field');
    expect(screen.getByRole('textbox', { name: /^Currency/ })).toHaveAccessibleDescription(
      /You must select at least one value or close this variable to continue/,
    );
    expect(apiKey).toHaveAccessibleDescription('Required field');
    // Closing the variable clears it: its message goes with it.
    await user.click(screen.getByRole('button', { name: 'Close Currency' }));
    expect(screen.queryByRole('textbox', { name: /^Currency/ })).not.toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('creates a MID with the variables typed, upper-cased codes and a BIN that refuses letters', async () => {
    const { user, calls, currentPath } = renderMids(`${BASE}/new`, (call) =>
      call.method === 'POST' ? json(201, { midId: MID_ID }) : undefined,
    );
    await screen.findByRole('option', { name: 'Adyen' });
    await user.selectOptions(screen.getByRole('combobox', { name: /^Provider/ }), 'Adyen');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Solution/ }), 'Cards UK');
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Adyen UK cards');
    await user.type(screen.getByRole('textbox', { name: /^MID Solution/ }), 'ADY-2');
    await user.type(await screen.findByRole('textbox', { name: /^Merchant account/ }), 'LumenUK');
    await user.type(screen.getByLabelText(/^API key/), 'secret-key');
    await user.click(screen.getByRole('button', { name: '+ Currency' }));
    await user.keyboard('gbp;eur{Enter}');
    await user.click(screen.getByRole('button', { name: '+ BIN code' }));
    await user.keyboard('4e1-1.1,11{Enter}');
    expect(screen.getByRole('list', { name: 'BIN code values' })).toHaveTextContent('411111');
    await user.click(screen.getByRole('radio', { name: /^Preferred/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe(BASE));
    expect(writes(calls)).toHaveLength(1);
    expect(writes(calls)[0]?.body).toEqual({
      acquirerId: ADYEN,
      solutionId: CARDS_UK,
      midAcquirerId: 'ADY-2',
      description: 'Adyen UK cards',
      force3ds: 'PREFERRED_3DS',
      currency: ['GBP', 'EUR'],
      issuerCountry: [],
      cardBrand: [],
      url: [],
      customTag: [],
      binCode: ['411111'],
      customConfig: { merchantAccount: 'LumenUK', apiKey: 'secret-key' },
    });
    expect(await screen.findByText('Created successfully')).toBeInTheDocument();
  });

  it('edits with the stored credential kept empty, and sends nothing when nothing changed', async () => {
    const { user, calls } = renderMids(`${BASE}/edit/${MID_ID}`, (call) =>
      call.method === 'PUT' ? new Response(null, { status: 204 }) : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit MID' })).toBeInTheDocument();
    const apiKey = await screen.findByLabelText(/^API key/);
    expect(apiKey).toHaveValue('');
    expect(apiKey).toHaveAccessibleDescription(/Stored and hidden/);
    expect(screen.getByRole('textbox', { name: /^Currency/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("You haven't made any changes")).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove GBP' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      body: { currency: ['EUR', 'USD'], customConfig: { merchantAccount: 'LumenECOM' }, version: 3 },
    });
  });

  it('locks the payments solution of a MID with transactions, and explains a 409 mid-with-transactions', async () => {
    const { user } = renderMids(`${BASE}/edit/${MID_ID}`, (call) => {
      if (call.method === 'GET' && call.path === `/merchant/${MERCHANT_ID}/mid/${MID_ID}`) {
        return json(200, { ...DETAIL, hasTransactions: true });
      }
      if (call.method === 'PUT') {
        return json(409, {
          statusCode: 409,
          error: 'mid-with-transactions',
          message: 'Payments Solution cannot be edited',
        });
      }
      return undefined;
    });
    expect(
      await screen.findByText('This MID is being used in some transaction and Payments Solution cannot be edited'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Provider/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /^Solution/ })).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: /^Description/ }));
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const modal = await screen.findByRole('dialog', { name: 'Payments Solution cannot be edited' });
    await user.click(within(modal).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('duplicates with the source’s variables only, and asks before discarding changes on Cancel', async () => {
    const { user, calls } = renderMids(`${BASE}/new?duplicate=${MID_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'New MID' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Currency values' })).toHaveTextContent('EURGBPUSD');
    expect(screen.getByRole('combobox', { name: /^Provider/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /^Description/ })).toHaveValue('');
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Copy');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', {
      name: 'Are you sure you want to cancel? Your changes will be lost.',
    });
    expect(within(ask).getByRole('button', { name: 'Continue creating' })).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });
});

describe('the MID page and the routes that use the MID (issue 23)', () => {
  const ROUTE_EDITOR = [...EVERYTHING, 'route.read', 'route.select', 'route.update'];
  const USED: MidDetail = {
    ...DETAIL,
    hasRoutes: true,
    routes: [{ routeId: ROUTE_ID, routeDescription: 'EU checkout' }],
  };
  const unreachable = () => {
    throw new TypeError('Failed to fetch');
  };
  const UNEXPECTED = 'Oops! Something went wrong';

  it('warns that routes use the MID, and names the routes a refused edit would leave unserved', async () => {
    const refusal = MID_MESSAGES.refusesRoutes(['EU checkout']);
    const { user, calls } = renderMids(
      `${BASE}/edit/${MID_ID}`,
      (call) => {
        if (call.method === 'GET' && call.path === `/merchant/${MERCHANT_ID}/mid/${MID_ID}`) return json(200, USED);
        if (call.method === 'PUT') {
          return json(409, {
            statusCode: 409,
            error: 'mid-routes-bad-config',
            message: 'Some routes already use this MID.',
            fields: { currency: refusal },
            dependants: [{ kind: 'ROUTE', id: ROUTE_ID, description: 'EU checkout' }],
          });
        }
        return undefined;
      },
      ROUTE_EDITOR,
    );
    const warning = await screen.findByText('Some routes already use this MID.');
    expect(within(warning.closest('.banner') as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      `${BASE}/detail/${MID_ID}`,
    );

    await user.click(await screen.findByRole('button', { name: 'Remove GBP' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Some routes already use this MID.' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('EU checkout');
    expect(within(dialog).getByRole('link', { name: 'Edit route EU checkout' })).toHaveAttribute(
      'href',
      `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/routes/edit/${ROUTE_ID}`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /^Currency/ })).toHaveAccessibleDescription(
      expect.stringContaining(refusal),
    );
    expect(writes(calls)).toHaveLength(1);
  });

  it("says 'unexpected-error' when the provider's fields cannot be loaded, never 'Choose another acquirer', and retries", async () => {
    let templateCalls = 0;
    const { user } = renderMids(`${BASE}/new`, (call) => {
      if (call.path !== `/account/${ACCOUNT_ID}/acquirer/${ADYEN}/template`) return undefined;
      templateCalls += 1;
      return templateCalls === 1 ? unreachable() : json(200, TEMPLATE);
    });
    await screen.findByRole('option', { name: 'Adyen' });
    await user.selectOptions(screen.getByRole('combobox', { name: /^Provider/ }), 'Adyen');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(UNEXPECTED);
    expect(banner).toHaveTextContent('Sorry, there was a problem. Please try again');
    expect(screen.queryByText(MID_MESSAGES.noTemplate)).not.toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: /^Merchant account/ })).toBeInTheDocument();
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });

  it("shows the 'unexpected-error' banner by the actions when a save never reaches the server, keeping the form", async () => {
    const { user, calls } = renderMids(`${BASE}/edit/${MID_ID}`, (call) =>
      call.method === 'PUT' ? unreachable() : undefined,
    );
    const description = await screen.findByRole('textbox', { name: /^Description/ });
    await user.clear(description);
    await user.type(description, 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(UNEXPECTED);
    expect(screen.queryByText(/could not reach the server/)).not.toBeInTheDocument();
    expect(description).toHaveValue('Renamed');
    expect(writes(calls)).toHaveLength(1);
  });

  it("shows the 'unexpected-error' banner when the MID or the lists cannot be loaded", async () => {
    let midCalls = 0;
    const { user } = renderMids(
      `${BASE}/edit/${MID_ID}`,
      (call) => {
        if (call.path === `/merchant/${MERCHANT_ID}/list`) return unreachable();
        if (call.method !== 'GET' || call.path !== `/merchant/${MERCHANT_ID}/mid/${MID_ID}`) return undefined;
        midCalls += 1;
        return midCalls === 1 ? unreachable() : json(200, DETAIL);
      },
      WITH_LISTS,
    );
    const loadError = await screen.findByRole('alert');
    expect(loadError).toHaveTextContent(UNEXPECTED);
    await user.click(within(loadError).getByRole('button', { name: 'Try again' }));
    const variables = await screen.findByRole('region', { name: 'Variables' });
    expect(await within(variables).findByRole('alert')).toHaveTextContent(UNEXPECTED);
    expect(screen.getByRole('textbox', { name: /^Description/ })).toHaveValue('Adyen EU cards');
  });
});
