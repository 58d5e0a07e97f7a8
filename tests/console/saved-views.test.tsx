import type { SavedView } from '@domain/contract/saved-views';
import { PERMISSIONS as P } from '@domain/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockTableLayout } from './activity-fixtures';
import { ACCOUNT_ID, json, renderApp, type ServerCall } from './app-harness';
import { LIST_PATH, REFUNDER, transactionsApi } from './transactions-fixtures';

// Saved views (issue 26) in the transactions list's toolbar, against a fake of the saved-view calls the server serves:
// the Views menu, the Save view modal (share only with view.share, the default checkbox, the server's name error
// under the field), applying a view through the address, the default view on a plain opening, and a filter naming a
// deleted record shown as unavailable while the list stays narrowed to it.

const VIEWS_API = `/account/${ACCOUNT_ID}/saved-view`;
const DELETED_MERCHANT = 'dead0000-0000-4000-8000-000000000001';

const view = (overrides: Partial<SavedView> = {}): SavedView => ({
  id: 'feed0000-0000-4000-8000-000000000001',
  list: 'account/transactions',
  name: 'Team successes',
  shared: true,
  isDefault: false,
  editable: false,
  owner: { id: 'feed0000-0000-4000-8000-0000000000aa', name: 'Ana Ruiz' },
  query: 'status:success blue',
  filters: { status: ['SUCCESS'] },
  search: 'blue',
  sort: '-creationDate',
  pageSize: 100,
  columns: null,
  version: 1,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

function renderWithViews({
  path = LIST_PATH,
  permissions = REFUNDER,
  views = [] as SavedView[],
  onCreate,
}: {
  path?: string;
  permissions?: string[];
  views?: SavedView[];
  onCreate?: (call: ServerCall) => Response | undefined;
} = {}) {
  const fake = transactionsApi();
  const viewCalls: ServerCall[] = [];
  const stored = [...views];
  const app = renderApp({
    path,
    session: { permissions },
    server: (call) => {
      if (call.path === VIEWS_API) {
        viewCalls.push(call);
        if (call.method === 'GET') return json(200, { items: stored });
        const refused = onCreate?.(call);
        if (refused) return refused;
        const body = call.body as Record<string, unknown>;
        const created = view({
          ...(body as Partial<SavedView>),
          id: 'feed0000-0000-4000-8000-000000000099',
          editable: true,
          isDefault: body.isDefault === true,
        });
        stored.push(created);
        return json(201, created);
      }
      return fake.server(call);
    },
  });
  return { ...app, ...fake, viewCalls };
}

const addressOf = (location: { history: string[] }) =>
  new URLSearchParams((location.history.at(-1) ?? '').split('?')[1] ?? '');

beforeEach(() => mockTableLayout());

/** The list's rows are in (the table takes focus for its active row then, which would close an open menu). */
async function listShown() {
  const grid = await screen.findByRole('grid', { name: 'Transactions' });
  await waitFor(() => expect(within(grid).getAllByRole('row').length).toBeGreaterThan(1));
}

async function openViews(user: { click: (element: Element) => Promise<void> }) {
  await listShown();
  await user.click(await screen.findByRole('button', { name: 'Views' }));
}
afterEach(() => vi.restoreAllMocks());

describe('saving a view', () => {
  it('saves the filters and search of the address under a name, shared and default when asked', async () => {
    const { user, viewCalls } = renderWithViews({
      path: `${LIST_PATH}?status=DECLINED&search=blue`,
      permissions: [...REFUNDER, P.savedViewShare],
    });
    await openViews(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Save view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), '  Declined blue ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Share with the account' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Make this my default view' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save view' })).not.toBeInTheDocument());
    const post = viewCalls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({
      list: 'account/transactions',
      name: 'Declined blue',
      shared: true,
      isDefault: true,
      query: 'status:declined blue',
      filters: { status: ['DECLINED'] },
      search: 'blue',
      sort: '-creationDate',
      pageSize: 50,
      columns: null,
    });
    expect(await screen.findByRole('button', { name: 'View: Declined blue' })).toBeInTheDocument();
  });

  it('offers sharing only to users with view.share', async () => {
    const { user } = renderWithViews({ permissions: REFUNDER });
    await openViews(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Save view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Share with the account' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Make this my default view' })).not.toBeChecked();
  });

  it("shows the server's answer for a name the list already has under the name field, and keeps the modal", async () => {
    const message = 'A view with this name already exists for this list. Choose another name.';
    const { user } = renderWithViews({
      onCreate: () =>
        json(409, { statusCode: 409, error: 'saved-view-name-taken', message, fields: { name: message } }),
    });
    await openViews(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Save view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.type(name, 'Taken{Enter}');
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a blank name without calling the server', async () => {
    const { user, viewCalls } = renderWithViews();
    await openViews(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Save view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(viewCalls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('applying a view', () => {
  it('lists the views, shared ones marked, and applies the chosen one through the address', async () => {
    const { user, location, listCalls } = renderWithViews({
      views: [view(), view({ id: 'feed0000-0000-4000-8000-000000000002', name: 'Mine', shared: false })],
    });
    await openViews(user);
    // The menu is named by its button (floating-ui labels it by the trigger).
    const menu = await screen.findByRole('menu', { name: 'Views' });
    expect(within(menu).getByRole('menuitem', { name: 'Mine' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Team successes (shared)' }));

    await waitFor(() => expect(addressOf(location).getAll('status')).toEqual(['SUCCESS']));
    expect(addressOf(location).get('search')).toBe('blue');
    expect(addressOf(location).get('limit')).toBe('100');
    await waitFor(() => expect(listCalls.at(-1)!.search.getAll('status[]')).toEqual(['SUCCESS']));
    expect(screen.getByRole('button', { name: 'View: Team successes' })).toBeInTheDocument();
  });

  it('saves the columns shown, and a view with columns shows only those', async () => {
    const saving = renderWithViews({ path: `${LIST_PATH}?status=DECLINED&columns=transactionId,status,amount` });
    await listShown();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toHaveLength(3);
    await openViews(saving.user);
    await saving.user.click(await screen.findByRole('menuitem', { name: 'Save view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await saving.user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Narrow');
    await saving.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saving.viewCalls.some((call) => call.method === 'POST')).toBe(true));
    expect(saving.viewCalls.find((call) => call.method === 'POST')!.body).toMatchObject({
      columns: ['transactionId', 'status', 'amount'],
    });
    saving.unmount();

    const opening = renderWithViews({ views: [view({ name: 'Two columns', columns: ['transactionId', 'status'] })] });
    await openViews(opening.user);
    await opening.user.click(await screen.findByRole('menuitem', { name: 'Two columns (shared)' }));
    await waitFor(() => expect(addressOf(opening.location).get('columns')).toBe('transactionId,status'));
    await waitFor(() => expect(screen.getAllByRole('columnheader')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'View: Two columns' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Columns \(\d+ hidden\)$/ })).toBeInTheDocument();
  });

  it('opens the default view when the address names no filter, and not over a link with filters', async () => {
    const first = renderWithViews({ views: [view({ isDefault: true })] });
    await waitFor(() => expect(addressOf(first.location).getAll('status')).toEqual(['SUCCESS']));
    first.unmount();

    const second = renderWithViews({ path: `${LIST_PATH}?status=DECLINED`, views: [view({ isDefault: true })] });
    await openViews(second.user);
    expect(addressOf(second.location).getAll('status')).toEqual(['DECLINED']);
  });
});

describe('a view naming a deleted record', () => {
  it('shows the filter as unavailable and keeps the list narrowed to its id', async () => {
    const { listCalls } = renderWithViews({ path: `${LIST_PATH}?merchantId=${DELETED_MERCHANT}` });
    expect(await screen.findByText('Merchant: unavailable (deleted)')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(listCalls.at(-1)!.search.getAll('merchantId[]')).toEqual([DELETED_MERCHANT]));
  });
});
