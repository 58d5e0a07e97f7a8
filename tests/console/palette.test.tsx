import { AppCommandLayer } from '@console/app/app-command-layer';
import { CommandRegistryProvider, useRegisterCommands, useRegisterPaletteSources } from '@console/commands/registry';
import type { Command, CommandTarget, PaletteSource } from '@console/commands/types';
import { ToastProvider } from '@console/ui/toast';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

const ACCOUNT_ID = '11111111-1111-4111-8111-111111111111';
const OTHER_ACCOUNT_ID = '33333333-3333-4333-8333-333333333333';
const GLOBAL_SHOP_ID = '44444444-4444-4444-8444-444444444444';

const merchantId = (index: number) => `22222222-2222-4222-8222-${String(index).padStart(12, '0')}`;

const fake = vi.hoisted(() => {
  const session = {
    status: 'signedIn',
    signedIn: true,
    grants: { permissions: [] as string[], allAllowed: false },
    isProviderStaff: false,
    email: 'user@example.com',
    fullName: 'A User',
    userId: '00000000-0000-4000-8000-000000000001',
    accounts: [] as { accountId: string; shortId: string; prettyName: string }[],
    endReason: null,
    connectionError: false,
    signInPath: '/login',
  };
  const calls: { path: string; query: Record<string, unknown> | undefined }[] = [];
  const state = { merchantCount: 0, hits: [] as unknown[] };
  const actions = { signIn: () => undefined, logout: () => undefined, dismissConnectionError: () => undefined };
  return { session, calls, state, actions };
});

function merchantRecord(index: number) {
  return {
    merchantId: merchantId(index),
    accountId: ACCOUNT_ID,
    prettyName: `Merchant ${String(index).padStart(4, '0')}`,
    image: null,
    merchantLegalName: `Merchant ${index} Ltd`,
    vatNumber: '',
    corporateUrl: '',
    dba: '',
    mccCode: '5411',
    street: '',
    city: '',
    zipCode: '',
    country: 'ES',
    email: 'm@example.com',
    phone: null,
    supportUrl: '',
    supportEmail: '',
    supportPhone: null,
    webhooksNotificationsUrl: null,
    successRedirectUrl: null,
    failedRedirectUrl: null,
    version: 1,
    accountReference: { id: ACCOUNT_ID, prettyName: 'Acme' },
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  };
}

// A stand-in for the API client: it answers the palette's three calls and parses with the caller's schema, as the
// real client does.
const api = {
  async get(path: string, options: { query?: Record<string, unknown>; schema?: { parse: (v: unknown) => unknown } }) {
    fake.calls.push({ path, query: options?.query });
    let body: unknown;
    if (path === '/search') body = { items: fake.state.hits };
    else if (path.endsWith('/saved-view')) body = { items: [] };
    else if (path === `/account/${ACCOUNT_ID}/merchant`) {
      const items = Array.from({ length: fake.state.merchantCount }, (_, index) => merchantRecord(index + 1));
      body = { count: items.length, total: items.length, items };
    } else if (path.startsWith('/account/')) {
      body = {
        accountId: path.split('/')[2],
        shortId: 'ACME',
        prettyName: 'Acme',
        image: null,
        hasChargebacksFeature: true,
        providers: [],
        merchantCount: fake.state.merchantCount,
        userCount: 1,
        version: 1,
        createdAt: '2024-01-01T00:00:00.000Z',
      };
    }
    return options?.schema ? options.schema.parse(body) : body;
  },
};

vi.mock('@console/session/session-provider', () => ({
  useSession: () => fake.session,
  useApi: () => api,
  useSessionActions: () => fake.actions,
}));

function LocationProbe() {
  const [location] = useLocation();
  return <output aria-label="location">{location}</output>;
}

function Shell({ path, children }: { path: string; children?: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient());
  const [location] = useState(() => memoryLocation({ path }));
  return (
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>
        <ToastProvider>
          <CommandRegistryProvider>
            <AppCommandLayer />
            <LocationProbe />
            {children}
          </CommandRegistryProvider>
        </ToastProvider>
      </Router>
    </QueryClientProvider>
  );
}

