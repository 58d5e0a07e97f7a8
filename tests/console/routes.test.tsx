import type { RouteDetail } from '@domain/contract/routes';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ID, json, renderApp, type ServerCall } from './app-harness';
import { accountFixture, CONFIG_MERCHANT_ID, merchantFixture } from './configuration-fixtures';
import { giveTablesAHeight } from './table-viewport';

// Routes in the console (issue 14; spec 2, section 2.4): the list with its row actions, and the detail with its
// sections, Duplicate and Delete.

const MERCHANT_ID = CONFIG_MERCHANT_ID;
const ROUTE_ID = 'e0000000-0000-4000-8000-000000000001';
const MID_ID = 'c0000000-0000-4000-8000-000000000001';
const BASE = `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/routes`;
const EVERYTHING = ['merchant.read', 'route.read', 'route.select', 'route.create', 'route.delete', 'route.export'];

const ROUTE: RouteDetail = {
  routeId: ROUTE_ID,
  routeDescription: 'EU checkout',
  priority: 7,
  weight: 0,
  mid: {
    id: MID_ID,
    description: 'Adyen EU cards',
    midAcquirerId: 'ADY-1',
    acquirerName: 'Adyen',
    enable: true,
    synchronous: true,
  },
  fallbackMid: null,
  currency: ['EUR'],
  issuerCountry: [],
  cardBrand: [],
  url: ['shop.example/eu'],
  customTag: [],
  binCode: [],
  modifiedDate: '2026-11-20T10:15:00.000Z',
  version: 2,
};

function renderRoutes(
  path: string,
  answer?: (call: ServerCall) => Response | Promise<Response> | undefined,
  permissions = EVERYTHING,
) {
  return renderApp({
    path,
    session: { permissions },
    server: (call) => {
      const answered = answer?.(call);
      if (answered) return answered;
      if (call.path === `/account/${ACCOUNT_ID}`) return json(200, accountFixture());
      if (call.path === `/account/${ACCOUNT_ID}/merchant/${MERCHANT_ID}`) return json(200, merchantFixture());
      if (call.path === `/merchant/${MERCHANT_ID}/route`) return json(200, { count: 1, total: 1, items: [ROUTE] });
      // The routing lint beside the list (issue 28; its own tests are routes-lint.test.tsx): nothing to report.
      if (call.path === `/merchant/${MERCHANT_ID}/routing-lint`) return json(200, { checkedRoutes: 1, findings: [] });
      if (call.path === `/merchant/${MERCHANT_ID}/route/${ROUTE_ID}` && call.method === 'GET') return json(200, ROUTE);
      return undefined;
    },
  });
}

beforeEach(giveTablesAHeight);
afterEach(() => vi.restoreAllMocks());

