import { useApi } from '@console/session/session-provider';
import { analyticsAccepted } from '@domain/contract/analytics';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { type AnalyticsClient, createAnalyticsClient } from './analytics-client';
import { browserUserProperties } from './user-properties';

// One analytics client for the signed-in console, sending through the one API client on the analytics base. Screens
// call useAnalytics().track(...); nothing they do can fail because of it.

const AnalyticsContext = createContext<AnalyticsClient | null>(null);

/** What useAnalytics gives outside a provider (isolated component tests): tracking that goes nowhere. */
const NO_ANALYTICS: AnalyticsClient = {
  track: () => {},
  flush: async () => {},
  pending: () => 0,
  dispose: () => {},
};

export function AnalyticsProvider({ children, client }: { children?: ReactNode; client?: AnalyticsClient }) {
  const api = useApi();
  const [analytics] = useState(
    () =>
      client ??
      createAnalyticsClient({
        userProperties: browserUserProperties,
        send: (events, { keepalive }) =>
          api.post('/event', {
            base: 'analytics',
            body: { events },
            schema: analyticsAccepted,
            keepalive,
            // Tracking is invisible: no sign-out, navigation or message comes from it.
            quiet: true,
          }),
      }),
  );

  // A hidden or closing page may never run another timer: send what is queued while the browser still lets us.
  useEffect(() => {
    const sendNow = () => void analytics.flush({ keepalive: true });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') sendNow();
    };
    globalThis.addEventListener?.('pagehide', sendNow);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      globalThis.removeEventListener?.('pagehide', sendNow);
      document.removeEventListener('visibilitychange', onVisibility);
      analytics.dispose();
    };
  }, [analytics]);

  return <AnalyticsContext.Provider value={analytics}>{children}</AnalyticsContext.Provider>;
}

export function useAnalytics(): Pick<AnalyticsClient, 'track'> {
  return useContext(AnalyticsContext) ?? NO_ANALYTICS;
}
