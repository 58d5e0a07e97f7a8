import { PERMISSIONS as P } from '@domain/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp } from './app-harness';
import { giveTablesAHeight } from './table-viewport';
import {
  ACCOUNT_ADMIN,
  ACCOUNT_ADMIN_PERMISSIONS,
  ANA,
  BOB,
  fakeUsersApi,
  GLOBEX,
  STAFF_ADMIN,
} from './users-fixtures';

// The users list (spec 2, section 2.7): columns and filters by who looks, the row menu by permission, New User.

beforeEach(() => {
  sessionStorage.clear();
  giveTablesAHeight();
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderUsers(session = ACCOUNT_ADMIN, extra?: Parameters<typeof fakeUsersApi>[0], path = '/users') {
  const api = fakeUsersApi(extra);
  return renderApp({ path, session, server: api.server });
}

const headersOf = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('columnheader')
    .map((header) => header.textContent?.replace(/[▲▼↕]/g, ''));

async function grid() {
  await screen.findByText('1-3 of 3');
  return screen.getByRole('grid', { name: 'Users' });
}

describe('users list', () => {
  it('shows an account user name, e-mail, role, job title, status and last activity, most recent first', async () => {
    const { calls } = renderUsers();
    const table = await grid();
    expect(headersOf(table)).toEqual(['Name', 'E-mail', 'Role', 'Job title', 'Status', 'Last activity', 'Actions']);
    const ana = within(table).getByRole('row', { name: /Ana Ruiz/ });
    expect(ana).toHaveTextContent('ana@acme.example');
    expect(ana).toHaveTextContent('Administrator');
    expect(ana).toHaveTextContent('Finance lead');
    expect(ana).toHaveTextContent(/05 Mar 2025/);
    const list = calls.find((call) => call.path === '/user')!;
    expect(list.search.get('order')).toBe('-lastActivity');
    expect(list.search.get('limit')).toBe('50');
    expect(screen.getByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Users/ })).toHaveAttribute('aria-current', 'page');
  });

  it('shows statuses other than active as an info tag', async () => {
    renderUsers();
    const table = await grid();
    const invited = within(within(table).getByRole('row', { name: /Bob Stone/ })).getByText('Invited');
    expect(invited).toHaveClass('badge', 'badge--info');
    const active = within(within(table).getByRole('row', { name: /Ana Ruiz/ })).getByText('Active');
    expect(active).not.toHaveClass('badge');
    expect(within(within(table).getByRole('row', { name: /Sam Staff/ })).getByText('Deactivated')).toHaveClass(
      'badge--info',
    );
  });

  it('gives an account user only the Status filter', async () => {
    const { user, calls } = renderUsers();
    await grid();
    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    const filters = screen.getByRole('group', { name: 'Filters' });
    expect(within(filters).getByRole('button', { name: 'Status All' })).toBeInTheDocument();
    expect(within(filters).queryByRole('combobox', { name: 'User Type' })).not.toBeInTheDocument();
    expect(within(filters).queryByRole('button', { name: /Account Name/ })).not.toBeInTheDocument();
    // Account users never list accounts.
    expect(calls.some((call) => call.path === '/account')).toBe(false);

    await user.click(within(filters).getByRole('button', { name: 'Status All' }));
    await user.click(screen.getByRole('checkbox', { name: 'Invited' }));
    await waitFor(() => expect(calls.at(-1)?.search.getAll('status[]')).toEqual(['INVITED']));
  });

  it('gives provider staff the Accounts and Type columns and the User Type and Account Name filters', async () => {
    const { user, calls } = renderUsers(STAFF_ADMIN);
    const table = await grid();
    expect(headersOf(table)).toEqual([
      'Name',
      'E-mail',
      'Role',
      'Job title',
      'Status',
      'Last activity',
      'Accounts',
      'Type',
      'Actions',
    ]);
    const sam = within(table).getByRole('row', { name: /Sam Staff/ });
    expect(sam).toHaveTextContent('Acme, Globex');
    expect(within(sam).getByRole('img', { name: '1 more: Initech' })).toHaveTextContent('+1');
    expect(sam).toHaveTextContent('Internal');
    expect(within(table).getByRole('row', { name: /Ana Ruiz/ })).toHaveTextContent('Account');

    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    const filters = screen.getByRole('group', { name: 'Filters' });
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'User Type' }), 'Internal');
    await waitFor(() => expect(calls.at(-1)?.search.get('userType')).toBe('INTERNAL'));

    await user.click(within(filters).getByRole('button', { name: 'Account Name All' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Globex' }));
    await waitFor(() => expect(calls.at(-1)?.search.getAll('accountId[]')).toEqual([GLOBEX.accountId]));
    expect(calls.some((call) => call.path === '/account' && call.search.get('limit') === '500')).toBe(true);
  });

  it('searches by name, e-mail or ID', async () => {
    const { user, calls } = renderUsers();
    await grid();
    await user.type(screen.getByRole('combobox', { name: 'Search Users' }), 'ana');
    await waitFor(() => expect(calls.at(-1)?.search.get('search')).toBe('ana'));
    expect(screen.getByRole('combobox', { name: 'Search Users' })).toHaveAttribute(
      'placeholder',
      'Search by name, e-mail or ID',
    );
  });
});

