import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ID, json, renderApp, type ServerCall } from './app-harness';
import { accountFixture, CONFIG_MERCHANT_ID, merchantFixture } from './configuration-fixtures';

// New Merchant and Edit Merchant (spec 2, sections 2.2, 4 and 5) on the saving pattern (spec 1, section 4).

const MERCHANT_ID = CONFIG_MERCHANT_ID;
const EDITOR = ['merchant.read', 'merchant.select', 'merchant.create', 'merchant.update'];

const ACCOUNT = accountFixture();

const MERCHANT = merchantFixture({ version: 3 });

function renderForm(path: string, permissions = EDITOR, answer?: (call: ServerCall) => Response | undefined) {
  return renderApp({
    path,
    session: { permissions },
    server: (call) => {
      const answered = answer?.(call);
      if (answered) return answered;
      if (call.path === `/account/${ACCOUNT_ID}`) return json(200, ACCOUNT);
      if (call.path === `/account/${ACCOUNT_ID}/merchant/${MERCHANT_ID}` && call.method === 'GET') {
        return json(200, MERCHANT);
      }
      if (call.path === `/account/${ACCOUNT_ID}/merchant` && call.method === 'POST') {
        return json(201, { merchantId: MERCHANT_ID, changed: true });
      }
      if (call.path === `/account/${ACCOUNT_ID}/merchant/${MERCHANT_ID}` && call.method === 'PUT') {
        return json(200, { merchantId: MERCHANT_ID, changed: true });
      }
      return undefined;
    },
  });
}

const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });

/** The required text fields of a new merchant, in the form's order. */
const REQUIRED: [RegExp, string][] = [
  [/Merchant name/, 'Nova Shop'],
  [/Business name/, 'Nova'],
  [/MCC code/, '5732'],
  [/Corporate URL/, 'https://nova.example'],
  [/Legal name/, 'Nova Shop S.L.'],
  [/VAT number/, 'ESB87654321'],
  [/Street/, 'Gran Via 2'],
  [/City/, 'Madrid'],
  [/Zip code/, '28013'],
  [/^E-mail/, 'hello@nova.example'],
  [/Support URL/, 'nova.example/help'],
  [/Support e-mail/, 'help@nova.example'],
];
const writes = (calls: ServerCall[]) => calls.filter((call) => call.method !== 'GET');

