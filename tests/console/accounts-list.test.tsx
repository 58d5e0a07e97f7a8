import { AppProviders } from '@console/app/providers';
import { AccountsListScreen } from '@console/areas/accounts/accounts-list-screen';
import { HotkeyEngine } from '@console/commands/hotkeys';
import { CommandRegistryProvider } from '@console/commands/registry';
import { createConsoleStorage, writeSession } from '@console/session/storage';
import type { Account } from '@domain/contract/accounts';
import type { SessionResponse } from '@domain/contract/auth';
import type { RuntimeConfig } from '@domain/contract/config';
import { credentialsFromResponse } from '@machines/session.machine';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { noteServerCall } from './served-check';
import { giveTablesAHeight } from './table-viewport';

const CONFIG: RuntimeConfig = {
  apiBase: '/api',
  userActivityBase: '/api',
  analyticsBase: '/api',
  liveOrigin: '',
  sandboxOrigin: '',
  appVersion: '1.0.0',
  internalDomains: [],
  mailbox: true,
  helpVideos: {},
};

const STAFF: SessionResponse = {
  token: 'token-1',
  refreshToken: 'refresh-1',
  expiresIn: 900,
  permissions: ['account.read', 'merchant.read'],
  allAllowed: false,
  isProviderStaff: true,
  email: 'admin@example.com',
  userId: '5d0c0a4e-0000-4000-8000-000000000001',
  fullName: 'Ada Admin',
  accounts: [],
};

const provider = (id: number, prettyName: string) => ({
  acquirerId: `6e0c0a4e-0000-4000-8000-0000000000${String(id).padStart(2, '0')}`,
  prettyName,
  usedByMid: false,
  solutions: [],
});

const ACME: Account = {
  accountId: '7a0c0a4e-0000-4000-8000-000000000001',
  shortId: 'ACME01',
  prettyName: 'Acme Payments',
  image: null,
  hasChargebacksFeature: true,
  providers: [provider(1, 'Adyen'), provider(2, 'Stripe'), provider(3, 'Worldpay'), provider(4, 'Nuvei')],
  merchantCount: 1234,
  userCount: 1,
  version: 1,
  createdAt: '2024-03-05T10:15:00.000Z',
};

const GLOBEX: Account = {
  ...ACME,
  accountId: '7a0c0a4e-0000-4000-8000-000000000002',
  shortId: 'GLBX02',
  prettyName: 'Globex',
  hasChargebacksFeature: false,
  providers: [provider(1, 'Adyen')],
  merchantCount: 3,
  userCount: 1,
  version: 1,
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let location: ReturnType<typeof memoryLocation> & { history: string[] };
let requests: URL[];

function renderScreen(path = '/accounts') {
  location = memoryLocation({ path, record: true }) as typeof location;
  requests = [];
  const storage = createConsoleStorage();
  writeSession(storage, credentialsFromResponse(STAFF, Date.now()));
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://console.test');
    requests.push(url);
    noteServerCall('GET', url);
    if (url.pathname === '/api/account') {
      const search = url.searchParams.get('search')?.toLowerCase();
      const items = [ACME, GLOBEX].filter((account) => !search || account.prettyName.toLowerCase().includes(search));
      return json({ count: items.length, total: items.length, items });
    }
    const one = [ACME, GLOBEX].find((account) => url.pathname === `/api/account/${account.accountId}`);
    if (one) return json(one);
    return json({ statusCode: 404, error: 'page-not-found', message: 'Not found' }, 404);
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders
      config={CONFIG}
      locationHook={location.hook}
      storage={storage}
      queryClient={queryClient}
      fetch={fetchImpl}
    >
      <CommandRegistryProvider>
        <HotkeyEngine />
        <AccountsListScreen />
      </CommandRegistryProvider>
    </AppProviders>,
  );
}

const listRequests = () => requests.filter((url) => url.pathname === '/api/account');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  giveTablesAHeight();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('accounts list', () => {
  it('lists accounts with their name, short ID, first two providers, merchants, chargebacks and creation date', async () => {
    renderScreen();
    expect(await screen.findByText('1-2 of 2')).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Accounts' });
    expect(screen.getByRole('heading', { name: 'Accounts', level: 1 })).toBeInTheDocument();
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['Account', 'Account ID', 'Providers', 'Merchants', 'Chargebacks', 'Created', 'Actions']);
    const acme = within(grid).getByRole('row', { name: /Acme Payments/ });
    expect(acme).toHaveTextContent('ACME01');
    expect(acme).toHaveTextContent('Adyen, Stripe');
    expect(within(acme).getByRole('img', { name: '2 more: Worldpay, Nuvei' })).toHaveTextContent('+2');
    expect(acme).toHaveTextContent('1.234');
    expect(acme).toHaveTextContent('Enabled');
    expect(acme).toHaveTextContent(/05 Mar 2024, \d{2}:\d{2}/);
    expect(within(grid).getByRole('row', { name: /Globex/ })).toHaveTextContent('Disabled');

    const first = listRequests()[0]!;
    expect(first.searchParams.get('page')).toBe('1');
    expect(first.searchParams.get('limit')).toBe('50');
    expect(first.searchParams.get('order')).toBe('prettyName');
  });

  it('searches from the third character, through the address', async () => {
    renderScreen();
    await screen.findByRole('grid', { name: 'Accounts' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search Accounts' }), 'glo');
    await waitFor(() => expect(listRequests().at(-1)?.searchParams.get('search')).toBe('glo'));
    expect(await screen.findByText('1-1 of 1')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/accounts?search=glo');
  });

  it("opens an account's merchants list by click, and by keyboard", async () => {
    renderScreen();
    await screen.findByText('1-2 of 2');
    const grid = screen.getByRole('grid', { name: 'Accounts' });
    await userEvent.click(within(grid).getByRole('gridcell', { name: 'Globex' }));
    expect(location.history.at(-1)).toBe(`/accounts/${GLOBEX.accountId}/merchants`);

    cleanup();
    // A fresh tab: the list would otherwise come back with Globex, the row opened, active (table/list-memory.ts).
    sessionStorage.clear();
    renderScreen();
    await screen.findByText('1-2 of 2');
    await userEvent.keyboard('j{Enter}');
    expect(location.history.at(-1)).toBe(`/accounts/${ACME.accountId}/merchants`);
  });
});
