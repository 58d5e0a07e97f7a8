import { loadRuntimeConfig, RuntimeConfigProvider } from '@console/app/runtime-config';
import { createRenewal } from '@console/session/renewal';
import { SessionProvider, useApi, useSession, useSessionActions } from '@console/session/session-provider';
import { createConsoleStorage, readSession, STORAGE_NAME, sessionValues, writeSession } from '@console/session/storage';
import type { SessionResponse } from '@domain/contract/auth';
import type { RuntimeConfig } from '@domain/contract/config';
import { credentialsFromResponse } from '@machines/session.machine';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const USER_ID = '5d0c0a4e-0000-4000-8000-000000000001';
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

function loginAnswer(overrides: Partial<SessionResponse> = {}): SessionResponse {
  return {
    token: 'token-1',
    refreshToken: 'refresh-1',
    expiresIn: 900,
    permissions: ['merchant.read'],
    allAllowed: false,
    isProviderStaff: false,
    email: 'ana@example.com',
    userId: USER_ID,
    fullName: 'Ana Ruiz',
    accounts: [{ accountId: '5d0c0a4e-0000-4000-8000-0000000000aa', shortId: 'ACME', prettyName: 'Acme' }],
    ...overrides,
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function Probe() {
  const session = useSession();
  const { signIn, logout } = useSessionActions();
  const api = useApi();
  return (
    <div>
      <p>status: {session.status}</p>
      <p>email: {session.email}</p>
      <p>permissions: {session.grants.permissions.join(',')}</p>
      <p>ended: {session.endReason ?? 'no'}</p>
      <p>sign in at: {session.signInPath}</p>
      <button type="button" onClick={() => signIn(loginAnswer())}>
        Sign in
      </button>
      <button type="button" onClick={logout}>
        Log out
      </button>
      <button type="button" onClick={() => void api.get('/accounts').catch(() => undefined)}>
        Load accounts
      </button>
    </div>
  );
}

function renderSession(fetch: typeof globalThis.fetch) {
  return render(
    <RuntimeConfigProvider config={CONFIG}>
      <SessionProvider fetch={fetch}>
        <Probe />
      </SessionProvider>
    </RuntimeConfigProvider>,
  );
}

/** What another tab does to the shared storage, and the event this tab then receives. */
function otherTabWrites(value: string | null) {
  const oldValue = localStorage.getItem(STORAGE_NAME);
  if (value === null) localStorage.removeItem(STORAGE_NAME);
  else localStorage.setItem(STORAGE_NAME, value);
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_NAME, oldValue, newValue: value }));
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SessionProvider', () => {
  it('signs in and keeps token, refresh token and permissions in storage', async () => {
    const fetch = vi.fn(async () => json(200, {}));
    renderSession(fetch as unknown as typeof globalThis.fetch);
    expect(screen.getByText('status: signedOut')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByText('status: signedIn')).toBeInTheDocument();
    expect(screen.getByText('email: ana@example.com')).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(STORAGE_NAME)!);
    expect(stored).toMatchObject({ t: 'token-1', rt: 'refresh-1', perms: '["merchant.read"]' });
  });

  it('restores the session on load and calls the API with its token', async () => {
    writeSession(createConsoleStorage(), credentialsFromResponse(loginAnswer(), Date.now()));
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(200, { items: [] }));
    renderSession(fetch as unknown as typeof globalThis.fetch);

    expect(screen.getByText('status: signedIn')).toBeInTheDocument();
    expect(screen.getByText('permissions: merchant.read')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load accounts' }));

    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const init = fetch.mock.calls[0]![1]!;
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer token-1');
  });

  it('refuses a stored session with a non-string value', () => {
    const values = { ...sessionValues(credentialsFromResponse(loginAnswer(), Date.now())), perms: ['merchant.read'] };
    localStorage.setItem(STORAGE_NAME, JSON.stringify(values));
    renderSession(vi.fn() as unknown as typeof globalThis.fetch);

    expect(screen.getByText('status: signedOut')).toBeInTheDocument();
  });

  it('signs out when a call says the session was opened on another device', async () => {
    writeSession(createConsoleStorage(), credentialsFromResponse(loginAnswer(), Date.now()));
    const fetch = vi.fn(async () =>
      json(401, { statusCode: 401, error: 'session-opened-another-device', message: 'replaced' }),
    );
    renderSession(fetch as unknown as typeof globalThis.fetch);

    await userEvent.click(screen.getByRole('button', { name: 'Load accounts' }));

    await screen.findByText('status: signedOut');
    expect(screen.getByText('ended: session-opened-another-device')).toBeInTheDocument();
    expect(readSession(createConsoleStorage())).toBeNull();
  });

  it('logs out through POST /user/logout and clears the stored credentials', async () => {
    writeSession(createConsoleStorage(), credentialsFromResponse(loginAnswer({ isProviderStaff: true }), Date.now()));
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(200, { ok: true }));
    renderSession(fetch as unknown as typeof globalThis.fetch);

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));

    await screen.findByText('ended: logout');
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/^\/api\/user\/logout\?_=/);
    expect(init!.method).toBe('POST');
    expect(new Headers(init!.headers).get('authorization')).toBe('Bearer token-1');
    expect(readSession(createConsoleStorage())).toBeNull();
    expect(screen.getByText('sign in at: /login/admin')).toBeInTheDocument();
  });

  it('renews an expired token before logging out, so the server really ends the session', async () => {
    writeSession(createConsoleStorage(), credentialsFromResponse(loginAnswer({ expiresIn: 0 }), Date.now()));
    const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
      String(input).startsWith('/api/user/renew')
        ? json(200, loginAnswer({ token: 'token-2', refreshToken: 'refresh-2' }))
        : json(200, { ok: true }),
    );
    renderSession(fetch as unknown as typeof globalThis.fetch);

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));

    await screen.findByText('ended: logout');
    const paths = fetch.mock.calls.map(([url]) => String(url).split('?')[0]);
    expect(paths).toEqual(['/api/user/renew', '/api/user/logout']);
    expect(new Headers(fetch.mock.calls[1]![1]!.headers).get('authorization')).toBe('Bearer token-2');
  });

  it('adopts tokens another tab renewed, and signs out when another tab signs out', async () => {
    writeSession(createConsoleStorage(), credentialsFromResponse(loginAnswer(), Date.now()));
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(200, {}));
    renderSession(fetch as unknown as typeof globalThis.fetch);

    const renewed = credentialsFromResponse(loginAnswer({ token: 'token-2', refreshToken: 'refresh-2' }), Date.now());
    act(() => otherTabWrites(JSON.stringify(sessionValues(renewed))));
    await userEvent.click(screen.getByRole('button', { name: 'Load accounts' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get('authorization')).toBe('Bearer token-2');

    act(() => otherTabWrites(JSON.stringify({ ended: 'logout' })));
    expect(screen.getByText('status: signedOut')).toBeInTheDocument();
    expect(screen.getByText('ended: logout')).toBeInTheDocument();
  });
});