describe('typed queries on the users list (issue 26)', () => {
  const listCalls = (calls: { path: string; search: URLSearchParams }[]) =>
    calls.filter((call) => call.path === '/user');

  it('lets provider staff type the user type, an account by name and statuses; the filter bar agrees', async () => {
    const { user, calls } = renderUsers(STAFF_ADMIN);
    await grid();
    // The account names are those the Account Name filter loaded.
    await waitFor(() => expect(calls.some((call) => call.path === '/account')).toBe(true));
    const box = screen.getByRole('combobox', { name: 'Search Users' });
    await user.type(box, 'type:internal account:globex status:active,invited sam{Enter}');
    await waitFor(() => expect(listCalls(calls).at(-1)!.search.get('userType')).toBe('INTERNAL'));
    const query = listCalls(calls).at(-1)!.search;
    expect(query.getAll('accountId[]')).toEqual([GLOBEX.accountId]);
    expect(query.getAll('status[]')).toEqual(['INVITED', 'ACTIVE']);
    expect(query.get('search')).toBe('sam');
    expect(box).toHaveValue('sam');
    await user.click(screen.getByRole('button', { name: '3 filters applied' }));
    const filters = screen.getByRole('group', { name: 'Filters' });
    expect(within(filters).getByRole('combobox', { name: 'User Type' })).toHaveValue('INTERNAL');
  });

  it('answers an account user typing a filter they do not have with the keys they do have', async () => {
    const { user, calls } = renderUsers();
    await grid();
    const before = listCalls(calls).length;
    const box = screen.getByRole('combobox', { name: 'Search Users' });
    await user.type(box, 'type:internal{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent("The users list has no key 'type'. Its keys: status.");
    expect(listCalls(calls)).toHaveLength(before);
  });
});

describe('row menu', () => {
  it('offers View detail, Edit and Delete, and Resend invitation only to invited users', async () => {
    const { user } = renderUsers();
    await grid();
    await user.click(screen.getByRole('button', { name: 'Actions for Ana Ruiz' }));
    let menu = await screen.findByRole('menu', { name: 'Actions for Ana Ruiz' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['View detail', 'Edit', 'Delete']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Actions for Bob Stone' }));
    menu = await screen.findByRole('menu', { name: 'Actions for Bob Stone' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['View detail', 'Edit', 'Resend invitation', 'Delete']);
  });

  it('checks the permission of the user type: an account administrator cannot touch provider staff', async () => {
    const { user } = renderUsers();
    await grid();
    await user.click(screen.getByRole('button', { name: 'Actions for Sam Staff' }));
    const menu = await screen.findByRole('menu', { name: 'Actions for Sam Staff' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['View detail']);
  });

  it('hides the menu of a row with nothing allowed, and the whole column when no action is held', async () => {
    renderUsers({ ...ACCOUNT_ADMIN, permissions: [P.userRead, P.accountUserCreate] });
    let table = await grid();
    // Only an invited user can be reminded; the others have no menu.
    expect(screen.getByRole('button', { name: 'Actions for Bob Stone' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Ana Ruiz' })).not.toBeInTheDocument();
    expect(headersOf(table)).toContain('Actions');

    document.body.innerHTML = '';
    renderUsers({ ...ACCOUNT_ADMIN, permissions: [P.userRead] });
    table = await grid();
    expect(headersOf(table)).not.toContain('Actions');
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });

  it('deletes after confirmation and says so', async () => {
    const { user, calls } = renderUsers();
    await grid();
    await user.click(screen.getByRole('button', { name: 'Actions for Ana Ruiz' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(dialog).toHaveTextContent('Are you sure that you want to delete Ana Ruiz?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Actions for Ana Ruiz' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(`/user/${ANA.userId}`);
    // The list is read again.
    await waitFor(() => expect(calls.filter((call) => call.path === '/user').length).toBeGreaterThan(1));
  });

  it('resends an invitation', async () => {
    const { user, calls } = renderUsers();
    await grid();
    await user.click(screen.getByRole('button', { name: 'Actions for Bob Stone' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resend invitation' }));
    expect(await screen.findByText('Invitation reminder successfully sent!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.path).toBe(`/user/${BOB.userId}/reminder`);
  });

  it('shows the message of a refused reminder', async () => {
    const { user } = renderUsers(ACCOUNT_ADMIN, (call) =>
      call.method === 'POST' ? json(409, { statusCode: 409, error: 'not-saved', message: 'x' }) : undefined,
    );
    await grid();
    await user.click(screen.getByRole('button', { name: 'Actions for Bob Stone' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resend invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not saved');
  });

  it('opens the detail with Enter on the active row', async () => {
    const { user, currentPath } = renderUsers();
    const table = await grid();
    // Focusing the grid makes the first row active; j moves to the second.
    table.focus();
    await user.keyboard('j');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe(`/users/detail/${BOB.userId}`));
  });

  it('does not open rows without user.select', async () => {
    const { user, currentPath } = renderUsers({
      ...ACCOUNT_ADMIN,
      permissions: ACCOUNT_ADMIN_PERMISSIONS.filter((permission) => permission !== P.userSelect),
    });
    await grid();
    await user.click(screen.getByRole('gridcell', { name: 'ana@acme.example' }));
    expect(currentPath()).toBe('/users');
    await user.click(screen.getByRole('button', { name: 'Actions for Ana Ruiz' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'View detail' })).not.toBeInTheDocument();
  });
});

describe('New User', () => {
  it('is a dropdown offering an internal or an account user when both may be created', async () => {
    const { user, currentPath, location } = renderUsers(STAFF_ADMIN);
    await grid();
    await user.click(screen.getByRole('button', { name: 'New User' }));
    const menu = await screen.findByRole('menu', { name: 'New User' });
    const labels = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.querySelector('.menu__item-label')?.textContent);
    expect(labels).toEqual(['Internal user', 'Account user']);
    await user.click(within(menu).getByRole('menuitem', { name: /Internal user/ }));
    await waitFor(() => expect(currentPath()).toBe('/users/new'));
    expect(location.history.at(-1)).toBe('/users/new?type=1');
    expect(await screen.findByRole('heading', { name: 'New Internal User', level: 1 })).toBeInTheDocument();
  });

  it('is a single button with one create permission, and absent without any', async () => {
    const { user, location } = renderUsers();
    await grid();
    const button = screen.getByRole('button', { name: 'New User' });
    expect(button).not.toHaveAttribute('aria-haspopup');
    await user.click(button);
    await waitFor(() => expect(location.history.at(-1)).toBe('/users/new?type=0'));

    document.body.innerHTML = '';
    renderUsers({ ...ACCOUNT_ADMIN, permissions: [P.userRead, P.userSelect] });
    await grid();
    expect(screen.queryByRole('button', { name: 'New User' })).not.toBeInTheDocument();
  });

  it("registers 'New user' and 'New internal user' as commands with keys", async () => {
    const { user, location } = renderUsers(STAFF_ADMIN);
    await grid();
    await user.keyboard('{Shift>}N{/Shift}');
    await waitFor(() => expect(location.history.at(-1)).toBe('/users/new?type=1'));
    await screen.findByRole('heading', { name: 'New Internal User' });
  });

  it('goes to the users list with g then u', async () => {
    const { user, currentPath } = renderUsers(ACCOUNT_ADMIN, undefined, `/users/detail/${ANA.userId}`);
    await screen.findByRole('heading', { name: 'Ana Ruiz' });
    // A user's record belongs to the Users section of the side bar.
    expect(screen.getByRole('link', { name: /^Users/ })).toHaveAttribute('aria-current', 'page');
    await user.keyboard('gu');
    await waitFor(() => expect(currentPath()).toBe('/users'));
  });

  it('exports the list with its filters through the one export flow', async () => {
    const { user, calls } = renderUsers(ACCOUNT_ADMIN, (call) =>
      call.path === '/user/export' ? new Response(null, { status: 204 }) : undefined,
    );
    await grid();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Export email requested')).toBeInTheDocument();
    const request = calls.find((call) => call.path === '/user/export')!;
    expect(request.search.get('order')).toBe('-lastActivity');
    expect(request.search.get('timeZone')).toBeTruthy();
  });
});
