import type { DescriptorRow } from '@domain/contract/counters';
import { counterRangeDays } from '@domain/limits';
import { MSG } from '@domain/validation';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type ServerCall } from './app-harness';
import { COUNTERS, MERCHANT_ID, midId, PSP_ADYEN, renderCounters, TODAY } from './counters-fixtures';
import { giveTablesAHeight } from './table-viewport';

// The Descriptors tab (issue 16; spec 3, section 2.6): the one data table over the descriptor call, paged and sorted
// by the server (every column but Limit), filtered by descriptor text, dates, MID and card brand group, with the
// spec's empty texts: 'not valid search' for a blank or unmatched search, and the MID's and the card's.

beforeEach(giveTablesAHeight);
afterEach(() => vi.restoreAllMocks());

const TAB = `${COUNTERS}/${PSP_ADYEN}/descriptors`;
const DESCRIPTOR_CALL = `/merchant/${MERCHANT_ID}/psp/${PSP_ADYEN}/descriptor`;
const THIS_MONTH = counterRangeDays('thisMonth', new Date(`${TODAY}T00:00:00Z`));

const ROWS: DescriptorRow[] = [
  {
    descriptor: 'LUMEN*BOOKS',
    sales: 40,
    // The limits in force: a monthly 300 is 10 a day.
    total: 300,
    daily: 10,
    mid: 'Adyen EU 1',
    midId: midId(1),
    cardBrand: 'VISA',
  },
  { descriptor: 'ACME*SHOP', sales: 8, total: null, daily: null, mid: 'Adyen EU 2', midId: midId(2), cardBrand: 'MC' },
];

function renderDescriptors(
  answer: (call: ServerCall) => DescriptorRow[] = () => ROWS,
  total: (items: DescriptorRow[]) => number = (items) => items.length,
) {
  return renderCounters(TAB, {
    answer: (call) => {
      if (call.path !== DESCRIPTOR_CALL) return undefined;
      const items = answer(call);
      return json(200, { count: items.length, total: total(items), items });
    },
  });
}

const descriptorCalls = (calls: ServerCall[]) => calls.filter((call) => call.path === DESCRIPTOR_CALL);
const lastDescriptorCall = (calls: ServerCall[]) => descriptorCalls(calls).at(-1)!;