describe('New Merchant', () => {
  it('creates a merchant from the required fields, drops the empty ones and goes back to the list', async () => {
    const { user, calls, currentPath } = renderForm(`/accounts/${ACCOUNT_ID}/merchants/new`);
    expect(await screen.findByRole('heading', { name: 'New Merchant', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Enter the merchant’s information')).toBeInTheDocument();
    expect(textbox(/Merchant name/)).toHaveFocus();
    for (const [name, value] of REQUIRED) await user.type(textbox(name), value);
    await user.selectOptions(screen.getByRole('combobox', { name: /Country/ }), 'Spain');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(currentPath()).toBe(`/accounts/${ACCOUNT_ID}/merchants`));
    const [post] = writes(calls);
    expect(post).toMatchObject({ method: 'POST', path: `/account/${ACCOUNT_ID}/merchant` });
    expect(post!.body).toEqual({
      prettyName: 'Nova Shop',
      dba: 'Nova',
      mccCode: '5732',
      corporateUrl: 'https://nova.example',
      merchantLegalName: 'Nova Shop S.L.',
      vatNumber: 'ESB87654321',
      street: 'Gran Via 2',
      city: 'Madrid',
      zipCode: '28013',
      country: 'ES',
      email: 'hello@nova.example',
      supportUrl: 'nova.example/help',
      supportEmail: 'help@nova.example',
    });
    expect(await screen.findByText('Created successfully')).toBeInTheDocument();
  });

  it("shows the spec's messages when fields are left, and an invalid form sends nothing", async () => {
    const { user, calls } = renderForm(`/accounts/${ACCOUNT_ID}/merchants/new`);
    await screen.findByRole('heading', { name: 'New Merchant' });
    await user.type(textbox(/Corporate URL/), 'not a url');
    await user.tab();
    expect(textbox(/Corporate URL/)).toHaveAccessibleDescription("Enter your business' URL");
    await user.type(textbox(/^E-mail/), 'hello@');
    await user.tab();
    expect(textbox(/^E-mail/)).toHaveAccessibleDescription('Enter a valid email address');
    await user.type(textbox(/^Phone/), 'call me');
    await user.tab();
    expect(textbox(/^Phone/)).toHaveAccessibleDescription(/Enter a valid phone number/);
    await user.type(textbox(/Merchant name/), 'x'.repeat(51));
    await user.tab();
    expect(textbox(/Merchant name/)).toHaveAccessibleDescription('Maximum 50 characters');
    // The whole pasted value stays, so the user sees what to shorten.
    expect(textbox(/Merchant name/)).toHaveValue('x'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Form not validated')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('refuses a bad e-mail in the form, with the focus on it, and saves once it is fixed (issue 23)', async () => {
    const { user, calls, currentPath } = renderForm(`/accounts/${ACCOUNT_ID}/merchants/new`);
    await screen.findByRole('heading', { name: 'New Merchant' });
    for (const [name, value] of REQUIRED) {
      await user.type(textbox(name), name.source === '^E-mail' ? 'hello@nova' : value);
    }
    await user.selectOptions(screen.getByRole('combobox', { name: /Country/ }), 'Spain');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const form = screen.getByRole('form', { name: 'New Merchant' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Form not validated');
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeEmptyDOMElement();
    expect(textbox(/^E-mail/)).toHaveFocus();
    expect(textbox(/^E-mail/)).toHaveAccessibleDescription('Enter a valid email address');
    expect(writes(calls)).toEqual([]);

    await user.type(textbox(/^E-mail/), '.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe(`/accounts/${ACCOUNT_ID}/merchants`));
    expect(writes(calls)).toEqual([
      expect.objectContaining({ method: 'POST', path: `/account/${ACCOUNT_ID}/merchant` }),
    ]);
    expect(writes(calls)[0]!.body).toMatchObject({ email: 'hello@nova.example' });
  });

  it('asks before discarding typed changes, and leaves once the user discards them', async () => {
    const { user, currentPath } = renderForm(`/accounts/${ACCOUNT_ID}/merchants/new`);
    await screen.findByRole('heading', { name: 'New Merchant' });
    await user.type(textbox(/Merchant name/), 'Half done');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to cancel? Your changes will be lost.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue creating' }));
    expect(textbox(/Merchant name/)).toHaveValue('Half done');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(currentPath()).toBe(`/accounts/${ACCOUNT_ID}/merchants`));
  });

  it('is the not-found page without merchant.create', async () => {
    renderForm(`/accounts/${ACCOUNT_ID}/merchants/new`, ['merchant.read', 'merchant.select']);
    expect(await screen.findByRole('heading', { name: "Oops! Sorry, we can't find that page" })).toBeInTheDocument();
  });
});

describe('Edit Merchant', () => {
  const editPath = `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/edit`;

  it("opens with the merchant's values; saving without changes says so and sends nothing", async () => {
    const { user, calls } = renderForm(editPath);
    expect(await screen.findByRole('heading', { name: 'Edit Merchant', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(textbox(/Merchant name/)).toHaveValue('Lumen Books'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("You haven't made any changes")).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('saves the whole form with the version read, by Enter, and returns to the detail', async () => {
    const { user, calls, currentPath } = renderForm(editPath);
    await waitFor(() => expect(textbox(/City/)).toHaveValue('Madrid'));
    await user.clear(textbox(/City/));
    await user.type(textbox(/City/), 'Sevilla{Enter}');
    await waitFor(() => expect(currentPath()).toBe(`/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/detail`));
    const [put] = writes(calls);
    expect(put).toMatchObject({ method: 'PUT', body: expect.objectContaining({ city: 'Sevilla', version: 3 }) });
    expect(put!.body).not.toHaveProperty('phone');
    expect(await screen.findByText('Changes saved successfully!')).toBeInTheDocument();
  });

  it('tells the user when someone else saved first, and keeps what they typed', async () => {
    const { user } = renderForm(editPath, EDITOR, (call) =>
      call.method === 'PUT'
        ? json(409, { statusCode: 409, error: 'merchant-changed', message: 'This merchant has changed' })
        : undefined,
    );
    await waitFor(() => expect(textbox(/City/)).toHaveValue('Madrid'));
    await user.clear(textbox(/City/));
    await user.type(textbox(/City/), 'Bilbao');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This merchant has changed')).toBeInTheDocument();
    expect(textbox(/City/)).toHaveValue('Bilbao');
  });

  it('is offered from the detail by its Edit button', async () => {
    const { user, currentPath } = renderForm(`/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/detail`);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(currentPath()).toBe(editPath));
  });

  it.each([[`/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/copy`], [`/accounts/${ACCOUNT_ID}/merchants/newish`]])(
    '%s is the fallback page',
    async (path) => {
      renderForm(path);
      expect(await screen.findByRole('heading', { name: "Oops! Sorry, we can't find that page" })).toBeInTheDocument();
    },
  );
});
