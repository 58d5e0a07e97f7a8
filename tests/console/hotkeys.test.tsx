import { AppCommandLayer } from '@console/app/app-command-layer';
import { useFocusScope } from '@console/commands/focus-scope';
import { HotkeyEngine } from '@console/commands/hotkeys';
import { HoldKeys, KEY_WAIT_MS, useHoldKeys } from '@console/commands/key-queue';
import {
  CommandRegistryProvider,
  executeCommand,
  onCommandExecuted,
  useCommandButton,
  useCommandContext,
  useCommands,
  useRegisterCommands,
} from '@console/commands/registry';
import { shortcutLabel } from '@console/commands/shortcut-label';
import type { Command, CommandContext, CommandSource } from '@console/commands/types';
import { Modal } from '@console/ui/modal';
import { ToastProvider } from '@console/ui/toast';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

const ACCOUNT_ID = '11111111-1111-4111-8111-111111111111';

const fake = vi.hoisted(() => {
  const session = {
    status: 'signedIn',
    signedIn: true,
    grants: { permissions: ['all.read'], allAllowed: false },
    isProviderStaff: true,
    email: 'staff@example.com',
    fullName: 'Staff User',
    userId: '00000000-0000-4000-8000-000000000001',
    accounts: [],
    endReason: null,
    connectionError: false,
    signInPath: '/login/admin',
  };
  const api = {
    get: async (path: string) => {
      if (path.startsWith('/account/') && !path.includes('/merchant')) {
        return {
          accountId: path.split('/')[2],
          shortId: 'ACME',
          prettyName: 'Acme',
          image: null,
          hasChargebacksFeature: true,
          providers: [],
          merchantCount: 0,
          createdAt: '2024-01-01T00:00:00.000Z',
        };
      }
      return { count: 0, total: 0, items: [] };
    },
  };
  const actions = { signIn: () => undefined, logout: () => undefined, dismissConnectionError: () => undefined };
  return { session, api, actions };
});

vi.mock('@console/session/session-provider', () => ({
  useSession: () => fake.session,
  useApi: () => fake.api,
  useSessionActions: () => fake.actions,
}));

function Harness({ children, path = '/accounts' }: { children: ReactNode; path?: string }) {
  const [location] = useState(() => memoryLocation({ path, record: true }));
  return (
    <Router hook={location.hook}>
      <ToastProvider>
        <CommandRegistryProvider>{children}</CommandRegistryProvider>
      </ToastProvider>
      <LocationProbe />
    </Router>
  );
}

function LocationProbe() {
  const [location] = useLocation();
  return <output aria-label="location">{location}</output>;
}

function Register({ commands }: { commands: Command[] }) {
  useRegisterCommands(commands, [commands]);
  return null;
}

function Scope({ kind, children }: { kind: 'page' | 'table'; children?: ReactNode }) {
  useFocusScope(kind);
  return <>{children}</>;
}

function command(overrides: Partial<Command> & Pick<Command, 'id'>): Command {
  return { title: overrides.id, group: 'Actions', scope: 'page', run: () => undefined, ...overrides };
}

function Titles() {
  const titles = useCommands().map((item) => item.title);
  return <p>{titles.join(', ')}</p>;
}

function Screen({ withExport }: { withExport: boolean }) {
  return (
    <Harness>
      {withExport ? <Register commands={[command({ id: 'export', title: 'Export transactions' })]} /> : null}
      <Register commands={[command({ id: 'refresh', title: 'Refresh' })]} />
      <Titles />
    </Harness>
  );
}

function Capture({ onContext }: { onContext: (ctx: CommandContext) => void }) {
  onContext(useCommandContext());
  return null;
}

function RefreshButton() {
  const button = useCommandButton('refresh');
  if (!button) return null;
  return (
    <button type="button" title={button.tooltip} onClick={() => void button.run()}>
      {button.title}
    </button>
  );
}

interface TablePageProps {
  next: () => void;
  palette: () => void;
  dialogOpen?: boolean;
  input?: boolean;
}