describe('the Descriptors tab', () => {
  it('lists this month’s descriptors, most sales first, with their limits read as monthly and daily', async () => {
    const { calls } = renderDescriptors();
    const grid = await screen.findByRole('grid', { name: 'Descriptors' });
    const first = await within(grid).findByRole('row', { name: /LUMEN\*BOOKS/ });
    expect(first).toHaveTextContent('LUMEN*BOOKS40300 a month, 10 a dayAdyen EU 1Visa');
    expect(within(grid).getByRole('row', { name: /ACME\*SHOP/ })).toHaveTextContent(
      'ACME*SHOP8—No limitAdyen EU 2Mastercard',
    );
    const call = lastDescriptorCall(calls);
    expect(call.search.get('from')).toBe(THIS_MONTH.from);
    expect(call.search.get('to')).toBe(THIS_MONTH.to);
    expect(call.search.get('order')).toBe('-sales');
    expect(call.search.get('page')).toBe('1');
    expect(call.search.get('limit')).toBe('50');
    expect(screen.getByText('1-2 of 2')).toBeInTheDocument();
  });

  it('pages on the server, with the total of every row, past the first 2,000', async () => {
    const page = (call: ServerCall): DescriptorRow[] =>
      Array.from({ length: Number(call.search.get('limit')) }, (_, index) => ({
        ...ROWS[1]!,
        descriptor: `BULK*${call.search.get('page')}-${index}`,
      }));
    const { user, calls } = renderDescriptors(page, () => 2_345);
    expect(await screen.findByText('1-50 of 2.345')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 47')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastDescriptorCall(calls).search.get('page')).toBe('2'));
    expect(await screen.findByRole('row', { name: /BULK\*2-0/ })).toBeInTheDocument();
    expect(screen.getByText('51-100 of 2.345')).toBeInTheDocument();
  });

  it('sorts on the server by every column but Limit', async () => {
    const { user, calls } = renderDescriptors();
    const grid = await screen.findByRole('grid', { name: 'Descriptors' });
    await within(grid).findByRole('row', { name: /LUMEN\*BOOKS/ });
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent?.replace(/[▲▼↕]/g, '').trim())).toEqual([
      'Descriptors',
      'Sales',
      'Limit',
      'MID',
      'Card brand',
    ]);
    expect(headers.map((header) => header.getAttribute('aria-sort'))).toEqual([
      'none',
      'descending',
      null,
      'none',
      'none',
    ]);
    for (const [name, order] of [
      ['Descriptors', 'descriptor'],
      ['MID', 'mid'],
      ['Card brand', 'cardBrand'],
    ] as const) {
      await user.click(within(grid).getByRole('button', { name }));
      await waitFor(() => expect(lastDescriptorCall(calls).search.get('order')).toBe(order));
    }
  });

  it('filters by MID and card brand, and names the filter in the empty text', async () => {
    const { user, calls } = renderDescriptors((call) =>
      call.search.getAll('brand[]').length > 0 || call.search.getAll('midId[]').length > 0 ? [] : ROWS,
    );
    await screen.findByRole('row', { name: /LUMEN\*BOOKS/ });
    await user.click(screen.getByRole('button', { name: 'MID All' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Adyen EU 2' }));
    await waitFor(() => expect(lastDescriptorCall(calls).search.getAll('midId[]')).toEqual([midId(2)]));
    expect(await screen.findByText('There are no descriptors for this MID')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Adyen EU 2' }));
    expect(await screen.findByRole('row', { name: /LUMEN\*BOOKS/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Card brand All' }));
    // The limits' brand groups (spec 3, section 9): Visa, Mastercard and Others.
    for (const name of ['Visa', 'Mastercard'])
      expect(await screen.findByRole('checkbox', { name })).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: 'Others' }));
    await waitFor(() => expect(lastDescriptorCall(calls).search.getAll('brand[]')).toEqual(['OTHERS']));
    expect(await screen.findByText('There are no descriptors for this card')).toBeInTheDocument();
  });

  it('searches descriptors from 2 characters; a blank or unmatched search is "not valid search"', async () => {
    const { user, calls, location } = renderDescriptors((call) => {
      const text = call.search.get('descriptor')?.toLowerCase();
      return text ? ROWS.filter((row) => row.descriptor.toLowerCase().includes(text)) : ROWS;
    });
    await screen.findByRole('row', { name: /ACME\*SHOP/ });
    const search = screen.getByRole('searchbox', { name: 'Search descriptors' });

    await user.type(search, 'l');
    // One character is kept in the address but searches nothing: no call carries it.
    await waitFor(() => expect(location.history.at(-1)).toBe(`${TAB}?descriptor=l`));
    expect(descriptorCalls(calls).some((call) => call.search.has('descriptor'))).toBe(false);
    expect(screen.getByRole('row', { name: /ACME\*SHOP/ })).toBeInTheDocument();

    await user.type(search, 'Um');
    await waitFor(() => expect(lastDescriptorCall(calls).search.get('descriptor')).toBe('lum'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /ACME\*SHOP/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /LUMEN\*BOOKS/ })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'zz');
    expect(await screen.findByText('not valid search')).toBeInTheDocument();

    const before = descriptorCalls(calls).length;
    await user.clear(search);
    await user.type(search, '   ');
    expect(await screen.findByText('not valid search')).toBeInTheDocument();
    expect(
      descriptorCalls(calls)
        .slice(before)
        .some((call) => call.search.has('descriptor')),
    ).toBe(false);

    // Empty resets.
    await user.clear(search);
    expect(await screen.findByRole('row', { name: /ACME\*SHOP/ })).toBeInTheDocument();
  });

  it('asks for the dates chosen, and refuses an end before the start without asking', async () => {
    const { user, calls } = renderDescriptors();
    await screen.findByRole('row', { name: /LUMEN\*BOOKS/ });
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveValue(THIS_MONTH.from);
    expect(to).toHaveValue(THIS_MONTH.to);

    const lastMonth = counterRangeDays('lastMonth', new Date(`${TODAY}T00:00:00Z`));
    await user.clear(from);
    await user.type(from, lastMonth.from);
    await waitFor(() => expect(lastDescriptorCall(calls).search.get('from')).toBe(lastMonth.from));
    expect(lastDescriptorCall(calls).search.get('to')).toBe(THIS_MONTH.to);

    const asked = descriptorCalls(calls).length;
    await user.clear(to);
    await user.type(to, '2000-01-01');
    expect(await screen.findByText(MSG.datesIncorrect)).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(
      descriptorCalls(calls)
        .slice(asked)
        .some((call) => call.search.get('to') === '2000-01-01'),
    ).toBe(false);
  });
});
