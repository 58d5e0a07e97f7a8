import { formatDateTime } from '@domain/format';
import { PERMISSIONS as P } from '@domain/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, mockTableLayout } from './activity-fixtures';
import { ACCOUNT_ID, json, renderApp } from './app-harness';
import {
  ACCOUNT_PATH,
  ALERT_EXPORTER,
  ALERT_READER,
  ALERTS_TAB_PATH,
  API_ACCOUNT_LIST,
  API_MERCHANT_LIST,
  ETHOCA_TRANSACTION_ID,
  MERCHANT_ID,
  MERCHANT_PATH,
  MID_ID,
  OTHER_MERCHANT_ID,
  RDR_ALERT,
  RDR_TRANSACTION_ID,
  riskAlertsApi,
} from './risk-alerts-fixtures';

// The risk alerts list (spec 3, section 2.9) at account and merchant level against the fake API: columns and the
// Type tooltip, search, filters and the calls they make, the row's 'Transaction detail' in a new tab, export, states,
// keys and permissions.

const NOT_FOUND = "Oops! Sorry, we can't find that page";

function renderList({
  path = ACCOUNT_PATH,
  permissions = ALERT_EXPORTER,
  ...api
}: { path?: string; permissions?: string[] } & Parameters<typeof riskAlertsApi>[0] = {}) {
  const fake = riskAlertsApi(api);
  const app = renderApp({ path, session: { permissions }, server: fake.server });
  return { ...app, ...fake };
}

const lastList = (calls: { search: URLSearchParams }[]) => calls.at(-1)!.search;

async function grid() {
  await screen.findByText('CAID-1001');
  return screen.getByRole('grid', { name: 'Risk alerts' });
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`No row holds ${text}`);
  return row;
}

const transactionTab = (merchantId: string, transactionId: string) =>
  `/accounts/${ACCOUNT_ID}/merchants/${merchantId}/transactions/detail/${transactionId}`;

const sideBarLink = () =>
  within(screen.getByRole('navigation', { name: /sections/i })).getByRole('link', { name: /Risk management/ });

