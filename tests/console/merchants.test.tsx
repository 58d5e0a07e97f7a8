import { AppProviders } from '@console/app/providers';
import { KEY_VISIBLE_MS, MerchantDetailScreen } from '@console/areas/merchants/merchant-detail-screen';
import { MerchantsListScreen } from '@console/areas/merchants/merchants-list-screen';
import { HotkeyEngine } from '@console/commands/hotkeys';
import { CommandRegistryProvider } from '@console/commands/registry';
import { createConsoleStorage, writeSession } from '@console/session/storage';
import type { Account } from '@domain/contract/accounts';
import type { SessionResponse } from '@domain/contract/auth';
import type { RuntimeConfig } from '@domain/contract/config';
import type { Merchant } from '@domain/contract/merchants';
import { credentialsFromResponse } from '@machines/session.machine';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
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

const ACCOUNT_ID = '7a0c0a4e-0000-4000-8000-000000000001';
const UNKNOWN_ID = '7a0c0a4e-0000-4000-8000-0000000000ff';

const ACCOUNT: Account = {
  accountId: ACCOUNT_ID,
  shortId: 'ACME01',
  prettyName: 'Acme Payments',
  image: null,
  hasChargebacksFeature: true,
  providers: [],
  merchantCount: 2,
  userCount: 1,
  version: 1,
  createdAt: '2024-03-05T10:15:00.000Z',
};

function merchantOf(index: number, overrides: Partial<Merchant> = {}): Merchant {
  return {
    merchantId: `8b0c0a4e-0000-4000-8000-00000000000${index}`,
    accountId: ACCOUNT_ID,
    prettyName: `Shop ${index}`,
    image: null,
    merchantLegalName: `Shop ${index} Trading S.L.`,
    vatNumber: `ESB1234567${index}`,
    corporateUrl: `https://shop${index}.example.com`,
    dba: `Shop${index}`,
    mccCode: '5999',
    street: 'Calle Mayor 1',
    city: 'Madrid',
    zipCode: '28013',
    country: 'ES',
    email: `billing@shop${index}.example.com`,
    phone: null,
    supportUrl: `https://help.shop${index}.example.com`,
    supportEmail: `help@shop${index}.example.com`,
    supportPhone: '+34 910 000 000',
    webhooksNotificationsUrl: `https://shop${index}.example.com/hooks`,
    successRedirectUrl: null,
    failedRedirectUrl: null,
    version: 1,
    accountReference: { id: ACCOUNT_ID, prettyName: 'Acme Payments' },
    createdAt: '2024-05-01T08:00:00.000Z',
    updatedAt: '2024-06-01T08:00:00.000Z',
    ...overrides,
  };
}

const MERCHANTS = [merchantOf(1), merchantOf(2)];
const KEYS: Record<string, string> = { publicKey: 'pk_live_0123456789', privateKey: 'sk_live_abcdefghij' };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let location: ReturnType<typeof memoryLocation> & { history: string[] };
let requests: URL[];

function renderMerchants(
  path: string,
  permissions = ['merchant.read', 'merchant.select', 'merchant.credentials.read'],
) {
  location = memoryLocation({ path, record: true }) as typeof location;
  requests = [];
  const storage = createConsoleStorage();
  writeSession(
    storage,
    credentialsFromResponse(
      {
        token: 'token-1',
        refreshToken: 'refresh-1',
        expiresIn: 900,
        permissions,
        allAllowed: false,
        isProviderStaff: false,
        email: 'ana@example.com',
        userId: '5d0c0a4e-0000-4000-8000-000000000001',
        fullName: 'Ana Ruiz',
        accounts: [{ accountId: ACCOUNT_ID, shortId: 'ACME01', prettyName: 'Acme Payments' }],
      } satisfies SessionResponse,
      Date.now(),
    ),
  );
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://console.test');
    requests.push(url);
    noteServerCall('GET', url);
    const parts = url.pathname
      .replace(/^\/api/, '')
      .split('/')
      .filter(Boolean);
    if (parts[0] === 'account' && parts[1] === ACCOUNT_ID) {
      if (parts.length === 2) return json(ACCOUNT);
      if (parts[2] === 'merchant' && parts.length === 3) {
        return json({ count: MERCHANTS.length, total: MERCHANTS.length, items: MERCHANTS });
      }
      const found = MERCHANTS.find((merchant) => merchant.merchantId === parts[3]);
      if (found && parts.length === 4) return json(found);
      if (found && parts.length === 5 && parts[4]! in KEYS) return json({ keyName: parts[4], key: KEYS[parts[4]!] });
    }
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
        <Switch>
          <Route path="/accounts/:accountId/merchants" component={MerchantsListScreen} />
          <Route path="/accounts/:accountId/merchants/:merchantId/detail" component={MerchantDetailScreen} />
          <Route path="/!">Resource not found</Route>
        </Switch>
      </CommandRegistryProvider>
    </AppProviders>,
  );
}

