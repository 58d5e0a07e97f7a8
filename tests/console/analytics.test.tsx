import {
  type AnalyticsClientOptions,
  createAnalyticsClient,
  type EventProperties,
} from '@console/analytics/analytics-client';
import { useAnalytics } from '@console/analytics/analytics-provider';
import { browserOf, browserUserProperties } from '@console/analytics/user-properties';
import { AppProviders } from '@console/app/providers';
import { createConsoleStorage, writeSession } from '@console/session/storage';
import { ANALYTICS_LIMITS, type AnalyticsEvent, analyticsBatch, analyticsBatchBytes } from '@domain/contract/analytics';
import { credentialsFromResponse } from '@machines/session.machine';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { sessionAnswer, TEST_CONFIG } from './app-harness';

const USER: EventProperties = { browser: 'Chrome 126', screen_resolution: '1920x1080' };

function client(overrides: Partial<AnalyticsClientOptions> = {}) {
  const batches: AnalyticsEvent[][] = [];
  const send = vi.fn(async (events: AnalyticsEvent[]) => {
    batches.push(events);
  });
  const onDrop = vi.fn();
  const analytics = createAnalyticsClient({ send, userProperties: () => USER, onDrop, ...overrides });
  return { analytics, send: (overrides.send as typeof send | undefined) ?? send, batches, onDrop };
}

const failure = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

describe('analytics client batching', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the queue once it holds 10 events, each with its properties and the user properties', async () => {
    const { analytics, batches } = client();
    for (let index = 0; index < 9; index += 1) analytics.track('view_route_step1', { step: index });
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toHaveLength(0);
    expect(analytics.pending()).toBe(9);

    analytics.track('add_url_mid', { midId: 'm1' });
    await vi.advanceTimersByTimeAsync(0);

    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(10);
    expect(batches[0]![9]).toEqual({
      event_name: 'add_url_mid',
      event_properties: { midId: 'm1' },
      user_properties: USER,
    });
    expect(analytics.pending()).toBe(0);
  });

  it('sends fewer events 5 seconds after the first one arrived', async () => {
    const { analytics, batches } = client();
    analytics.track('createMID_route');
    await vi.advanceTimersByTimeAsync(3_000);
    analytics.track('view_route_step2');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(batches).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map((event) => event.event_name)).toEqual(['createMID_route', 'view_route_step2']);
  });

  it('sends a failed batch again, in order, until it is delivered', async () => {
    const delivered: AnalyticsEvent[][] = [];
    const send = vi
      .fn<AnalyticsClientOptions['send']>()
      .mockRejectedValueOnce(failure(503))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementation(async (events) => {
        delivered.push(events);
      });
    const { analytics, onDrop } = client({ send, retryDelayMs: 1_000 });
    analytics.track('add_url_route');
    analytics.track('add_customtag_route');
    await analytics.flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(analytics.pending()).toBe(2);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(send).toHaveBeenCalledTimes(3);
    expect(delivered).toEqual([
      [
        expect.objectContaining({ event_name: 'add_url_route' }),
        expect.objectContaining({ event_name: 'add_customtag_route' }),
      ],
    ]);
    expect(onDrop).not.toHaveBeenCalled();
    expect(analytics.pending()).toBe(0);
  });

  it('gives up after a bounded number of attempts, and says so', async () => {
    const send = vi.fn<AnalyticsClientOptions['send']>().mockRejectedValue(failure(500));
    const { analytics, onDrop } = client({ send, retryDelayMs: 100, maxAttempts: 3 });
    analytics.track('add_customtag_mid');
    await analytics.flush();
    await vi.advanceTimersByTimeAsync(10_000);

    expect(send).toHaveBeenCalledTimes(3);
    expect(onDrop).toHaveBeenCalledWith(1, 'not sent after 3 attempts');
    expect(analytics.pending()).toBe(0);
  });

  it('does not resend a batch the server refused as invalid', async () => {
    const send = vi.fn<AnalyticsClientOptions['send']>().mockRejectedValue(failure(400));
    const { analytics, onDrop } = client({ send });
    analytics.track('view_route_step3');
    await analytics.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(onDrop).toHaveBeenCalledWith(1, 'refused by the server');
  });

  it('never sends more than 50 events in one call', async () => {
    const { analytics, batches } = client({ batchSize: 1_000 });
    for (let index = 0; index < 120; index += 1) analytics.track('view_route_step1');
    await analytics.flush();
    expect(batches.map((batch) => batch.length)).toEqual([50, 50, 20]);
  });
});