function TablePage({ next, palette, dialogOpen = false, input = false }: TablePageProps) {
  return (
    <Harness>
      <HotkeyEngine />
      <Register
        commands={[
          command({ id: 'table.next', keys: ['j', 'arrowdown'], scope: 'table', run: next }),
          command({ id: 'palette.toggle', keys: ['mod+k'], scope: 'global', run: palette }),
        ]}
      />
      <Scope kind="page">
        <Scope kind="table">{input ? <input aria-label="Search" /> : null}</Scope>
      </Scope>
      <Modal open={dialogOpen} onClose={() => undefined} title="Edit merchant" />
    </Harness>
  );
}

describe('command registry', () => {
  it('lists commands while their component is mounted and forgets them after', () => {
    const view = render(<Screen withExport />);
    expect(screen.getByText('Export transactions, Refresh')).toBeInTheDocument();
    view.rerender(<Screen withExport={false} />);
    expect(screen.getByText('Refresh')).toBeInTheDocument();
  });

  it('executeCommand runs a command with its source and refuses one whose `when` fails', async () => {
    const run = vi.fn<(ctx: CommandContext) => void>();
    const seen: CommandSource[] = [];
    const stop = onCommandExecuted(({ source }) => seen.push(source));
    let ctx: CommandContext | undefined;
    render(
      <Harness path={`/accounts/${ACCOUNT_ID}/merchants`}>
        <Capture
          onContext={(context) => {
            ctx = context;
          }}
        />
      </Harness>,
    );
    expect(ctx?.accountId).toBe(ACCOUNT_ID);

    const refund = command({ id: 'refund', run });
    expect(await executeCommand(refund, ctx!, 'menu')).toBe(true);
    expect(run).toHaveBeenCalledWith(expect.objectContaining({ source: 'menu', accountId: ACCOUNT_ID }));

    const forbidden = command({ id: 'delete', run, when: (context) => context.grants.permissions.includes('x') });
    expect(await executeCommand(forbidden, ctx!, 'palette')).toBe(false);
    expect(run).toHaveBeenCalledTimes(1);

    // A command that needs a record runs only with one of its kind.
    const refundOne = command({ id: 'refund-one', run, target: 'transaction' });
    expect(await executeCommand(refundOne, ctx!, 'palette')).toBe(false);
    const chargeback = { kind: 'chargeback' as const, id: 'c1', accountId: ACCOUNT_ID };
    expect(await executeCommand(refundOne, ctx!, 'palette', chargeback)).toBe(false);
    expect(run).toHaveBeenCalledTimes(1);
    const transaction = { kind: 'transaction' as const, id: 't1', accountId: ACCOUNT_ID };
    expect(await executeCommand(refundOne, ctx!, 'palette', transaction)).toBe(true);
    expect(run).toHaveBeenLastCalledWith(expect.objectContaining({ source: 'palette' }), transaction);
    expect(seen).toEqual(['menu', 'palette']);
    stop();
  });

  it('a button runs the registered command and shows its title and shortcut', async () => {
    const user = userEvent.setup();
    const run = vi.fn<(ctx: CommandContext) => void>();
    render(
      <Harness>
        <Register commands={[command({ id: 'refresh', title: 'Refresh', keys: ['mod+r'], run })]} />
        <RefreshButton />
      </Harness>,
    );
    const button = screen.getByRole('button', { name: 'Refresh' });
    expect(button).toHaveAttribute('title', 'Refresh (Ctrl R)');
    await user.click(button);
    expect(run).toHaveBeenCalledWith(expect.objectContaining({ source: 'button' }));
  });
});

describe('shortcut labels', () => {
  it('reads as the user presses the keys on each platform', () => {
    expect(shortcutLabel('mod+k', true)).toBe('⌘K');
    expect(shortcutLabel('mod+k', false)).toBe('Ctrl K');
    expect(shortcutLabel(['g>a'], false)).toBe('G then A');
    expect(shortcutLabel('shift+slash', false)).toBe('?');
  });
});

