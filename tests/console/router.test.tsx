import { homePath, SCREENS, visibleScreens } from '@console/app/screens';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ID, json, renderApp } from './app-harness';

const NOT_FOUND = "Oops! Sorry, we can't find that page";
const MERCHANT_ID = '5d0c0a4e-0000-4000-8000-0000000000cc';

const account = {
  accountId: ACCOUNT_ID,
  shortId: 'ACME',
  prettyName: 'Acme',
  image: null,
  hasChargebacksFeature: false,
  providers: [],
  merchantCount: 1,
  userCount: 1,
  version: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('route table', () => {
  it('does not register a private route without its permission: the not-found page shows', async () => {
    renderApp({ path: `/accounts/${ACCOUNT_ID}/merchants`, session: { permissions: ['user.read'] } });
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go back to the previous page' })).toBeInTheDocument();
  });

  it('shows the not-found page inside the shell as a region of its one main landmark', async () => {
    renderApp({ path: `/accounts/${ACCOUNT_ID}/merchants`, session: { permissions: ['user.read'] } });
    const heading = await screen.findByRole('heading', { name: NOT_FOUND });
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('main')).toContainElement(heading);
    expect(screen.getByRole('region', { name: NOT_FOUND })).toContainElement(heading);
  });

  it('shows the not-found page signed out as the main landmark of the page', async () => {
    renderApp({ path: '/password/unknown-kind', session: null });
    const heading = await screen.findByRole('heading', { name: NOT_FOUND });
    expect(screen.getByRole('main')).toContainElement(heading);
  });

  it('names the controls of the top menu by what they show, so a speech user can say it', async () => {
    renderApp({
      path: `/accounts/${ACCOUNT_ID}/merchants`,
      session: { permissions: ['merchant.read'], fullName: 'Ana Admin', email: 'ana@acme.example' },
      server: (call) => (call.path === `/account/${ACCOUNT_ID}` ? json(200, account) : undefined),
    });
    expect(await screen.findByRole('button', { name: 'Account Acme' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.getByRole('button', { name: 'Merchant All merchants' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Search or jump to…/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'User menu: Ana Admin ana@acme.example' })).toBeInTheDocument();
  });

  it('keeps staff-only screens from account users', async () => {
    renderApp({ path: '/accounts', session: { permissions: ['account.read', 'merchant.read'] } });
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
  });

  it('shows the not-found page for an identifier that is not 8-4-4-4-12 hexadecimal', async () => {
    renderApp({ path: '/accounts/not-an-id/merchants', session: {} });
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
  });

  it('sends a signed-in user on a sign-in path home', async () => {
    const { currentPath } = renderApp({ path: '/login', session: {} });
    await waitFor(() => expect(currentPath()).toBe(`/accounts/${ACCOUNT_ID}/merchants`));
  });

  it('sends signed-in provider staff on / to the accounts list', async () => {
    const { currentPath } = renderApp({
      path: '/',
      session: { isProviderStaff: true, permissions: ['account.read', 'merchant.read'] },
    });
    await waitFor(() => expect(currentPath()).toBe('/accounts'));
  });

  it('sends a signed-out user on a private path to sign-in, remembering where they were going', async () => {
    const { location } = renderApp({ path: `/accounts/${ACCOUNT_ID}/merchants` });
    await waitFor(() =>
      expect(location.history.at(-1)).toBe(`/login?next=${encodeURIComponent(`/accounts/${ACCOUNT_ID}/merchants`)}`),
    );
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('unsubscribe needs a valid user id', () => {
    renderApp({ path: '/unsubscribe/12345' });
    expect(screen.getByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
  });

  it('the password page needs a known type', () => {
    renderApp({ path: '/password/bogus/x' });
    expect(screen.getByRole('heading', { name: NOT_FOUND })).toBeInTheDocument();
  });

  it('unsubscribes with PUT /user/{userId}/unsubscribe and shows the outcome', async () => {
    const userId = '5d0c0a4e-0000-4000-8000-0000000000dd';
    const { calls } = renderApp({
      path: `/unsubscribe/${userId}`,
      server: (call) => (call.method === 'PUT' ? json(200, { ok: true }) : undefined),
    });
    expect(await screen.findByText('You have been unsubscribed')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'PUT', path: `/user/${userId}/unsubscribe` });
  });

  it('shows the resource-not-found page at /! with its request-permissions text', async () => {
    renderApp({ path: '/!', session: {} });
    expect(await screen.findByText(/Request permissions from an administrator/)).toBeInTheDocument();
  });

  it('logging out provider staff returns them to the admin sign-in', async () => {
    const { user, currentPath } = renderApp({
      path: '/accounts',
      session: { isProviderStaff: true, permissions: ['account.read', 'merchant.read'], fullName: 'Sam Staff' },
      server: (call) => (call.path === '/user/logout' ? json(200, { ok: true }) : undefined),
    });
    await user.click(await screen.findByRole('button', { name: /^User menu: Sam Staff/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(currentPath()).toBe('/login/admin'));
    expect(screen.getByRole('heading', { name: 'Admin log in' })).toBeInTheDocument();
  });

  it('inside a merchant, the side bar offers Back to merchants and Merchant detail', async () => {
    renderApp({
      path: `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/detail`,
      session: { permissions: ['merchant.read', 'merchant.select'] },
      server: (call) => (call.path === `/account/${ACCOUNT_ID}` ? json(200, account) : undefined),
    });
    const nav = await screen.findByRole('navigation', { name: 'Merchant sections' });
    expect(within(nav).getByRole('link', { name: 'Back to merchants' })).toHaveAttribute(
      'href',
      `/accounts/${ACCOUNT_ID}/merchants`,
    );
    expect(within(nav).getByRole('link', { name: /Merchant detail/ })).toHaveAttribute('aria-current', 'page');
  });
});

describe('visible screens', () => {
  const grants = { permissions: ['merchant.read', 'account.read'] };

  it('hides staff-only screens from account users and screens without permission', () => {
    const ids = (list: { id: string }[]) => list.map((screen) => screen.id);
    expect(
      ids(visibleScreens(SCREENS, { grants, isProviderStaff: false, hasChargebacksFeature: false })),
    ).not.toContain('accounts');
    expect(ids(visibleScreens(SCREENS, { grants, isProviderStaff: true, hasChargebacksFeature: false }))).toContain(
      'accounts',
    );
    // Only the e-mailed export link's page and the development mailbox need no permission, just a session (the
    // server checks the file is the user's own, and shows a user only the mail addressed to them).
    expect(
      ids(visibleScreens(SCREENS, { grants: { permissions: [] }, isProviderStaff: true, hasChargebacksFeature: true })),
    ).toEqual(['export-download', 'mailbox']);
  });

  it('hides chargeback screens unless the account has the feature', () => {
    const withFeature = [
      ...SCREENS,
      {
        ...SCREENS.find((screen) => screen.id === 'merchants')!,
        id: 'disputes',
        requiresChargebacksFeature: true,
        permissions: [],
      },
    ];
    const visible = (hasChargebacksFeature: boolean) =>
      visibleScreens(withFeature, { grants, isProviderStaff: false, hasChargebacksFeature }).map((s) => s.id);
    expect(visible(false)).not.toContain('disputes');
    expect(visible(true)).toContain('disputes');
  });

  it('home is the accounts list for staff, the first account screen otherwise, none without any', () => {
    const accounts = [{ accountId: ACCOUNT_ID }];
    expect(homePath(SCREENS, { grants, isProviderStaff: true, accounts })).toBe('/accounts');
    expect(homePath(SCREENS, { grants, isProviderStaff: false, accounts })).toBe(`/accounts/${ACCOUNT_ID}/merchants`);
    expect(homePath(SCREENS, { grants: { permissions: [] }, isProviderStaff: false, accounts })).toBeNull();
  });
});
