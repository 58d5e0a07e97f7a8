import { addDays } from '@domain/dashboard';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ID } from './app-harness';
import {
  ACCOUNT_DASHBOARD,
  kpiCalls,
  kpisFixture,
  lastKpiCall,
  MERCHANT_DASHBOARD,
  MERCHANT_ID,
  MONTH_START,
  renderDashboard,
  TODAY,
} from './dashboard-fixtures';

// The dashboard's filter bar (issue 17; spec 3, section 2.8): each choice is kept in the address and sent to
// GET .../transactions-kpis with the spec's names; days are UTC, whole days from 00:00:00.000Z to 23:59:59.999Z.

afterEach(() => vi.restoreAllMocks());

const query = (location: { history: string[] }) => new URLSearchParams(location.history.at(-1)?.split('?')[1] ?? '');

describe('the dashboard filter bar', () => {
  it('starts on this month in EUR over the whole account, with nothing in the address', async () => {
    const { calls, location } = renderDashboard(ACCOUNT_DASHBOARD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Total' });
    const call = lastKpiCall(calls)!;
    expect(call.search.get('creationDateFrom')).toBe(`${MONTH_START}T00:00:00.000Z`);
    expect(call.search.get('creationDateTo')).toBe(`${TODAY}T23:59:59.999Z`);
    expect(call.search.get('currency')).toBe('EUR');
    expect(call.search.has('merchantId')).toBe(false);
    expect(call.search.has('solution[]')).toBe(false);
    expect(call.search.has('issuerCountry')).toBe(false);
    expect(query(location).toString()).toBe('');
    expect(screen.getByRole('combobox', { name: 'Date range' })).toHaveValue('this-month');
    expect(screen.getByRole('combobox', { name: 'View amount in' })).toHaveValue('EUR');
    // Nothing to clear yet.
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeDisabled();
  });

  it('sends each preset as its UTC days and keeps it in the address', async () => {
    const { user, calls, location } = renderDashboard(ACCOUNT_DASHBOARD);
    const range = await screen.findByRole('combobox', { name: 'Date range' });
    expect(
      within(range)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['This month', 'Last 7 days', 'Last month', 'Last 30 days', 'Single date']);

    await user.selectOptions(range, 'Last 7 days');
    await waitFor(() =>
      expect(lastKpiCall(calls)!.search.get('creationDateFrom')).toBe(`${addDays(TODAY, -6)}T00:00:00.000Z`),
    );
    expect(lastKpiCall(calls)!.search.get('creationDateTo')).toBe(`${TODAY}T23:59:59.999Z`);
    expect(query(location).get('range')).toBe('last-7-days');

    await user.selectOptions(range, 'Last month');
    const lastMonthEnd = addDays(MONTH_START, -1);
    await waitFor(() => expect(lastKpiCall(calls)!.search.get('creationDateTo')).toBe(`${lastMonthEnd}T23:59:59.999Z`));
    expect(lastKpiCall(calls)!.search.get('creationDateFrom')).toBe(`${lastMonthEnd.slice(0, 8)}01T00:00:00.000Z`);

    await user.selectOptions(range, 'Last 30 days');
    await waitFor(() =>
      expect(lastKpiCall(calls)!.search.get('creationDateFrom')).toBe(`${addDays(TODAY, -29)}T00:00:00.000Z`),
    );
    expect(query(location).get('range')).toBe('last-30-days');

    // Back to the default: the address forgets it.
    await user.selectOptions(range, 'This month');
    await waitFor(() => expect(query(location).has('range')).toBe(false));
  });

  it('offers a single date, today by default, then the day typed', async () => {
    const { user, calls, location } = renderDashboard(ACCOUNT_DASHBOARD);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Date range' }), 'Single date');
    const day = await screen.findByLabelText('Date');
    expect(day).toHaveValue(TODAY);
    await waitFor(() => expect(query(location).get('range')).toBe(TODAY));
    await waitFor(() => expect(lastKpiCall(calls)!.search.get('creationDateFrom')).toBe(`${TODAY}T00:00:00.000Z`));
    expect(lastKpiCall(calls)!.search.get('creationDateTo')).toBe(`${TODAY}T23:59:59.999Z`);

    const earlier = addDays(TODAY, -3);
    fireEvent.change(day, { target: { value: earlier } });
    await waitFor(() => expect(query(location).get('range')).toBe(earlier));
    await waitFor(() => expect(lastKpiCall(calls)!.search.get('creationDateTo')).toBe(`${earlier}T23:59:59.999Z`));
  });

  it("narrows to the account's solutions (one option per name) and an issuer country, then Clear All", async () => {
    const { user, calls, location } = renderDashboard(ACCOUNT_DASHBOARD);
    await user.click(await screen.findByRole('button', { name: 'Solution All' }));
    const solutions = screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent);
    expect(solutions).toEqual(['Cards EU (Adyen, Stripe)', 'Wallets (Adyen)']);
    await user.click(screen.getByRole('checkbox', { name: 'Cards EU (Adyen, Stripe)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Wallets (Adyen)' }));
    await waitFor(() => expect(lastKpiCall(calls)!.search.getAll('solution[]')).toEqual(['Cards EU', 'Wallets']));
    expect(query(location).getAll('solution')).toEqual(['Cards EU', 'Wallets']);
    await user.keyboard('{Escape}');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Issuer country' }), 'ES');
    await waitFor(() => expect(lastKpiCall(calls)!.search.get('issuerCountry')).toBe('ES'));
    expect(query(location).get('issuerCountry')).toBe('ES');

    await user.selectOptions(screen.getByRole('combobox', { name: 'View amount in' }), 'USD');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'Last 7 days');
    await waitFor(() => expect(query(location).get('range')).toBe('last-7-days'));

    // Clear All resets the filters; the currency is a way of viewing them and stays.
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(query(location).toString()).toBe('currency=USD'));
    const call = lastKpiCall(calls)!;
    expect(call.search.has('solution[]')).toBe(false);
    expect(call.search.has('issuerCountry')).toBe(false);
    expect(call.search.get('creationDateFrom')).toBe(`${MONTH_START}T00:00:00.000Z`);
    expect(call.search.get('currency')).toBe('USD');
    expect(screen.getByRole('button', { name: 'Solution All' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Issuer country' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeDisabled();
  });

  it('shows amounts in the currency chosen, in the address and in both calls', async () => {
    const { user, calls, location } = renderDashboard(ACCOUNT_DASHBOARD, {
      kpis: (call) => kpisFixture({ currency: call.search.get('currency') as 'EUR' | 'USD' | 'GBP' }),
    });
    const total = await screen.findByRole('region', { name: 'Total' });
    expect(total).toHaveTextContent('1.200,00 EUR');
    await user.selectOptions(screen.getByRole('combobox', { name: 'View amount in' }), 'GBP');
    await waitFor(() => expect(screen.getByRole('region', { name: 'Total' })).toHaveTextContent('1.200,00 GBP'));
    expect(query(location).get('currency')).toBe('GBP');
    const chartCall = calls.filter((call) => call.path === `/account/${ACCOUNT_ID}/transactions-chart`).at(-1)!;
    expect(chartCall.search.get('currency')).toBe('GBP');
  });

  it('reads a shared link: every filter from the address in the first call', async () => {
    const { calls } = renderDashboard(
      `${ACCOUNT_DASHBOARD}?range=last-month&solution=Wallets&issuerCountry=fr&currency=GBP`,
    );
    await screen.findByRole('region', { name: 'Total' });
    const [first] = kpiCalls(calls);
    expect(first!.search.getAll('solution[]')).toEqual(['Wallets']);
    expect(first!.search.get('issuerCountry')).toBe('FR');
    expect(first!.search.get('currency')).toBe('GBP');
    expect(first!.search.get('creationDateTo')).toBe(`${addDays(MONTH_START, -1)}T23:59:59.999Z`);
    expect(screen.getByRole('combobox', { name: 'Date range' })).toHaveValue('last-month');
    expect(screen.getByRole('button', { name: 'Solution Wallets (Adyen)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeEnabled();
  });

  it("inside a merchant: the merchant's figures and only the solutions its MIDs are on", async () => {
    const { user, calls } = renderDashboard(MERCHANT_DASHBOARD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Total' });
    expect(lastKpiCall(calls)!.search.get('merchantId')).toBe(MERCHANT_ID);
    const chartCall = calls.find((call) => call.path === `/account/${ACCOUNT_ID}/transactions-chart`)!;
    expect(chartCall.search.get('merchantId')).toBe(MERCHANT_ID);
    // The merchant's solutions are those its MIDs are on (the counters' list), not the account's.
    expect(calls.some((call) => call.path === `/merchant/${MERCHANT_ID}/psp`)).toBe(true);
    expect(calls.some((call) => call.path === `/account/${ACCOUNT_ID}/acquirer`)).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Solution All' }));
    expect(screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'Cards EU (Adyen, Stripe)',
    ]);
  });
});
