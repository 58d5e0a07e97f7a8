import { AppProviders } from '@console/app/providers';
import { HotkeyEngine } from '@console/commands/hotkeys';
import { CommandRegistryProvider } from '@console/commands/registry';
import { createConsoleStorage, writeSession } from '@console/session/storage';
import { DataTable, type DataTableProps } from '@console/table/data-table';
import type { DataColumn, FilterDefinition, ListQueryParams } from '@console/table/types';
import type { SessionResponse } from '@domain/contract/auth';
import type { ListResponse } from '@domain/contract/common';
import type { RuntimeConfig } from '@domain/contract/config';
import { credentialsFromResponse } from '@machines/session.machine';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';

const CONFIG: RuntimeConfig = {
  apiBase: '/api',
  userActivityBase: '/api',
  analyticsBase: '/api',
  liveOrigin: '',
  sandboxOrigin: '',
  appVersion: '1.0.0',
  internalDomains: [],
  mailbox: true,
  helpVideos: {},
};

const SESSION: SessionResponse = {
  token: 'token-1',
  refreshToken: 'refresh-1',
  expiresIn: 900,
  permissions: ['merchant.read'],
  allAllowed: false,
  isProviderStaff: false,
  email: 'ana@example.com',
  userId: '5d0c0a4e-0000-4000-8000-000000000001',
  fullName: 'Ana Ruiz',
  accounts: [],
};

interface Item {
  id: string;
  name: string;
  status: string;
}

const COLUMNS: DataColumn<Item>[] = [
  { id: 'name', header: 'Name', sortField: 'name', cell: (row) => row.name },
  { id: 'status', header: 'Status', cell: (row) => row.status },
];

const FILTERS: FilterDefinition[] = [
  {
    id: 'status',
    label: 'Status',
    options: [
      { value: 'ACTIVE', label: 'Active' },
      { value: 'PAUSED', label: 'Paused' },
    ],
  },
  {
    id: 'currency',
    label: 'Currency',
    multiple: true,
    options: [
      { value: 'EUR', label: 'EUR' },
      { value: 'USD', label: 'USD' },
    ],
  },
];

function items(count: number, offset = 0): Item[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `item-${offset + index + 1}`,
    name: `Item ${offset + index + 1}`,
    status: 'ACTIVE',
  }));
}

/** A server that answers every page of a list of `total` rows (total capped at 10,001 like the API). */
function serverOf(total: number) {
  return vi.fn(async (query: ListQueryParams): Promise<ListResponse<Item>> => {
    const page = Number(query.page);
    const limit = Number(query.limit);
    const start = (page - 1) * limit;
    const count = Math.max(0, Math.min(limit, total - start));
    return { count, total: Math.min(total, 10_001), items: items(count, start) };
  });
}

let location: ReturnType<typeof memoryLocation> & { history: string[] };

function currentUrl(): URL {
  return new URL(location.history.at(-1) ?? '/', 'http://console.test');
}

function renderTable(props: Partial<DataTableProps<Item>> & Pick<DataTableProps<Item>, 'fetchPage'>, path = '/list') {
  location = memoryLocation({ path, record: true }) as typeof location;
  const storage = createConsoleStorage();
  writeSession(storage, credentialsFromResponse(SESSION, Date.now()));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetchImpl = vi.fn(async () => new Response('{}', { status: 404 }));
  return render(
    <AppProviders
      config={CONFIG}
      locationHook={location.hook}
      storage={storage}
      queryClient={queryClient}
      fetch={fetchImpl}
    >
      <CommandRegistryProvider>
        <HotkeyEngine />
        <DataTable
          label="Items"
          queryKey={['items']}
          columns={COLUMNS}
          getRowId={(row) => row.id}
          rowLabel={(row) => row.name}
          searchPlaceholder="Search items"
          searchDebounceMs={20}
          {...props}
        />
      </CommandRegistryProvider>
    </AppProviders>,
  );
}

function lastQuery(fetchPage: ReturnType<typeof vi.fn>): ListQueryParams {
  return fetchPage.mock.lastCall?.[0] as ListQueryParams;
}

function bodyRows(): HTMLElement[] {
  return screen.getAllByRole('row').filter((row) => row.getAttribute('aria-rowindex') !== '1');
}

