import {
  ANALYTICS_LIMITS,
  type AnalyticsEvent,
  type AnalyticsEventName,
  analyticsBatchBytes,
  analyticsEvent,
} from '@domain/contract/analytics';

// Analytics events (spec 1, section 7): POST /event on the analytics base, batched. Events wait in a queue that is
// sent when it holds 10, 5 seconds after the first one arrived, or when the page is hidden or left (then with fetch
// keepalive, so the request outlives the page). Tracking never shows anything to the user: a failed batch is kept and
// sent again a bounded number of times, and only then given up (with a console warning, never silently). Events and
// batches keep to the contract's caps (ANALYTICS_LIMITS): what the server would refuse is trimmed or dropped here.

export type EventProperties = Record<string, string | number | boolean | null>;

export interface AnalyticsTransport {
  /** Sends one batch; rejects on failure (an error with `status` when the server answered). */
  send: (events: AnalyticsEvent[], options: { keepalive: boolean }) => Promise<unknown>;
}

export interface AnalyticsClientOptions extends AnalyticsTransport {
  /** Browser, screen resolution and the like; never tokens or other credentials. */
  userProperties: () => EventProperties;
  /** The queue is sent once it holds this many events. */
  batchSize?: number;
  /** ...or this long after the first queued event. */
  flushAfterMs?: number;
  /** Sends of one event before it is given up. */
  maxAttempts?: number;
  /** Wait before resending a failed batch; doubles with each attempt. */
  retryDelayMs?: number;
  /** Events kept at most while the server cannot be reached; the oldest go first beyond it. */
  maxQueued?: number;
  onDrop?: (count: number, reason: string) => void;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface AnalyticsClient {
  track: (eventName: AnalyticsEventName, properties?: EventProperties) => void;
  /** Sends what is queued now; `keepalive` when the page is going away. */
  flush: (options?: { keepalive?: boolean }) => Promise<void>;
  /** Events waiting to be sent (for tests and diagnostics). */
  pending: () => number;
  /** Stops the timers; queued events are sent first with keepalive. */
  dispose: () => void;
}

export const ANALYTICS_BATCH_SIZE = 10;
export const ANALYTICS_FLUSH_AFTER_MS = 5_000;
export const ANALYTICS_MAX_ATTEMPTS = 3;

interface Queued {
  event: AnalyticsEvent;
  /** Its serialised size, counted once. */
  bytes: number;
  attempts: number;
}

const utf8Bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** The first properties that fit, string values cut to length; values JSON cannot carry become null. */
function fitProperties(properties: EventProperties): EventProperties {
  const kept = Object.entries(properties)
    .filter(([key]) => key.length > 0 && key.length <= ANALYTICS_LIMITS.keyLength)
    .slice(0, ANALYTICS_LIMITS.properties);
  return Object.fromEntries(
    kept.map(([key, value]) => [
      key,
      typeof value === 'string'
        ? value.slice(0, ANALYTICS_LIMITS.valueLength)
        : typeof value === 'number' && !Number.isFinite(value)
          ? null
          : value,
    ]),
  );
}

/** The event trimmed to the contract's caps, or null when even that would be refused (too large as a whole). */
export function fitAnalyticsEvent(event: {
  event_name: AnalyticsEventName;
  event_properties: EventProperties;
  user_properties: EventProperties;
}): AnalyticsEvent | null {
  const fitted: AnalyticsEvent = {
    event_name: event.event_name,
    event_properties: fitProperties(event.event_properties),
    user_properties: fitProperties(event.user_properties),
  };
  return analyticsEvent.safeParse(fitted).success ? fitted : null;
}

/** `{"events":[...]}` around the events, which are joined by commas: how a batch's size adds up. */
const EMPTY_BATCH_BYTES = analyticsBatchBytes([]);

/** The longest run from the front of the queue that the server accepts as one batch (count and size). */
function nextBatch(queue: readonly Queued[]): Queued[] {
  let bytes = EMPTY_BATCH_BYTES;
  let count = 0;
  for (const item of queue) {
    const added = item.bytes + (count > 0 ? 1 : 0);
    // The first event always goes (every queued event fits a batch on its own), so the queue always moves.
    if (count === ANALYTICS_LIMITS.batchEvents || (count > 0 && bytes + added > ANALYTICS_LIMITS.batchBytes)) break;
    bytes += added;
    count += 1;
  }
  return queue.slice(0, count);
}

/** Failures worth another try: no answer, a timeout, rate limiting or a server error. Others would fail again. */
function isRetryable(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (typeof status !== 'number') return true;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** The wait a 429 asked for (Retry-After), in milliseconds; 0 when none. */
function retryAfterMs(error: unknown): number {
  const seconds =
    typeof error === 'object' && error !== null ? (error as { retryAfterSeconds?: unknown }).retryAfterSeconds : 0;
  return typeof seconds === 'number' && seconds > 0 ? seconds * 1000 : 0;
}

export function createAnalyticsClient(options: AnalyticsClientOptions): AnalyticsClient {
  const {
    send,
    userProperties,
    batchSize = ANALYTICS_BATCH_SIZE,
    flushAfterMs = ANALYTICS_FLUSH_AFTER_MS,
    maxAttempts = ANALYTICS_MAX_ATTEMPTS,
    retryDelayMs = 2_000,
    maxQueued = 500,
    onDrop = (count, reason) => console.warn(`Analytics: ${count} event(s) dropped (${reason})`),
    setTimer = (callback, ms) => setTimeout(callback, ms),
    clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  } = options;

  let queue: Queued[] = [];
  let timer: unknown = null;
  // Batches go one at a time, so a retried batch never overtakes the one it follows.
  let chain: Promise<void> = Promise.resolve();

  const cancelTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  const schedule = (ms: number) => {
    if (timer !== null) return;
    timer = setTimer(() => {
      timer = null;
      void flush();
    }, ms);
  };

  /** Whether the batch was delivered; a failed one is queued again or given up, never lost without a word. */
  async function sendBatch(batch: Queued[], keepalive: boolean): Promise<boolean> {
    try {
      await send(
        batch.map((item) => item.event),
        { keepalive },
      );
      return true;
    } catch (error) {
      const retryable = isRetryable(error);
      const again = retryable ? batch.filter((item) => item.attempts + 1 < maxAttempts) : [];
      const dropped = batch.length - again.length;
      if (dropped > 0) onDrop(dropped, retryable ? `not sent after ${maxAttempts} attempts` : 'refused by the server');
      if (again.length > 0) {
        // Back at the front, in their order, ahead of anything tracked meanwhile.
        queue = [...again.map((item) => ({ ...item, attempts: item.attempts + 1 })), ...queue];
        const attempt = Math.max(...again.map((item) => item.attempts + 1));
        schedule(Math.max(retryDelayMs * 2 ** (attempt - 1), retryAfterMs(error)));
      }
      return false;
    }
  }

  async function drain(keepalive: boolean): Promise<void> {
    while (queue.length > 0) {
      const batch = nextBatch(queue);
      queue = queue.slice(batch.length);
      // After a failure the rest waits for the scheduled retry instead of failing the same way at once.
      if (!(await sendBatch(batch, keepalive))) return;
    }
  }

  function flush({ keepalive = false }: { keepalive?: boolean } = {}): Promise<void> {
    cancelTimer();
    chain = chain.then(() => drain(keepalive));
    return chain;
  }

  return {
    track(eventName, properties = {}) {
      let user: EventProperties = {};
      try {
        user = userProperties();
      } catch {
        // Reading the browser's details must never break the screen that tracks.
      }
      const event = fitAnalyticsEvent({ event_name: eventName, event_properties: properties, user_properties: user });
      if (!event) {
        onDrop(1, 'too large to send');
        return;
      }
      queue.push({ event, bytes: utf8Bytes(event), attempts: 0 });
      if (queue.length > maxQueued) {
        const excess = queue.length - maxQueued;
        queue = queue.slice(excess);
        onDrop(excess, 'queue full');
      }
      if (queue.length >= batchSize) void flush();
      else schedule(flushAfterMs);
    },
    flush,
    pending: () => queue.length,
    dispose() {
      cancelTimer();
      if (queue.length > 0) void flush({ keepalive: true });
    },
  };
}
