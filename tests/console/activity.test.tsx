import { formatDateTime } from '@domain/format';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_CONFIG,
  ACTIVITY_PATH,
  activityServer,
  DELETED,
  INSERTED,
  LIST_PATH,
  MERCHANT_ID,
  mockTableLayout,
  OTHER_MERCHANT_ID,
  UPDATED,
} from './activity-fixtures';
import { ACCOUNT_ID, json, OTHER_ACCOUNT_ID, renderApp } from './app-harness';

const READ_AND_SELECT = ['useractivity.read', 'useractivity.select', 'merchant.read'];

function renderActivity({
  permissions = READ_AND_SELECT,
  isProviderStaff = false,
  path = ACTIVITY_PATH,
  ...serverOptions
}: {
  permissions?: string[];
  isProviderStaff?: boolean;
  path?: string;
} & Parameters<typeof activityServer>[0] = {}) {
  const stub = activityServer(serverOptions);
  const app = renderApp({
    path,
    session: { permissions, isProviderStaff },
    server: stub.server,
    config: ACTIVITY_CONFIG,
  });
  return { ...app, ...stub };
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`No row holds ${text}`);
  return row;
}

const lastListCall = (listCalls: { search: URLSearchParams }[]) => listCalls.at(-1)!.search;

beforeEach(() => {
  mockTableLayout();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('user activity screen', () => {
  it('lists the entries from the user-activity base, newest first, with the spec columns', async () => {
    const { listCalls } = renderActivity();

    expect(await screen.findByRole('heading', { name: 'User activity', level: 1 })).toBeInTheDocument();
    await screen.findByText(INSERTED.resourceId);
    const grid = screen.getByRole('grid', { name: 'User activity' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(
      ['Date', 'User', 'Action type', 'Resource type', 'Resource ID', 'Merchant', 'Detail'].map((text) =>
        expect.stringContaining(text),
      ),
    );
    expect(lastListCall(listCalls).get('order')).toBe('-date');
    expect(lastListCall(listCalls).get('page')).toBe('1');

    const row = rowOf(INSERTED.resourceId);
    expect(within(row).getByText(formatDateTime(INSERTED.date, { seconds: true }))).toBeInTheDocument();
    expect(formatDateTime(INSERTED.date, { seconds: true })).toMatch(/^\d{2} \w{3} \d{4}, \d{2}:\d{2}:30$/);
    expect(within(row).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Insert')).toHaveClass('badge');
    expect(within(row).getByRole('gridcell', { name: 'Merchant' })).toBeInTheDocument();
    expect(within(row).getByText('Shop One Trading S.L.')).toBeInTheDocument();
    expect(within(rowOf(DELETED.resourceId)).getByText('Delete')).toHaveClass('badge--error');
  });

  it('links a resource to its screen in a new tab, and deleted resources not at all', async () => {
    renderActivity();
    const link = await screen.findByRole('link', { name: INSERTED.resourceId });
    expect(link).toHaveAttribute('href', `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/detail`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: UPDATED.resourceId })).toHaveAttribute(
      'href',
      `/users/detail/${UPDATED.resourceId}`,
    );

    expect(screen.getByText(DELETED.resourceId)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: DELETED.resourceId })).not.toBeInTheDocument();
  });

  it('disables View changes without useractivity.select, and Enter opens nothing', async () => {
    const { user, calls } = renderActivity({ permissions: ['useractivity.read'] });
    await screen.findByText(INSERTED.resourceId);
    const row = rowOf(INSERTED.resourceId);
    expect(within(row).getByRole('button', { name: 'View changes' })).toBeDisabled();

    screen.getByRole('grid', { name: 'User activity' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/audit/useractivity/'))).toBe(false);
  });

  it('shows New values for an insert from GET /useractivity/{id} on the audit base, as the screens name them', async () => {
    const { user, calls } = renderActivity();
    await screen.findByText(INSERTED.resourceId);
    await user.click(within(rowOf(INSERTED.resourceId)).getByRole('button', { name: 'View changes' }));

    const dialog = await screen.findByRole('dialog', { name: 'New values' });
    expect(calls.some((call) => call.path === `/audit/useractivity/${INSERTED.userActivityId}`)).toBe(true);
    expect(dialog).toHaveClass('activity-changes');
    // The summary names the merchant besides its id.
    expect(dialog).toHaveTextContent(`Merchant Shop One ${INSERTED.resourceId}`);
    const values = await within(dialog).findByRole('table');
    const fieldRow = (field: string) => within(values).getByRole('rowheader', { name: field }).closest('tr')!;
    // The merchant detail's labels, in its order; fields no screen names read as words, after them.
    expect(
      within(values)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Merchant name', 'Account', 'Created', 'Country', 'Phone', 'Tags', 'Custom config']);
    expect(fieldRow('Merchant name')).toHaveTextContent('Shop One');
    // An account id reads as the account's name, a date as the console writes dates.
    expect(fieldRow('Account')).toHaveTextContent('Acme');
    expect(fieldRow('Account')).not.toHaveTextContent(ACCOUNT_ID);
    expect(fieldRow('Created')).toHaveTextContent(formatDateTime('2025-03-01T10:15:30.000Z', { seconds: true }));
    expect(fieldRow('Tags')).toHaveTextContent('a, b');
    expect(fieldRow('Phone')).toHaveTextContent('(empty)');
    expect(fieldRow('Custom config')).toHaveTextContent('Terminal ID: T-1');
    expect(within(values).queryByText(/prettyName|accountId/)).not.toBeInTheDocument();
  });

  it('shows Update information with old and new values, changed fields first and highlighted', async () => {
    const { user } = renderActivity();
    await screen.findByText(UPDATED.resourceId);
    await user.click(within(rowOf(UPDATED.resourceId)).getByRole('button', { name: 'View changes' }));

    const dialog = await screen.findByRole('dialog', { name: 'Update information' });
    const changed = await within(dialog).findByRole('table', { name: 'Changed fields' });
    expect(
      within(changed)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Field', 'Old value', 'New value']);
    // The user form's labels and order: what changed, old then new.
    const changedRow = (field: string) => within(changed).getByRole('rowheader', { name: field }).closest('tr')!;
    const cellsOf = (field: string) =>
      within(changedRow(field))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(
      within(changed)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Job title', 'Role', 'Status', 'Accounts']);
    expect(changedRow('Job title')).toHaveClass('activity-changes__row--changed');
    expect(cellsOf('Job title')).toEqual(['Ops', 'Ops lead']);
    // Codes read as their labels, account ids as the accounts' names; an account the console does not know keeps
    // its id.
    expect(cellsOf('Role')).toEqual(['Viewer', 'Manager']);
    expect(cellsOf('Status')).toEqual(['Invited', 'Active']);
    expect(cellsOf('Accounts')).toEqual(['Acme', `Acme, ${OTHER_ACCOUNT_ID}`]);
    expect(within(changed).queryByRole('rowheader', { name: 'First name' })).not.toBeInTheDocument();

    const unchanged = within(dialog).getByRole('table', { name: 'Unchanged fields' });
    expect(
      within(unchanged)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['First name', 'Type']);
    expect(
      within(unchanged)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Luis', 'Luis', 'Account', 'Account']);
    expect(within(dialog).getByText('Unchanged fields (2)')).toBeInTheDocument();
  });

  it('opens Old values for a delete with Enter on the active row, and Escape closes it', async () => {
    const { user } = renderActivity();
    await screen.findByText(DELETED.resourceId);
    screen.getByRole('grid', { name: 'User activity' }).focus();
    await user.keyboard('jjj');
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Old values' });
    expect(await within(dialog).findByText('Main EUR route')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Description', 'Weight']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says Error getting details when the entry cannot be read', async () => {
    const { user } = renderActivity({
      detail: () => json(500, { statusCode: 500, error: 'server-error', message: 'boom' }),
    });
    await screen.findByText(INSERTED.resourceId);
    await user.click(within(rowOf(INSERTED.resourceId)).getByRole('button', { name: 'View changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New values' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error getting details');
  });

  it('says Error getting details when an update lacks its old values', async () => {
    const { user } = renderActivity({
      detail: () => json(200, { ...UPDATED, version: { a: 1 }, oldVersion: null }),
    });
    await screen.findByText(UPDATED.resourceId);
    await user.click(within(rowOf(UPDATED.resourceId)).getByRole('button', { name: 'View changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update information' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error getting details');
  });

  it('tells provider staff that resource type User can belong to any account', async () => {
    const { user } = renderActivity({ isProviderStaff: true, permissions: [...READ_AND_SELECT, 'account.read'] });
    await screen.findByText(INSERTED.resourceId);
    const hint = screen.getByRole('button', { name: 'About Resource type' });
    await user.hover(hint);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Resource type User can belong to any account.');
  });

  it('gives account users no such hint', async () => {
    renderActivity();
    await screen.findByText(INSERTED.resourceId);
    expect(screen.queryByRole('button', { name: 'About Resource type' })).not.toBeInTheDocument();
  });
});

describe('user activity filters', () => {
  it('filters by action type, merchant (from the merchants call) and resource type, kept in the address', async () => {
    const { user, listCalls, location } = renderActivity();
    await screen.findByText(INSERTED.resourceId);
    await user.click(screen.getByRole('button', { name: 'Show filters' }));

    await user.click(screen.getByRole('button', { name: /^Action type All/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Update' }));
    await user.click(screen.getByRole('checkbox', { name: 'Delete' }));
    await waitFor(() => expect(lastListCall(listCalls).getAll('actionType[]')).toEqual(['UPDATE', 'DELETE']));

    // The filter's button, not the top menu's merchant switcher ('Merchant All merchants').
    await user.click(
      within(screen.getByRole('group', { name: 'Filters' })).getByRole('button', { name: /^Merchant All/ }),
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Shop Two' }));
    await waitFor(() => expect(lastListCall(listCalls).getAll('merchantId[]')).toEqual([OTHER_MERCHANT_ID]));

    await user.click(screen.getByRole('button', { name: /^Resource type All/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Chargeback template' }));
    await waitFor(() => expect(lastListCall(listCalls).getAll('resourceType[]')).toEqual(['CHARGEBACK_TEMPLATE']));

    const address = new URLSearchParams((location.history.at(-1) ?? '').split('?')[1]);
    expect(address.getAll('actionType')).toEqual(['UPDATE', 'DELETE']);
    expect(address.getAll('merchantId')).toEqual([OTHER_MERCHANT_ID]);
    expect(lastListCall(listCalls).get('page')).toBe('1');
  });

  it('sends a preset as the start and end of its local days', async () => {
    const { user, listCalls, location } = renderActivity();
    await screen.findByText(INSERTED.resourceId);
    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    await user.click(screen.getByRole('button', { name: /^Date All dates/ }));

    const presets = screen.getAllByRole('radio').map((radio) => radio.parentElement?.textContent);
    expect(presets).toEqual([
      'All dates',
      'Yesterday',
      'This week',
      'Last 7 days',
      'This month',
      'This year',
      'Last week',
      'Last month',
      'Two months ago',
      'Last 30 days',
      'Previous to last 30 days',
      'Custom range',
      'Single date',
    ]);
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));

    await waitFor(() => expect(lastListCall(listCalls).get('dateFrom')).toBeTruthy());
    const from = new Date(lastListCall(listCalls).get('dateFrom')!);
    const to = new Date(lastListCall(listCalls).get('dateTo')!);
    expect([from.getHours(), from.getMinutes(), from.getSeconds(), from.getMilliseconds()]).toEqual([0, 0, 0, 0]);
    expect([to.getHours(), to.getMinutes(), to.getSeconds(), to.getMilliseconds()]).toEqual([23, 59, 59, 999]);
    expect(to.toDateString()).toBe(new Date().toDateString());
    expect(Math.round((to.getTime() - from.getTime()) / 86_400_000)).toBe(7);
    expect(lastListCall(listCalls).has('date')).toBe(false);
    expect(location.history.at(-1)).toContain('date=last-7-days');
    expect(screen.getByRole('button', { name: /^Date Last 7 days/ })).toBeInTheDocument();
  });

  it('refuses a custom range ending before it starts, without calling the server', async () => {
    const { user, listCalls } = renderActivity();
    await screen.findByText(INSERTED.resourceId);
    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    await user.click(screen.getByRole('button', { name: /^Date All dates/ }));
    await user.click(screen.getByRole('radio', { name: 'Custom range' }));
    const callsBefore = listCalls.length;

    await user.type(screen.getByLabelText('From'), '2025-03-10');
    await user.type(screen.getByLabelText('To'), '2025-03-02');
    expect(screen.getByRole('alert')).toHaveTextContent('The indicated dates are not correct');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2025-03-12');
    expect(screen.queryByText('The indicated dates are not correct')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(lastListCall(listCalls).get('dateFrom')).toBeTruthy());
    // The wrong range asked nothing: the one call since is the corrected range's.
    expect(listCalls.length).toBe(callsBefore + 1);
    const from = new Date(lastListCall(listCalls).get('dateFrom')!);
    const to = new Date(lastListCall(listCalls).get('dateTo')!);
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours()]).toEqual([2025, 2, 10, 0]);
    expect([to.getFullYear(), to.getMonth(), to.getDate(), to.getHours(), to.getMilliseconds()]).toEqual([
      2025, 2, 12, 23, 999,
    ]);
  });

  it('reads a single date from the address as one whole local day', async () => {
    const { listCalls } = renderActivity({ path: `${ACTIVITY_PATH}?date=2025-02-28` });
    await screen.findByText(INSERTED.resourceId);
    const from = new Date(lastListCall(listCalls).get('dateFrom')!);
    const to = new Date(lastListCall(listCalls).get('dateTo')!);
    expect(from.getTime()).toBe(new Date(2025, 1, 28, 0, 0, 0, 0).getTime());
    expect(to.getTime()).toBe(new Date(2025, 1, 28, 23, 59, 59, 999).getTime());
  });

  it('searches by ID or text after 3 characters', async () => {
    const { user, listCalls } = renderActivity();
    await screen.findByText(INSERTED.resourceId);
    await user.type(screen.getByRole('combobox', { name: /User activity/ }), 'luis');
    await waitFor(() => expect(lastListCall(listCalls).get('search')).toBe('luis'));
  });

  it('takes a typed query: action and resource types and a day set their filters, the rest stays the search', async () => {
    const { user, listCalls } = renderActivity();
    await screen.findByText(INSERTED.resourceId);
    const box = screen.getByRole('combobox', { name: /User activity/ });
    await user.type(box, '-action:delete resource:mid,"custom tag" date:2025-02-28 luis{Enter}');
    await waitFor(() => expect(lastListCall(listCalls).getAll('actionType[]')).toEqual(['INSERT', 'UPDATE']));
    expect(lastListCall(listCalls).getAll('resourceType[]')).toEqual(['TAG', 'MID']);
    expect(new Date(lastListCall(listCalls).get('dateFrom')!).getTime()).toBe(new Date(2025, 1, 28).getTime());
    expect(lastListCall(listCalls).get('search')).toBe('luis');
    expect(box).toHaveValue('luis');
  });

  it('is in the side bar and behind g then h', async () => {
    const { user, currentPath } = renderApp({
      path: `/accounts/${ACCOUNT_ID}/merchants`,
      session: { permissions: READ_AND_SELECT },
      server: activityServer().server,
      config: ACTIVITY_CONFIG,
    });
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(within(nav).getByRole('link', { name: /User activity/ })).toHaveAttribute('href', ACTIVITY_PATH);
    await screen.findByRole('grid', { name: 'Merchants' });
    await user.keyboard('gh');
    await waitFor(() => expect(currentPath()).toBe(ACTIVITY_PATH));
    expect(await screen.findByRole('grid', { name: 'User activity' })).toBeInTheDocument();
  });

  it('is not registered without useractivity.read', async () => {
    renderActivity({ permissions: ['merchant.read'] });
    expect(await screen.findByText("Oops! Sorry, we can't find that page")).toBeInTheDocument();
    expect(screen.queryByRole('grid', { name: 'User activity' })).not.toBeInTheDocument();
    expect(LIST_PATH).toContain('/audit/');
  });
});