beforeEach(() => {
  sessionStorage.clear();
  mockTableLayout();
  HTMLElement.prototype.scrollTo = () => undefined;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('risk alerts list', () => {
  it("shows the account's alerts in the spec's columns, newest first, 50 a page, on the Alerts tab", async () => {
    const { listCalls } = renderList();
    const table = await grid();
    expect(screen.getByRole('heading', { name: 'Risk management', level: 1 })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Alerts']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Alerts' })).toContainElement(table);

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual([
      'Type',
      'Status',
      'Transaction ID',
      'Descriptor',
      'CAID',
      'MID ID',
      'Amount',
      'Card brand',
      'Creation Date',
      'Last Changes',
      'Actions',
    ]);
    expect(listCalls[0]!.path).toBe(API_ACCOUNT_LIST);
    const first = lastList(listCalls);
    expect(first.get('order')).toBe('-creationDate');
    expect(first.get('limit')).toBe('50');
    expect(first.get('page')).toBe('1');
    expect(within(table).getByRole('columnheader', { name: /Creation Date/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(within(table).getByRole('columnheader', { name: /Last Changes/ })).toHaveAttribute('aria-sort', 'none');

    const rdr = rowOf('CAID-1001');
    expect(rdr).toHaveTextContent('RDR');
    expect(within(rdr).getByText('Success')).toHaveClass('badge--success');
    expect(rdr).toHaveTextContent(RDR_TRANSACTION_ID);
    expect(rdr).toHaveTextContent('SHOPONE*JACKET');
    expect(rdr).toHaveTextContent(MID_ID);
    expect(rdr).toHaveTextContent('1.234,50 EUR');
    expect(rdr).toHaveTextContent('Visa');
    expect(rdr).toHaveTextContent(formatDateTime(RDR_ALERT.creationDate));
    expect(rdr).toHaveTextContent(formatDateTime(RDR_ALERT.lastUpdateDate));

    const ethoca = rowOf('CAID-2002');
    expect(ethoca).toHaveTextContent('Ethoca');
    expect(within(ethoca).getByText('Pending')).toHaveClass('badge--warning');
    expect(ethoca).toHaveTextContent('9,90 GBP');
    expect(ethoca).toHaveTextContent('Mastercard');
    expect(ethoca).toHaveTextContent(ETHOCA_TRANSACTION_ID);
    expect(sideBarLink()).toHaveAttribute('aria-current', 'page');
  });

  it('shows the same list at .../risk-management/alerts', async () => {
    const { listCalls } = renderList({ path: ALERTS_TAB_PATH });
    await grid();
    expect(listCalls[0]!.path).toBe(API_ACCOUNT_LIST);
    expect(screen.getByRole('tab', { name: 'Alerts' })).toHaveAttribute('href', ALERTS_TAB_PATH);
    expect(sideBarLink()).toHaveAttribute('aria-current', 'page');
  });

  it('offers 50, 100 and 500 a page', async () => {
    const { user, listCalls } = renderList();
    await grid();
    const show = screen.getByRole('combobox', { name: 'Show' });
    expect(
      within(show)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['50', '100', '500']);
    await user.selectOptions(show, '500');
    await waitFor(() => expect(lastList(listCalls).get('limit')).toBe('500'));
  });

  it('explains the alert programmes in the Type tooltip', async () => {
    const { user } = renderList();
    const table = await grid();
    await user.hover(within(table).getByRole('button', { name: 'About Type' }));
    const tooltip = await screen.findByRole('tooltip');
    for (const programme of ['RDR', 'Ethoca', 'Verifi (CDRN)', 'Order Insight', 'Compelling Evidence']) {
      expect(tooltip).toHaveTextContent(programme);
    }
    expect(tooltip).toHaveTextContent(/Rapid Dispute Resolution/);
    expect(within(table).getByRole('button', { name: 'About Type' })).toHaveAccessibleDescription(
      /Rapid Dispute Resolution/,
    );
  });

  it('sorts by Last Changes when its header is pressed', async () => {
    const { user, listCalls } = renderList();
    const table = await grid();
    await user.click(within(table).getByRole('button', { name: /Last Changes/ }));
    await waitFor(() => expect(lastList(listCalls).get('order')).toBe('lastUpdateDate'));
  });

  it('searches by Transaction ID, CAID or MID ID, and by text when chosen', async () => {
    const { user, listCalls } = renderList();
    await grid();
    const box = screen.getByRole('combobox', { name: 'Search Risk alerts' });
    expect(box).toHaveAttribute('placeholder', 'Search by Transaction ID, CAID or MID ID');
    await user.type(box, 'CAID-10{Enter}');
    await waitFor(() => expect(lastList(listCalls).get('search')).toBe('CAID-10'));
    expect(lastList(listCalls).get('searchType')).toBe('ID');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Search by' }), 'Text');
    await waitFor(() => expect(lastList(listCalls).get('searchType')).toBe('TEXT'));
    expect(box).toHaveAttribute('placeholder', 'Search by descriptor, Transaction ID, CAID or MID ID');
  });

  it('filters by Type, Status and Card brand, each sent as a bracketed array', async () => {
    const { user, listCalls, location } = renderList();
    await grid();
    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    const filters = screen.getByRole('group', { name: 'Filters' });
    expect([...filters.querySelectorAll('.data-table__filter-label')].map((label) => label.textContent)).toEqual([
      'Type',
      'Status',
      'Card brand',
      'Creation Date',
      'Last Changes',
    ]);

    const pick = async (filter: RegExp, option: string) => {
      await user.click(within(filters).getByRole('button', { name: filter }));
      await user.click(await screen.findByRole('checkbox', { name: option }));
      await user.keyboard('{Escape}');
    };
    await pick(/^Type All/, 'Ethoca');
    await waitFor(() => expect(lastList(listCalls).getAll('type[]')).toEqual(['ETHOCA']));
    await pick(/^Status All/, 'Pending');
    await pick(/^Card brand All/, 'Mastercard');
    await waitFor(() => expect(lastList(listCalls).getAll('paymentMethod[]')).toEqual(['MC']));
    const call = lastList(listCalls);
    expect(call.getAll('type[]')).toEqual(['ETHOCA']);
    expect(call.getAll('status[]')).toEqual(['PENDING']);
    expect(call.get('page')).toBe('1');
    const address = new URLSearchParams((location.history.at(-1) ?? '').split('?')[1] ?? '');
    expect(address.getAll('type')).toEqual(['ETHOCA']);
  });

  it('sends Creation Date and Last Changes as the start and end of their days', async () => {
    const { user, listCalls } = renderList();
    await grid();
    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    await user.click(screen.getByRole('button', { name: /^Last Changes All dates/ }));
    await user.click(screen.getByRole('radio', { name: 'This month' }));
    await waitFor(() => expect(lastList(listCalls).get('lastUpdateDateFrom')).toBeTruthy());
    const from = new Date(lastList(listCalls).get('lastUpdateDateFrom')!);
    const to = new Date(lastList(listCalls).get('lastUpdateDateTo')!);
    expect(from.getDate()).toBe(1);
    expect([from.getHours(), from.getMinutes()]).toEqual([0, 0]);
    expect(to.toDateString()).toBe(new Date().toDateString());
    expect(lastList(listCalls).has('lastUpdateDate')).toBe(false);
    expect(lastList(listCalls).has('creationDateFrom')).toBe(false);

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /^Creation Date All dates/ }));
    await user.click(screen.getByRole('radio', { name: 'Last month' }));
    await waitFor(() => expect(lastList(listCalls).get('creationDateFrom')).toBeTruthy());
    expect(new Date(lastList(listCalls).get('creationDateTo')!).getHours()).toBe(23);
  });
});

