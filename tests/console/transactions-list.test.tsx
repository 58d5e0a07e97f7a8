import { formatDateTime } from '@domain/format';
import { PERMISSIONS as P } from '@domain/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, mockTableLayout } from './activity-fixtures';
import { ACCOUNT_ID, json, renderApp } from './app-harness';
import {
  DECLINED,
  detailPath,
  LIST_PATH,
  MERCHANT_ID,
  MERCHANT_LIST_PATH,
  MID_ID,
  OTHER_MERCHANT_ID,
  PAYMENT,
  PAYMENT_ID,
  READER,
  REFUNDER,
  ROUTE_ID,
  transactionsApi,
} from './transactions-fixtures';

// The transactions list (spec 3, section 2.1) against the fake API: columns, search, filters and the calls they make,
// the risk-score messages, the empty and capped states, export and the keyboard.

function renderList({
  path = LIST_PATH,
  permissions = REFUNDER,
  ...api
}: { path?: string; permissions?: string[] } & Parameters<typeof transactionsApi>[0] = {}) {
  const fake = transactionsApi(api);
  const app = renderApp({ path, session: { permissions }, server: fake.server });
  return { ...app, ...fake };
}

const lastList = (calls: { search: URLSearchParams }[]) => calls.at(-1)!.search;
const addressOf = (location: { history: string[] }) =>
  new URLSearchParams((location.history.at(-1) ?? '').split('?')[1] ?? '');

async function grid() {
  await screen.findByText(PAYMENT_ID);
  return screen.getByRole('grid', { name: 'Transactions' });
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`No row holds ${text}`);
  return row;
}