function signIn(session: { permissions: string[]; isProviderStaff: boolean; accounts?: typeof fake.session.accounts }) {
  fake.session.grants = { permissions: session.permissions, allAllowed: false };
  fake.session.isProviderStaff = session.isProviderStaff;
  fake.session.accounts = session.accounts ?? [];
}

const location = () => screen.getByRole('status', { name: 'location' });
const palette = () => screen.getByRole('dialog', { name: 'Command palette' });

beforeEach(() => {
  fake.calls.length = 0;
  fake.state.merchantCount = 0;
  fake.state.hits = [];
});

describe('command palette', () => {
  it('Ctrl+K opens and closes it; Escape closes it too', async () => {
    const user = userEvent.setup();
    signIn({ permissions: ['merchant.read'], isProviderStaff: false });
    render(<Shell path={`/accounts/${ACCOUNT_ID}/merchants`} />);

    await user.keyboard('{Control>}k{/Control}');
    expect(palette()).toBeInTheDocument();
    expect(within(palette()).getByRole('combobox')).toHaveFocus();
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument();

    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument();
  });

  it('lists only the screens the user may see', async () => {
    const user = userEvent.setup();
    signIn({ permissions: ['merchant.read'], isProviderStaff: false });
    render(<Shell path={`/accounts/${ACCOUNT_ID}/merchants`} />);
    await user.keyboard('{Control>}k{/Control}');
    const navigation = within(palette()).getByRole('group', { name: 'Navigation' });
    expect(within(navigation).getByRole('option', { name: /Merchants/ })).toBeInTheDocument();
    // The accounts list is for provider staff with account.read.
    expect(within(navigation).queryByRole('option', { name: /Accounts/ })).not.toBeInTheDocument();
  });

  it('hides a screen whose permission is missing and shows staff screens to staff', async () => {
    const user = userEvent.setup();
    signIn({ permissions: ['account.read'], isProviderStaff: true });
    render(<Shell path={`/accounts/${ACCOUNT_ID}/merchants`} />);
    await user.keyboard('{Control>}k{/Control}');
    const navigation = within(palette()).getByRole('group', { name: 'Navigation' });
    expect(within(navigation).getByRole('option', { name: /Accounts/ })).toBeInTheDocument();
    expect(within(navigation).queryByRole('option', { name: /Merchants/ })).not.toBeInTheDocument();
  });

  it('navigates to the screen chosen', async () => {
    const user = userEvent.setup();
    signIn({ permissions: ['all.read'], isProviderStaff: true });
    render(<Shell path={`/accounts/${ACCOUNT_ID}/merchants/${merchantId(7)}/detail`} />);
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('merchants');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(new RegExp(`^/accounts/${ACCOUNT_ID}/merchants$`)));
  });

  it('searches accounts and merchants through the API as the user types; a merchant hit opens its detail', async () => {
    const user = userEvent.setup();
    signIn({ permissions: ['all.read'], isProviderStaff: true });
    fake.state.hits = [
      {
        kind: 'merchant',
        id: GLOBAL_SHOP_ID,
        accountId: OTHER_ACCOUNT_ID,
        title: 'Global Shop',
        subtitle: 'Global Shop SL · Beta',
      },
    ];
    render(<Shell path="/accounts" />);
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('g');
    expect(fake.calls.some((call) => call.path === '/search')).toBe(false);
    await user.keyboard('lob');

    const hit = await within(palette()).findByRole('option', { name: /Global Shop/ });
    const searches = fake.calls.filter((call) => call.path === '/search');
    // Debounced: one call for the settled query, none for each keystroke.
    expect(searches).toEqual([{ path: '/search', query: { q: 'glob', limit: 20 } }]);

    await user.click(hit);
    await waitFor(() =>
      expect(location()).toHaveTextContent(`/accounts/${OTHER_ACCOUNT_ID}/merchants/${GLOBAL_SHOP_ID}/detail`),
    );
  });

  it('offers to open what a pasted identifier names', async () => {
    const user = userEvent.setup();
    signIn({ permissions: ['all.read'], isProviderStaff: true });
    fake.state.hits = [
      { kind: 'account', id: OTHER_ACCOUNT_ID, accountId: OTHER_ACCOUNT_ID, title: 'Beta', subtitle: 'BETA' },
    ];
    render(<Shell path="/accounts" />);
    await user.keyboard('{Control>}k{/Control}');
    await user.paste(OTHER_ACCOUNT_ID);
    const open = await within(palette()).findByRole('option', { name: new RegExp(`Open ${OTHER_ACCOUNT_ID}`) });
    expect(open).toHaveTextContent('Account · Beta');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toHaveTextContent(`/accounts/${OTHER_ACCOUNT_ID}/merchants`));
  });

  it('renders at most 50 items with 1000 merchants available', async () => {
    const user = userEvent.setup();
    signIn({ permissions: ['merchant.read'], isProviderStaff: false });
    fake.state.merchantCount = 1000;
    render(<Shell path={`/accounts/${ACCOUNT_ID}/merchants`} />);
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('merchant');
    // 1000 merchants, the Merchants screen and the Switch merchant command match.
    await within(palette()).findByText('Showing 50 of 1002; keep typing to narrow');
    expect(within(palette()).getAllByRole('option')).toHaveLength(50);

    await user.keyboard(' 0999');
    await waitFor(() => expect(within(palette()).getAllByRole('option')).toHaveLength(1));
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(location()).toHaveTextContent(`/accounts/${ACCOUNT_ID}/merchants/${merchantId(999)}/detail`),
    );
  });

  it('Switch account lists the accounts of the session and goes to the one chosen', async () => {
    const user = userEvent.setup();
    signIn({
      permissions: ['all.read'],
      isProviderStaff: true,
      accounts: [
        { accountId: ACCOUNT_ID, shortId: 'ACME', prettyName: 'Acme' },
        { accountId: OTHER_ACCOUNT_ID, shortId: 'BETA', prettyName: 'Beta' },
      ],
    });
    render(<Shell path={`/accounts/${ACCOUNT_ID}/merchants`} />);
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('switch acc');
    await user.keyboard('{Enter}');
    const accounts = await within(palette()).findAllByRole('option');
    expect(accounts.map((option) => option.textContent)).toEqual(['BetaBETA']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toHaveTextContent(`/accounts/${OTHER_ACCOUNT_ID}/merchants`));
  });
});

