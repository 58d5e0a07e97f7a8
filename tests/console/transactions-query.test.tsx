import { PAYMENT_METHODS } from '@domain/enums';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockTableLayout } from './activity-fixtures';
import { renderApp } from './app-harness';
import { LIST_PATH, OTHER_MERCHANT_ID, PAYMENT_ID, REFUNDER, transactionsApi } from './transactions-fixtures';

// The transactions list's search box takes the query language (issue 26, first step): key:value terms set the
// filters in the address on Enter, the free text stays the search, and a wrong query says why and applies nothing.

function renderList(path = LIST_PATH) {
  const fake = transactionsApi({});
  const app = renderApp({ path, session: { permissions: REFUNDER }, server: fake.server });
  return { ...app, ...fake };
}

const lastList = (calls: { search: URLSearchParams }[]) => calls.at(-1)!.search;
const addressOf = (location: { history: string[] }) =>
  new URLSearchParams((location.history.at(-1) ?? '').split('?')[1] ?? '');

async function searchBox() {
  await screen.findByText(PAYMENT_ID);
  return screen.getByRole('searchbox', { name: 'Search Transactions' });
}

beforeEach(() => {
  sessionStorage.clear();
  mockTableLayout();
  HTMLElement.prototype.scrollTo = () => undefined;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a query in the transactions search box', () => {
  it('sets the filters it names in the address, keeps the free text as the search, and the filter bar agrees', async () => {
    const { user, listCalls, location } = renderList();
    const box = await searchBox();
    await user.type(box, 'status:declined -method:card merchant:"shop two" risk:>50 order-7{Enter}');

    await waitFor(() => expect(lastList(listCalls).getAll('status[]')).toEqual(['DECLINED']));
    const call = lastList(listCalls);
    expect(call.getAll('paymentMethod[]')).toEqual(PAYMENT_METHODS.filter((method) => method !== 'CARD'));
    expect(call.getAll('merchantId[]')).toEqual([OTHER_MERCHANT_ID]);
    expect(call.getAll('riskScore[]')).toEqual(['51', '100']);
    expect(call.get('search')).toBe('order-7');
    expect(addressOf(location).getAll('status')).toEqual(['DECLINED']);
    expect(box).toHaveValue('order-7');

    // The toggle counts what the query applied, as it counts filters picked by hand.
    await user.click(screen.getByRole('button', { name: '4 filters applied' }));
    const filters = screen.getByRole('group', { name: 'Filters' });
    expect(within(filters).getByRole('button', { name: /^Status Declined/ })).toBeInTheDocument();
    expect(within(filters).getByRole('button', { name: /^Risk score 51 – 100/ })).toBeInTheDocument();
  });

  it('leaves the filters a query does not name as they are', async () => {
    const { user, listCalls } = renderList(`${LIST_PATH}?category=RENEWAL&status=FAILED`);
    const box = await searchBox();
    await user.type(box, 'is:success{Enter}');
    await waitFor(() => expect(lastList(listCalls).getAll('status[]')).toEqual(['SUCCESS']));
    expect(lastList(listCalls).getAll('category[]')).toEqual(['RENEWAL']);
    expect(lastList(listCalls).has('search')).toBe(false);
  });

  it('says what is wrong, in place, and applies nothing', async () => {
    const { user, listCalls } = renderList();
    const box = await searchBox();
    const before = listCalls.length;
    await user.type(box, 'stauts:declined risk:90..10{Enter}');

    const errors = await screen.findByRole('alert', { name: 'Query errors' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining("The transactions list has no key 'stauts'."),
      'The range starts above its end: write 10..90.',
    ]);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(expect.stringContaining("no key 'stauts'"));
    expect(box).toHaveValue('stauts:declined risk:90..10');
    expect(listCalls.length).toBe(before);

    await user.type(box, ' ');
    expect(screen.queryByRole('alert', { name: 'Query errors' })).not.toBeInTheDocument();
  });

  it('does not search while a query is half typed, and plain text stays the quick search', async () => {
    const { user, listCalls } = renderList();
    const box = await searchBox();
    await user.type(box, 'status:decl');
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(listCalls.some((call) => call.search.has('search'))).toBe(false);

    await user.clear(box);
    await user.type(box, '9c0c0a4e');
    await waitFor(() => expect(lastList(listCalls).get('search')).toBe('9c0c0a4e'));
  });
});