describe('analytics client caps (the contract the server enforces)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('trims an event to the caps: the first 20 properties, long keys left out, long strings cut', async () => {
    const { analytics, batches, onDrop } = client();
    const properties: EventProperties = { ['k'.repeat(ANALYTICS_LIMITS.keyLength + 1)]: 'gone' };
    for (let index = 0; index < 30; index += 1) properties[`p${index}`] = index;
    properties.p0 = 'x'.repeat(1_000);
    analytics.track('add_url_mid', properties);
    await analytics.flush();

    const [sent] = batches[0]!;
    const kept = sent!.event_properties!;
    expect(Object.keys(kept)).toEqual(Array.from({ length: ANALYTICS_LIMITS.properties }, (_, index) => `p${index}`));
    expect(kept.p0).toBe('x'.repeat(ANALYTICS_LIMITS.valueLength));
    expect(analyticsBatch.safeParse({ events: batches[0] }).success).toBe(true);
    expect(onDrop).not.toHaveBeenCalled();
  });

  it('drops an event that is too large even when trimmed, and says so', async () => {
    const { analytics, send, onDrop } = client();
    const huge = Object.fromEntries(
      Array.from({ length: ANALYTICS_LIMITS.properties }, (_, index) => [`p${index}`, 'x'.repeat(250)]),
    );
    analytics.track('add_url_mid', huge);
    await analytics.flush();
    expect(send).not.toHaveBeenCalled();
    expect(onDrop).toHaveBeenCalledWith(1, 'too large to send');
    expect(analytics.pending()).toBe(0);
  });

  it('splits large events into batches the server accepts, in order', async () => {
    const { analytics, batches } = client({ batchSize: 1_000 });
    const bulky = Object.fromEntries(Array.from({ length: 7 }, (_, index) => [`p${index}`, 'x'.repeat(250)]));
    for (let index = 0; index < 100; index += 1) analytics.track('view_route_step1', { ...bulky, index });
    await analytics.flush();

    // By count alone, 100 events would go in two batches of 50; by size they need more.
    expect(batches.length).toBeGreaterThan(100 / ANALYTICS_LIMITS.batchEvents);
    for (const batch of batches) {
      expect(analyticsBatch.safeParse({ events: batch }).success).toBe(true);
      expect(analyticsBatchBytes(batch)).toBeLessThanOrEqual(ANALYTICS_LIMITS.batchBytes);
    }
    expect(batches.flat().map((event) => event.event_properties!.index)).toEqual(
      Array.from({ length: 100 }, (_, index) => index),
    );
  });

  it('waits as long as a 429 asks before sending again, and gives up after the bounded attempts', async () => {
    const limited = Object.assign(failure(429), { retryAfterSeconds: 30 });
    const send = vi.fn<AnalyticsClientOptions['send']>().mockRejectedValue(limited);
    const { analytics, onDrop } = client({ send, retryDelayMs: 1_000, maxAttempts: 2 });
    analytics.track('add_url_mid');
    await analytics.flush();
    expect(send).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(29_000);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(onDrop).toHaveBeenCalledWith(1, 'not sent after 2 attempts');
    expect(analytics.pending()).toBe(0);
  });
});

describe('analytics user properties', () => {
  it('names the browser and the screen resolution, and nothing that looks like a credential', () => {
    expect(browserOf('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0.0.0 Safari/537.36')).toBe(
      'Chrome 126',
    );
    expect(
      browserOf('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592'),
    ).toBe('Edge 126');
    expect(browserOf('Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0')).toBe('Firefox 127');
    expect(
      browserOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15'),
    ).toBe('Safari 17');

    const properties = browserUserProperties();
    expect(Object.keys(properties).sort()).toEqual(['browser', 'screen_resolution']);
    expect(properties.screen_resolution).toMatch(/^\d+x\d+$/);
  });
});

function Tracker({ name }: { name: 'add_url_mid' | 'view_route_step1' }) {
  const { track } = useAnalytics();
  useEffect(() => track(name, { source: 'test' }), [track, name]);
  return <p>tracked</p>;
}

describe('analytics through the API client', () => {
  function renderTracked(fetchImpl: ReturnType<typeof vi.fn>) {
    const storage = createConsoleStorage(window.localStorage, 'analytics-test');
    writeSession(storage, credentialsFromResponse(sessionAnswer(), Date.now()));
    const location = memoryLocation({ path: '/' });
    return render(
      <AppProviders
        config={{ ...TEST_CONFIG, analyticsBase: '/api/analytics' }}
        locationHook={location.hook}
        storage={storage}
        fetch={fetchImpl as unknown as typeof fetch}
        queryClient={new QueryClient()}
      >
        <Tracker name="add_url_mid" />
      </AppProviders>,
    );
  }

  it('posts the batch to /event on the analytics base with keepalive when the page is hidden', async () => {
    const fetchImpl = vi.fn(
      async () => new Response(JSON.stringify({ accepted: 1 }), { headers: { 'content-type': 'application/json' } }),
    );
    renderTracked(fetchImpl);
    expect(await screen.findByText('tracked')).toBeInTheDocument();
    expect(fetchImpl).not.toHaveBeenCalled();

    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      await act(async () => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
    } finally {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    }

    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    const [url, init] = fetchImpl.mock.calls[0]! as unknown as [string, RequestInit];
    expect(new URL(url, 'http://console.test').pathname).toBe('/api/analytics/event');
    expect(init.method).toBe('POST');
    expect(init.keepalive).toBe(true);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
    const body = JSON.parse(String(init.body));
    expect(body.events).toEqual([
      {
        event_name: 'add_url_mid',
        event_properties: { source: 'test' },
        user_properties: expect.objectContaining({ browser: expect.any(String) }),
      },
    ]);
    expect(JSON.stringify(body)).not.toContain('token-1');
    expect(JSON.stringify(body)).not.toContain('refresh-1');
  });

  it('sends on pagehide and never shows a failure to the user', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderTracked(fetchImpl);
    await screen.findByText('tracked');

    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    expect((fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1].keepalive).toBe(true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    warn.mockRestore();
  });
});
