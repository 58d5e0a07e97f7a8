import { PERMISSIONS as P } from '@domain/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_ID, json, renderApp, type Server, USER_ID } from './app-harness';
import {
  ACCOUNT_ADMIN,
  ADMIN_ROLE,
  ANA,
  BOB,
  fakeUsersApi,
  GLOBEX,
  INITECH,
  INTERNAL_DOMAINS,
  PROVIDER_ROLE,
  SAM,
  STAFF_ADMIN,
  VIEWER_ROLE,
} from './users-fixtures';

// The user form (spec 2, sections 2.7 and 5) and the saving pattern it follows (spec 1, section 4).

beforeEach(() => {
  sessionStorage.clear();
});

function renderForm(path: string, session = ACCOUNT_ADMIN, extra?: Server) {
  const api = fakeUsersApi(extra);
  return renderApp({ path, session, server: api.server, config: { internalDomains: INTERNAL_DOMAINS } });
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
const combobox = (name: string) => screen.getByRole('combobox', { name });
const writes = <T extends { method: string }>(calls: T[]) => calls.filter((call) => call.method !== 'GET');

async function fillAccountUser(user: ReturnType<typeof renderForm>['user'], email = 'new@shop.example') {
  await user.type(textbox('First name'), 'Nora');
  await user.type(textbox('Last name'), 'Diaz');
  await user.type(textbox('E-mail'), email);
  await user.type(textbox('Job title'), 'Analyst');
  await user.selectOptions(combobox('Role'), 'Viewer');
}

describe('titles', () => {
  it.each([
    ['/users/new', 'New Account User'],
    ['/users/new?type=0', 'New Account User'],
    ['/users/new?type=1', 'New Internal User'],
    [`/users/edit/${ANA.userId}`, 'Edit Account User'],
    [`/users/edit/${SAM.userId}`, 'Edit Internal User'],
  ])('%s is titled %s', async (path, title) => {
    renderForm(path, STAFF_ADMIN);
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: title })).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown action or a missing permission', async () => {
    renderForm('/users/copy');
    expect(await screen.findByRole('heading', { name: "Oops! Sorry, we can't find that page" })).toBeInTheDocument();
    document.body.innerHTML = '';
    // An account administrator may not create provider staff.
    renderForm('/users/new?type=1');
    expect(await screen.findByRole('heading', { name: "Oops! Sorry, we can't find that page" })).toBeInTheDocument();
    document.body.innerHTML = '';
    renderForm(`/users/edit/${SAM.userId}`);
    expect(await screen.findByRole('heading', { name: "Oops! Sorry, we can't find that page" })).toBeInTheDocument();
  });
});

