import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ID, json, renderApp, sessionAnswer } from './app-harness';

describe('sign-in screen', () => {
  it('shows the account sign-in form, the forgot link, the environment switch and the version', () => {
    renderApp({ path: '/login' });
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Account ID')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/password/forgot');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    const environment = screen.getByRole('navigation', { name: 'Environment' });
    // jsdom's origin is neither configured origin, so this is Test and Live links to the live origin.
    expect(environment).toHaveTextContent('Test');
    expect(screen.getByRole('link', { name: 'Live' })).toHaveAttribute('href', 'https://console.example/login');
    expect(screen.getByText('Version 3.201.0')).toBeInTheDocument();
  });

  it('the admin sign-in has no Account ID and its own forgot link', () => {
    renderApp({ path: '/login/admin' });
    expect(screen.getByRole('heading', { name: 'Admin log in' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Account ID')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/password/forgot/admin',
    );
  });

  it('validates on change and on blur with the spec texts, and sends nothing while invalid', async () => {
    const { user, calls } = renderApp({ path: '/login' });
    const email = screen.getByLabelText('Email');
    await user.type(email, 'ana@');
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.clear(email);
    expect(email).toHaveAccessibleDescription('Required field');

    await user.click(screen.getByLabelText('Account ID'));
    await user.tab();
    expect(screen.getByLabelText('Account ID')).toHaveAccessibleDescription('Required field');

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Required field');
    expect(calls.filter((call) => call.path.startsWith('/user/'))).toHaveLength(0);
  });

  it('does not flag an untouched field when the user leaves it for a link (the click must not be lost)', async () => {
    const { user } = renderApp({ path: '/login' });
    await user.click(screen.getByLabelText('Account ID'));
    const link = screen.getByRole('link', { name: 'Forgot your password?' });
    // Between press and release: the field has lost focus, and no error may shift the link away from the pointer.
    await user.pointer({ keys: '[MouseLeft>]', target: link });
    expect(screen.getByLabelText('Account ID')).not.toHaveFocus();
    expect(screen.queryByText('Required field')).not.toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]', target: link });
    expect(await screen.findByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('says which field is too long, and sends nothing', async () => {
    const { user, calls } = renderApp({ path: '/login' });
    await user.click(screen.getByLabelText('Account ID'));
    await user.paste('A'.repeat(65));
    await user.click(screen.getByLabelText('Email'));
    await user.paste(`${'a'.repeat(250)}@example.com`);
    await user.click(screen.getByLabelText('Password'));
    await user.paste('p'.repeat(257));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByLabelText('Account ID')).toHaveAccessibleDescription('Maximum 64 characters');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Maximum 254 characters');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Maximum 256 characters');
    expect(calls.filter((call) => call.path.startsWith('/user/'))).toHaveLength(0);
  });

  it('shows the catalogue message when the credentials are refused', async () => {
    const { user } = renderApp({
      path: '/login',
      server: (call) =>
        call.path === '/user/login'
          ? json(401, { statusCode: 401, error: 'invalid-login-credentials', message: 'no' })
          : undefined,
    });
    await user.type(screen.getByLabelText('Account ID'), 'ACME');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid login credentials');
    expect(alert).toHaveTextContent('Please check that everything is correct and try again.');
  });

  it('when rate-limited, says when to try again', async () => {
    const { user } = renderApp({
      path: '/login',
      server: (call) =>
        call.path === '/user/login'
          ? json(429, { statusCode: 429, error: 'too-many-requests', message: 'slow down', retryAfterSeconds: 600 })
          : undefined,
    });
    await user.type(screen.getByLabelText('Account ID'), 'ACME');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid login credentials');
    expect(alert).toHaveTextContent('Try again in 10 minutes.');
  });

  it('signs in with POST /user/login and lands on the first screen of the account', async () => {
    const { user, calls, currentPath } = renderApp({
      path: '/login',
      server: (call) => (call.path === '/user/login' ? json(200, sessionAnswer()) : undefined),
    });
    await user.type(screen.getByLabelText('Account ID'), 'ACME');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-password-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentPath()).toBe(`/accounts/${ACCOUNT_ID}/merchants`));
    const login = calls.find((call) => call.path === '/user/login');
    expect(login?.method).toBe('POST');
    expect(login?.body).toEqual({ accountId: 'ACME', username: 'ana@example.com', password: 'Secret-password-1' });
  });

  it('provider staff sign in with POST /user/admin/login and land on the accounts list', async () => {
    const { user, calls, currentPath } = renderApp({
      path: '/login/admin',
      server: (call) =>
        call.path === '/user/admin/login'
          ? json(200, sessionAnswer({ isProviderStaff: true, permissions: ['account.read', 'merchant.read'] }))
          : undefined,
    });
    await user.type(screen.getByLabelText('Email'), 'staff@ops.example');
    await user.type(screen.getByLabelText('Password'), 'Secret-password-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentPath()).toBe('/accounts'));
    expect(calls.find((call) => call.path === '/user/admin/login')?.body).toEqual({
      username: 'staff@ops.example',
      password: 'Secret-password-1',
    });
  });

  it('after a session opened on another device, the sign-in page says so and offers to sign in again', async () => {
    const { currentPath } = renderApp({
      path: `/accounts/${ACCOUNT_ID}/merchants`,
      session: {},
      server: (call) =>
        call.method === 'GET'
          ? json(401, { statusCode: 401, error: 'session-opened-another-device', message: 'ended' })
          : undefined,
    });
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(await screen.findByText('Session opened on another device or browser')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});
