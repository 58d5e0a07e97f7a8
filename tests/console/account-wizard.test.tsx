import type { Account } from '@domain/contract/accounts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ID, json, renderApp, type ServerCall } from './app-harness';
import { CONFIG_MERCHANT_ID, merchantFixture } from './configuration-fixtures';
import { giveTablesAHeight } from './table-viewport';

// The account wizard (spec 2, sections 2.1, 4 and 5): New Account and Edit Account, by keyboard and by mouse.

const ADYEN = 'a1000000-0000-4000-8000-000000000001';
const WORLDPAY = 'a1000000-0000-4000-8000-000000000002';
const STAFF = { isProviderStaff: true, permissions: ['all.manage'], allAllowed: true };

const ACQUIRERS = {
  count: 2,
  total: 2,
  items: [
    { id: ADYEN, prettyName: 'Adyen', description: 'Cards' },
    { id: WORLDPAY, prettyName: 'Worldpay', description: 'Cards US' },
  ],
};

const ACCOUNT: Account = {
  accountId: ACCOUNT_ID,
  shortId: '100200',
  prettyName: 'Acme',
  image: null,
  hasChargebacksFeature: false,
  providers: [
    {
      acquirerId: ADYEN,
      prettyName: 'Adyen',
      usedByMid: true,
      solutions: [
        { id: 'b1000000-0000-4000-8000-000000000001', prettyName: 'Cards EU', usedByMid: true },
        { id: 'b1000000-0000-4000-8000-000000000002', prettyName: 'Spare', usedByMid: false },
      ],
    },
  ],
  merchantCount: 1,
  userCount: 1,
  version: 4,
  createdAt: '2024-01-01T00:00:00.000Z',
};

function renderWizard(path: string, answer?: (call: ServerCall) => Response | undefined) {
  return renderApp({
    path,
    session: STAFF,
    server: (call) => {
      const answered = answer?.(call);
      if (answered) return answered;
      if (call.path === '/acquirer') return json(200, ACQUIRERS);
      if (call.path === `/account/${ACCOUNT_ID}` && call.method === 'GET') return json(200, ACCOUNT);
      if (call.path === '/account' && call.method === 'POST')
        return json(201, { accountId: ACCOUNT_ID, changed: true });
      if (call.path === `/account/${ACCOUNT_ID}` && call.method === 'PUT') {
        return json(200, { accountId: ACCOUNT_ID, changed: true });
      }
      return undefined;
    },
  });
}

const writes = (calls: ServerCall[]) => calls.filter((call) => call.method !== 'GET');