describe('routes', () => {
  it('lists the routes with their MID, priority and weight, sorted by edited date, with the spec’s filters', async () => {
    const { user, calls } = renderRoutes(BASE);
    const row = await within(await screen.findByRole('grid', { name: 'Routes' })).findByRole('row', {
      name: /EU checkout/,
    });
    expect(row).toHaveTextContent('Adyen EU cardsAdyen');
    expect(calls.find((call) => call.path === `/merchant/${MERCHANT_ID}/route`)?.search.get('order')).toBe(
      '-modifiedDate',
    );
    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    await user.click(screen.getByRole('button', { name: 'Weight All' }));
    expect(screen.getByRole('checkbox', { name: '90-100' })).toBeInTheDocument();
  });

  it('shows the detail’s sections, says what weight 0 means, and links the MID', async () => {
    renderRoutes(`${BASE}/detail/${ROUTE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Route Detail' })).toBeInTheDocument();
    const main = await screen.findByRole('region', { name: 'Main information' });
    expect(main).toHaveTextContent('(Routes with weight 0 cannot process payments)');
    expect(screen.getByRole('region', { name: 'Variables' })).toHaveTextContent('URLshop.example/eu');
    expect(
      within(screen.getByRole('region', { name: 'MID' })).getByRole('link', { name: 'Adyen EU cards' }),
    ).toHaveAttribute('href', `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/mids/detail/${MID_ID}`);
    expect(screen.getByRole('region', { name: 'Fallback MID' })).toHaveTextContent('No fallback MID');
    expect(screen.getByRole('link', { name: 'Back to Routes' })).toBeInTheDocument();
  });

  it('duplicates, and explains why a route payments used stays when deleting it', async () => {
    const { user, calls } = renderRoutes(`${BASE}/detail/${ROUTE_ID}`, (call) => {
      if (call.method === 'POST') return json(201, { routeId: 'e0000000-0000-4000-8000-000000000002' });
      if (call.method === 'DELETE') {
        return json(409, { statusCode: 409, error: 'route-with-transactions', message: "Can't delete route" });
      }
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('Duplicated successfully')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this route?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText("Can't delete route")).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.method !== 'GET' && call.path !== '/user/recent-record')
          .map((call) => `${call.method} ${call.path}`),
      ).toEqual([
        `POST /merchant/${MERCHANT_ID}/route/${ROUTE_ID}/duplicate`,
        `DELETE /merchant/${MERCHANT_ID}/route/${ROUTE_ID}`,
      ]),
    );
  });

  it('keeps an e typed while the route loads, and opens the editor once it has', async () => {
    let release: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user } = renderRoutes(
      `${BASE}/detail/${ROUTE_ID}`,
      (call) =>
        call.path === `/merchant/${MERCHANT_ID}/route/${ROUTE_ID}` ? loaded.then(() => json(200, ROUTE)) : undefined,
      [...EVERYTHING, 'route.update', 'mid.read'],
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Route Detail' })).toBeInTheDocument();
    await user.keyboard('e');
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit route' })).toBeInTheDocument();
  });

  it('says ‘Unable to duplicate’ when a duplicate is refused, with the reason, never that a MID was cleared', async () => {
    const { user } = renderRoutes(`${BASE}/detail/${ROUTE_ID}`, (call) =>
      call.method === 'POST'
        ? json(409, { statusCode: 409, error: 'mid-bad-config', message: 'The MID does not take the variables' })
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Duplicate' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Unable to duplicate');
    expect(toast).toHaveTextContent('The MID does not accept these variables');
    expect(screen.queryByText(/was cleared/)).not.toBeInTheDocument();
  });

  it('shows only the actions the user may run, each the command its key runs', async () => {
    const { user, currentPath } = renderRoutes(`${BASE}/detail/${ROUTE_ID}`, undefined, [
      'merchant.read',
      'route.read',
      'route.select',
      'route.update',
      'mid.read',
    ]);
    const edit = await screen.findByRole('button', { name: 'Edit' });
    expect(screen.queryByRole('button', { name: 'Duplicate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(edit);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit route' })).toBeInTheDocument();
    expect(currentPath()).toBe(`${BASE}/edit/${ROUTE_ID}`);
  });
});

describe('typed queries on the routes list (issue 26)', () => {
  const listCalls = (calls: ServerCall[]) => calls.filter((call) => call.path === `/merchant/${MERCHANT_ID}/route`);

  it('sets weight bands, priorities and the fallback choice from the search box', async () => {
    const { user, calls } = renderRoutes(BASE);
    await within(await screen.findByRole('grid', { name: 'Routes' })).findByRole('row', { name: /EU checkout/ });
    const box = screen.getByRole('combobox', { name: 'Search Routes' });
    await user.type(box, 'weight:90-100,0-10 -priority:1 fallback:false checkout{Enter}');
    await waitFor(() => expect(listCalls(calls).at(-1)!.search.get('fallbackRoute')).toBe('false'));
    const query = listCalls(calls).at(-1)!.search;
    expect(query.getAll('weight[]')).toEqual(['0', '90']);
    expect(query.getAll('priority[]')).toEqual(['10', '9', '8', '7', '6', '5', '4', '3', '2']);
    expect(query.get('search')).toBe('checkout');
  });

  it('refuses both fallback choices at once: the filter takes one', async () => {
    const { user, calls } = renderRoutes(BASE);
    await within(await screen.findByRole('grid', { name: 'Routes' })).findByRole('row', { name: /EU checkout/ });
    const before = listCalls(calls).length;
    await user.type(screen.getByRole('combobox', { name: 'Search Routes' }), 'fallback:true,false{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Fallback MID takes one value, not a list.');
    expect(listCalls(calls)).toHaveLength(before);
  });

  it('lists in the shortcuts sheet the keys of the filters shown: no MID key without the MIDs to name', async () => {
    const { user } = renderRoutes(BASE);
    await within(await screen.findByRole('grid', { name: 'Routes' })).findByRole('row', { name: /EU checkout/ });
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const keys = within(sheet).getByRole('region', { name: 'Query keys: routes' });
    expect(within(keys).getByRole('row', { name: /^fallback/ })).toHaveTextContent('one of true, false');
    expect(within(keys).getByRole('row', { name: /^priority/ })).toHaveTextContent('-priority:1');
    expect(within(keys).getByRole('row', { name: /^weight/ })).toHaveTextContent('weight:0-10,10-20');
    expect(within(keys).queryByRole('rowheader', { name: /^mid/ })).not.toBeInTheDocument();
  });
});
