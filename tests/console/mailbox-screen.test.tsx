import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderApp } from './app-harness';

// The development mailbox holds reset and invitation links, so it is a signed-in screen that reads with the session
// (issue 11); the server decides which messages the user may see.

const NOT_FOUND = "Oops! Sorry, we can't find that page";

const message = {
  id: '5d0c0a4e-0000-4000-8000-00000000e001',
  to: 'ana@acme.example',
  subject: 'Reset your Password',
  kind: 'reset',
  // A link to this console (same origin) opens in place.
  links: [{ label: 'Reset your Password', url: `${window.location.origin}/password/reset/abc?exp=1&type=reset` }],
  createdAt: '2025-03-05T10:00:00.000Z',
  text: 'Reset your Password',
};

describe('the development mailbox screen', () => {
  it('sends a signed-out visitor to sign-in and reads nothing', async () => {
    const { location, calls } = renderApp({ path: '/mailbox' });
    await waitFor(() => expect(location.history.at(-1)).toBe(`/login?next=${encodeURIComponent('/mailbox')}`));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/mailbox')).toEqual([]);
  });

  it('reads the mail with the session and says a user sees only their own', async () => {
    const { calls } = renderApp({
      path: '/mailbox',
      session: { email: 'ana@acme.example' },
      server: (call) => (call.path === '/mailbox' ? json(200, { count: 1, items: [message] }) : undefined),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Development mailbox' })).toBeInTheDocument();
    expect(screen.getByText(/only those addressed to you\.$/)).toBeInTheDocument();
    const article = await screen.findByRole('article', { name: 'Reset your Password' });
    expect(within(article).getByRole('link', { name: 'Reset your Password' })).toHaveAttribute(
      'href',
      '/password/reset/abc?exp=1&type=reset',
    );
    const read = calls.find((call) => call.path === '/mailbox');
    expect(read?.headers.get('authorization')).toMatch(/^Bearer \S+/);
  });

  it('shows provider staff that they read every message', async () => {
    renderApp({ path: '/mailbox', session: { isProviderStaff: true, permissions: ['account.read'] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Development mailbox' })).toBeInTheDocument();
    expect(screen.getByText(/Newest first\.$/)).toBeInTheDocument();
    expect(await screen.findByText('There are no items on this list')).toBeInTheDocument();
  });

  it('is not found where the server sends real e-mail', async () => {
    const { calls } = renderApp({ path: '/mailbox', session: {}, config: { mailbox: false } });
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/mailbox')).toEqual([]);
  });
});
