import { AppCommandLayer } from '@console/app/app-command-layer';
import { CommandRegistryProvider, useRegisterPaletteSources } from '@console/commands/registry';
import type { PaletteItem, PaletteSource } from '@console/commands/types';
import { ToastProvider } from '@console/ui/toast';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

// The palette is a combobox: the focus stays in its input, and the input's aria-activedescendant is what tells a
// screen reader which option is highlighted. It must name the option shown selected, whatever the results did since
// (cmdk 1.1.1 left it on an option the new results had removed, dip/cmdk#413).

const ACCOUNT_ID = '11111111-1111-4111-8111-111111111111';

const fake = vi.hoisted(() => ({
  session: {
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
  },
  actions: { signIn: () => undefined, logout: () => undefined, dismissConnectionError: () => undefined },
}));

// The palette's own sources ask for the account's merchants and search the API; both find nothing here.
const api = {
  async get(path: string, options?: { schema?: { parse: (value: unknown) => unknown } }) {
    const body = path === '/search' || path.endsWith('/saved-view') ? { items: [] } : { count: 0, total: 0, items: [] };
    return options?.schema ? options.schema.parse(body) : body;
  },
};

vi.mock('@console/session/session-provider', () => ({
  useSession: () => fake.session,
  useApi: () => api,
  useSessionActions: () => fake.actions,
}));

const fruit = (title: string, group = 'Fruit'): PaletteItem => ({
  id: `${group.toLowerCase()}:${title.toLowerCase()}`,
  title,
  group,
  onSelect: () => undefined,
});

/** Local items, and a remote lookup whose answer comes after the query was typed. */
function Fruit() {
  const sources: PaletteSource[] = [
    {
      id: 'test.fruit',
      items: () => ['Quandong', 'Quenepa', 'Quince', 'Kumquat', 'Kiwano'].map((title) => fruit(title)),
    },
    {
      id: 'test.orchard',
      minQueryLength: 4,
      search: async (query) => (query === 'quan' ? [fruit('Quandong jam', 'Preserves')] : []),
    },
  ];
  useRegisterPaletteSources(sources, []);
  return null;
}

function Shell() {
  const [queryClient] = useState(() => new QueryClient());
  const [location] = useState(() => memoryLocation({ path: `/accounts/${ACCOUNT_ID}/merchants` }));
  return (
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>
        <ToastProvider>
          <CommandRegistryProvider>
            <AppCommandLayer />
            <Fruit />
          </CommandRegistryProvider>
        </ToastProvider>
      </Router>
    </QueryClientProvider>
  );
}

const palette = () => screen.getByRole('dialog', { name: 'Command palette' });

/** The input (and its listbox) point at the one option shown selected, an element of the page. */
function expectActiveOption(name?: string): HTMLElement {
  const selected = within(palette()).getByRole('option', { selected: true });
  if (name) expect(selected).toHaveAccessibleName(name);
  expect(selected.id).not.toBe('');
  expect(document.getElementById(selected.id)).toBe(selected);
  expect(within(palette()).getByRole('combobox')).toHaveAttribute('aria-activedescendant', selected.id);
  expect(within(palette()).getByRole('listbox')).toHaveAttribute('aria-activedescendant', selected.id);
  return selected;
}

const options = () => within(palette()).getAllByRole('option');

describe('command palette, for a screen reader', () => {
  it('points the input at the highlighted option while typing, changing the query and arrowing', async () => {
    const user = userEvent.setup();
    render(<Shell />);
    await user.keyboard('{Control>}k{/Control}');
    expect(expectActiveOption()).toBe(options()[0]);
    await user.keyboard('{ArrowUp}');
    expect(expectActiveOption()).toBe(options().at(-1));

    await user.keyboard('qu');
    expectActiveOption('Quandong');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expectActiveOption('Quince');
    // Quince, the option the arrows reached, is no longer a result: the first one is highlighted.
    await user.keyboard('a');
    expectActiveOption('Quandong');
    await user.keyboard('{ArrowDown}');
    expectActiveOption('Kumquat');
    await user.keyboard('n');
    expectActiveOption('Quandong');
    // The remote answer arrives later; the highlighted option stays, and the arrows reach the new one.
    await within(palette()).findByRole('option', { name: 'Quandong jam' });
    expectActiveOption('Quandong');
    await user.keyboard('{ArrowDown}');
    expectActiveOption('Quandong jam');
    await user.keyboard('{Backspace}');
    expectActiveOption('Quandong');

    await user.clear(within(palette()).getByRole('combobox'));
    expect(expectActiveOption()).toBe(options()[0]);
    await user.keyboard('kiw');
    expectActiveOption('Kiwano');
  });

  it('points at nothing when nothing matches, and at the first option when results come back', async () => {
    const user = userEvent.setup();
    render(<Shell />);
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('{ArrowDown}zzz');
    expect(within(palette()).queryByRole('option')).not.toBeInTheDocument();
    expect(within(palette()).getByRole('combobox')).not.toHaveAttribute('aria-activedescendant');
    expect(within(palette()).getByRole('listbox')).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Backspace}{Backspace}{Backspace}');
    expect(expectActiveOption()).toBe(options()[0]);
  });
});