const sleep = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // jsdom lays nothing out: give the scroll box a height so the virtualiser has a viewport to fill.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('data-table__scroll') ? 400 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    const inner = this.classList.contains('data-table__scroll') ? this.firstElementChild : null;
    return inner instanceof HTMLElement ? Number.parseFloat(inner.style.height) || 0 : 0;
  });
  HTMLElement.prototype.scrollTo = function scrollTo(this: HTMLElement, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
    this.dispatchEvent(new Event('scroll'));
  } as typeof HTMLElement.prototype.scrollTo;
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('data table: first row and paging', () => {
  it('shows the count text, the last-update stamp with its UTC offset, and the rows', async () => {
    renderTable({ fetchPage: serverOf(326) });
    expect(await screen.findByText('1-50 of 326')).toBeInTheDocument();
    expect(
      screen.getByText(/^Last update: \d{2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} \(UTC[+-]\d{2}:\d{2}\)$/),
    ).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: 'Item 1' })).toBeInTheDocument();
  });

  it('reads page and page size from the address and writes them back', async () => {
    const fetchPage = serverOf(326);
    renderTable({ fetchPage }, '/list?page=3&limit=100');
    expect(await screen.findByText('201-300 of 326')).toBeInTheDocument();
    expect(lastQuery(fetchPage)).toMatchObject({ page: 3, limit: 100 });

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('301-326 of 326')).toBeInTheDocument();
    expect(currentUrl().searchParams.get('page')).toBe('4');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), '500');
    await waitFor(() => expect(lastQuery(fetchPage)).toMatchObject({ page: 1, limit: 500 }));
    expect(currentUrl().searchParams.get('limit')).toBe('500');
    expect(currentUrl().searchParams.has('page')).toBe(false);
  });

  it('offers page sizes 50, 100 and 500, starting at 50', async () => {
    renderTable({ fetchPage: serverOf(10) });
    const show = await screen.findByRole('combobox', { name: 'Show' });
    expect(
      within(show)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['50', '100', '500']);
    expect(show).toHaveValue('50');
  });
});

describe('data table: sorting', () => {
  it('cycles a column none, ascending, descending, none, in the address and the request', async () => {
    const fetchPage = serverOf(80);
    renderTable({ fetchPage }, '/list?page=2');
    await screen.findByText('51-80 of 80');
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Status' })).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastQuery(fetchPage)).toMatchObject({ order: 'name', page: 1 }));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(currentUrl().searchParams.get('order')).toBe('name');

    await userEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastQuery(fetchPage)).toMatchObject({ order: '-name' }));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(currentUrl().searchParams.get('order')).toBe('-name');

    await userEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastQuery(fetchPage).order).toBeUndefined());
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(currentUrl().searchParams.has('order')).toBe(false);
  });

  it('starts from the default order and can cycle it off', async () => {
    const fetchPage = serverOf(10);
    renderTable({ fetchPage, defaultOrder: '-name' });
    await screen.findByText('1-10 of 10');
    expect(lastQuery(fetchPage)).toMatchObject({ order: '-name' });
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastQuery(fetchPage).order).toBeUndefined());
    expect(currentUrl().searchParams.get('order')).toBe('');
  });
});

describe('data table: search', () => {
  it('waits for 3 characters, and searches again when emptied', async () => {
    const fetchPage = serverOf(10);
    renderTable({ fetchPage }, '/list?page=1');
    await screen.findByText('1-10 of 10');
    const box = screen.getByRole('searchbox', { name: 'Search Items' });
    expect(box).toHaveAttribute('data-table-search');
    const calls = fetchPage.mock.calls.length;

    await userEvent.type(box, 'it');
    await sleep(80);
    expect(fetchPage.mock.calls.length).toBe(calls);
    expect(currentUrl().searchParams.has('search')).toBe(false);

    await userEvent.type(box, 'e');
    await waitFor(() => expect(lastQuery(fetchPage)).toMatchObject({ search: 'ite', page: 1 }));
    expect(currentUrl().searchParams.get('search')).toBe('ite');

    await userEvent.clear(box);
    await waitFor(() => expect(lastQuery(fetchPage).search).toBeUndefined());
    expect(currentUrl().searchParams.has('search')).toBe(false);
  });

  it('honours a smaller minimum where a table asks for it', async () => {
    const fetchPage = serverOf(10);
    renderTable({ fetchPage, searchMinLength: 2 });
    await screen.findByText('1-10 of 10');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search Items' }), 'EU');
    await waitFor(() => expect(lastQuery(fetchPage)).toMatchObject({ search: 'EU' }));
  });
});

