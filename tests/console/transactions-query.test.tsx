import { PAYMENT_METHODS } from '@domain/enums';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockTableLayout } from './activity-fixtures';
import { ACCOUNT_ID, json, renderApp, type Server, type ServerCall } from './app-harness';
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
  return screen.getByRole('combobox', { name: 'Search Transactions' });
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
    // Enter on the half-typed value asks nothing (it would ask at once); the whole value is applied as a filter.
    await user.type(box, 'status:decl{Enter}');
    await user.type(box, 'ined{Enter}');
    await waitFor(() => expect(lastList(listCalls).getAll('status[]')).toEqual(['DECLINED']));
    expect(listCalls.some((call) => call.search.has('search'))).toBe(false);

    await user.clear(box);
    await user.type(box, '9c0c0a4e');
    await waitFor(() => expect(lastList(listCalls).get('search')).toBe('9c0c0a4e'));
  });
});

// Completion under the box (issue 26): keys and values offered as the user types, by keyboard and by mouse, and the
// names of merchants asked from the server for the page's account.
const FAR_SHOP_ID = '7e0c0a4e-0000-4000-8000-0000000000f1';

function renderWithNames() {
  const fake = transactionsApi({});
  const nameCalls: ServerCall[] = [];
  const server: Server = (call) => {
    if (call.path === '/search/names') {
      nameCalls.push(call);
      const q = (call.search.get('q') ?? '').toLowerCase();
      const names = [{ id: FAR_SHOP_ID, name: 'Far Away Shop' }];
      return json(200, { items: names.filter((hit) => hit.name.toLowerCase().startsWith(q)) });
    }
    return fake.server(call);
  };
  const app = renderApp({ path: LIST_PATH, session: { permissions: REFUNDER }, server });
  return { ...app, ...fake, nameCalls };
}

const suggestions = () => screen.queryByRole('listbox', { name: 'Suggestions for Transactions' });

describe('completion under the transactions search box', () => {
  it('offers keys then values; arrows highlight, Enter accepts, and Enter with nothing highlighted applies the query', async () => {
    const { user, listCalls } = renderList();
    const box = await searchBox();
    await user.type(box, 'sta');
    const list = await screen.findByRole('listbox', { name: 'Suggestions for Transactions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(within(list).getByRole('option', { name: 'status: Status' })).toBeInTheDocument();
    // Nothing is highlighted until the user moves: Enter would still submit.
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    const option = within(list).getByRole('option', { name: 'status: Status' });
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', option.id);
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('status:');

    await user.type(box, 'dec');
    const values = await screen.findByRole('listbox', { name: 'Suggestions for Transactions' });
    expect(within(values).getByRole('option', { name: 'declined Declined' })).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Tab}');
    expect(box).toHaveValue('status:declined');
    expect(box).toHaveFocus();
    expect(suggestions()).not.toBeInTheDocument();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastList(listCalls).getAll('status[]')).toEqual(['DECLINED']));
  });

  it('accepts an item by click, and Escape closes the list without leaving the box or clearing it', async () => {
    const { user } = renderList();
    const box = await searchBox();
    await user.type(box, 'country:germ');
    await user.click(await screen.findByRole('option', { name: 'de Germany' }));
    expect(box).toHaveValue('country:de');
    expect(box).toHaveFocus();

    await user.type(box, ' -me');
    expect(await screen.findByRole('option', { name: 'method: Payment method' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(suggestions()).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('country:de -me');
    expect(box).toHaveFocus();
  });

  it("offers the account's merchants by name from the server, and the chosen name applies as its merchant", async () => {
    const { user, listCalls, nameCalls } = renderWithNames();
    const box = await searchBox();
    await user.type(box, 'merchant:far');
    const option = await screen.findByRole('option', { name: 'Far Away Shop' });
    const asked = nameCalls.at(-1)!.search;
    expect(Object.fromEntries(asked)).toMatchObject({ source: 'merchants', q: 'far', accountId: ACCOUNT_ID });
    await user.click(option);
    expect(box).toHaveValue('merchant:"Far Away Shop"');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastList(listCalls).getAll('merchantId[]')).toEqual([FAR_SHOP_ID]));
  });
});
