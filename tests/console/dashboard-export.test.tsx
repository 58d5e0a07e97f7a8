import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from './activity-fixtures';
import { ACCOUNT_ID, type ServerCall } from './app-harness';
import {
  ACCOUNT_DASHBOARD,
  emptyKpisFixture,
  figuresFixture,
  kpisFixture,
  MERCHANT_DASHBOARD,
  MERCHANT_ID,
  MONTH_START,
  renderDashboard,
  TODAY,
} from './dashboard-fixtures';

// Each KPI box's menu (issue 17; spec 3, sections 2.8 and 7): 'Export transactions' runs the one export flow on
// GET /account/{accountId}/transaction/export with the box's filters, disabled while the box counts 0; by mouse, by the
// box's digit and from the palette. And the dashboard's keys: g d, the ranges, the currencies, all in the `?` sheet.

afterEach(() => vi.restoreAllMocks());

const EXPORT_PATH = `/account/${ACCOUNT_ID}/transaction/export`;

function exportAnswer(call: ServerCall): Response | undefined {
  if (call.path !== EXPORT_PATH) return undefined;
  return new Response('Transaction ID\r\n1\r\n', {
    status: 200,
    headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="transactions.csv"' },
  });
}

const exportCalls = (calls: readonly ServerCall[]) => calls.filter((call) => call.path === EXPORT_PATH);