describe('data table: filters', () => {
  it('names the toggle Show filters, Hide filters or N filters applied', async () => {
    renderTable({ fetchPage: serverOf(10), filters: FILTERS });
    await screen.findByText('1-10 of 10');
    await userEvent.click(screen.getByRole('button', { name: 'Show filters' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'ACTIVE');
    await userEvent.click(screen.getByRole('button', { name: 'Hide filters' }));
    expect(screen.getByRole('button', { name: '1 filter applied' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('goes back to page 1 when a filter changes, and sends multi-value filters as arrays', async () => {
    const fetchPage = serverOf(300);
    renderTable({ fetchPage, filters: FILTERS }, '/list?page=3');
    await screen.findByText('101-150 of 300');

    await userEvent.click(screen.getByRole('button', { name: 'Show filters' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'PAUSED');
    await waitFor(() => expect(lastQuery(fetchPage)).toMatchObject({ page: 1, status: 'PAUSED' }));
    expect(currentUrl().searchParams.get('status')).toBe('PAUSED');
    expect(currentUrl().searchParams.has('page')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery(fetchPage)).toMatchObject({ page: 2 }));

    await userEvent.click(screen.getByRole('button', { name: /Currency/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'USD' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'EUR' }));
    await waitFor(() => expect(lastQuery(fetchPage)).toMatchObject({ page: 1, currency: ['EUR', 'USD'] }));
    expect(currentUrl().searchParams.getAll('currency')).toEqual(['EUR', 'USD']);
  });

  it("shows 'Clear All' only when more than one filter is applied", async () => {
    const fetchPage = serverOf(30);
    renderTable({ fetchPage, filters: FILTERS }, '/list?status=ACTIVE&search=item');
    await screen.findByText('1-30 of 30');
    // Applied filters open the filter row on arrival, so the user sees why the list is narrowed.
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('ACTIVE');
    expect(screen.queryByRole('button', { name: 'Clear All' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Currency/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'EUR' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Clear All' }));

    await waitFor(() => expect(lastQuery(fetchPage).status).toBeUndefined());
    expect(lastQuery(fetchPage).currency).toBeUndefined();
    expect(currentUrl().searchParams.has('status')).toBe(false);
    expect(currentUrl().searchParams.get('search')).toBe('item');
    expect(screen.queryByRole('button', { name: 'Clear All' })).not.toBeInTheDocument();
  });
});

describe('data table: the 10,000 cap', () => {
  it("shows '+10k', the spec's message, and never pages past record 10,000", async () => {
    const fetchPage = serverOf(25_000);
    renderTable({ fetchPage }, '/list?page=400');
    expect(await screen.findByText('9.951-10.000 of +10k')).toBeInTheDocument();
    expect(lastQuery(fetchPage)).toMatchObject({ page: 200 });
    expect(
      screen.getByText(
        'The table only shows up to 10k records, but there are more. You can see the rest if you do a data export.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    // The grid holds this page's 50 rows and its header, whatever the list's total.
    expect(screen.getByRole('grid', { name: 'Items' })).toHaveAttribute('aria-rowcount', '51');
  });

  it('has no cap message under 10,001', async () => {
    renderTable({ fetchPage: serverOf(10_000) });
    await screen.findByText('1-50 of 10.000');
    expect(screen.queryByText(/only shows up to 10k records/)).not.toBeInTheDocument();
  });
});

describe('data table: empty and error states', () => {
  it('says there are no items when nothing narrows the list, or the table says it its own way', async () => {
    renderTable({ fetchPage: serverOf(0) });
    expect(await screen.findByText('There are no items on this list')).toBeInTheDocument();
    cleanup();
    renderTable({ fetchPage: serverOf(0), emptyText: 'There are no transactions to show.' });
    expect(await screen.findByText('There are no transactions to show.')).toBeInTheDocument();
  });

  it('says no results found, with hints, when a search or filter is applied', async () => {
    renderTable({ fetchPage: serverOf(0), filters: FILTERS }, '/list?search=zzz');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.getByText('Check the spelling')).toBeInTheDocument();
    expect(screen.getByText('Try a different search')).toBeInTheDocument();
    expect(screen.getByText('Remove any filters')).toBeInTheDocument();
  });

  it('shows the not-found style message whose link refreshes to the default filters', async () => {
    const fetchPage = vi.fn(async (query: ListQueryParams): Promise<ListResponse<Item>> => {
      if (query.search) throw new Error('boom');
      return { count: 2, total: 2, items: items(2) };
    });
    renderTable({ fetchPage, filters: FILTERS }, '/list?search=broken&status=ACTIVE&page=2');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Oops! Sorry, we can't find that page");

    await userEvent.click(within(alert).getByRole('link', { name: 'Refresh page' }));
    expect(await screen.findByText('1-2 of 2')).toBeInTheDocument();
    expect(currentUrl().search).toBe('');
    expect(lastQuery(fetchPage)).toEqual({ page: 1, limit: 50 });
  });
});

describe('data table: virtualised rows', () => {
  it('mounts only the visible rows and a small overscan of a 500-row page, and tells the size of the page', async () => {
    renderTable({ fetchPage: serverOf(600) }, '/list?limit=500');
    await screen.findByText('1-500 of 600');
    const mounted = bodyRows();
    // 400 px of 40 px rows is 10 visible; the budget is visible + 20.
    expect(mounted.length).toBeGreaterThanOrEqual(10);
    expect(mounted.length).toBeLessThanOrEqual(30);
    const grid = screen.getByRole('grid', { name: 'Items' });
    // The 500 rows the grid holds and its header; the rows not mounted still count.
    expect(grid).toHaveAttribute('aria-rowcount', '501');
    expect(mounted[0]).toHaveAttribute('aria-rowindex', '2');
  });

  it('counts the rows of the page it shows, not the whole list, header included', async () => {
    renderTable({ fetchPage: serverOf(120) }, '/list?page=3');
    await screen.findByText('101-120 of 120');
    const grid = screen.getByRole('grid', { name: 'Items' });
    expect(grid).toHaveAttribute('aria-rowcount', '21');
    const header = within(grid).getAllByRole('row')[0]!;
    expect(header).toHaveAttribute('aria-rowindex', '1');
    const rows = bodyRows();
    expect(rows[0]).toHaveTextContent('Item 101');
    expect(rows[0]).toHaveAttribute('aria-rowindex', '2');
    // k from no active row goes to the last row, which the virtualiser mounts to show it.
    await userEvent.keyboard('k');
    const last = screen.getByRole('row', { current: true });
    expect(last).toHaveTextContent('Item 120');
    expect(last).toHaveAttribute('aria-rowindex', '21');
  });
});

describe('data table: columns', () => {
  const THREE: DataColumn<Item>[] = [...COLUMNS, { id: 'code', header: 'Code', cell: (row) => row.id.toUpperCase() }];
  const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

  it('hides and shows columns from the Columns menu by keyboard, in the address, without reloading or losing the row', async () => {
    const fetchPage = serverOf(80);
    renderTable({ fetchPage, columns: THREE });
    await screen.findByText('1-50 of 80');
    await userEvent.keyboard('jjj');
    expect(screen.getByRole('row', { current: true })).toHaveTextContent('Item 3');
    const calls = fetchPage.mock.calls.length;

    screen.getByRole('button', { name: 'Columns' }).focus();
    await userEvent.keyboard('{Enter}');
    // Named by its button, as floating-ui's menu role links them.
    const menu = await screen.findByRole('menu', { name: 'Columns' });
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Name (always shown)' })).toBeDisabled();
    const status = within(menu).getByRole('menuitemcheckbox', { name: 'Status' });
    expect(status).toHaveAttribute('aria-checked', 'true');
    status.focus();
    await userEvent.keyboard('{Enter}');

    // The menu stays open for the next choice; the grid and the address follow at once.
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Status' })).toHaveAttribute('aria-checked', 'false');
    expect(headers()).toEqual([expect.stringMatching(/^Name/), 'Code']);
    expect(screen.getByRole('grid', { name: 'Items' })).toHaveAttribute('aria-colcount', '2');
    expect(currentUrl().searchParams.get('columns')).toBe('name,code');
    expect(screen.getByRole('button', { name: 'Columns (1 hidden)' })).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(fetchPage.mock.calls.length).toBe(calls);
    await userEvent.keyboard('j');
    expect(screen.getByRole('row', { current: true })).toHaveTextContent('Item 4');

    await userEvent.click(screen.getByRole('button', { name: 'Columns (1 hidden)' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Show all columns' }));
    expect(headers()).toEqual([expect.stringMatching(/^Name/), 'Status', 'Code']);
    expect(currentUrl().searchParams.has('columns')).toBe(false);
  });

  it("reads the columns from a shared address, and shows the list's own when none of its ids is a column", async () => {
    renderTable({ fetchPage: serverOf(5), columns: THREE }, '/list?columns=code');
    await screen.findByText('1-5 of 5');
    // The first column names the row: it is shown whatever the address says.
    expect(headers()).toEqual([expect.stringMatching(/^Name/), 'Code']);
    expect(screen.getByRole('gridcell', { name: 'ITEM-1' })).toBeInTheDocument();
    cleanup();

    renderTable({ fetchPage: serverOf(5), columns: THREE }, '/list?columns=renamed,gone');
    await screen.findByText('1-5 of 5');
    expect(headers()).toEqual([expect.stringMatching(/^Name/), 'Status', 'Code']);
  });
});

describe('data table: keyboard', () => {
  it('moves the active row with j/k and the arrows, and opens it with Enter', async () => {
    const onOpenRow = vi.fn();
    renderTable({ fetchPage: serverOf(500), onOpenRow }, '/list?limit=500');
    await screen.findByText('1-500 of 500');

    await userEvent.keyboard('j');
    expect(screen.getByRole('row', { current: true })).toHaveTextContent('Item 1');
    await userEvent.keyboard('jj');
    expect(screen.getByRole('row', { current: true })).toHaveTextContent('Item 3');
    await userEvent.keyboard('k');
    expect(screen.getByRole('row', { current: true })).toHaveTextContent('Item 2');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('row', { current: true })).toHaveTextContent('Item 4');

    const grid = screen.getByRole('grid', { name: 'Items' });
    expect(grid).toHaveFocus();
    expect(grid.getAttribute('aria-activedescendant')).toBe(screen.getByRole('row', { current: true }).id);

    await userEvent.keyboard('{Enter}');
    expect(onOpenRow).toHaveBeenCalledWith(expect.objectContaining({ id: 'item-4' }));
  });

  it('scrolls the active row into view far down a 500-row page', async () => {
    renderTable({ fetchPage: serverOf(500) }, '/list?limit=500');
    await screen.findByText('1-500 of 500');
    await userEvent.keyboard('j'.repeat(40));
    expect(screen.getByRole('row', { current: true })).toHaveTextContent('Item 40');
    expect(bodyRows().length).toBeLessThanOrEqual(30);
  });

  it("opens the active row's menu with '.' and toggles its selection with 'x'", async () => {
    const onSelect = vi.fn();
    renderTable({
      fetchPage: serverOf(5),
      selectable: true,
      rowMenu: (row) =>
        row.id === 'item-2' ? [] : [{ id: 'view', label: 'View detail', onSelect: () => onSelect(row.id) }],
    });
    await screen.findByText('1-5 of 5');
    // A row whose menu has no permitted entry shows no menu button.
    expect(screen.queryByRole('button', { name: 'Actions for Item 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for Item 1' })).toBeInTheDocument();

    await userEvent.keyboard('jjx');
    const active = screen.getByRole('row', { current: true });
    expect(active).toHaveTextContent('Item 2');
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('checkbox', { name: 'Select Item 2' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Item 1' })).not.toBeChecked();
    await userEvent.keyboard('x');
    expect(screen.getByRole('checkbox', { name: 'Select Item 2' })).not.toBeChecked();

    await userEvent.keyboard('k.');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'View detail' }));
    expect(onSelect).toHaveBeenCalledWith('item-1');
  });

  it('pages with the bracket keys', async () => {
    const fetchPage = serverOf(120);
    renderTable({ fetchPage });
    await screen.findByText('1-50 of 120');
    await userEvent.keyboard(']');
    expect(await screen.findByText('51-100 of 120')).toBeInTheDocument();
    await userEvent.keyboard('[[');
    expect(await screen.findByText('1-50 of 120')).toBeInTheDocument();
  });
});
