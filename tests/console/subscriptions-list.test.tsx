import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockTableLayout } from './activity-fixtures';
import { json, renderApp } from './app-harness';
import {
  ACTIVE_ID,
  detailPath,
  LIST_PATH,
  MANAGER,
  PAUSED_ID,
  type SubscriptionsApiOptions,
  subscriptionsApi,
  VIEWER,
} from './subscriptions-fixtures';

// The subscriptions list (spec 3, section 2.10) against the fake API: tabs, columns and their accessible names, the
// row menu by status, `p` `u` `c` on the active row opening the one confirm modal, which cannot be closed while the
// action is in progress, and the cancel form's messages.

function renderList({ permissions = MANAGER, ...api }: { permissions?: string[] } & SubscriptionsApiOptions = {}) {
  const fake = subscriptionsApi(api);
  const app = renderApp({ path: LIST_PATH, session: { permissions }, server: fake.server });
  return { ...app, ...fake };
}

async function grid() {
  await screen.findByText('ana@shop.example');
  return screen.getByRole('grid', { name: 'Subscriptions' });
}

function activeRowText(): string | undefined {
  return (
    screen.queryAllByRole('row').find((row) => row.getAttribute('aria-current') === 'true')?.textContent ?? undefined
  );
}

async function focusGrid() {
  const table = await grid();
  table.focus();
  await waitFor(() => expect(activeRowText()).toContain('ana@shop.example'));
  return table;
}

