import type { SavedView } from '@domain/contract/saved-views';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockTableLayout } from './activity-fixtures';
import { ACCOUNT_ID, json, renderApp } from './app-harness';
import { READER, transactionsApi } from './transactions-fixtures';

// Saved views wherever the user moves (issue 26): 'View: …' in the palette, the `g v` picker, and the views under
// their list in the side bar; each opens the list with the view's filters in its address.

const HOME = `/accounts/${ACCOUNT_ID}/merchants`;
const LIST = `/accounts/${ACCOUNT_ID}/transactions`;

const view = (overrides: Partial<SavedView>): SavedView => ({
  id: '5a1e0000-0000-4000-8000-000000000001',
  list: 'account/transactions',
  name: 'Declined this month',
  shared: true,
  isDefault: false,
  editable: false,
  owner: { id: null, name: 'Ana Admin' },
  query: 'status:declined created:this-month',
  filters: { status: ['DECLINED'] },
  search: '',
  sort: '-createdAt',
  pageSize: 50,
  columns: null,
  version: 1,
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

const VIEWS = [
  view({}),
  view({
    id: '5a1e0000-0000-4000-8000-000000000002',
    name: 'Big EUR payments',
    shared: false,
    editable: true,
    query: 'currency:eur',
    filters: { currency: ['EUR'] },
  }),
  // A merchant-level view opens only inside a merchant.
  view({ id: '5a1e0000-0000-4000-8000-000000000003', list: 'merchant/subscriptions', name: 'Past due' }),
];

/** The query string of the address the app is at now. */
const addressOf = (location: { history: string[] }) =>
  new URLSearchParams((location.history.at(-1) ?? '').split('?')[1] ?? '');

function renderWithViews(path = HOME) {
  const fake = transactionsApi();
  const server = (call: Parameters<typeof fake.server>[0]) =>
    call.path === `/account/${ACCOUNT_ID}/saved-view` ? json(200, { items: VIEWS }) : fake.server(call);
  const app = renderApp({ path, session: { permissions: READER }, server });
  return { ...app, ...fake };
}

beforeEach(() => {
  sessionStorage.clear();
  mockTableLayout();
});

describe('saved views in the palette, the g v picker and the side bar', () => {
  it("opens a view typed for in the palette ('View: …') with its filters in the address", async () => {
    const { user, currentPath, listCalls, location } = renderWithViews();
    await screen.findByRole('heading', { name: 'Merchants', level: 1 });
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('declined');
    const option = await within(palette).findByRole('option', { name: /View: Declined this month/ });
    expect(option).toHaveTextContent('Transactions · Shared');
    expect(within(palette).queryByRole('option', { name: /Past due/ })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe(LIST));
    expect(addressOf(location).getAll('status')).toEqual(['DECLINED']);
    await waitFor(() => expect(listCalls.at(-1)!.search.getAll('status[]')).toEqual(['DECLINED']));
  });

  it('lists the views on g v and opens the one picked', async () => {
    const { user, currentPath, location } = renderWithViews();
    await screen.findByRole('heading', { name: 'Merchants', level: 1 });
    await user.keyboard('gv');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    expect(within(palette).getByRole('combobox')).toHaveAttribute('placeholder', 'Open a saved view…');
    const options = await within(palette).findAllByRole('option');
    expect(options.map((option) => option.querySelector('.palette__title')?.textContent)).toEqual([
      'Big EUR payments',
      'Declined this month',
    ]);
    await user.keyboard('eur{Enter}');
    await waitFor(() => expect(currentPath()).toBe(LIST));
    expect(addressOf(location).getAll('currency')).toEqual(['EUR']);
  });

  it('shows the views under their list in the side bar', async () => {
    const { user, currentPath } = renderWithViews();
    const views = await screen.findByRole('list', { name: 'Transactions views' });
    const links = within(views).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Big EUR payments', 'Declined this monthShared']);
    await user.click(within(views).getByRole('link', { name: /Declined this month/ }));
    await waitFor(() => expect(currentPath()).toBe(LIST));
    expect(within(views).getByRole('link', { name: /Declined this month/ })).toHaveAttribute('aria-current', 'page');
  });
});