describe('a KPI box menu', () => {
  it("exports the box's transactions with its filters, the period, solutions, country and merchant", async () => {
    const downloads = captureDownloads();
    const { user, calls } = renderDashboard(`${MERCHANT_DASHBOARD}?solution=Cards+EU&issuerCountry=ES&currency=USD`, {
      answer: exportAnswer,
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Total' }));
    const menu = screen.getByRole('menu', { name: 'Actions for Total' });
    await user.click(within(menu).getByRole('menuitem', { name: 'Export transactions' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const call = exportCalls(calls)[0]!;
    expect(call.search.getAll('transactionType[]')).toEqual(['PAYMENT', 'RECURRENCE']);
    expect(call.search.getAll('status[]')).toEqual(['SUCCESS', 'FAILED', 'DECLINED', 'ABANDONED']);
    expect(call.search.has('isFallback')).toBe(false);
    expect(call.search.get('creationDateFrom')).toBe(`${MONTH_START}T00:00:00.000Z`);
    expect(call.search.get('creationDateTo')).toBe(`${TODAY}T23:59:59.999Z`);
    expect(call.search.getAll('solution[]')).toEqual(['Cards EU']);
    expect(call.search.getAll('issuerCountry[]')).toEqual(['ES']);
    expect(call.search.getAll('merchantId[]')).toEqual([MERCHANT_ID]);
    expect(call.search.get('timeZone')).toBeTruthy();
    // The viewing currency is no filter of the transactions.
    expect(call.search.has('currency')).toBe(false);
  });

  it('sends each box its own set: sales, rejected, top errors, fallback, refunds and chargebacks', async () => {
    captureDownloads();
    const { user, calls } = renderDashboard(ACCOUNT_DASHBOARD, { answer: exportAnswer });
    const exportOf = async (title: string) => {
      await user.click(await screen.findByRole('button', { name: `Actions for ${title}` }));
      await user.click(screen.getByRole('menuitem', { name: 'Export transactions' }));
      await waitFor(() => expect(screen.getByRole('button', { name: `Actions for ${title}` })).toBeEnabled());
      const sent = await waitFor(() => {
        const found = exportCalls(calls).at(-1);
        expect(found).toBeDefined();
        return found!;
      });
      calls.length = 0;
      return {
        types: sent.search.getAll('transactionType[]'),
        statuses: sent.search.getAll('status[]'),
        fallback: sent.search.get('isFallback'),
        merchant: sent.search.getAll('merchantId[]'),
        errorCodes: sent.search.getAll('errorCode[]'),
      };
    };
    expect(await exportOf('Sales')).toEqual({
      types: ['PAYMENT', 'RECURRENCE'],
      statuses: ['SUCCESS'],
      fallback: null,
      merchant: [],
      errorCodes: [],
    });
    expect(await exportOf('Rejected')).toEqual({
      types: ['PAYMENT', 'RECURRENCE'],
      statuses: ['FAILED', 'DECLINED', 'ABANDONED'],
      fallback: null,
      merchant: [],
      errorCodes: [],
    });
    // Top 5 rejected errors: the rejected payments of the codes the box lists, not every rejected payment.
    expect(await exportOf('Top 5 rejected errors')).toEqual({
      types: ['PAYMENT', 'RECURRENCE'],
      statuses: ['FAILED', 'DECLINED', 'ABANDONED'],
      fallback: null,
      merchant: [],
      errorCodes: ['0201', '0102'],
    });
    expect(await exportOf('Fallback sales')).toEqual({
      types: ['PAYMENT', 'RECURRENCE'],
      statuses: ['SUCCESS'],
      fallback: 'true',
      merchant: [],
      errorCodes: [],
    });
    expect(await exportOf('Refunds')).toEqual({
      types: ['REFUND', 'PARTIAL_REFUND'],
      statuses: ['SUCCESS'],
      fallback: null,
      merchant: [],
      errorCodes: [],
    });
    expect(await exportOf('Chargebacks')).toEqual({
      types: ['CHARGEBACK'],
      statuses: ['SUCCESS'],
      fallback: null,
      merchant: [],
      errorCodes: [],
    });
  });

  it('is disabled while the box counts 0, and exports nothing', async () => {
    const { user, calls } = renderDashboard(ACCOUNT_DASHBOARD, {
      kpis: () => {
        const figures = figuresFixture(1);
        return kpisFixture({ refunds: { success: { total: 0, amount: 0 } }, chargebacks: figures.chargebacks });
      },
      answer: exportAnswer,
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Refunds' }));
    const item = within(screen.getByRole('menu', { name: 'Actions for Refunds' })).getByRole('menuitem', {
      name: 'Export transactions',
    });
    expect(item).toBeDisabled();
    await user.click(item);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for Chargebacks' }));
    expect(screen.getByRole('menuitem', { name: 'Export transactions' })).toBeEnabled();
    expect(exportCalls(calls)).toHaveLength(0);
  });

  it('is disabled on every box of an empty period, the errors box included', async () => {
    const { user } = renderDashboard(ACCOUNT_DASHBOARD, { kpis: () => emptyKpisFixture() });
    for (const title of ['Total', 'Top 5 rejected errors', 'Fallback sales']) {
      await user.click(await screen.findByRole('button', { name: `Actions for ${title}` }));
      expect(screen.getByRole('menuitem', { name: 'Export transactions' })).toBeDisabled();
      await user.keyboard('{Escape}');
    }
  });

  it('is not there for a user who may not export transactions', async () => {
    renderDashboard(ACCOUNT_DASHBOARD, {}, ['merchant.read', 'overview.read']);
    await screen.findByRole('region', { name: 'Total' });
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });
});

describe('the dashboard by keyboard', () => {
  it("opens a box's menu by its digit, and Enter exports", async () => {
    const downloads = captureDownloads();
    const { user, calls } = renderDashboard(ACCOUNT_DASHBOARD, { answer: exportAnswer });
    await screen.findByRole('region', { name: 'Rejected' });
    await user.keyboard('3');
    const menu = await screen.findByRole('menu', { name: 'Actions for Rejected' });
    // The menu moves focus to its item once it has opened: wait for it, as the user would (a loaded CI machine).
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Export transactions' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(exportCalls(calls)[0]!.search.getAll('status[]')).toEqual(['FAILED', 'DECLINED', 'ABANDONED']);
  });

  it('exports a box from the palette', async () => {
    const downloads = captureDownloads();
    const { user, calls } = renderDashboard(ACCOUNT_DASHBOARD, { answer: exportAnswer });
    await screen.findByRole('region', { name: 'Fallback sales' });
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('Export transactions: Fallback');
    const palette = screen.getByRole('dialog', { name: 'Command palette' });
    expect(within(palette).getByRole('option', { name: /Export transactions: Fallback sales/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(exportCalls(calls)[0]!.search.get('isFallback')).toBe('true');
  });

  it('changes the range with r and the currency with v, and lists every key in the shortcuts sheet', async () => {
    const { user, location } = renderDashboard(ACCOUNT_DASHBOARD);
    await screen.findByRole('region', { name: 'Total' });
    const query = () => new URLSearchParams(location.history.at(-1)?.split('?')[1] ?? '');
    await user.keyboard('r7');
    await waitFor(() => expect(query().get('range')).toBe('last-7-days'));
    expect(screen.getByRole('combobox', { name: 'Date range' })).toHaveValue('last-7-days');
    await user.keyboard('vu');
    await waitFor(() => expect(query().get('currency')).toBe('USD'));
    await user.keyboard('rd');
    await waitFor(() => expect(query().get('range')).toBe(TODAY));
    await waitFor(() => expect(screen.getByLabelText('Date')).toHaveFocus());
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('rm');
    await waitFor(() => expect(query().has('range')).toBe(false));

    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const title of [
      'Go to Dashboard',
      'Dashboard: This month',
      'Dashboard: Last 7 days',
      'Dashboard: Last month',
      'Dashboard: Last 30 days',
      'Dashboard: Single date',
      'View amounts in EUR',
      'View amounts in USD',
      'View amounts in GBP',
      "Open the Total box's menu",
      "Open the Chargebacks box's menu",
    ]) {
      expect(within(sheet).getByText(title)).toBeInTheDocument();
    }
  });

  it("is reached with g d and from the side bar; a merchant's side bar links its own dashboard", async () => {
    const merchants = `/accounts/${ACCOUNT_ID}/merchants`;
    const first = renderDashboard(merchants);
    const link = await screen.findByRole('link', { name: /^Dashboard/ });
    expect(link).toHaveAttribute('href', ACCOUNT_DASHBOARD);
    await first.user.keyboard('gd');
    await waitFor(() => expect(first.currentPath()).toBe(ACCOUNT_DASHBOARD));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    first.unmount();

    const second = renderDashboard(`/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/detail`);
    const merchantLink = await screen.findByRole('link', { name: /^Dashboard/ });
    expect(merchantLink).toHaveAttribute('href', MERCHANT_DASHBOARD);
    await second.user.click(merchantLink);
    await waitFor(() => expect(second.currentPath()).toBe(MERCHANT_DASHBOARD));
  });

  it('is not found without the dashboard permission', async () => {
    renderDashboard(ACCOUNT_DASHBOARD, {}, ['merchant.read']);
    expect(
      await screen.findByRole('heading', { level: 1, name: "Oops! Sorry, we can't find that page" }),
    ).toBeInTheDocument();
  });
});
