import { PERMISSIONS as P } from '@domain/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockTableLayout } from './activity-fixtures';
import { ACCOUNT_ID, OTHER_ACCOUNT_ID, openPaletteOnMerchants, renderApp } from './app-harness';
import { detailPath, PAYMENT_ID, READER, REFUND_ID, SEARCH_HIT, transactionsApi } from './transactions-fixtures';

// The palette's transaction lookup (issue 4, section 4): a pasted or typed transaction id, by prefix through
// GET /transaction/search, opening the transaction detail.

const HOME = `/accounts/${ACCOUNT_ID}/merchants`;

function renderPalette({
  permissions = READER,
  ...api
}: { permissions?: string[] } & Parameters<typeof transactionsApi>[0] = {}) {
  const fake = transactionsApi(api);
  const app = renderApp({ path: HOME, session: { permissions }, server: fake.server });
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

describe('palette transaction lookup', () => {
  it('opens a pasted transaction id with Enter', async () => {
    const { user, currentPath, searchCalls } = renderPalette();
    const palette = await openPalette(user);
    await user.paste(PAYMENT_ID);
    const open = await within(palette).findByRole('option', { name: new RegExp(`Open ${PAYMENT_ID}`) });
    expect(open).toHaveTextContent('Transaction · Payment · Success · 1.234,50 EUR');
    // Whose it is, whole, on a line of its own: provider staff see several accounts.
    expect(open).toHaveTextContent('Account: Acme (ACME) · Merchant: Shop One');
    expect(searchCalls[0]!.search.get('q')).toBe(PAYMENT_ID);
    // The best match is the first option, so Enter opens it.
    expect(within(palette).getAllByRole('option')[0]).toBe(open);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe(detailPath(PAYMENT_ID)));
    expect(await screen.findByRole('heading', { name: 'Transaction Detail', level: 1 })).toBeInTheDocument();
  });

  it('opens the transaction in its own account, wherever the palette is opened', async () => {
    const elsewhere = { ...SEARCH_HIT, accountId: OTHER_ACCOUNT_ID };
    const { user, currentPath } = renderPalette({ searchHits: [elsewhere] });
    const palette = await openPalette(user);
    await user.paste(PAYMENT_ID.toUpperCase());
    await user.click(await within(palette).findByRole('option', { name: new RegExp(`Open ${PAYMENT_ID}`) }));
    await waitFor(() => expect(currentPath()).toBe(`/accounts/${OTHER_ACCOUNT_ID}/transactions/${PAYMENT_ID}`));
  });

  it('lists the transactions a typed id prefix finds', async () => {
    const other = { ...SEARCH_HIT, transactionId: REFUND_ID, transactionType: 'PARTIAL_REFUND' as const };
    const { user, searchCalls } = renderPalette({ searchHits: [SEARCH_HIT, other] });
    const palette = await openPalette(user);
    await user.keyboard('9c0c0a4e');
    const group = await within(palette).findByRole('group', { name: 'Transactions' });
    await waitFor(() => expect(within(group).getAllByRole('option')).toHaveLength(2));
    const refund = within(group).getByRole('option', { name: new RegExp(REFUND_ID) });
    expect(refund).toHaveTextContent('Partial refund · Success · 1.234,50 EUR');
    expect(refund).toHaveTextContent('Account: Acme (ACME) · Merchant: Shop One');
    expect(searchCalls.at(-1)!.search.get('q')).toBe('9c0c0a4e');
    expect(searchCalls.at(-1)!.search.get('limit')).toBe('10');
    expect(within(palette).getAllByRole('option').length).toBeLessThanOrEqual(50);
  });

  it('does not ask for words that cannot be an id', async () => {
    const { user, searchCalls } = renderPalette();
    await openPalette(user);
    await user.keyboard('merchants');
    expect((await screen.findAllByRole('option', { name: /Merchants/ })).length).toBeGreaterThan(0);
    expect(searchCalls).toHaveLength(0);
  });

  it('does not look transactions up for a user who cannot open them', async () => {
    const { user, searchCalls } = renderPalette({ permissions: [P.merchantRead, P.transactionRead] });
    const palette = await openPalette(user);
    await user.paste(PAYMENT_ID);
    await within(palette).findByText('No results');
    expect(searchCalls).toHaveLength(0);
  });
});