describe('validation', () => {
  it('requires first name, last name, e-mail, job title and role, checked when each field is left', async () => {
    const { user } = renderForm('/users/new');
    await screen.findByRole('heading', { name: 'New Account User' });
    expect(textbox('First name')).toHaveFocus();
    for (const name of ['First name', 'Last name', 'E-mail', 'Job title']) {
      await user.click(textbox(name));
      await user.tab();
      expect(textbox(name)).toHaveAccessibleDescription('Required field');
    }
    await user.click(combobox('Role'));
    await user.tab();
    expect(combobox('Role')).toHaveAccessibleDescription('Required field');
  });

  it('validates while typing, and clears the message once the value is right', async () => {
    const { user } = renderForm('/users/new');
    await screen.findByRole('heading', { name: 'New Account User' });
    await user.type(textbox('First name'), 'A');
    await user.clear(textbox('First name'));
    expect(textbox('First name')).toHaveAccessibleDescription('Required field');
    await user.type(textbox('First name'), 'Nora');
    expect(textbox('First name')).not.toHaveAccessibleDescription();
  });

  it('limits first name, last name and e-mail to 50 characters', async () => {
    const { user } = renderForm('/users/new');
    await screen.findByRole('heading', { name: 'New Account User' });
    await user.type(textbox('First name'), 'a'.repeat(51));
    expect(textbox('First name')).toHaveAccessibleDescription('Maximum 50 characters');
    await user.type(textbox('Last name'), 'b'.repeat(50));
    expect(textbox('Last name')).not.toHaveAccessibleDescription();
    await user.type(textbox('Last name'), 'b');
    expect(textbox('Last name')).toHaveAccessibleDescription('Maximum 50 characters');
    await user.type(textbox('E-mail'), `${'c'.repeat(40)}@shop.example`);
    await user.tab();
    expect(textbox('E-mail')).toHaveAccessibleDescription('Maximum 50 characters');
  });

  it('checks the e-mail when it is left, not while typing', async () => {
    const { user } = renderForm('/users/new');
    await screen.findByRole('heading', { name: 'New Account User' });
    await user.type(textbox('E-mail'), 'nora');
    expect(textbox('E-mail')).not.toHaveAccessibleDescription();
    await user.tab();
    expect(textbox('E-mail')).toHaveAccessibleDescription('Enter a valid email address');
    await user.type(textbox('E-mail'), '@shop.example');
    expect(textbox('E-mail')).toHaveAccessibleDescription('Enter a valid email address');
    await user.tab();
    expect(textbox('E-mail')).not.toHaveAccessibleDescription();
  });

  it('refuses an internal domain for an account user', async () => {
    const { user } = renderForm('/users/new', STAFF_ADMIN);
    await screen.findByRole('heading', { name: 'New Account User' });
    await user.type(textbox('E-mail'), 'nora@ops.example');
    await user.tab();
    expect(textbox('E-mail')).toHaveAccessibleDescription('Restricted domain @ops.example');
  });

  it('accepts only the internal domains for an internal user', async () => {
    const { user } = renderForm('/users/new?type=1', STAFF_ADMIN);
    await screen.findByRole('heading', { name: 'New Internal User' });
    await user.type(textbox('E-mail'), 'nora@gmail.example');
    await user.tab();
    expect(textbox('E-mail')).toHaveAccessibleDescription('Only @ops.example are allowed');
    await user.clear(textbox('E-mail'));
    await user.type(textbox('E-mail'), 'nora@ops.example');
    await user.tab();
    expect(textbox('E-mail')).not.toHaveAccessibleDescription();
  });

  it('needs at least one account for an internal user', async () => {
    const { user } = renderForm('/users/new?type=1', STAFF_ADMIN);
    await screen.findByRole('heading', { name: 'New Internal User' });
    const accounts = await screen.findByRole('group', { name: 'Accounts' });
    await user.click(await within(accounts).findByRole('checkbox', { name: 'Globex' }));
    await user.click(within(accounts).getByRole('checkbox', { name: 'Globex' }));
    expect(accounts).toHaveAccessibleDescription('Required field');
    await user.click(within(accounts).getByRole('checkbox', { name: 'Initech' }));
    expect(accounts).not.toHaveAccessibleDescription();
  });

  it("says 'Form not validated' and sends nothing when saving an invalid form", async () => {
    const { user, calls } = renderForm('/users/new');
    await screen.findByRole('heading', { name: 'New Account User' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Form not validated')).toBeInTheDocument();
    expect(textbox('Job title')).toHaveAccessibleDescription('Required field');
    expect(writes(calls)).toEqual([]);
  });
});

describe('roles and accounts', () => {
  it('offers account users no internal role, and provider staff internal roles on the internal form', async () => {
    renderForm('/users/new', STAFF_ADMIN);
    await screen.findByRole('heading', { name: 'New Account User' });
    await waitFor(() => expect(within(combobox('Role')).getAllByRole('option')).toHaveLength(3));
    let options = within(combobox('Role'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Select a role', ADMIN_ROLE.prettyName, VIEWER_ROLE.prettyName]);

    document.body.innerHTML = '';
    renderForm('/users/new?type=1', STAFF_ADMIN);
    await screen.findByRole('heading', { name: 'New Internal User' });
    await waitFor(() => expect(within(combobox('Role')).getAllByRole('option')).toHaveLength(4));
    options = within(combobox('Role'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toContain(PROVIDER_ROLE.prettyName);
  });

  it("preselects and fixes an account administrator's own account", async () => {
    renderForm('/users/new');
    await screen.findByRole('heading', { name: 'New Account User' });
    const account = textbox('Account');
    expect(account).toHaveValue('Acme');
    expect(account).toHaveAttribute('readonly');
    expect(screen.queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('lets provider staff who manage internal users choose the account', async () => {
    const { user } = renderForm('/users/new', STAFF_ADMIN);
    await screen.findByRole('heading', { name: 'New Account User' });
    const account = combobox('Account');
    expect(account).toHaveValue('');
    await waitFor(() => expect(within(account).getByRole('option', { name: 'Globex' })).toBeInTheDocument());
    await user.selectOptions(account, 'Globex');
    expect(account).toHaveValue(GLOBEX.accountId);
  });
});

describe('saving a new user', () => {
  it('sends POST /user, says so and goes back to the list', async () => {
    const { user, calls, currentPath } = renderForm('/users/new');
    await screen.findByRole('heading', { name: 'New Account User' });
    await fillAccountUser(user, '  new@shop.example ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created successfully')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/user',
        body: {
          userType: 'ACCOUNT',
          firstName: 'Nora',
          lastName: 'Diaz',
          email: 'new@shop.example',
          jobTitle: 'Analyst',
          roleId: VIEWER_ROLE.id,
          accountId: ACCOUNT_ID,
        },
      }),
    ]);
    await waitFor(() => expect(currentPath()).toBe('/users'));
  });

  it('sends an internal user with its accounts to POST /user/admin', async () => {
    const { user, calls } = renderForm('/users/new?type=1', STAFF_ADMIN);
    await screen.findByRole('heading', { name: 'New Internal User' });
    await user.type(textbox('First name'), 'Olga');
    await user.type(textbox('Last name'), 'Ops');
    await user.type(textbox('E-mail'), 'olga@ops.example');
    await user.type(textbox('Job title'), 'Support');
    await waitFor(() => expect(within(combobox('Role')).getAllByRole('option')).toHaveLength(4));
    await user.selectOptions(combobox('Role'), PROVIDER_ROLE.prettyName);
    const accounts = screen.getByRole('group', { name: 'Accounts' });
    await user.click(await within(accounts).findByRole('checkbox', { name: 'Initech' }));
    await user.click(within(accounts).getByRole('checkbox', { name: 'Globex' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Created successfully');
    expect(writes(calls)[0]).toMatchObject({
      method: 'POST',
      path: '/user/admin',
      body: {
        userType: 'INTERNAL',
        email: 'olga@ops.example',
        roleId: PROVIDER_ROLE.id,
        accounts: [GLOBEX.accountId, INITECH.accountId],
      },
    });
  });

  it("answers an existing e-mail with 'User not created' and an e-mail field error", async () => {
    const { user, currentPath } = renderForm('/users/new', ACCOUNT_ADMIN, (call) =>
      call.method === 'POST'
        ? json(409, { statusCode: 409, error: 'user-not-created', message: 'E-mail exists' })
        : undefined,
    );
    await screen.findByRole('heading', { name: 'New Account User' });
    await fillAccountUser(user, 'ana@acme.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('User not created');
    expect(textbox('E-mail')).toHaveAccessibleDescription('A user with this e-mail already exists.');
    expect(currentPath()).toBe('/users/new');
  });

  it("answers other failures with 'Error while creating the new user'", async () => {
    const { user } = renderForm('/users/new', ACCOUNT_ADMIN, (call) =>
      call.method === 'POST' ? json(400, { statusCode: 400, error: 'nope', message: 'x' }) : undefined,
    );
    await screen.findByRole('heading', { name: 'New Account User' });
    await fillAccountUser(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error while creating the new user');
  });

  it('cancelling a started user asks before discarding it', async () => {
    const { user, currentPath } = renderForm('/users/new');
    await screen.findByRole('heading', { name: 'New Account User' });
    await user.type(textbox('First name'), 'N');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to cancel? Your changes will be lost.',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Continue creating' }));
    expect(currentPath()).toBe('/users/new');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(currentPath()).toBe('/users'));
  });
});

describe('editing a user', () => {
  it('shows the e-mail but does not let it change', async () => {
    renderForm(`/users/edit/${ANA.userId}`);
    await screen.findByRole('heading', { name: 'Edit Account User' });
    expect(textbox('E-mail')).toHaveValue('ana@acme.example');
    expect(textbox('E-mail')).toHaveAttribute('readonly');
    expect(textbox('First name')).toHaveValue('Ana');
    await waitFor(() => expect(combobox('Role')).toHaveValue(ADMIN_ROLE.id));
  });

  it("says 'You haven't made any changes' and sends nothing when nothing changed", async () => {
    const { user, calls, currentPath } = renderForm(`/users/edit/${ANA.userId}`);
    await screen.findByRole('heading', { name: 'Edit Account User' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("You haven't made any changes")).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
    expect(currentPath()).toBe(`/users/edit/${ANA.userId}`);
  });

  it('saves a change with PUT /user/{userId} and goes back to the list', async () => {
    const { user, calls, currentPath } = renderForm(`/users/edit/${ANA.userId}`);
    await screen.findByRole('heading', { name: 'Edit Account User' });
    await user.clear(textbox('Job title'));
    await user.type(textbox('Job title'), 'CFO');
    await user.selectOptions(combobox('Status'), 'Deactivated');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes saved successfully!')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `/user/${ANA.userId}`,
        body: expect.objectContaining({
          firstName: 'Ana',
          lastName: 'Ruiz',
          jobTitle: 'CFO',
          roleId: ADMIN_ROLE.id,
          status: 'DEACTIVATED',
          // The version the form was opened on (issue 23).
          version: ANA.version,
        }),
      }),
    ]);
    await waitFor(() => expect(currentPath()).toBe('/users'));
  });

  it("sends an internal user's accounts with the version its main fields' save answered", async () => {
    const { user, calls } = renderForm(`/users/edit/${SAM.userId}`, STAFF_ADMIN);
    await screen.findByRole('heading', { name: 'Edit Internal User' });
    await user.type(textbox('Job title'), ' lead');
    await user.click(within(screen.getByRole('group', { name: 'Accounts' })).getByRole('checkbox', { name: 'Globex' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Changes saved successfully!');
    expect(writes(calls)).toEqual([
      expect.objectContaining({ path: `/user/${SAM.userId}`, body: expect.objectContaining({ version: SAM.version }) }),
      expect.objectContaining({
        path: `/user/${SAM.userId}/account`,
        body: { accountIds: [ANA.accountId, INITECH.accountId], version: SAM.version + 1 },
      }),
    ]);
  });

  it('says in the form when another administrator saved the user first, and stays', async () => {
    const { user, currentPath } = renderForm(`/users/edit/${ANA.userId}`, ACCOUNT_ADMIN, (call) =>
      call.method === 'PUT'
        ? json(409, { statusCode: 409, error: 'user-changed', message: 'This user has changed' })
        : undefined,
    );
    await screen.findByRole('heading', { name: 'Edit Account User' });
    await user.type(textbox('Job title'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const form = screen.getByRole('form', { name: 'Edit Account User' });
    expect(await within(form).findByText('This user has changed')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeEmptyDOMElement();
    expect(currentPath()).toBe(`/users/edit/${ANA.userId}`);
  });

  it('lets nobody change their own role, status or account', async () => {
    const { server } = fakeUsersApi(undefined, [{ ...ANA, userId: USER_ID }]);
    renderApp({ path: `/users/edit/${USER_ID}`, session: STAFF_ADMIN, server });
    await screen.findByRole('heading', { name: 'Edit Account User' });
    expect(combobox('Role')).toBeDisabled();
    expect(combobox('Role')).toHaveAccessibleDescription('You cannot change your own role.');
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(textbox('Account')).toHaveAttribute('readonly');
  });

  it('offers no status for an invited user', async () => {
    renderForm(`/users/edit/${BOB.userId}`);
    await screen.findByRole('heading', { name: 'Edit Account User' });
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
  });

  it('shows a refusal of the account links on the Accounts field', async () => {
    const { user } = renderForm(`/users/edit/${SAM.userId}`, STAFF_ADMIN, (call) =>
      call.method === 'PUT'
        ? json(400, { statusCode: 400, error: 'form-not-validated', message: 'x', fields: { accountIds: 'Not yours' } })
        : undefined,
    );
    await screen.findByRole('heading', { name: 'Edit Internal User' });
    const accounts = screen.getByRole('group', { name: 'Accounts' });
    await user.click(within(accounts).getByRole('checkbox', { name: 'Globex' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(accounts).toHaveAccessibleDescription('Not yours'));
  });

  it("saves an internal user's accounts through PUT /user/{userId}/account, and only them when only they changed", async () => {
    const { user, calls } = renderForm(`/users/edit/${SAM.userId}`, STAFF_ADMIN);
    await screen.findByRole('heading', { name: 'Edit Internal User' });
    const accounts = screen.getByRole('group', { name: 'Accounts' });
    expect(within(accounts).getByRole('checkbox', { name: 'Globex' })).toBeChecked();
    await user.click(within(accounts).getByRole('checkbox', { name: 'Globex' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Changes saved successfully!');
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `/user/${SAM.userId}/account`,
        body: { accountIds: [ANA.accountId, INITECH.accountId], version: SAM.version },
      }),
    ]);
  });

  it('puts the fields of a refused save on their fields', async () => {
    const { user } = renderForm(`/users/edit/${ANA.userId}`, ACCOUNT_ADMIN, (call) =>
      call.method === 'PUT'
        ? json(400, {
            statusCode: 400,
            error: 'form-not-validated',
            message: 'x',
            fields: { jobTitle: 'Job title refused' },
          })
        : undefined,
    );
    await screen.findByRole('heading', { name: 'Edit Account User' });
    await user.type(textbox('Job title'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(textbox('Job title')).toHaveAccessibleDescription('Job title refused'));
    expect(screen.getByRole('alert')).toHaveTextContent('Form not validated');
  });

  it('cancel without changes returns to the list at once; with changes it asks first', async () => {
    const { user, currentPath } = renderForm(`/users/edit/${ANA.userId}`);
    await screen.findByRole('heading', { name: 'Edit Account User' });
    await user.type(textbox('Last name'), 'z');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Continue editing' }));
    expect(textbox('Last name')).toHaveValue('Ruizz');
    await user.clear(textbox('Last name'));
    await user.type(textbox('Last name'), 'Ruiz');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentPath()).toBe('/users'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not require a role from someone who cannot manage provider staff when editing', async () => {
    const { user, calls } = renderForm(`/users/edit/${ANA.userId}`, {
      ...ACCOUNT_ADMIN,
      permissions: [P.userRead, P.userSelect, P.accountUserUpdate],
    });
    await screen.findByRole('heading', { name: 'Edit Account User' });
    await waitFor(() => expect(combobox('Role')).toHaveValue(ADMIN_ROLE.id));
    await user.selectOptions(combobox('Role'), 'Select a role');
    expect(combobox('Role')).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Changes saved successfully!');
    expect(writes(calls)[0]?.body).not.toHaveProperty('roleId');
  });
});
