import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ID } from './app-harness';
import {
  COUNTERS,
  counterFixture,
  EVERYTHING,
  MERCHANT_ID,
  PSP_ADYEN,
  PSP_STRIPE,
  renderCounters,
} from './counters-fixtures';

// The counters screen (issue 16; spec 3, section 2.6): the provider solution from the address or the first one, the
// 'Provider - Solution' dropdown, the KPI cards against the global limits, the fired alerts, and the tabs by mouse,
// arrow keys and digits.

afterEach(() => vi.restoreAllMocks());

const counterCalls = (calls: { path: string }[], pspId: string) =>
  calls.filter((call) => call.path === `/merchant/${MERCHANT_ID}/psp/${pspId}/counter`);

describe('the counters screen', () => {
  it('opens the first provider solution when the address names none, replacing the address', async () => {
    const { currentPath, location } = renderCounters(COUNTERS);
    expect(await screen.findByRole('heading', { level: 1, name: 'Counters' })).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe(`${COUNTERS}/${PSP_ADYEN}`));
    // Replaced, not pushed: Back leaves the counters instead of coming back to the bare address.
    expect(location.history).not.toContain(COUNTERS);
    expect(screen.getByRole('button', { name: 'Provider - Solution Adyen - Cards EU' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sales (MIDs)' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens a tab of the first provider solution from .../counter/sales and .../counter/descriptors', async () => {
    const sales = renderCounters(`${COUNTERS}/sales`);
    await waitFor(() => expect(sales.currentPath()).toBe(`${COUNTERS}/${PSP_ADYEN}`));
    expect(screen.getByRole('tab', { name: 'Sales (MIDs)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText(/not found/i)).not.toBeInTheDocument();
    sales.unmount();

    const descriptors = renderCounters(`${COUNTERS}/descriptors`);
    await waitFor(() => expect(descriptors.currentPath()).toBe(`${COUNTERS}/${PSP_ADYEN}/descriptors`));
    expect(await screen.findByRole('tab', { name: 'Descriptors' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows each KPI card with its sales, /limit and a bar coloured and written by its level', async () => {
    renderCounters(`${COUNTERS}/${PSP_ADYEN}`);
    const today = await screen.findByRole('progressbar', { name: 'Sales today against the daily limit' });
    // The daily limit in force (derived from the monthly 1.000 on a 30-day month): 34; 30 sales are 88,2 %, above 80.
    expect(today).toHaveAttribute('aria-valuenow', '88');
    expect(today).toHaveAttribute('aria-valuemin', '0');
    expect(today).toHaveAttribute('aria-valuemax', '100');
    expect(today).toHaveAttribute('aria-valuetext', '88,2%: 30 of 34');
    expect(today.closest('.usage')).toHaveClass('usage--warning');
    const cards = screen.getByRole('list', { name: 'Sales against the global limits' });
    const todayCard = within(cards).getByRole('heading', { name: 'Sales today' }).closest('li')!;
    // Seen as '30/34', heard as '30 of a daily limit of 34'.
    expect(todayCard).toHaveTextContent('30/ of a daily limit of 34');
    expect(within(todayCard).getByText('88,2%')).toBeInTheDocument();

    const month = screen.getByRole('progressbar', { name: 'Sales this month against the monthly limit' });
    expect(month).toHaveAttribute('aria-valuenow', '50');
    expect(month.closest('.usage')).toHaveClass('usage--ok');
    expect(month.closest('li')).toHaveTextContent('500/ of a monthly limit of 1.000');

    // Over the limit: the bar is full, red, and the text says by how much.
    const last = screen.getByRole('progressbar', { name: 'Sales last month against the monthly limit' });
    expect(last).toHaveAttribute('aria-valuenow', '100');
    expect(last).toHaveAttribute('aria-valuetext', '120,0%: 1.200 of 1.000, over the limit');
    expect(last.closest('.usage')).toHaveClass('usage--over');
    expect(within(last.closest('li')!).getByText('120,0%')).toBeInTheDocument();
  });

  it('shows the sales alone, without a bar, when no global limit is set', async () => {
    renderCounters(`${COUNTERS}/${PSP_ADYEN}`, {
      counter: () => counterFixture({ limits: { total: null, daily: null } }),
    });
    const cards = await screen.findByRole('list', { name: 'Sales against the global limits' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
    expect(within(cards).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(cards).getByRole('heading', { name: 'Sales this month' }).closest('li')).toHaveTextContent(
      /^Sales this month500No limit$/,
    );
  });

  it('lists the alerts that fired, or says quietly that none did', async () => {
    const { unmount } = renderCounters(`${COUNTERS}/${PSP_ADYEN}`);
    const alerts = await screen.findByRole('region', { name: 'Alerts fired' });
    const item = within(alerts).getByRole('listitem');
    expect(item).toHaveTextContent('Adyen EU 1');
    expect(item).toHaveTextContent('Daily limit');
    expect(item).toHaveTextContent('20/40 sales at the 50 % alert');
    unmount();

    renderCounters(`${COUNTERS}/${PSP_ADYEN}`, { counter: () => counterFixture({ firedAlerts: [] }) });
    expect(await screen.findByRole('region', { name: 'Alerts fired' })).toHaveTextContent(
      'No alert fired this month or last month.',
    );
  });

  it('goes to another provider solution picked in the searchable dropdown, keeping the tab', async () => {
    const { user, calls, currentPath } = renderCounters(`${COUNTERS}/${PSP_ADYEN}/descriptors`);
    await user.click(await screen.findByRole('button', { name: 'Provider - Solution Adyen - Cards EU' }));
    const filter = screen.getByRole('combobox', { name: 'Filter: Provider - Solution' });
    expect(filter).toHaveFocus();
    await user.keyboard('stri');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe(`${COUNTERS}/${PSP_STRIPE}/descriptors`));
    await waitFor(() => expect(counterCalls(calls, PSP_STRIPE)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Provider - Solution Stripe - Wallets' })).toHaveFocus();
  });

  it('moves between the tabs with the arrow keys, Home and End, each tab being its own address', async () => {
    const { user, currentPath } = renderCounters(`${COUNTERS}/${PSP_ADYEN}`);
    const sales = await screen.findByRole('tab', { name: 'Sales (MIDs)' });
    expect(screen.getByRole('tablist', { name: 'Counters sections' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Sales (MIDs)' })).toBeInTheDocument();
    // One tab stop: the selected tab.
    expect(screen.getByRole('tab', { name: 'Descriptors' })).toHaveAttribute('tabindex', '-1');
    sales.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(currentPath()).toBe(`${COUNTERS}/${PSP_ADYEN}/limits`));
    expect(screen.getByRole('tab', { name: 'Limits & Alerts' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Limits & Alerts' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    await waitFor(() => expect(currentPath()).toBe(`${COUNTERS}/${PSP_ADYEN}/descriptors`));
    expect(screen.getByRole('tab', { name: 'Descriptors' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(currentPath()).toBe(`${COUNTERS}/${PSP_ADYEN}`));
    expect(screen.getByRole('tab', { name: 'Sales (MIDs)' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(currentPath()).toBe(`${COUNTERS}/${PSP_ADYEN}/descriptors`));
  });

  it('shows a tab by its digit, 1, 2 and 3, listed in the shortcuts sheet', async () => {
    const { user, currentPath } = renderCounters(`${COUNTERS}/${PSP_ADYEN}`);
    await screen.findByRole('tab', { name: 'Sales (MIDs)' });
    await user.keyboard('3');
    await waitFor(() => expect(currentPath()).toBe(`${COUNTERS}/${PSP_ADYEN}/descriptors`));
    await user.keyboard('2');
    await waitFor(() => expect(currentPath()).toBe(`${COUNTERS}/${PSP_ADYEN}/limits`));
    await user.keyboard('1');
    await waitFor(() => expect(currentPath()).toBe(`${COUNTERS}/${PSP_ADYEN}`));
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(sheet).getByText('Limits & Alerts tab')).toBeInTheDocument();
    expect(within(sheet).getByText('Go to Counters')).toBeInTheDocument();
  });

  it('is reached with g o and from the palette as Counters and Limits & Alerts', async () => {
    const merchantDetail = `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/detail`;
    const first = renderCounters(merchantDetail);
    await screen.findByRole('link', { name: /Counters/ });
    await first.user.keyboard('go');
    await waitFor(() => expect(first.currentPath()).toBe(`${COUNTERS}/${PSP_ADYEN}`));
    first.unmount();

    const second = renderCounters(merchantDetail);
    await screen.findByRole('link', { name: /Counters/ });
    await second.user.keyboard('{Control>}k{/Control}');
    await second.user.keyboard('Limits & Alerts');
    await second.user.click(await screen.findByRole('option', { name: /Limits & Alerts/ }));
    await waitFor(() => expect(second.currentPath()).toBe(`${COUNTERS}/${PSP_ADYEN}/limits`));
    expect(screen.getByRole('tab', { name: 'Limits & Alerts' })).toHaveAttribute('aria-selected', 'true');
  });

  it('has no Limits & Alerts tab without limit.read', async () => {
    const withoutLimits = EVERYTHING.filter((permission) => permission !== 'limit.read');
    renderCounters(`${COUNTERS}/${PSP_ADYEN}`, {}, withoutLimits);
    expect(await screen.findByRole('tab', { name: 'Descriptors' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Limits & Alerts' })).not.toBeInTheDocument();
  });

  it.each([
    ['a tab the user may not see', `${COUNTERS}/${PSP_ADYEN}/limits`, ['merchant.read', 'counter.read']],
    ['an unknown tab', `${COUNTERS}/${PSP_ADYEN}/charts`, EVERYTHING],
    ['a provider solution of no MID of the merchant', `${COUNTERS}/a1000000-0000-4000-8000-00000000dead`, EVERYTHING],
    ['a malformed provider solution id', `${COUNTERS}/not-an-id`, EVERYTHING],
    ['the screen without counter.read', `${COUNTERS}/${PSP_ADYEN}`, ['merchant.read', 'limit.read']],
  ])('shows the not-found page for %s', async (_case, path, permissions) => {
    const { calls } = renderCounters(path, {}, permissions);
    expect(
      await screen.findByRole('heading', { level: 1, name: "Oops! Sorry, we can't find that page" }),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/counter'))).toBe(false);
  });
});
