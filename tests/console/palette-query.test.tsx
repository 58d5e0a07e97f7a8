import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockTableLayout } from './activity-fixtures';
import { ACCOUNT_ID, openPaletteOnMerchants, renderApp } from './app-harness';
import { READER, transactionsApi } from './transactions-fixtures';

// The palette's query mode (issue 26): a key:value query typed at the root is read against the transactions' keys,
// counted by the list call itself, and opened with Enter (Shift Enter: a new tab); a wrong query says why in place.

const HOME = `/accounts/${ACCOUNT_ID}/merchants`;
const LIST = `/accounts/${ACCOUNT_ID}/transactions`;

function renderPalette(total = 1234) {
  const fake = transactionsApi({ total });
  const app = renderApp({ path: HOME, session: { permissions: READER }, server: fake.server });
  return { ...app, ...fake };
}

const openPalette = openPaletteOnMerchants;

beforeEach(() => {
  sessionStorage.clear();
  mockTableLayout();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('palette query mode', () => {
  it('counts the rows of a typed query with the list call and opens the filtered list with Enter', async () => {
    const { user, currentPath, listCalls } = renderPalette(1234);
    const palette = await openPalette(user);
    await user.keyboard('status:success,declined -type:refund blue');
    const open = await within(palette).findByRole('option', { name: /Show transactions/ });
    await waitFor(() => expect(open).toHaveTextContent('1.234 transactions'));
    const counted = listCalls.at(-1)!.search;
    expect(counted.getAll('status[]')).toEqual(['SUCCESS', 'DECLINED']);
    expect(counted.get('search')).toBe('blue');
    expect(counted.get('limit')).toBe('50');
    expect(within(palette).getAllByRole('option')[0]).toBe(open);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe(LIST));
    await screen.findByRole('heading', { name: 'Transactions', level: 1 });
    // The list reads the same filters from its address: its own call asks what the palette counted.
    await waitFor(() => expect(listCalls.at(-1)!.search.getAll('status[]')).toEqual(['SUCCESS', 'DECLINED']));
    expect(listCalls.at(-1)!.search.getAll('transactionType[]')).toEqual(counted.getAll('transactionType[]'));
    expect(screen.getByRole('combobox', { name: /Search transactions/i })).toHaveValue('blue');
  });

  it('completes keys and values as the user types: Enter fills a half-typed term in, Tab takes the first completion', async () => {
    const { user } = renderPalette(7);
    const palette = await openPalette(user);
    await user.keyboard('status:suc');
    const complete = await within(palette).findByRole('group', { name: 'Complete' });
    expect(within(complete).getAllByRole('option')[0]).toHaveTextContent(/success/i);
    // Half typed, the query opens nothing yet: the completion leads.
    expect(within(palette).queryByRole('option', { name: /Show transactions/ })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    const input = within(palette).getByRole('combobox');
    expect(input).toHaveValue('status:success');
    expect(input).toHaveFocus();
    // 'cur' alone is free text, so the query reads cleanly and Enter would open it: Tab completes.
    await user.keyboard(' cur');
    const keys = await within(palette).findByRole('group', { name: 'Complete' });
    await waitFor(() => expect(within(keys).getAllByRole('option')[0]).toHaveTextContent(/currency/));
    await user.keyboard('{Tab}');
    expect(input).toHaveValue('status:success currency:');
    await user.keyboard('eur');
    const open = await within(palette).findByRole('option', { name: /Show transactions/ });
    await waitFor(() => expect(open).toHaveTextContent('7 transactions'));
  });

  it('says the cap rather than a number past it', async () => {
    const { user } = renderPalette(10_001);
    const palette = await openPalette(user);
    await user.keyboard('status:success');
    const open = await within(palette).findByRole('option', { name: /Show transactions/ });
    await waitFor(() => expect(open).toHaveTextContent('+10k transactions'));
  });

  it('names what is wrong with a query and opens nothing', async () => {
    const { user, currentPath, listCalls } = renderPalette();
    const palette = await openPalette(user);
    await user.keyboard('stauts:success');
    expect(
      await within(palette).findByText(/The transactions list has no key 'stauts'. Its keys: country, status/),
    ).toBeInTheDocument();
    expect(within(palette).queryByRole('option', { name: /Show transactions/ })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(currentPath()).toBe(HOME);
    expect(listCalls).toHaveLength(0);
  });

  it('opens the filtered list in a new tab with Shift Enter', async () => {
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, currentPath } = renderPalette();
    const palette = await openPalette(user);
    await user.keyboard('status:declined');
    await within(palette).findByRole('option', { name: /Show transactions/ });
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(opened).toHaveBeenCalledWith(`${LIST}?status=DECLINED`, '_blank', 'noopener');
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument();
    expect(currentPath()).toBe(HOME);
  });

  it("searches a chosen list after 'Search transactions…'", async () => {
    const { user, currentPath } = renderPalette();
    const palette = await openPalette(user);
    await user.keyboard('search transactions');
    await user.click(await within(palette).findByRole('option', { name: /Search transactions…/ }));
    expect(await within(palette).findByRole('combobox')).toHaveAttribute(
      'placeholder',
      'Type a query, e.g. status:success created:>7d',
    );
    await user.keyboard('risk:>50');
    const open = await within(palette).findByRole('option', { name: /Show transactions/ });
    await user.click(open);
    await waitFor(() => expect(currentPath()).toBe(LIST));
  });
});
