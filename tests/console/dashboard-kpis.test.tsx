import { AMOUNT_UNAVAILABLE_MESSAGE, NO_REJECTED_ERRORS_MESSAGE } from '@domain/dashboard';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_DASHBOARD,
  emptyKpisFixture,
  figuresFixture,
  kpisFixture,
  renderDashboard,
} from './dashboard-fixtures';

// The KPI boxes (issue 17; spec 3, sections 2.8 and 9): the figures, the formulas of src/domain/dashboard.ts, the
// comparison label, the warning of an amount without exchange rate and the empty texts; and the daily sales as a table.

afterEach(() => vi.restoreAllMocks());

const region = (name: string) => screen.getByRole('region', { name });
const detail = (box: HTMLElement, term: string) =>
  within(box).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the KPI boxes', () => {
  it('shows the seven boxes with their figures, rates and the change against the comparison period', async () => {
    renderDashboard(ACCOUNT_DASHBOARD);
    const list = await screen.findByRole('list', { name: 'KPIs' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Total', 'Sales', 'Rejected', 'Top 5 rejected errors', 'Fallback sales', 'Refunds', 'Chargebacks']);

    const total = region('Total');
    expect(total).toHaveTextContent('120');
    expect(total).toHaveTextContent('1.200,00 EUR');
    // 120 against 60: doubled, against the comparison period's name.
    expect(within(total).getByText('+100,0%').parentElement).toHaveTextContent('+100,0% vs February');
    // Successful / (successful + declined) = 100 / 110.
    expect(detail(total, 'Authorization rate')).toBe('90,9%');

    const sales = region('Sales');
    expect(sales).toHaveTextContent('1.000,00 EUR');
    expect(detail(sales, 'One-off')).toBe('80');
    expect(detail(sales, 'Renewal')).toBe('20');
    expect(detail(sales, 'Initial')).toBe('0');

    const rejected = region('Rejected');
    expect(rejected).toHaveTextContent('20');
    expect(detail(rejected, 'Declined')).toBe('10');
    expect(detail(rejected, 'Failed')).toBe('5');
    expect(detail(rejected, 'Abandoned')).toBe('5');

    const errors = within(region('Top 5 rejected errors')).getAllByRole('listitem');
    expect(errors.map((item) => item.textContent)).toEqual(['0201 Issuer Rejects12', '0102 Authentication Failed5']);

    // 8 successful of 10 fallback attempts; uplift 8 over 80 one-off and initial sales.
    const fallback = region('Fallback sales');
    expect(fallback).toHaveTextContent('8');
    expect(detail(fallback, 'Checkout rate')).toBe('80,0%');
    expect(detail(fallback, 'Uplift')).toBe('10,0%');

    expect(detail(region('Refunds'), 'Refund rate')).toBe('4,0%');
    expect(detail(region('Chargebacks'), 'Chargeback rate')).toBe('2,0%');

    // The period and what it is compared with.
    expect(screen.getByText(/compared with February/)).toBeInTheDocument();
  });

  it('shows the warning instead of a total when an amount has no exchange rate', async () => {
    renderDashboard(ACCOUNT_DASHBOARD, {
      kpis: () => {
        const figures = figuresFixture(1);
        return kpisFixture({
          currency: 'USD',
          boxes: { ...figures.boxes, total: { total: 120, amount: null } },
          refunds: { success: { total: 4, amount: null } },
          missingRates: [{ day: '2026-03-02', currency: 'SEK' }],
        });
      },
    });
    const total = await screen.findByRole('region', { name: 'Total' });
    expect(within(total).getByText(AMOUNT_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(total).not.toHaveTextContent('USD');
    // The count stays: only the amount is unknown.
    expect(total).toHaveTextContent('120');
    expect(within(region('Refunds')).getByText(AMOUNT_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(region('Sales')).toHaveTextContent('1.000,00 USD');
    expect(within(region('Sales')).queryByText(AMOUNT_UNAVAILABLE_MESSAGE)).not.toBeInTheDocument();
  });

  it('says there are no rejected errors, and shows no rate or change where the base is 0', async () => {
    renderDashboard(ACCOUNT_DASHBOARD, { kpis: () => emptyKpisFixture() });
    const errors = await screen.findByRole('region', { name: 'Top 5 rejected errors' });
    expect(errors).toHaveTextContent(NO_REJECTED_ERRORS_MESSAGE);
    expect(within(errors).queryByRole('listitem')).not.toBeInTheDocument();
    const total = region('Total');
    expect(total).toHaveTextContent('0,00 EUR');
    expect(detail(total, 'Authorization rate')).toBe('—');
    expect(total).toHaveTextContent('0 vs February');
  });

  it('shows the daily sales of the month as a table, and last month on request', async () => {
    const { user, calls } = renderDashboard(ACCOUNT_DASHBOARD);
    const card = await screen.findByRole('region', { name: 'Daily sales' });
    await user.click(await within(card).findByText('Daily sales as a table'));
    const table = await within(card).findByRole('table', { name: 'Daily sales, this month' });
    const rows = within(table).getAllByRole('row');
    const today = new Date().getUTCDate();
    // A header row and one row per day of the month so far.
    expect(rows).toHaveLength(today + 1);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '10,00 EUR']);

    await user.selectOptions(
      within(card).getByRole('combobox', { name: 'Month of the daily sales chart' }),
      'last-month',
    );
    await waitFor(() => {
      const chartCalls = calls.filter((call) => call.path.endsWith('/transactions-chart'));
      expect(chartCalls.at(-1)!.search.get('creationDateFrom')).not.toBe(chartCalls[0]!.search.get('creationDateFrom'));
    });
    expect(await within(card).findByRole('table', { name: 'Daily sales, last month' })).toBeInTheDocument();
  });
});
