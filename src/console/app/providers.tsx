import { AnalyticsProvider } from '@console/analytics/analytics-provider';
import { isApiError } from '@console/api/errors';
import { SessionProvider, useSession, useSessionActions } from '@console/session/session-provider';
import type { ConsoleStorage } from '@console/session/storage';
import { UiProvider } from '@console/ui/provider';
import { useToast } from '@console/ui/toast';
import type { RuntimeConfig } from '@domain/contract/config';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type BaseLocationHook, Router, useLocation } from 'wouter';
import { GlobalErrorBoundary } from './error-boundary';
import { RuntimeConfigProvider } from './runtime-config';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Session ends, missing resources and server errors already have their global effect in the API client;
        // retrying them would only repeat it.
        retry: (failureCount, error) => failureCount < 2 && isApiError(error) && error.status === 0,
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
    },
  });
}

/** Connects the session to the shell: server errors become toasts, a sign-out drops every cached answer. */
function SessionEffects() {
  const { signedIn, connectionError } = useSession();
  const { dismissConnectionError } = useSessionActions();
  const { showMessage } = useToast();
  const queryClient = useQueryClient();
  const wasSignedIn = useRef(signedIn);

  useEffect(() => {
    // One user's data must never show to the next one signing in on this browser.
    if (wasSignedIn.current && !signedIn) queryClient.clear();
    wasSignedIn.current = signedIn;
  }, [signedIn, queryClient]);

  useEffect(() => {
    if (!connectionError) return;
    showMessage('connection-error');
    dismissConnectionError();
  }, [connectionError, showMessage, dismissConnectionError]);

  return null;
}

function SessionWithShellEffects({
  children,
  storage,
  fetch: fetchImpl,
}: {
  children: ReactNode;
  storage?: ConsoleStorage;
  fetch?: typeof fetch;
}) {
  const [, navigate] = useLocation();
  const { showMessage } = useToast();
  return (
    <SessionProvider
      storage={storage}
      fetch={fetchImpl}
      onResourceNotFound={() => navigate('/!')}
      onServerError={() => showMessage('server-error')}
    >
      <SessionEffects />
      <AnalyticsProvider>{children}</AnalyticsProvider>
    </SessionProvider>
  );
}

export interface AppProvidersProps {
  config: RuntimeConfig;
  children: ReactNode;
  queryClient?: QueryClient;
  /** A wouter location hook and its search hook; tests pass memoryLocation()'s. */
  locationHook?: BaseLocationHook;
  searchHook?: () => string;
  storage?: ConsoleStorage;
  fetch?: typeof fetch;
}

export function AppProviders({
  config,
  children,
  queryClient: givenClient,
  locationHook,
  searchHook,
  storage,
  fetch: fetchImpl,
}: AppProvidersProps) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  const routed = (
    <RuntimeConfigProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <UiProvider>
          <SessionWithShellEffects storage={storage} fetch={fetchImpl}>
            {children}
          </SessionWithShellEffects>
        </UiProvider>
      </QueryClientProvider>
    </RuntimeConfigProvider>
  );
  return (
    <GlobalErrorBoundary>
      {locationHook ? (
        <Router hook={locationHook} searchHook={searchHook}>
          {routed}
        </Router>
      ) : (
        routed
      )}
    </GlobalErrorBoundary>
  );
}