describe('renewal across tabs', () => {
  it('adopts a token another tab already renewed instead of reusing the spent refresh token', async () => {
    const storage = createConsoleStorage();
    writeSession(storage, credentialsFromResponse(loginAnswer({ token: 'token-2', refreshToken: 'refresh-2' }), 1_000));
    const post = vi.fn();
    const renew = createRenewal({ api: { post }, storage, now: () => 2_000, locks: undefined });

    const session = await renew({ refreshToken: 'refresh-1' });

    expect(post).not.toHaveBeenCalled();
    expect(session.token).toBe('token-2');
    expect(session.refreshToken).toBe('refresh-2');
  });

  it('renews with the newest stored refresh token inside the lock and stores the result before releasing it', async () => {
    const storage = createConsoleStorage();
    writeSession(storage, credentialsFromResponse(loginAnswer({ token: 'token-2', refreshToken: 'refresh-2' }), 0));
    const post = vi.fn(async () => loginAnswer({ token: 'token-3', refreshToken: 'refresh-3' }));
    const held: string[] = [];
    const locks = {
      request: async <T,>(name: string, callback: () => Promise<T>) => {
        held.push(name);
        const result = await callback();
        held.push(`${name} released, stored ${readSession(storage)?.refreshToken}`);
        return result;
      },
    };
    const renew = createRenewal({ api: { post } as never, storage, now: () => 900_000, locks });

    const session = await renew({ refreshToken: 'refresh-1' });

    expect(post).toHaveBeenCalledWith('/user/renew', expect.objectContaining({ body: { refreshToken: 'refresh-2' } }));
    expect(session.token).toBe('token-3');
    expect(held).toEqual(['opsConsole.renew', 'opsConsole.renew released, stored refresh-3']);
  });
});

describe('runtime configuration', () => {
  it('loads and checks /config.json', async () => {
    const fetch = vi.fn(async () => json(200, CONFIG));
    await expect(loadRuntimeConfig(fetch as unknown as typeof globalThis.fetch)).resolves.toEqual(CONFIG);
    expect(fetch).toHaveBeenCalledWith('/config.json', expect.anything());

    const broken = vi.fn(async () => json(200, { apiBase: 1 }));
    await expect(loadRuntimeConfig(broken as unknown as typeof globalThis.fetch)).rejects.toThrow(/malformed/);
  });
});