beforeEach(() => {
  sessionStorage.clear();
  mockTableLayout();
  HTMLElement.prototype.scrollTo = () => undefined;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('subscriptions list', () => {
  it("shows the spec's columns on the List tab, newest attempt first", async () => {
    const { listCalls } = renderList();
    const table = await grid();
    expect(screen.getByRole('heading', { name: 'Subscriptions', level: 1 })).toBeInTheDocument();
    // Plans is a tab only for who may read plans (plan.read); this manager may not.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'List']);
    expect(screen.getByRole('tab', { name: 'List' })).toHaveAttribute('aria-selected', 'true');

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(
      expect.arrayContaining([
        'Subscription ID',
        'Email',
        'Status',
        'Plan',
        'Country',
        'Cycle',
        'Last Attempt',
        expect.stringContaining('Attempt Date'),
      ]),
    );
    expect(listCalls[0]!.search.get('order')).toBe('-lastAttemptDate');
    expect(within(table).getByText('Active')).toHaveClass('badge--success');
    expect(within(table).getByText('Paused')).toHaveClass('badge--warning');
    // The icon's meaning is read with the amount.
    expect(within(table).getByText(/12,50 EUR/).parentElement).toHaveTextContent('12,50 EUR, accepted');
    expect(within(table).getByText(/9,90 EUR/).parentElement).toHaveTextContent('9,90 EUR, rejected');
  });

  it('says there are no subscriptions yet', async () => {
    renderList({ items: [] });
    expect(await screen.findByText('There are no subscriptions yet.')).toBeInTheDocument();
  });

  it('offers View detail and the actions of each status in the row menu', async () => {
    const { user, currentPath } = renderList();
    await grid();
    await user.click(screen.getByRole('button', { name: `Actions for Subscription ${ACTIVE_ID}` }));
    let menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.replace(/[a-z]$/, '')),
    ).toEqual([
      expect.stringContaining('View detail'),
      expect.stringContaining('Pause'),
      expect.stringContaining('Cancel'),
    ]);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: `Actions for Subscription ${PAUSED_ID}` }));
    menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('View detail'),
      expect.stringContaining('Resume'),
      expect.stringContaining('Cancel'),
    ]);
    await user.click(items[0]!);
    expect(currentPath()).toBe(detailPath(PAUSED_ID));
  });

  it('offers only View detail to a user who may not manage subscriptions, and no action keys', async () => {
    const { user } = renderList({ permissions: VIEWER });
    await focusGrid();
    await user.click(screen.getByRole('button', { name: `Actions for Subscription ${ACTIVE_ID}` }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(1);
    await user.keyboard('{Escape}');
    await user.keyboard('p');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('pauses the active row by `p`; the modal cannot be closed while in progress, then the list reloads', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<Response>((resolve) => (release = () => resolve(new Response(null, { status: 204 }))));
    const { user, patchCalls, listCalls } = renderList({ patchAnswers: [() => held] });
    await focusGrid();
    await user.keyboard('p');
    const dialog = await screen.findByRole('dialog', { name: 'Pause subscription' });
    await user.click(within(dialog).getByRole('button', { name: 'Pause subscription' }));

    expect(await within(dialog).findByText(/can take up to 30 seconds/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Go back' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Pause subscription' })).toBeInTheDocument();
    expect(patchCalls).toHaveLength(1);
    expect(patchCalls[0]!.body).toEqual({ action: 'PAUSE', reasonDetails: 'BACKOFFICE_PAUSE', version: 4 });

    const before = listCalls.length;
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Subscription paused')).toBeInTheDocument();
    await waitFor(() => expect(listCalls.length).toBeGreaterThan(before));
  });

  it('resumes with `u` only a paused row, and `c` opens the cancel form with its messages', async () => {
    const { user, patchCalls } = renderList();
    await focusGrid();
    await user.keyboard('u');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.keyboard('c');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    const confirm = within(dialog).getByRole('button', { name: 'Cancel subscription' });
    await user.click(confirm);
    expect(within(dialog).getByText('You have to select a reason for cancelling the subscription')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Reason/ })).toHaveFocus();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Reason/ }), 'Other');
    const other = within(dialog).getByRole('textbox', { name: /Other reason/ });
    await user.type(other, 'too pricey!');
    await user.tab();
    expect(within(dialog).getByText('Only alphanumeric characters and spaces are allowed.')).toBeInTheDocument();
    expect(other).toHaveAttribute('maxlength', '16');
    await user.click(confirm);
    expect(patchCalls).toHaveLength(0);

    await user.clear(other);
    await user.type(other, 'too pricey');
    await user.click(confirm);
    await waitFor(() => expect(patchCalls).toHaveLength(1));
    expect(patchCalls[0]!.body).toEqual({ action: 'CANCEL', reasonDetails: 'Other: too pricey', version: 4 });
  });

  it('tells the user the subscription changed on a 409, and reloads the list', async () => {
    const { user, listCalls } = renderList({
      patchAnswers: [() => json(409, { error: 'subscription-changed', message: 'version 4 is not current' })],
    });
    await focusGrid();
    await user.keyboard('p');
    const dialog = await screen.findByRole('dialog', { name: 'Pause subscription' });
    const before = listCalls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Pause subscription' }));
    expect(await screen.findByRole('dialog', { name: /This subscription has changed/ })).toBeInTheDocument();
    await waitFor(() => expect(listCalls.length).toBeGreaterThan(before));
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens a pasted subscription id from the palette, searching the merchant’s list by ID', async () => {
    const { user, listCalls, currentPath } = renderList();
    await grid();
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.paste(ACTIVE_ID);
    const open = await within(palette).findByRole('option', { name: new RegExp(`^Open ${ACTIVE_ID}`) });
    expect(open).toHaveTextContent('Subscription · ana@shop.example · Active · Gold monthly');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe(detailPath(ACTIVE_ID)));
    const lookup = listCalls.find((call) => call.search.get('searchType') === 'ID');
    expect(lookup?.search.get('search')).toBe(ACTIVE_ID);
  });

  it("'Find subscription…' asks for the id in a picker step and opens the subscription", async () => {
    const { user, currentPath } = renderList();
    await grid();
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('find subscription');
    await user.click(await within(palette).findByRole('option', { name: /^Find subscription…/ }));
    expect(within(palette).getByRole('combobox')).toHaveAttribute('placeholder', 'Paste or type a subscription ID…');
    await user.paste(PAUSED_ID.slice(0, 13));
    await user.click(await within(palette).findByRole('option', { name: /^ben@shop\.example/ }));
    await waitFor(() => expect(currentPath()).toBe(detailPath(PAUSED_ID)));
  });

  it('lists p, u and c in the shortcuts sheet', async () => {
    const { user } = renderList();
    await focusGrid();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: /Keyboard shortcuts/ });
    for (const title of ['Pause subscription', 'Resume subscription', 'Cancel subscription', 'Go to Subscriptions']) {
      expect(within(sheet).getByText(title)).toBeInTheDocument();
    }
  });
});
