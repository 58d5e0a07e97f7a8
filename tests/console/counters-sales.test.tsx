import { counterRangeDays } from '@domain/limits';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ID } from './app-harness';
import {
  COUNTERS,
  MERCHANT_ID,
  MID_COUNTER,
  MIDS,
  midId,
  midSalesFixture,
  PSP_ADYEN,
  renderCounters,
  TODAY,
} from './counters-fixtures';

// The Sales (MIDs) tab (issue 16; spec 3, sections 2.6 and 9): the range, five MID cards a page, the eye button to the
// MID's detail in a new tab, the all-brand and per-brand bars, the daily sales as a table, and the descriptors
// accordion with its search (from 2 characters; blank or no match: 'not valid search') and empty texts.

afterEach(() => vi.restoreAllMocks());

const SALES = `${COUNTERS}/${PSP_ADYEN}`;
const MIDS_CALL = `/merchant/${MERCHANT_ID}/psp/${PSP_ADYEN}/mid`;
const rangeOf = (range: Parameters<typeof counterRangeDays>[0]) =>
  counterRangeDays(range, new Date(`${TODAY}T00:00:00Z`));
const daysOf = (search: URLSearchParams) => ({ from: search.get('from'), to: search.get('to') });
const cardOf = (name: string) => screen.getByRole('article', { name });

describe('the Sales (MIDs) tab', () => {
  it('asks for this month by default and for the range chosen, back on the first page', async () => {
    const { user, calls, location } = renderCounters(`${SALES}?page=2`);
    const range = await screen.findByRole('combobox', { name: 'Range' });
    expect(range).toHaveValue('thisMonth');
    await waitFor(() => expect(calls.some((call) => call.path === MIDS_CALL)).toBe(true));
    const first = calls.find((call) => call.path === MIDS_CALL)!;
    expect(daysOf(first.search)).toEqual(rangeOf('thisMonth'));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();

    await user.selectOptions(range, 'Two months ago');
    await waitFor(() =>
      expect(calls.filter((call) => call.path === MIDS_CALL).map((call) => daysOf(call.search))).toContainEqual(
        rangeOf('twoMonthsAgo'),
      ),
    );
    expect(location.history.at(-1)).toBe(`${SALES}?range=twoMonthsAgo`);
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    // Each MID card asks for its daily sales over the same days.
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.path === `${MIDS_CALL}/${midId(1)}/counter` &&
            call.search.get('from') === rangeOf('twoMonthsAgo').from,
        ),
      ).toBe(true),
    );
  });

  it('shows five MID cards a page and pages with the buttons and with ] and [', async () => {
    const { user } = renderCounters(SALES);
    const list = await screen.findByRole('list', { name: 'MIDs' });
    expect(within(list).getAllByRole('article')).toHaveLength(5);
    expect(within(list).getByRole('article', { name: 'Adyen EU 5' })).toBeInTheDocument();
    expect(screen.getByText('7 MIDs')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'MIDs' }))
        .getAllByRole('article')
        .map((card) => card.id),
    ).toHaveLength(2);
    expect(screen.getByRole('article', { name: 'Adyen EU 7' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.keyboard('[[');
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await user.keyboard(']');
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('opens the MID detail in a new tab from the eye button', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderCounters(SALES);
    const card = await screen.findByRole('article', { name: 'Adyen EU 2' });
    expect(within(card).getByText('ADY-002')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Open MID detail of Adyen EU 2' }));
    expect(open).toHaveBeenCalledWith(
      `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/mids/detail/${midId(2)}`,
      '_blank',
      'noopener',
    );
  });

  it('draws the all-brand bar against the monthly limit and one bar per brand that has a limit', async () => {
    renderCounters(SALES);
    await screen.findByRole('article', { name: 'Adyen EU 1' });
    const card = cardOf('Adyen EU 1');
    const all = within(card).getByRole('progressbar', { name: 'Adyen EU 1: all brands against the monthly limit' });
    expect(all).toHaveAttribute('aria-valuenow', '90');
    expect(all.closest('.usage')).toHaveClass('usage--warning');
    const visa = within(card).getByRole('progressbar', { name: 'Adyen EU 1: Visa against its monthly limit' });
    expect(visa).toHaveAttribute('aria-valuetext', '120,0%: 60 of 50, over the limit');
    // Mastercard has no limit: its sales, no bar.
    expect(within(card).queryByRole('progressbar', { name: /Mastercard/ })).not.toBeInTheDocument();
    expect(within(card).getByText('Mastercard').nextSibling).toHaveTextContent('30No limit');
  });

  it('measures the range Today against the daily limits, so a busy day turns the bars amber and red', async () => {
    const today = {
      ...midSalesFixture(1),
      monthlySales: {
        sales: 9,
        period: 'DAILY' as const,
        limit: 10,
        cardBrands: [
          { name: 'VISA' as const, sales: 6, limit: 4 },
          { name: 'MC' as const, sales: 3, limit: null },
          { name: 'OTHERS' as const, sales: 0, limit: null },
        ],
      },
    };
    const { calls } = renderCounters(`${SALES}?range=today`, { mids: [today] });
    const card = await screen.findByRole('article', { name: 'Adyen EU 1' });
    expect(daysOf(calls.find((call) => call.path === MIDS_CALL)!.search)).toEqual({ from: TODAY, to: TODAY });
    expect(within(card).getByRole('heading', { name: 'Sales against the daily limits' })).toBeInTheDocument();
    const all = within(card).getByRole('progressbar', { name: 'Adyen EU 1: all brands against the daily limit' });
    expect(all).toHaveAttribute('aria-valuetext', '90,0%: 9 of 10');
    expect(all.closest('.usage')).toHaveClass('usage--warning');
    const visa = within(card).getByRole('progressbar', { name: 'Adyen EU 1: Visa against its daily limit' });
    expect(visa.closest('.usage')).toHaveClass('usage--over');
    // Spec 3, section 9: Visa, Mastercard, plus Others.
    expect(within(card).getByText('Others').nextSibling).toHaveTextContent('0No limit');
  });

  it('holds the daily sales of every series, with the limits, in a table', async () => {
    renderCounters(SALES, { mids: [MIDS[0]!] });
    const card = await screen.findByRole('article', { name: 'Adyen EU 1' });
    const table = await within(card).findByRole('table', { name: 'Daily sales of Adyen EU 1' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'All brands', 'Visa']);
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/128$/);
    expect(within(table).getByRole('rowheader', { name: 'Daily limit' }).parentElement).toHaveTextContent(
      'Daily limit34—',
    );
    expect(within(card).getByText('Daily limit 34')).toBeInTheDocument();
    expect(within(card).getByText('Alert at 17')).toBeInTheDocument();
  });
});

