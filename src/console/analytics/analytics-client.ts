import { ANALYTICS_BATCH_MAX, type AnalyticsEvent, type AnalyticsEventName } from '@domain/contract/analytics';

// Analytics events (spec 1, section 7): POST /event on the analytics base, batched. Events wait in a queue that is
// sent when it holds 10, 5 seconds after the first one arrived, or when the page is hidden or left (then with fetch
// keepalive, so the request outlives the page). Tracking never shows anything to the user: a failed batch is kept and
// sent again a bounded number of times, and only then given up (with a console warning, never silently).

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
  attempts: number;
}

/** Failures worth another try: no answer, a timeout, rate limiting or a server error. Others would fail again. */
function isRetryable(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (typeof status !== 'number') return true;
  return status === 0 || status === 408 || status === 429 || status >= 500;
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
        schedule(retryDelayMs * 2 ** (attempt - 1));
      }
      return false;
    }
  }

  async function drain(keepalive: boolean): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, ANALYTICS_BATCH_MAX);
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
      queue.push({
        event: { event_name: eventName, event_properties: properties, user_properties: user },
        attempts: 0,
      });
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
