import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ID, json, renderApp } from './app-harness';
import { accountFixture, merchantFixture } from './configuration-fixtures';
import { giveTablesAHeight } from './table-viewport';

// The merchants list has no filters beyond its search box (issue 26): its box takes words only, says so when a
// key is typed, and the shortcuts sheet says so too.

beforeEach(giveTablesAHeight);
afterEach(() => vi.restoreAllMocks());

const LIST = `/account/${ACCOUNT_ID}/merchant`;

function renderMerchants() {
  return renderApp({
    path: `/accounts/${ACCOUNT_ID}/merchants`,
    session: { permissions: ['merchant.read', 'merchant.select'] },
    server: (call) => {
      if (call.path === `/account/${ACCOUNT_ID}`) return json(200, accountFixture());
      if (call.path === LIST) return json(200, { count: 1, total: 1, items: [merchantFixture()] });
      return undefined;
    },
  });
}

describe('typed queries on the merchants list', () => {
  it('answers a key in place and applies nothing; the sheet says the search takes words only', async () => {
    const { user, calls } = renderMerchants();
    await within(await screen.findByRole('grid', { name: 'Merchants' })).findByRole('row', {
      name: new RegExp(merchantFixture().prettyName),
    });
    const before = calls.filter((call) => call.path === LIST).length;
    const box = screen.getByRole('searchbox', { name: 'Search Merchants' });
    await user.type(box, 'status:active{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The merchants list has no keys, only its search');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.path === LIST)).toHaveLength(before);

    box.blur();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const keys = within(sheet).getByRole('region', { name: 'Query keys: merchants' });
    expect(keys).toHaveTextContent('This list has no filters: its search box takes words only.');
    expect(within(keys).queryByRole('table')).not.toBeInTheDocument();
  });
});