const detailPath = (merchant: Merchant) => `/accounts/${ACCOUNT_ID}/merchants/${merchant.merchantId}/detail`;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  giveTablesAHeight();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('merchants list', () => {
  it("lists the account's merchants with name, legal name, country, e-mail, corporate URL and creation date", async () => {
    renderMerchants(`/accounts/${ACCOUNT_ID}/merchants`);
    expect(await screen.findByText('1-2 of 2')).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Merchants' });
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers).toEqual(['Merchant', 'Legal name', 'Country', 'E-mail', 'Corporate URL', 'Created', 'Actions']);
    const row = within(grid).getByRole('row', { name: /Shop 1 Trading/ });
    expect(row).toHaveTextContent('ES');
    expect(row).toHaveTextContent('billing@shop1.example.com');
    expect(row).toHaveTextContent('https://shop1.example.com');
    expect(row).toHaveTextContent(/01 May 2024/);
    expect(await screen.findByText('Acme Payments')).toBeInTheDocument();

    const list = requests.find((url) => url.pathname === `/api/account/${ACCOUNT_ID}/merchant`)!;
    expect(list.searchParams.get('order')).toBe('prettyName');
  });

  it("opens a merchant's detail from the row menu", async () => {
    renderMerchants(`/accounts/${ACCOUNT_ID}/merchants`);
    await screen.findByText('1-2 of 2');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Shop 2' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'View detail' }));
    expect(location.history.at(-1)).toBe(detailPath(MERCHANTS[1]!));
    expect(await screen.findByRole('heading', { name: 'Merchant Detail', level: 1 })).toBeInTheDocument();
  });

  it('searches merchants through the address', async () => {
    renderMerchants(`/accounts/${ACCOUNT_ID}/merchants`);
    await screen.findByText('1-2 of 2');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search Merchants' }), 'shop');
    await waitFor(() => expect(location.history.at(-1)).toBe(`/accounts/${ACCOUNT_ID}/merchants?search=shop`));
    expect(requests.at(-1)?.searchParams.get('search')).toBe('shop');
  });
});

describe('merchant detail', () => {
  it('shows every field of the merchant in its group', async () => {
    renderMerchants(detailPath(MERCHANTS[0]!));
    expect(await screen.findByRole('heading', { name: 'Merchant Detail', level: 1 })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'General' });
    for (const group of ['General', 'Legal', 'Contact', 'Support', 'Notifications & redirects', 'API keys']) {
      expect(screen.getByRole('region', { name: group })).toBeInTheDocument();
    }
    const legal = screen.getByRole('region', { name: 'Legal' });
    expect(within(legal).getByText('Shop 1 Trading S.L.')).toBeInTheDocument();
    expect(within(legal).getByText('ESB12345671')).toBeInTheDocument();
    const support = screen.getByRole('region', { name: 'Support' });
    expect(within(support).getByRole('link', { name: 'help@shop1.example.com' })).toHaveAttribute(
      'href',
      'mailto:help@shop1.example.com',
    );
    expect(within(support).getByText('+34 910 000 000')).toBeInTheDocument();
    const notifications = screen.getByRole('region', { name: 'Notifications & redirects' });
    expect(within(notifications).getByText('https://shop1.example.com/hooks')).toBeInTheDocument();
  });

  it('goes back to the merchants list with the search, sort and page size it had', async () => {
    renderMerchants(`/accounts/${ACCOUNT_ID}/merchants?search=shop&order=-country&limit=100`);
    await screen.findByText('1-2 of 2');
    await userEvent.click(screen.getByRole('gridcell', { name: 'Shop 1' }));
    const back = await screen.findByRole('link', { name: 'Back to Merchants' });
    expect(back).toHaveAttribute('href', `/accounts/${ACCOUNT_ID}/merchants?search=shop&order=-country&limit=100`);
    await userEvent.click(back);
    expect(await screen.findByRole('searchbox', { name: 'Search Merchants' })).toHaveValue('shop');
  });

  it('reveals an API key on request and hides it again after 4 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderMerchants(detailPath(MERCHANTS[0]!));
    const keys = await screen.findByRole('region', { name: 'API keys' });
    expect(within(keys).getByLabelText('Public key hidden')).toHaveTextContent(/^•+$/);
    expect(within(keys).queryByText(KEYS.publicKey!)).not.toBeInTheDocument();
    expect(requests.some((url) => url.pathname.endsWith('/publicKey'))).toBe(false);

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(keys).getByRole('button', { name: 'Show Public key' }));
    expect(await within(keys).findByText(KEYS.publicKey!)).toBeInTheDocument();
    expect(within(keys).queryByText(KEYS.privateKey!)).not.toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(KEY_VISIBLE_MS - 100);
    });
    expect(within(keys).getByText(KEYS.publicKey!)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(within(keys).queryByText(KEYS.publicKey!)).not.toBeInTheDocument();
    expect(within(keys).getByLabelText('Public key hidden')).toBeInTheDocument();
  });

  it('copies a key without showing it', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderMerchants(detailPath(MERCHANTS[0]!));
    const keys = await screen.findByRole('region', { name: 'API keys' });
    await userEvent.click(within(keys).getByRole('button', { name: 'Copy Private key' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(KEYS.privateKey));
    expect(within(keys).queryByText(KEYS.privateKey!)).not.toBeInTheDocument();
  });

  it('offers no reveal or copy without merchant.credentials.read', async () => {
    renderMerchants(detailPath(MERCHANTS[0]!), ['merchant.read', 'merchant.select']);
    const keys = await screen.findByRole('region', { name: 'API keys' });
    expect(within(keys).getByLabelText('Public key hidden')).toBeInTheDocument();
    expect(within(keys).getByLabelText('Private key hidden')).toBeInTheDocument();
    expect(within(keys).queryByRole('button')).not.toBeInTheDocument();
  });

  it('sends an unknown merchant to the resource-not-found page', async () => {
    renderMerchants(`/accounts/${ACCOUNT_ID}/merchants/${UNKNOWN_ID}/detail`);
    expect(await screen.findByText('Resource not found')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/!');
  });
});