/** A command that needs a transaction, and a picker source for that kind: what any area can register. */
function Archive({ run }: { run: (target: CommandTarget | undefined) => void }) {
  const archive: Command = {
    id: 'test.archive',
    title: 'Archive a transaction…',
    group: 'Actions',
    scope: 'page',
    target: 'transaction',
    run: (_ctx, target) => run(target),
  };
  useRegisterCommands([archive], [run]);
  const source: PaletteSource = {
    id: 'test.transactions',
    page: 'transaction',
    items: () =>
      ['aaaa', 'bbbb'].map((id) => ({
        id: `pick:${id}`,
        title: `Transaction ${id}`,
        group: 'Transactions',
        target: { kind: 'transaction', id, accountId: ACCOUNT_ID },
        onSelect: () => undefined,
      })),
  };
  useRegisterPaletteSources([source], []);
  return null;
}

describe('commands that need a target', () => {
  it('ask for it in a picker step of its kind and run with the record picked', async () => {
    const user = userEvent.setup();
    const run = vi.fn();
    signIn({ permissions: ['merchant.read'], isProviderStaff: false });
    render(
      <Shell path={`/accounts/${ACCOUNT_ID}/merchants`}>
        <Archive run={run} />
      </Shell>,
    );
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('archive');
    await user.keyboard('{Enter}');
    // Still open, now asking for the transaction.
    expect(within(palette()).getByRole('combobox')).toHaveAccessibleName('Archive a transaction…');
    expect(palette()).toHaveTextContent('Backspace to go back');
    expect(run).not.toHaveBeenCalled();
    await user.keyboard('bbbb');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(run).toHaveBeenCalledWith({ kind: 'transaction', id: 'bbbb', accountId: ACCOUNT_ID }));
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument();
  });
});
