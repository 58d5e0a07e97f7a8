import type { RecentRecord } from '@domain/contract/recent-records';
import type { RouteDetail } from '@domain/contract/routes';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ID, json, renderApp, type ServerCall } from './app-harness';
import { accountFixture, CONFIG_MERCHANT_ID, merchantFixture } from './configuration-fixtures';
import { giveTablesAHeight } from './table-viewport';

// Recent records in the console (issue 26): a detail screen records its record once it has loaded it, and the
// palette's empty state lists what the server keeps for the user under 'Recent', first; Enter opens one. Typing
// searches as before.

const MERCHANT_ID = CONFIG_MERCHANT_ID;
const ROUTE_ID = 'e0000000-0000-4000-8000-000000000001';
const MID_ID = 'c0000000-0000-4000-8000-000000000001';
const TRANSACTION_ID = 'a0000000-0000-4000-8000-000000000042';
const ROUTE_PATH = `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/routes/detail/${ROUTE_ID}`;
const PERMISSIONS = ['merchant.read', 'merchant.select', 'route.read', 'route.select', 'transaction.select'];

const ROUTE: RouteDetail = {
  routeId: ROUTE_ID,
  routeDescription: 'EU checkout',
  priority: 7,
  weight: 50,
  mid: {
    id: MID_ID,
    description: 'Adyen EU cards',
    midAcquirerId: 'ADY-1',
    acquirerName: 'Adyen',
    enable: true,
    synchronous: true,
  },
  fallbackMid: null,
  currency: ['EUR'],
  issuerCountry: [],
  cardBrand: [],
  url: [],
  customTag: [],
  binCode: [],
  modifiedDate: '2026-11-20T10:15:00.000Z',
  version: 2,
};

const record = (kind: RecentRecord['kind'], id: string, label: string, openedAt: string): RecentRecord => ({
  kind,
  id,
  accountId: ACCOUNT_ID,
  merchantId: MERCHANT_ID,
  label,
  accountName: 'Acme',
  merchantName: 'Harbor Shop',
  openedAt,
});

/** The list the server answers; what another device opened can be added to it. */
let latest: RecentRecord[] = [];

/** The server's side of it: the user's list, to which an open puts its record first (as the server does). */
function renderWithRecents(options: { refuseOpen?: boolean } = {}) {
  const recents: RecentRecord[] = [
    record('TRANSACTION', TRANSACTION_ID, 'Payment 100,00 EUR · Order ORD-42', '2026-11-20T09:00:00.000Z'),
  ];
  return renderApp({
    path: ROUTE_PATH,
    session: { permissions: PERMISSIONS },
    server: (call: ServerCall) => {
      if (call.path === '/user/recent-record' && call.method === 'POST') {
        if (options.refuseOpen) {
          return json(404, { statusCode: 404, error: 'resource-not-found', message: 'Resource not found' });
        }
        const { kind, id } = call.body as { kind: RecentRecord['kind']; id: string };
        const opened = record(kind, id, 'EU checkout', '2026-11-20T10:00:00.000Z');
        recents.unshift(opened);
        return json(200, opened);
      }
      if (call.path === '/user/recent-record') return json(200, { items: [...latest].reverse().concat(recents) });
      if (call.path === `/account/${ACCOUNT_ID}`) return json(200, accountFixture());
      if (call.path === `/account/${ACCOUNT_ID}/merchant/${MERCHANT_ID}`) return json(200, merchantFixture());
      if (call.path === `/merchant/${MERCHANT_ID}/route/${ROUTE_ID}`) return json(200, ROUTE);
      return undefined;
    },
  });
}

const palette = () => screen.getByRole('dialog', { name: 'Command palette' });

beforeEach(() => {
  giveTablesAHeight();
  latest = [];
});
afterEach(() => vi.restoreAllMocks());

describe('recent records', () => {
  it('records the route the detail opened, lists the recent records first on the empty query, and Enter opens one', async () => {
    const { user, calls, currentPath } = renderWithRecents();
    expect(await screen.findByRole('heading', { level: 1, name: 'Route Detail' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { kind: 'ROUTE', id: ROUTE_ID },
      ]),
    );

    await user.keyboard('{Control>}k{/Control}');
    const recent = await within(palette()).findByRole('group', { name: 'Recent' });
    await waitFor(() => expect(within(recent).getAllByRole('option')).toHaveLength(2));
    const [route, transaction] = within(recent).getAllByRole('option');
    expect(route).toHaveTextContent('EU checkout');
    expect(route).toHaveTextContent('Route');
    expect(route).toHaveTextContent('Account: Acme · Merchant: Harbor Shop');
    expect(transaction).toHaveTextContent('Payment 100,00 EUR · Order ORD-42');
    expect(transaction).toHaveTextContent('Transaction');
    // The group comes before everything else the empty palette lists.
    const groups = within(palette()).getAllByRole('group');
    expect(groups[0]).toBe(recent);

    // Typing searches as before: the recent records are the empty query's.
    await user.keyboard('rou');
    await waitFor(() => expect(within(palette()).queryByRole('group', { name: 'Recent' })).not.toBeInTheDocument());
    await user.keyboard('{Backspace}{Backspace}{Backspace}');
    const again = await within(palette()).findByRole('group', { name: 'Recent' });
    expect(within(again).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe(`/accounts/${ACCOUNT_ID}/transactions/${TRANSACTION_ID}`));
  });

  it('keeps the list an opening shows while it is open; the next opening shows what the server has now', async () => {
    const { user, calls } = renderWithRecents({ refuseOpen: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Route Detail' })).toBeInTheDocument();
    const gets = () => calls.filter((call) => call.method === 'GET' && call.path === '/user/recent-record').length;
    // Signed in: the list is asked for (and answered) before the palette opens.
    await waitFor(() => expect(gets()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Another device opens the route meanwhile: this opening's answer has it, the list shown does not move.
    latest.push(record('ROUTE', ROUTE_ID, 'EU checkout', '2026-11-20T11:00:00.000Z'));
    await user.keyboard('{Control>}k{/Control}');
    const recent = await within(palette()).findByRole('group', { name: 'Recent' });
    await waitFor(() => expect(gets()).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(recent).getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Escape}');

    await user.keyboard('{Control>}k{/Control}');
    const next = await within(palette()).findByRole('group', { name: 'Recent' });
    expect(
      within(next)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([expect.stringContaining('EU checkout'), expect.stringContaining('Payment 100,00 EUR')]);
  });

  it('stays on the screen when the server refuses to record the record', async () => {
    const { calls, currentPath } = renderWithRecents({ refuseOpen: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Route Detail' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    // A refused trail is nobody's concern: no resource-not-found screen, no message.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(currentPath()).toBe(ROUTE_PATH);
    expect(screen.getByRole('heading', { level: 1, name: 'Route Detail' })).toBeInTheDocument();
  });
});