describe("an alert's transaction", () => {
  it("opens the merchant-level transaction detail in a new tab from the row menu's 'Transaction detail'", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, currentPath } = renderList();
    await grid();
    await user.click(screen.getByRole('button', { name: 'Actions for Ethoca alert CAID-2002' }));
    const menu = await screen.findByRole('menu', { name: 'Actions for Ethoca alert CAID-2002' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^Transaction detail/)]);
    await user.click(within(menu).getByRole('menuitem', { name: /Transaction detail/ }));
    expect(open).toHaveBeenCalledWith(transactionTab(OTHER_MERCHANT_ID, ETHOCA_TRANSACTION_ID), '_blank', 'noopener');
    expect(currentPath()).toBe(ACCOUNT_PATH);
  });

  it('opens it with Enter on the active row, with o, and by a click on the row', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderList();
    const table = await grid();
    table.focus();
    await user.keyboard('{Enter}');
    expect(open).toHaveBeenLastCalledWith(transactionTab(MERCHANT_ID, RDR_TRANSACTION_ID), '_blank', 'noopener');
    await user.keyboard('jo');
    expect(open).toHaveBeenLastCalledWith(
      transactionTab(OTHER_MERCHANT_ID, ETHOCA_TRANSACTION_ID),
      '_blank',
      'noopener',
    );
    await user.click(rowOf('CAID-1001'));
    expect(open).toHaveBeenCalledTimes(3);
  });

  it('opens the row menu with the period key', async () => {
    const { user } = renderList();
    const table = await grid();
    table.focus();
    await user.keyboard('.');
    const menu = await screen.findByRole('menu', { name: 'Actions for RDR alert CAID-1001' });
    expect(within(menu).getByRole('menuitem', { name: /Transaction detail/ })).toBeInTheDocument();
  });

  it('offers no row menu and opens nothing without the transaction detail permission', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderList({ permissions: [P.transactionAlertRead, P.transactionRead] });
    const table = await grid();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
    table.focus();
    await user.keyboard('{Enter}o');
    await user.click(rowOf('CAID-1001'));
    expect(open).not.toHaveBeenCalled();
  });
});

describe('risk alerts export', () => {
  it('exports the filtered, sorted list as a ZIP through the one export flow', async () => {
    const downloads = captureDownloads();
    const { user, exportCalls } = renderList({
      path: `${ACCOUNT_PATH}?type=RDR&paymentMethod=VISA&search=CAID-1&page=2`,
    });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const call = exportCalls[0]!;
    expect(call.path).toBe(`${API_ACCOUNT_LIST}/export`);
    expect(call.search.getAll('type[]')).toEqual(['RDR']);
    expect(call.search.getAll('paymentMethod[]')).toEqual(['VISA']);
    expect(call.search.get('search')).toBe('CAID-1');
    expect(call.search.get('searchType')).toBe('ID');
    expect(call.search.get('order')).toBe('-creationDate');
    expect(call.search.get('forceEmailExport')).toBe('false');
    expect(call.search.get('timeZone')).toBeTruthy();
    expect(call.search.has('page')).toBe(false);
    expect(downloads[0]!.fileName).toBe('risk-alerts.zip');
  });

  it('keeps Export disabled while the list loads', async () => {
    const { release } = renderList({ held: true });
    const exportButton = await screen.findByRole('button', { name: 'Export' });
    expect(exportButton).toBeDisabled();
    release();
    await grid();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled());
  });

  it('keeps Export disabled when there are no alerts, and offers no export command', async () => {
    const { user } = renderList({ items: [] });
    expect(await screen.findByText('There are no items on this list')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('export table');
    expect(within(palette).queryByRole('option', { name: /Export table/ })).not.toBeInTheDocument();
  });

  it('asks before e-mailing a list that is too big (406)', async () => {
    const { user } = renderList({
      exportAnswer: () => json(406, { statusCode: 406, error: 'export-too-big', message: 'Too big' }),
    });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('dialog', { name: 'The export file is too big!' })).toBeInTheDocument();
  });

  it('offers no export without transaction.alert.export', async () => {
    renderList({ permissions: ALERT_READER });
    await grid();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });
});

