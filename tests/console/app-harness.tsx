import { preloadEveryScreen } from '@console/app/lazy-screen';
import { AppProviders } from '@console/app/providers';
import { AppRoutes } from '@console/app/router';
import { createConsoleStorage, writeSession } from '@console/session/storage';
import type { SessionResponse } from '@domain/contract/auth';
import type { RuntimeConfig } from '@domain/contract/config';
import { credentialsFromResponse } from '@machines/session.machine';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { noteServerCall } from './served-check';

// Renders the whole console (providers and route table) at a path, with a stubbed server, for screen tests.

// Every test file runs in a fresh module graph, so the first render of each file used to load the signed-in shell and
// its screen there and then (React.lazy), several hundred modules: 0.5-7 s on a busy machine, inside the first
// findBy's wait. Loading them while the file is imported keeps that cost out of every wait, and the lazy screens then
// render without suspending (src/console/app/lazy-screen.tsx; README, "Tests on a busy machine").
await preloadEveryScreen();

export const ACCOUNT_ID = '5d0c0a4e-0000-4000-8000-0000000000aa';
export const OTHER_ACCOUNT_ID = '5d0c0a4e-0000-4000-8000-0000000000bb';
export const USER_ID = '5d0c0a4e-0000-4000-8000-000000000001';

export const TEST_CONFIG: RuntimeConfig = {
  apiBase: '/api',
  // The server's own defaults (src/server/config.ts), so every stubbed call is one the server serves.
  userActivityBase: '/api/audit',
  analyticsBase: '/api/analytics',
  liveOrigin: 'https://console.example',
  sandboxOrigin: 'https://sandbox.console.example',
  appVersion: '3.201.0',
  internalDomains: [],
  mailbox: true,
  helpVideos: { 'Getting started': [{ title: 'A tour of the console', url: 'https://help.example/tour' }] },
};

export function sessionAnswer(overrides: Partial<SessionResponse> = {}): SessionResponse {
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
    accounts: [{ accountId: ACCOUNT_ID, shortId: 'ACME', prettyName: 'Acme' }],
    ...overrides,
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export interface ServerCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  /** The request's headers (the refund's Idempotency-Key, the bearer token). */
  headers: Headers;
  /** The request's abort signal (a backtest's earlier run is aborted by the next one). */
  signal?: AbortSignal | undefined;
}

/** Answers a call, or undefined for the default (an empty list). */
export type Server = (call: ServerCall) => Response | Promise<Response> | undefined;

export interface RenderAppOptions {
  path: string;
  /** A signed-in session, restored from storage as after a reload. */
  session?: Partial<SessionResponse> | null;
  server?: Server;
  config?: Partial<RuntimeConfig>;
}

let storageCounter = 0;

export function renderApp({ path, session = null, server, config }: RenderAppOptions) {
  storageCounter += 1;
  const storage = createConsoleStorage(window.localStorage, `test-console-${storageCounter}`);
  if (session) writeSession(storage, credentialsFromResponse(sessionAnswer(session), Date.now()));

  const [pathname, searchPath = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath, record: true });
  const calls: ServerCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    noteServerCall(init?.method ?? 'GET', url);
    const call: ServerCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      search: url.searchParams,
      // JSON bodies parsed; a multipart upload's FormData as sent.
      body:
        typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body instanceof FormData ? init.body : undefined,
      headers: new Headers(init?.headers),
      signal: init?.signal ?? undefined,
    };
    calls.push(call);
    return (await server?.(call)) ?? json(200, { count: 0, total: 0, items: [] });
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const utils = render(
    <AppProviders
      config={{ ...TEST_CONFIG, ...config }}
      locationHook={location.hook}
      searchHook={location.searchHook}
      storage={storage}
      fetch={fetchMock as unknown as typeof fetch}
      queryClient={queryClient}
    >
      <AppRoutes />
    </AppProviders>,
  );
  /** The current path (without the query). */
  const currentPath = () => (location.history.at(-1) ?? '').split('?')[0];
  return { ...utils, user, location, calls, currentPath, storage };
}

/** Opens the command palette from the merchants list, where these tests start, as a user does: Ctrl+K. */
export async function openPaletteOnMerchants(user: ReturnType<typeof renderApp>['user']): Promise<HTMLElement> {
  await screen.findByRole('heading', { name: 'Merchants', level: 1 });
  await user.keyboard('{Control>}k{/Control}');
  return screen.findByRole('dialog', { name: 'Command palette' });
}