beforeEach(() => {
  sessionStorage.clear();
  mockTableLayout();
  HTMLElement.prototype.scrollTo = () => undefined;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('transactions list', () => {
  it('shows every column of the spec, newest first, 50 a page', async () => {
    const { listCalls } = renderList();
    const table = await grid();
    expect(screen.getByRole('heading', { name: 'Transactions', level: 1 })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual([
      'Transaction ID',
      'Creation date',
      'Status',
      'Type',
      'Category',
      'Amount',
      'Order',
      'Provider',
      'Payment method',
      'Card country',
      'Fraud score',
      'Merchant',
      'Route',
      'MID',
    ]);
    const first = lastList(listCalls);
    expect(first.get('order')).toBe('-creationDate');
    expect(first.get('limit')).toBe('50');
    expect(first.get('page')).toBe('1');
    expect(within(table).getByRole('columnheader', { name: /Creation date/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    const payment = rowOf(PAYMENT_ID);
    expect(within(payment).getByText('Success')).toHaveClass('badge--success');
    expect(payment).toHaveTextContent('Payment');
    expect(payment).toHaveTextContent('One-off');
    expect(payment).toHaveTextContent('1.234,50 EUR');
    expect(payment).toHaveTextContent('shop.example.com');
    expect(payment).toHaveTextContent('ORD-1001');
    expect(payment).toHaveTextContent('Adyen');
    expect(payment).toHaveTextContent('Adyen Cards');
    expect(payment).toHaveTextContent('Card');
    expect(payment).toHaveTextContent('ES');
    expect(within(payment).getByText('72')).toBeInTheDocument();
    expect(within(payment).getByText('High')).toHaveClass('badge--error');
    expect(payment).toHaveTextContent(formatDateTime(PAYMENT.creationDate));
    expect(payment).toHaveTextContent('Shop One');
    expect(payment).toHaveTextContent('Main EUR route');
    expect(payment).toHaveTextContent('Adyen ES main');

    const declined = rowOf(DECLINED.transactionId);
    expect(within(declined).getByText('Declined')).toHaveClass('badge--error');
    expect(within(declined).getByText('Fallback')).toBeInTheDocument();
    expect(declined).toHaveTextContent('9,90 GBP');
    expect(declined).toHaveTextContent('PayPal');
    expect(side()).toHaveAttribute('aria-current', 'page');
  });

  it('sorts by amount when its header is pressed', async () => {
    const { user, listCalls } = renderList();
    const table = await grid();
    await user.click(within(table).getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(lastList(listCalls).get('order')).toBe('amount'));
  });

  it('searches by ID by default and by text when chosen', async () => {
    const { user, listCalls, location } = renderList();
    await grid();
    const box = screen.getByRole('combobox', { name: 'Search Transactions' });
    expect(box).toHaveAttribute('placeholder', 'Search by transaction ID');
    await user.type(box, '9c0c0a4e{Enter}');
    await waitFor(() => expect(lastList(listCalls).get('search')).toBe('9c0c0a4e'));
    expect(lastList(listCalls).get('searchType')).toBe('ID');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Search by' }), 'Text');
    await waitFor(() => expect(lastList(listCalls).get('searchType')).toBe('TEXT'));
    expect(lastList(listCalls).get('search')).toBe('9c0c0a4e');
    expect(addressOf(location).get('searchType')).toBe('TEXT');
    expect(box).toHaveAttribute('placeholder', 'Search by order reference or e-mail');
  });

  it('sends no search type without a search', async () => {
    const { listCalls } = renderList({ path: `${LIST_PATH}?searchType=TEXT` });
    await grid();
    expect(lastList(listCalls).has('searchType')).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Search by' })).toHaveValue('TEXT');
  });

  it('filters by the multi-selects, each sent as a bracketed array and kept in the address', async () => {
    const { user, listCalls, location } = renderList();
    await grid();
    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    const filters = screen.getByRole('group', { name: 'Filters' });
    const labels = [...filters.querySelectorAll('.data-table__filter-label')].map((label) => label.textContent);
    expect(labels).toEqual([
      'Issuer country',
      'Status',
      'Transaction type',
      'Category',
      'Currency',
      'URL',
      'Payment gateway',
      'Payment method',
      'Creation date',
      'Merchant',
      'Risk score',
    ]);

    const pick = async (filter: RegExp, option: string) => {
      await user.click(within(filters).getByRole('button', { name: filter }));
      await user.click(await screen.findByRole('checkbox', { name: option }));
      await user.keyboard('{Escape}');
    };
    await pick(/^Status All/, 'Declined');
    await waitFor(() => expect(lastList(listCalls).getAll('status[]')).toEqual(['DECLINED']));
    await pick(/^Transaction type All/, 'Retrieval');
    await waitFor(() => expect(lastList(listCalls).getAll('transactionType[]')).toEqual(['INFORMATION_REQUESTED']));
    await pick(/^Category All/, 'Renewal');
    await pick(/^Currency All/, 'USD · US Dollar');
    await pick(/^URL All/, 'checkout.example.com');
    await pick(/^Payment gateway All/, 'Stripe');
    await pick(/^Payment method All/, 'Apple Pay');
    await pick(/^Issuer country All/, 'France');
    await pick(/^Merchant All/, 'Shop Two');

    await waitFor(() => expect(lastList(listCalls).getAll('merchantId[]')).toEqual([OTHER_MERCHANT_ID]));
    const call = lastList(listCalls);
    expect(call.getAll('category[]')).toEqual(['RENEWAL']);
    expect(call.getAll('currency[]')).toEqual(['USD']);
    expect(call.getAll('url[]')).toEqual(['checkout.example.com']);
    expect(call.getAll('paymentGateway[]')).toEqual(['Stripe']);
    expect(call.getAll('paymentMethod[]')).toEqual(['APPLE_PAY']);
    expect(call.getAll('issuerCountry[]')).toEqual(['FR']);
    expect(call.get('page')).toBe('1');
    expect(addressOf(location).getAll('status')).toEqual(['DECLINED']);
    expect(within(filters).getByRole('button', { name: 'Clear All' })).toBeInTheDocument();
  });

  it('lists the default countries first in the issuer-country filter', async () => {
    const { user } = renderList();
    await grid();
    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    await user.click(screen.getByRole('button', { name: /^Issuer country All/ }));
    const options = screen.getAllByRole('checkbox').map((box) => box.parentElement?.textContent);
    expect(options.slice(0, 5)).toEqual(['Spain', 'France', 'Italy', 'European Union', 'United Kingdom']);
    expect(options.length).toBeGreaterThan(200);
  });

  it('sends a creation-date preset as the start and end of its days', async () => {
    const { user, listCalls } = renderList();
    await grid();
    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    await user.click(screen.getByRole('button', { name: /^Creation date All dates/ }));
    await user.click(screen.getByRole('radio', { name: 'This month' }));
    await waitFor(() => expect(lastList(listCalls).get('creationDateFrom')).toBeTruthy());
    const from = new Date(lastList(listCalls).get('creationDateFrom')!);
    const to = new Date(lastList(listCalls).get('creationDateTo')!);
    expect(from.getDate()).toBe(1);
    expect([from.getHours(), from.getMinutes()]).toEqual([0, 0]);
    expect(to.toDateString()).toBe(new Date().toDateString());
    expect(lastList(listCalls).has('creationDate')).toBe(false);
  });
});

describe('risk score filter', () => {
  async function openRiskScore() {
    const app = renderList();
    await grid();
    await app.user.click(screen.getByRole('button', { name: 'Show filters' }));
    await app.user.click(screen.getByRole('button', { name: /^Risk score All/ }));
    const panel = screen.getByRole('group', { name: 'Risk score' });
    return {
      ...app,
      panel,
      from: within(panel).getByRole('textbox', { name: 'From' }),
      to: within(panel).getByRole('textbox', { name: 'To' }),
    };
  }

  const SUMMARY = 'Use only ranges of whole numbers between 0 and 100, in ascending order.';

  it('asks for To once From is given, and sends nothing meanwhile', async () => {
    const { user, panel, from, to, listCalls } = await openRiskScore();
    const calls = listCalls.length;
    await user.type(from, '20');
    await user.click(to);
    await user.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(within(panel).getByText('This field is required')).toBeInTheDocument();
    expect(within(panel).getByRole('alert')).toHaveTextContent(SUMMARY);
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(listCalls).toHaveLength(calls);
  });

  it("says Can't be higher than 100 and To must be greater than From", async () => {
    const { user, panel, from, to } = await openRiskScore();
    await user.type(from, '150');
    await user.click(to);
    expect(within(panel).getByText("Can't be higher than 100")).toBeInTheDocument();
    expect(within(panel).getByRole('alert')).toHaveTextContent(SUMMARY);

    await user.clear(from);
    await user.type(from, '80');
    await user.type(to, '20');
    await user.tab();
    expect(within(panel).queryByText("Can't be higher than 100")).not.toBeInTheDocument();
    expect(within(panel).getByText('To must be greater than From')).toBeInTheDocument();
    expect(within(panel).getByRole('alert')).toHaveTextContent(SUMMARY);
  });

  it('keeps digits only, three at most', async () => {
    const { user, from } = await openRiskScore();
    await user.type(from, 'a1.2x34');
    expect(from).toHaveValue('123');
    expect(from).toHaveAttribute('maxlength', '3');
  });

  it('sends a valid range as riskScore[] From and To, and shows it on the filter', async () => {
    const { user, panel, from, to, listCalls, location } = await openRiskScore();
    await user.type(from, '10');
    await user.type(to, '90{Enter}');
    await waitFor(() => expect(lastList(listCalls).getAll('riskScore[]')).toEqual(['10', '90']));
    expect(panel).not.toBeInTheDocument();
    expect(addressOf(location).getAll('riskScore')).toEqual(['10', '90']);
    expect(screen.getByRole('button', { name: 'Risk score 10 – 90' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Risk score 10 – 90' }));
    await user.click(within(screen.getByRole('group', { name: 'Risk score' })).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(lastList(listCalls).has('riskScore[]')).toBe(false));
  });

  it('ignores a refused range in a shared address rather than failing the list', async () => {
    const { listCalls } = renderList({ path: `${LIST_PATH}?riskScore=90&riskScore=10` });
    await grid();
    expect(lastList(listCalls).has('riskScore[]')).toBe(false);
  });
});

describe('transactions list states', () => {
  it('says There are no transactions to show. when the account has none', async () => {
    renderList({ items: [] });
    expect(await screen.findByText('There are no transactions to show.')).toBeInTheDocument();
  });

  it('says No results found when the filters leave nothing', async () => {
    renderList({ items: [], path: `${LIST_PATH}?status=REVERSED` });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.queryByText('There are no transactions to show.')).not.toBeInTheDocument();
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
    const fake = transactionsApi();
    renderApp({
      path: `${LIST_PATH}?status=SUCCESS`,
      session: { permissions: READER },
      server: (call) =>
        call.path === `/account/${ACCOUNT_ID}/transaction`
          ? json(400, { statusCode: 400, error: 'bad-request', message: 'Bad' })
          : fake.server(call),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent("Oops! Sorry, we can't find that page");
    expect(screen.getByRole('link', { name: 'Refresh page' })).toBeInTheDocument();
  });

  it('opens the Video learning center from the toolbar', async () => {
    const { user } = renderList();
    await grid();
    await user.click(screen.getByRole('button', { name: 'Video learning center' }));
    expect(await screen.findByRole('dialog', { name: 'Video learning center' })).toBeInTheDocument();
  });
});

describe('transactions export', () => {
  it('exports the filtered, sorted list as a ZIP through the one export flow', async () => {
    const downloads = captureDownloads();
    const { user, exportCalls } = renderList({
      path: `${LIST_PATH}?status=SUCCESS&riskScore=10&riskScore=90&search=ORD-1&searchType=TEXT&page=2`,
    });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const call = exportCalls[0]!.search;
    expect(call.getAll('status[]')).toEqual(['SUCCESS']);
    expect(call.getAll('riskScore[]')).toEqual(['10', '90']);
    expect(call.get('search')).toBe('ORD-1');
    expect(call.get('searchType')).toBe('TEXT');
    expect(call.get('order')).toBe('-creationDate');
    expect(call.get('forceEmailExport')).toBe('false');
    expect(call.get('timeZone')).toBeTruthy();
    expect(call.has('page')).toBe(false);
    expect(call.has('limit')).toBe(false);
    expect(downloads[0]!.fileName).toBe('transactions.zip');
    expect(downloads[0]!.blob.type).toBe('application/zip');
  });

  it('offers no export without transaction.export', async () => {
    renderList({ permissions: READER });
    await grid();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });

  it('offers export and clearing filters in the palette', async () => {
    const { user, listCalls, location } = renderList({ path: `${LIST_PATH}?status=SUCCESS` });
    await grid();
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await user.keyboard('clear filters');
    expect(await within(palette).findByRole('option', { name: /Clear filters/ })).toBeInTheDocument();
    await user.keyboard('{Control>}a{/Control}export');
    expect(await within(palette).findByRole('option', { name: /Export table/ })).toBeInTheDocument();
    await user.keyboard('{Control>}a{/Control}clear filters');
    await user.click(await within(palette).findByRole('option', { name: /Clear filters/ }));
    await waitFor(() => expect(lastList(listCalls).has('status[]')).toBe(false));
    expect(addressOf(location).has('status')).toBe(false);
  });
});

describe('transactions by keyboard', () => {
  it('g then t opens the transactions of the account', async () => {
    const { user, currentPath } = renderList({ path: `/accounts/${ACCOUNT_ID}/merchants` });
    await screen.findByRole('heading', { name: 'Merchants', level: 1 });
    await user.keyboard('gt');
    await waitFor(() => expect(currentPath()).toBe(LIST_PATH));
    expect(await screen.findByText(PAYMENT_ID)).toBeInTheDocument();
  });

  it('moves with j and k, opens the active row with Enter, and Back returns to the same list', async () => {
    const { user, currentPath } = renderList({ path: `${LIST_PATH}?status=SUCCESS` });
    const table = await grid();
    // Focus makes the first row active; j and k move from there.
    table.focus();
    await user.keyboard('jk');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe(detailPath(PAYMENT_ID)));
    const back = await screen.findByRole('link', { name: 'Back to transactions' });
    expect(back).toHaveAttribute('href', `${LIST_PATH}?status=SUCCESS`);
  });

  it('opens nothing without transaction.select', async () => {
    const { user, currentPath } = renderList({ permissions: [P.transactionRead] });
    const table = await grid();
    table.focus();
    await user.keyboard('j{Enter}');
    await user.click(rowOf(PAYMENT_ID));
    expect(currentPath()).toBe(LIST_PATH);
  });
});

describe('merchant-level transactions', () => {
  it("lists one merchant's transactions, for the list and its export, without a Merchant column or filter", async () => {
    const downloads = captureDownloads();
    const { user, listCalls, exportCalls } = renderList({ path: MERCHANT_LIST_PATH });
    const table = await grid();
    expect(lastList(listCalls).getAll('merchantId[]')).toEqual([MERCHANT_ID]);
    expect(within(table).queryByRole('columnheader', { name: 'Merchant' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    expect(screen.queryByRole('button', { name: /^Merchant All/ })).not.toBeInTheDocument();
    expect(side()).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(exportCalls[0]!.search.getAll('merchantId[]')).toEqual([MERCHANT_ID]);
  });

  it("filters by the merchant's routes and MIDs when they can be listed", async () => {
    const fake = transactionsApi();
    const { user } = renderApp({
      path: MERCHANT_LIST_PATH,
      session: { permissions: [...REFUNDER, P.routeRead, P.midRead] },
      server: (call) => {
        if (call.path === `/merchant/${MERCHANT_ID}/route`) {
          return json(200, { count: 1, total: 1, items: [{ routeId: ROUTE_ID, routeDescription: 'Main EUR route' }] });
        }
        if (call.path === `/merchant/${MERCHANT_ID}/mid`) {
          return json(200, { count: 1, total: 1, items: [{ midId: MID_ID, description: 'Adyen ES main' }] });
        }
        return fake.server(call);
      },
    });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    await user.click(await screen.findByRole('button', { name: /^Route All/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Main EUR route' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /^MID All/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Adyen ES main' }));
    await waitFor(() => expect(lastList(fake.listCalls).getAll('midId[]')).toEqual([MID_ID]));
    expect(lastList(fake.listCalls).getAll('routeId[]')).toEqual([ROUTE_ID]);
  });
});

function side() {
  return within(screen.getByRole('navigation', { name: /sections/i })).getByRole('link', { name: /Transactions/ });
}
