import { PERMISSIONS as P } from '@domain/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, USER_ID } from './app-harness';
import { giveTablesAHeight } from './table-viewport';
import { ACCOUNT_ADMIN, ANA, BOB, fakeUsersApi, GLOBEX, SAM, STAFF_ADMIN } from './users-fixtures';

// The user detail screen (spec 2, section 2.7): 'Back to Users', Main information, Accounts, actions by permission.

beforeEach(() => {
  sessionStorage.clear();
  giveTablesAHeight();
});

function renderDetail(userId: string, session = ACCOUNT_ADMIN, users = [ANA, BOB, SAM]) {
  const api = fakeUsersApi(undefined, users);
  return renderApp({ path: `/users/detail/${userId}`, session, server: api.server });
}

const mainInformation = () => screen.getByRole('region', { name: 'Main information' });

describe('user detail', () => {
  it('shows the main information and the accounts of a user under their name', async () => {
    renderDetail(SAM.userId, STAFF_ADMIN);
    expect(await screen.findByRole('heading', { name: 'Sam Staff', level: 1 })).toBeInTheDocument();
    const main = mainInformation();
    for (const text of ['sam@ops.example', 'Operations', 'Provider administrator', 'Internal', 'Deactivated']) {
      expect(within(main).getByText(text)).toBeInTheDocument();
    }
    expect(within(main).getByText(/05 Mar 2025/)).toBeInTheDocument();
    const accounts = screen.getByRole('region', { name: 'Accounts' });
    // Provider staff can follow the links to the accounts.
    expect(within(accounts).getByRole('link', { name: 'Globex' })).toHaveAttribute(
      'href',
      `/accounts/${GLOBEX.accountId}/merchants`,
    );
    expect(within(accounts).getAllByRole('listitem')).toHaveLength(3);
  });

  it("shows an account user's account without a link to it", async () => {
    renderDetail(ANA.userId);
    await screen.findByRole('heading', { name: 'Ana Ruiz' });
    const accounts = screen.getByRole('region', { name: 'Accounts' });
    expect(within(accounts).getByText('Acme')).toBeInTheDocument();
    expect(within(accounts).queryByRole('link')).not.toBeInTheDocument();
  });

  it("is headed 'User detail' when the user has no name", async () => {
    const nameless = { ...BOB, firstName: '', lastName: '', fullName: '' };
    renderDetail(BOB.userId, ACCOUNT_ADMIN, [nameless]);
    expect(await screen.findByRole('heading', { name: 'User detail', level: 1 })).toBeInTheDocument();
  });

  it('goes Back to Users with the list as it was left', async () => {
    const { user, currentPath } = renderApp({
      path: '/users?search=ana&limit=100',
      session: ACCOUNT_ADMIN,
      server: fakeUsersApi().server,
    });
    await screen.findByText('1-3 of 3');
    await user.click(screen.getByRole('gridcell', { name: 'ana@acme.example' }));
    const back = await screen.findByRole('link', { name: 'Back to Users' });
    expect(back).toHaveAttribute('href', '/users?search=ana&limit=100');
    await user.click(back);
    await waitFor(() => expect(currentPath()).toBe('/users'));
    expect(await screen.findByRole('combobox', { name: 'Search Users' })).toHaveValue('ana');
  });

  it('offers Edit, Delete and Resend invitation by permission', async () => {
    renderDetail(BOB.userId);
    await screen.findByRole('heading', { name: 'Bob Stone' });
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend invitation' })).toBeInTheDocument();

    document.body.innerHTML = '';
    renderDetail(SAM.userId);
    await screen.findByRole('heading', { name: 'Sam Staff' });
    // An account administrator holds no userinternal.* permission.
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('never offers to delete oneself', async () => {
    renderDetail(USER_ID, ACCOUNT_ADMIN, [{ ...ANA, userId: USER_ID }]);
    await screen.findByRole('heading', { name: 'Ana Ruiz' });
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('needs user.select', async () => {
    renderDetail(ANA.userId, { ...ACCOUNT_ADMIN, permissions: [P.userRead] });
    expect(await screen.findByRole('heading', { name: "Oops! Sorry, we can't find that page" })).toBeInTheDocument();
  });

  it('opens the editor with e', async () => {
    const { user, currentPath } = renderDetail(ANA.userId);
    await screen.findByRole('heading', { name: 'Ana Ruiz' });
    await user.keyboard('e');
    await waitFor(() => expect(currentPath()).toBe(`/users/edit/${ANA.userId}`));
    expect(await screen.findByRole('heading', { name: 'Edit Account User' })).toBeInTheDocument();
  });

  it('lists Edit user, Resend invitation and Delete user in the palette', async () => {
    const { user } = renderDetail(BOB.userId);
    await screen.findByRole('heading', { name: 'Bob Stone' });
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog');
    for (const name of ['Edit user', 'Resend invitation', 'Delete user', 'New user']) {
      expect(within(palette).getByRole('option', { name: new RegExp(name) })).toBeInTheDocument();
    }
    expect(within(palette).queryByRole('option', { name: /New internal user/ })).not.toBeInTheDocument();
  });

  it('deletes after confirmation and returns to the list', async () => {
    const { user, calls, currentPath } = renderDetail(ANA.userId);
    await screen.findByRole('heading', { name: 'Ana Ruiz' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete user' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`/user/${ANA.userId}`]);
    await waitFor(() => expect(currentPath()).toBe('/users'));
  });

  it('resends an invitation', async () => {
    const { user, calls } = renderDetail(BOB.userId);
    await screen.findByRole('heading', { name: 'Bob Stone' });
    await user.click(screen.getByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText('Invitation reminder successfully sent!')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/user/${BOB.userId}/reminder`,
    ]);
  });
});