describe('New Account', () => {
  it('creates an account by keyboard alone: name, providers, Enter, solutions with Enter, Save', async () => {
    const { user, calls, currentPath } = renderWizard('/accounts/account');
    expect(await screen.findByRole('heading', { name: 'New Account', level: 1 })).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: /Account Name/ });
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('placeholder', 'e.g. New Company');
    await user.keyboard('Nova Payments');
    await screen.findByRole('checkbox', { name: 'Adyen' });
    await user.tab();
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Worldpay' })).toBeChecked();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'Step 2 of 2: Solutions' })).toHaveFocus();
    const adyenInput = screen.getByRole('textbox', { name: 'New solutions for Adyen' });
    await user.click(adyenInput);
    await user.keyboard('Recurring; Cards EU;; Cards EU {Enter}');
    expect(await screen.findByText('You added the solution successfully!')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Solutions of Adyen' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cards EU', 'Recurring']);
    expect(screen.getByRole('button', { name: /Adyen/ })).toHaveTextContent('2');
    // Enter added the solutions: nothing was saved yet.
    expect(writes(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe('/accounts'));
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/account',
        body: {
          prettyName: 'Nova Payments',
          acquirers: [
            { id: ADYEN, prettyName: 'Adyen', solutions: ['Cards EU', 'Recurring'] },
            { id: WORLDPAY, prettyName: 'Worldpay', solutions: [] },
          ],
        },
      }),
    ]);
  });

  it("checks step 1 on Continue with the spec's messages", async () => {
    const { user } = renderWizard('/accounts/account');
    await screen.findByRole('checkbox', { name: 'Adyen' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('textbox', { name: /Account Name/ })).toHaveAccessibleDescription('Required field');
    expect(screen.getByText('You must select at least one provider to continue')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Account Name/ }), 'x'.repeat(51));
    await user.click(screen.getByRole('checkbox', { name: 'Adyen' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('textbox', { name: /Account Name/ })).toHaveAccessibleDescription(
      'Account name too long. The maximum is 50 characters',
    );
    expect(screen.queryByText('You must select at least one provider to continue')).not.toBeInTheDocument();
  });

  it('needs a solution before saving, and answers duplicates as the spec says', async () => {
    const { user, calls } = renderWizard('/accounts/account');
    await user.type(await screen.findByRole('textbox', { name: /Account Name/ }), 'Dupes');
    await user.click(await screen.findByRole('checkbox', { name: 'Adyen' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'To proceed, you need to add at least one solution to a provider.',
    );

    const input = screen.getByRole('textbox', { name: 'New solutions for Adyen' });
    await user.type(input, 'Cards EU');
    await user.click(screen.getByRole('button', { name: '+Add' }));
    await user.type(input, 'Cards EU');
    await user.click(screen.getByRole('button', { name: '+Add' }));
    expect(input).toHaveAccessibleDescription(/These Solutions are already on the list\./);

    await user.clear(input);
    await user.type(input, 'Cards EU; Wallets');
    await user.click(screen.getByRole('button', { name: '+Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'These Solutions are already on the list:' });
    expect(dialog).toHaveTextContent('Cards EU');
    expect(dialog).toHaveTextContent('We will only add the following new ones:Wallets');
    await user.click(within(dialog).getByRole('button', { name: 'Add Solutions' }));
    const list = screen.getByRole('list', { name: 'Solutions of Adyen' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cards EU', 'Wallets']);

    await user.click(screen.getByRole('button', { name: 'Delete solution Wallets' }));
    const confirmDelete = await screen.findByRole('dialog', {
      name: 'Are you sure that you want to delete this solution?',
    });
    await user.click(within(confirmDelete).getByRole('button', { name: 'Delete' }));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cards EU']);
    expect(writes(calls)).toEqual([]);
  });

  it('asks before discarding, from Cancel, from Discard and from Escape', async () => {
    const { user, currentPath } = renderWizard('/accounts/account');
    const name = await screen.findByRole('textbox', { name: /Account Name/ });
    await user.type(name, 'Half');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', {
      name: 'Are you sure that you want to cancel? Your changes will be lost.',
    });
    // Spec 2, section 2.1: 'Continue editing', for a new account too (issue 23).
    expect(within(question).queryByRole('button', { name: 'Continue creating' })).not.toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Continue editing' }));
    expect(name).toHaveValue('Half');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(currentPath()).toBe('/accounts'));
  });
});

describe('Edit Account', () => {
  const path = `/accounts/${ACCOUNT_ID}/config`;

  it('locks what MIDs use, says when nothing changed, and saves with the version read', async () => {
    const { user, calls } = renderWizard(path);
    expect(await screen.findByRole('heading', { name: 'Edit Account', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Adyen' })).toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'Adyen' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Adyen' })).toHaveAccessibleDescription('Used by a MID');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Step 2 of 2: Solutions' });
    expect(screen.queryByRole('button', { name: 'Delete solution Cards EU' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete solution Spare' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("You haven't made any changes")).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'New solutions for Adyen' }), 'Wallets{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      body: {
        prettyName: 'Acme',
        version: 4,
        acquirers: [{ id: ADYEN, solutions: ['Cards EU', 'Spare', 'Wallets'] }],
      },
    });
  });

  it("shows the server's refusal when another user saved first", async () => {
    const { user } = renderWizard(path, (call) =>
      call.method === 'PUT'
        ? json(409, { statusCode: 409, error: 'account-changed', message: 'This account has changed' })
        : undefined,
    );
    const name = await screen.findByRole('textbox', { name: /Account Name/ });
    await waitFor(() => expect(name).toHaveValue('Acme'));
    await user.type(name, ' Group');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    // Said in the form above its buttons, not in a toast over them (issue 23).
    const form = screen.getByRole('form', { name: 'Edit Account' });
    expect(await within(form).findByText('This account has changed')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeEmptyDOMElement();
    expect(screen.getByRole('heading', { name: 'Step 2 of 2: Solutions' })).toBeInTheDocument();
  });
});

describe('a refused step or save (issue 23)', () => {
  it('puts the focus on the first field in error: the name on Continue, the first solutions input on Save', async () => {
    const { user } = renderWizard('/accounts/account');
    await screen.findByRole('checkbox', { name: 'Adyen' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('textbox', { name: /Account Name/ })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: /Account Name/ }), 'Nova');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The name is fine now: the providers are the first field in error.
    expect(screen.getByRole('checkbox', { name: 'Adyen' })).toHaveFocus();

    await user.click(screen.getByRole('checkbox', { name: 'Adyen' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Its panel closed: the focus opens it again.
    await user.click(await screen.findByRole('button', { name: /^Adyen/, expanded: true }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const input = screen.getByRole('textbox', { name: 'New solutions for Adyen' });
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveAccessibleDescription(/To proceed, you need to add at least one solution to a provider\./);
  });
});

describe("the account editor's way back (issue 23)", () => {
  const ADMINISTRATOR = {
    permissions: ['merchant.read', 'merchant.select', 'mid.read', 'mid.select', 'mid.create', 'account.update'],
  };
  const MID_FORM = `/accounts/${ACCOUNT_ID}/merchants/${CONFIG_MERCHANT_ID}/mids/new`;

  function renderAs(path: string, session: object) {
    return renderApp({
      path,
      session,
      server: (call) => {
        if (call.path === '/acquirer') return json(200, ACQUIRERS);
        if (call.path === `/account/${ACCOUNT_ID}`) return json(200, ACCOUNT);
        if (call.path === `/account/${ACCOUNT_ID}/merchant/${CONFIG_MERCHANT_ID}`) return json(200, merchantFixture());
        return undefined;
      },
    });
  }

  it('takes provider staff back to the accounts list', async () => {
    renderAs(`/accounts/${ACCOUNT_ID}/config`, STAFF);
    expect(await screen.findByRole('link', { name: 'Back to Accounts' })).toHaveAttribute('href', '/accounts');
  });

  it("takes an account's own administrator, who cannot open the accounts list, to the account's merchants", async () => {
    const { user, currentPath } = renderAs(`/accounts/${ACCOUNT_ID}/config`, ADMINISTRATOR);
    const back = await screen.findByRole('link', { name: 'Back to Merchants' });
    expect(back).toHaveAttribute('href', `/accounts/${ACCOUNT_ID}/merchants`);
    expect(screen.queryByRole('link', { name: 'Back to Accounts' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Account Name/ })).toHaveValue('Acme'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentPath()).toBe(`/accounts/${ACCOUNT_ID}/merchants`));
  });

  it("takes an administrator who came from the MID form's hint back to the MID form", async () => {
    const { user, currentPath } = renderAs(MID_FORM, ADMINISTRATOR);
    await user.click(await screen.findByRole('link', { name: 'Add it to the account' }));
    await screen.findByRole('heading', { name: 'Edit Account', level: 1 });
    const back = screen.getByRole('link', { name: 'Back to MID form' });
    expect(back).toHaveAttribute('href', MID_FORM);
    await user.click(back);
    await waitFor(() => expect(currentPath()).toBe(MID_FORM));
    expect(await screen.findByRole('heading', { name: 'New MID', level: 1 })).toBeInTheDocument();
  });

  it('goes nowhere else an address names', async () => {
    renderAs(`/accounts/${ACCOUNT_ID}/config?from=${encodeURIComponent('https://elsewhere.example/')}`, ADMINISTRATOR);
    expect(await screen.findByRole('link', { name: 'Back to Merchants' })).toHaveAttribute(
      'href',
      `/accounts/${ACCOUNT_ID}/merchants`,
    );
  });
});

describe('Accounts list', () => {
  beforeEach(() => {
    giveTablesAHeight();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('offers New account, and Delete asks first and reports a refusal', async () => {
    const { user, calls, currentPath } = renderApp({
      path: '/accounts',
      session: STAFF,
      server: (call) => {
        if (call.path === '/account' && call.method === 'GET')
          return json(200, { count: 1, total: 1, items: [ACCOUNT] });
        if (call.method === 'DELETE') {
          return json(409, { statusCode: 409, error: 'cant-delete-account', message: "Can't delete account" });
        }
        return undefined;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Acme' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const question = await screen.findByRole('dialog', { name: 'Are you sure that you want to delete this account?' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("Can't delete account")).toBeInTheDocument();
    expect(writes(calls)).toEqual([expect.objectContaining({ method: 'DELETE', path: `/account/${ACCOUNT_ID}` })]);
    await user.click(screen.getByRole('button', { name: 'New account' }));
    await waitFor(() => expect(currentPath()).toBe('/accounts/account'));
  });
});