describe('the descriptors of a MID card', () => {
  async function openVisa() {
    const view = renderCounters(SALES, { mids: [MIDS[0]!] });
    const card = await screen.findByRole('article', { name: 'Adyen EU 1' });
    const visa = await within(card).findByRole('button', { name: /^Visa/ });
    expect(visa).toHaveAttribute('aria-expanded', 'false');
    await view.user.click(visa);
    return { ...view, card, search: within(card).getByRole('searchbox', { name: 'Search descriptors of Adyen EU 1' }) };
  }

  const descriptorsShown = (card: HTMLElement) =>
    within(card)
      .queryAllByRole('rowheader')
      .map((cell) => cell.textContent)
      .filter((text) => !['Daily limit', 'Alert at'].includes(text ?? '') && !/\d{4}$/.test(text ?? ''));

  it('lists a brand’s descriptors with their sales and limits when its section opens', async () => {
    const { card } = await openVisa();
    const table = within(card).getByRole('table', { name: 'Visa descriptors of Adyen EU 1' });
    expect(within(table).getByRole('row', { name: /LUMEN\*BOOKS/ })).toHaveTextContent(
      'LUMEN*BOOKS40300 a month, 10 a day',
    );
    expect(within(table).getByRole('row', { name: /Lumen travel/ })).toHaveTextContent('Lumen travel12—No limit');
    expect(within(table).getByRole('row', { name: /ACME\*SHOP/ })).toHaveTextContent('150 a month, 5 a day');
  });

  it('searches from 2 characters, case-insensitively, and says "not valid search" for blank or no match', async () => {
    const { user, card, search } = await openVisa();
    // One character does nothing yet.
    await user.type(search, 'l');
    expect(descriptorsShown(card)).toEqual(['LUMEN*BOOKS', 'Lumen travel', 'ACME*SHOP']);
    await user.type(search, 'UM');
    expect(descriptorsShown(card)).toEqual(['LUMEN*BOOKS', 'Lumen travel']);
    expect(within(card).getByRole('button', { name: /^Visa/ })).toHaveTextContent('2 of 3');
    await user.clear(search);
    await user.type(search, 'zz');
    expect(descriptorsShown(card)).toEqual([]);
    expect(within(card).getAllByText('not valid search')).toHaveLength(1);
    // Blank is not a search.
    await user.clear(search);
    await user.type(search, '  ');
    expect(within(card).getAllByText('not valid search')).toHaveLength(1);
    // Empty resets.
    await user.clear(search);
    expect(descriptorsShown(card)).toEqual(['LUMEN*BOOKS', 'Lumen travel', 'ACME*SHOP']);
  });

  it('opens every brand when a search starts, and says which brand has no descriptors', async () => {
    const { user, card, search } = await openVisa();
    await user.type(search, 'lu');
    const mastercard = within(card).getByRole('button', { name: /^Mastercard/ });
    expect(mastercard).toHaveAttribute('aria-expanded', 'true');
    expect(within(card).getByText('There are no descriptors for this card')).toBeInTheDocument();
  });

  it('says when the MID has no descriptors at all, without a search', async () => {
    renderCounters(SALES, {
      mids: [MIDS[0]!],
      midCounter: () => ({ ...MID_COUNTER, descriptors: [{ cardBrand: 'VISA', items: [] }] }),
    });
    const card = await screen.findByRole('article', { name: 'Adyen EU 1' });
    expect(await within(card).findByText('There are no descriptors for this MID')).toBeInTheDocument();
    expect(within(card).queryByRole('searchbox')).not.toBeInTheDocument();
  });
});
