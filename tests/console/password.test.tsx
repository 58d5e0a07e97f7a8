import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderApp, type Server } from './app-harness';

const TOKEN = 'a-long-single-use-token-0123456789';
const future = () => Math.floor(Date.now() / 1000) + 3600;

function linkServer(state: 'valid' | 'expired' | 'used', reset?: () => Response): Server {
  return (call) => {
    if (call.path === '/user/password-link') return json(200, { state, kind: 'reset', expiresAt: null });
    if (call.path === '/user/reset') return reset ? reset() : json(200, { ok: true });
    return undefined;
  };
}

describe('password page', () => {
  it('shows the link-expired message when exp has passed, without asking the server', () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const { calls } = renderApp({ path: `/password/reset/${TOKEN}?exp=${past}&type=reset` });
    expect(screen.getByText('This link has expired')).toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the link-expired message for a link the server reports as used', async () => {
    renderApp({ path: `/password/reset/${TOKEN}?exp=${future()}`, server: linkServer('used') });
    expect(await screen.findByText('This link has expired')).toBeInTheDocument();
  });

  it('shows the link-expired message for a mangled link whose token the server refuses', async () => {
    renderApp({
      path: `/password/reset/${'t'.repeat(200)}?exp=${future()}`,
      server: (call) =>
        call.path === '/user/password-link'
          ? json(400, { statusCode: 400, error: 'form-not-validated', message: 'Form not validated' })
          : undefined,
    });
    expect(await screen.findByText('This link has expired')).toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it('checks the rules live, requires a matching confirmation, and resets with the token', async () => {
    const { user, calls } = renderApp({
      path: `/password/reset/${TOKEN}?exp=${future()}`,
      server: linkServer('valid'),
    });
    expect(await screen.findByLabelText('New Password')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reset your Password' })).toBeInTheDocument();
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    const rule = (text: string) => within(rules).getByText(text).closest('li');

    await user.type(screen.getByLabelText('New Password'), 'abcdefghij');
    expect(rule('10 characters minimum')).toHaveTextContent('(met)');
    expect(rule('At least one letter')).toHaveTextContent('(met)');
    expect(rule('At least one number')).toHaveTextContent('(not met)');
    expect(rule('At least one special character')).toHaveTextContent('(not met)');

    await user.type(screen.getByLabelText('New Password'), '1!');
    expect(rule('At least one number')).toHaveTextContent('(met)');
    expect(rule('At least one special character')).toHaveTextContent('(met)');

    await user.type(screen.getByLabelText('Confirm New Password'), 'abcdefghij1?');
    expect(screen.getByLabelText('Confirm New Password')).toHaveAccessibleDescription('Passwords must match');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(calls.some((call) => call.path === '/user/reset')).toBe(false);

    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'abcdefghij1!');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password created or restored successfully')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Ops Console' })).toHaveAttribute('href', '/login');
    expect(calls.find((call) => call.path === '/user/reset')?.body).toEqual({ password: 'abcdefghij1!', token: TOKEN });
  });

  it('refuses spaces and Ñ with the spec text', async () => {
    const { user } = renderApp({ path: `/password/reset/${TOKEN}?exp=${future()}`, server: linkServer('valid') });
    await user.type(await screen.findByLabelText('New Password'), 'Señor pass1!');
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    expect(within(rules).getByText('No Ñ, Ç,’,´,¨, or spaces are allowed').closest('li')).toHaveTextContent(
      '(not met)',
    );
  });

  it('says a new password is too long, and sends nothing', async () => {
    const { user, calls } = renderApp({
      path: `/password/reset/${TOKEN}?exp=${future()}`,
      server: linkServer('valid'),
    });
    const tooLong = `Aa1-${'b'.repeat(253)}`;
    await user.click(await screen.findByLabelText('New Password'));
    await user.paste(tooLong);
    await user.click(screen.getByLabelText('Confirm New Password'));
    await user.paste(tooLong);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
      expect.stringContaining('Maximum 256 characters'),
    );
    expect(calls.some((call) => call.path === '/user/reset')).toBe(false);
  });

  it('an invitation link creates the password with Activate Account', async () => {
    renderApp({ path: `/password/new/${TOKEN}?exp=${future()}&type=new`, server: linkServer('valid') });
    expect(await screen.findByRole('button', { name: 'Activate Account' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create your Password' })).toBeInTheDocument();
  });

  it('shows the link-expired message when the server answers 410 to the reset', async () => {
    const { user } = renderApp({
      path: `/password/reset/${TOKEN}?exp=${future()}`,
      server: linkServer('valid', () => json(410, { statusCode: 410, error: 'link-expired', message: 'spent' })),
    });
    await user.type(await screen.findByLabelText('New Password'), 'Abcdefghij1!');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Abcdefghij1!');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('This link has expired')).toBeInTheDocument();
  });

  it('forgot password: names a missing e-mail, then confirms the e-mail was sent and offers Try again', async () => {
    let attempts = 0;
    const { user, calls } = renderApp({
      path: '/password/forgot',
      server: (call) => {
        if (call.path !== '/user/forgot') return undefined;
        attempts += 1;
        return attempts === 1
          ? json(404, { statusCode: 404, error: 'not-existing-email', message: 'unknown' })
          : json(200, { ok: true });
      },
    });
    expect(screen.getByRole('heading', { name: 'Password recovery' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Account ID'), 'ACME');
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Not existing email, please try another one')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(calls.filter((call) => call.path === '/user/forgot').at(-1)?.body).toEqual({
      accountId: 'ACME',
      email: 'ana@example.com',
    });
  });

  it('forgot password: says an e-mail is too long, and sends nothing', async () => {
    const { user, calls } = renderApp({ path: '/password/forgot/admin' });
    await user.click(screen.getByLabelText('Email'));
    await user.paste(`${'a'.repeat(250)}@example.com`);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Maximum 254 characters');
    expect(calls.some((call) => call.path === '/user/admin/forgot')).toBe(false);
  });

  it('forgot password: after too many requests, says to wait', async () => {
    const { user } = renderApp({
      path: '/password/forgot/admin',
      server: (call) =>
        call.path === '/user/admin/forgot'
          ? json(429, {
              statusCode: 429,
              error: 'too-many-requests',
              message: 'Too many attempts',
              retryAfterSeconds: 900,
            })
          : undefined,
    });
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Too many attempts')).toBeInTheDocument();
    expect(screen.getByText('Please wait a few minutes before trying again.')).toBeInTheDocument();
  });
});