describe('hotkeys', () => {
  let next: ReturnType<typeof vi.fn<() => void>>;
  let palette: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    next = vi.fn();
    palette = vi.fn();
  });

  it('fires a table key while the table scope is reachable', async () => {
    const user = userEvent.setup();
    render(<TablePage next={next} palette={palette} />);
    await user.keyboard('j');
    await user.keyboard('{ArrowDown}');
    expect(next).toHaveBeenCalledTimes(2);
    expect(next).toHaveBeenCalledWith(expect.objectContaining({ source: 'hotkey' }));
  });

  it('ignores a table key while a dialog scope is on top, but mod+k still works', async () => {
    const user = userEvent.setup();
    render(<TablePage next={next} palette={palette} dialogOpen />);
    await user.keyboard('j');
    expect(next).not.toHaveBeenCalled();
    await user.keyboard('{Control>}k{/Control}');
    expect(palette).toHaveBeenCalledTimes(1);
  });

  it('never fires single-key shortcuts while typing in an input; mod+k still fires', async () => {
    const user = userEvent.setup();
    render(<TablePage next={next} palette={palette} input />);
    await user.click(screen.getByRole('textbox', { name: 'Search' }));
    await user.keyboard('jj');
    expect(next).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('jj');
    await user.keyboard('{Control>}k{/Control}');
    expect(palette).toHaveBeenCalledTimes(1);
  });

  it('does not bind a command whose `when` is false', async () => {
    const user = userEvent.setup();
    const archive = vi.fn();
    render(
      <Harness>
        <HotkeyEngine />
        <Scope kind="page" />
        <Register commands={[command({ id: 'archive', keys: ['e'], when: () => false, run: archive })]} />
      </Harness>,
    );
    await user.keyboard('e');
    expect(archive).not.toHaveBeenCalled();
  });

  it('g then m jumps to the merchants screen of the current account', async () => {
    const user = userEvent.setup();
    render(
      <Harness path={`/accounts/${ACCOUNT_ID}/merchants/22222222-2222-4222-8222-222222222222/detail`}>
        <AppCommandLayer />
      </Harness>,
    );
    await user.keyboard('gm');
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(`/accounts/${ACCOUNT_ID}/merchants`);
    await user.keyboard('ga');
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/accounts');
    expect(screen.getByRole('status', { name: 'location' })).not.toHaveTextContent(ACCOUNT_ID);
  });

  it('a g sequence expires after a second', async () => {
    const user = userEvent.setup();
    // The clock stands still at the real time (another time would put the query cache's timers out of range).
    const start = Date.now();
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(start);
    render(
      <Harness path={`/accounts/${ACCOUNT_ID}/merchants/22222222-2222-4222-8222-222222222222/detail`}>
        <AppCommandLayer />
      </Harness>,
    );
    await user.keyboard('g');
    now.mockReturnValue(start + 1_500);
    await user.keyboard('m');
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/detail');
    now.mockRestore();
  });

  it('? opens the shortcuts sheet listing registered keys, and Escape closes it', async () => {
    const user = userEvent.setup();
    render(
      <Harness path={`/accounts/${ACCOUNT_ID}/merchants`}>
        <AppCommandLayer />
        <Register commands={[command({ id: 'table.open', title: 'Open row', keys: ['enter'], group: 'Table' })]} />
      </Harness>,
    );
    await user.keyboard('?');
    const sheet = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(sheet).toHaveTextContent('Open row');
    expect(sheet).toHaveTextContent('Go to Merchants');
    expect(sheet).toHaveTextContent('Open or close the command palette');
    await act(async () => {
      await user.keyboard('{Escape}');
    });
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
  });
});

/** A screen whose command exists once its data has loaded, holding the keys meanwhile (like the data table). */
function LoadingScreen({ loading, ready = !loading, run }: { loading: boolean; ready?: boolean; run: () => void }) {
  useRegisterCommands(ready ? [command({ id: 'archive', keys: ['e'], run })] : [], [ready, run]);
  useHoldKeys(loading);
  return null;
}