describe('risk alerts states', () => {
  it('says No results found when the filters leave nothing', async () => {
    renderList({ items: [], path: `${ACCOUNT_PATH}?status=CANNOT_REFUND` });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('shows +10k and the cap message past 10,000 records', async () => {
    renderList({ total: 10_001 });
    expect(await screen.findByText('1-2 of +10k')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The table only shows up to 10k records, but there are more. You can see the rest if you do a data export.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the refresh-to-default message when the list cannot be loaded', async () => {
    const fake = riskAlertsApi();
    renderApp({
      path: `${ACCOUNT_PATH}?status=PENDING`,
      session: { permissions: ALERT_READER },
      server: (call) =>
        call.path === API_ACCOUNT_LIST
          ? json(400, { statusCode: 400, error: 'bad-request', message: 'Bad' })
          : fake.server(call),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_FOUND);
    expect(screen.getByRole('link', { name: 'Refresh page' })).toBeInTheDocument();
  });
});

describe('merchant-level risk alerts', () => {
  it("lists one merchant's alerts through the merchant's call, for the list and its export", async () => {
    const downloads = captureDownloads();
    const { user, listCalls, exportCalls } = renderList({ path: MERCHANT_PATH, items: [RDR_ALERT] });
    await grid();
    expect(listCalls.every((call) => call.path === API_MERCHANT_LIST)).toBe(true);
    expect(screen.getByRole('heading', { name: 'Risk management', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Alerts' })).toHaveAttribute('aria-selected', 'true');
    expect(sideBarLink()).toHaveAttribute('aria-current', 'page');
    expect(sideBarLink()).toHaveAttribute('href', MERCHANT_PATH);

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(exportCalls[0]!.path).toBe(`${API_MERCHANT_LIST}/export`);
  });
});

describe('risk management by keyboard and palette', () => {
  it('g then k opens the risk management of the account', async () => {
    const { user, currentPath } = renderList({
      path: `/accounts/${ACCOUNT_ID}/transactions`,
      permissions: [...ALERT_EXPORTER],
    });
    await screen.findByRole('heading', { name: 'Transactions', level: 1 });
    await user.keyboard('gk');
    await waitFor(() => expect(currentPath()).toBe(ACCOUNT_PATH));
    expect(await screen.findByText('CAID-1001')).toBeInTheDocument();
  });

  it("lists the screen and 'Show pending risk alerts' in the palette", async () => {
    const { user, listCalls } = renderList();
    await grid();
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('risk management');
    expect(await within(palette).findByRole('option', { name: /Risk management/ })).toBeInTheDocument();
    await user.keyboard('{Control>}a{/Control}pending risk');
    await user.click(await within(palette).findByRole('option', { name: /Show pending risk alerts/ }));
    await waitFor(() => expect(lastList(listCalls).getAll('status[]')).toEqual(['PENDING']));
  });

  it('lists the keys in the shortcuts sheet', async () => {
    const { user } = renderList();
    await grid();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: /Keyboard shortcuts/ });
    expect(sheet).toHaveTextContent('Go to Risk management');
    expect(sheet).toHaveTextContent("Open the alert's transaction in a new tab");
  });
});

describe('risk management permissions', () => {
  it('is not registered without transaction.alert.read: the not-found page shows, and no side-bar entry', async () => {
    renderList({ permissions: [P.transactionRead, P.transactionSelect] });
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: /sections/i })).queryByRole('link', { name: /Risk management/ }),
    ).not.toBeInTheDocument();
  });

  it('is not registered at merchant level either', async () => {
    renderList({ path: MERCHANT_PATH, permissions: [P.transactionRead] });
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
  });
});