describe('keys typed before the screen is ready', () => {
  it('wait for the hotkeys that are not mounted yet, instead of vanishing', async () => {
    const user = userEvent.setup();
    const next = vi.fn();
    // What the router shows while the signed-in shell's code loads.
    const view = render(
      <Harness>
        <HoldKeys />
      </Harness>,
    );
    await user.keyboard('jj');
    expect(next).not.toHaveBeenCalled();
    view.rerender(
      <Harness>
        <HotkeyEngine />
        <Register commands={[command({ id: 'table.next', keys: ['j'], scope: 'table', run: next })]} />
        <Scope kind="page">
          <Scope kind="table" />
        </Scope>
      </Harness>,
    );
    await waitFor(() => expect(next).toHaveBeenCalledTimes(2));
  });

  it('a key that finds no command while the screen loads runs once it has loaded, in the order typed', async () => {
    const user = userEvent.setup();
    const archive = vi.fn();
    const view = render(
      <Harness path={`/accounts/${ACCOUNT_ID}/merchants/22222222-2222-4222-8222-222222222222/detail`}>
        <AppCommandLayer />
        <LoadingScreen loading run={archive} />
      </Harness>,
    );
    // `e` waits; `g m` typed after it waits behind it, so the jump does not take the screen away first.
    await user.keyboard('egm');
    expect(archive).not.toHaveBeenCalled();
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/detail');
    view.rerender(
      <Harness path={`/accounts/${ACCOUNT_ID}/merchants/22222222-2222-4222-8222-222222222222/detail`}>
        <AppCommandLayer />
        <LoadingScreen loading={false} run={archive} />
      </Harness>,
    );
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(
        new RegExp(`^/accounts/${ACCOUNT_ID}/merchants$`),
      ),
    );
    expect(archive).toHaveBeenCalledTimes(1);
  });

  it('a key that finds a command runs at once, even while something loads', async () => {
    const user = userEvent.setup();
    const archive = vi.fn();
    render(
      <Harness>
        <HotkeyEngine />
        <Scope kind="page" />
        <LoadingScreen loading ready run={archive} />
      </Harness>,
    );
    await user.keyboard('e');
    expect(archive).toHaveBeenCalledTimes(1);
  });

  it('a load that never ends lets a waiting key go after the wait limit', async () => {
    const user = userEvent.setup();
    const archive = vi.fn();
    // The command is there but cannot act yet, and the screen never stops loading.
    const state = { ready: false };
    render(
      <Harness>
        <HotkeyEngine />
        <Scope kind="page" />
        <Register commands={[command({ id: 'archive', keys: ['e'], when: () => state.ready, run: archive })]} />
        <LoadingScreen loading ready={false} run={archive} />
      </Harness>,
    );
    await user.keyboard('e');
    state.ready = true;
    expect(archive).not.toHaveBeenCalled();
    // Nothing tells the keys the command can act now: the wait limit does.
    await waitFor(() => expect(archive).toHaveBeenCalledTimes(1), { timeout: KEY_WAIT_MS + 1000 });
  });

  it('a waiting key runs as soon as its command is registered, though something else still loads', async () => {
    const user = userEvent.setup();
    const archive = vi.fn();
    const screenWith = (ready: boolean) => (
      <Harness>
        <HotkeyEngine />
        <Scope kind="page" />
        <LoadingScreen loading ready={ready} run={archive} />
      </Harness>
    );
    const view = render(screenWith(false));
    await user.keyboard('e');
    expect(archive).not.toHaveBeenCalled();
    view.rerender(screenWith(true));
    await waitFor(() => expect(archive).toHaveBeenCalledTimes(1));
  });

  it('keys typed with nothing loading and no command are simply ignored', async () => {
    const user = userEvent.setup();
    const archive = vi.fn();
    const view = render(
      <Harness>
        <HotkeyEngine />
        <Scope kind="page" />
        <LoadingScreen loading={false} ready={false} run={archive} />
      </Harness>,
    );
    await user.keyboard('e');
    view.rerender(
      <Harness>
        <HotkeyEngine />
        <Scope kind="page" />
        <LoadingScreen loading={false} ready run={archive} />
      </Harness>,
    );
    await user.keyboard('x');
    expect(archive).not.toHaveBeenCalled();
  });
});
