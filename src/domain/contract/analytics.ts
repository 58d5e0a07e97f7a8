import { z } from 'zod';

// Analytics events (spec 1, section 7): POST /event on the analytics base, batched.

export const ANALYTICS_EVENTS = [
  'add_url_mid',
  'add_customtag_mid',
  'add_url_route',
  'add_customtag_route',
  'createMID_route',
  'view_route_step1',
  'view_route_step2',
  'view_route_step3',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/**
 * Caps on what one session may send, shared by the server (which refuses the rest) and the console's queue (which
 * trims or drops what would be refused instead of sending it). Sizes are UTF-8 bytes of the JSON.
 */
export const ANALYTICS_LIMITS = {
  /** Properties in each of event_properties and user_properties. */
  properties: 20,
  keyLength: 50,
  /** Characters of a string value. */
  valueLength: 256,
  /** One event, serialised. */
  eventBytes: 2_048,
  /** Events in one batch. */
  batchEvents: 50,
  /** One batch, serialised (the request body). */
  batchBytes: 65_536,
  /** Events one session may send per minute; past it the server answers 429 and stores nothing. */
  eventsPerMinute: 120,
} as const;

/** A batch never holds more than this many events. */
export const ANALYTICS_BATCH_MAX = ANALYTICS_LIMITS.batchEvents;

const utf8Bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

const properties = z
  .record(
    z.string().min(1).max(ANALYTICS_LIMITS.keyLength),
    z.union([z.string().max(ANALYTICS_LIMITS.valueLength), z.number(), z.boolean(), z.null()]),
  )
  .refine((record) => Object.keys(record).length <= ANALYTICS_LIMITS.properties, {
    message: `At most ${ANALYTICS_LIMITS.properties} properties`,
  });

export const analyticsEvent = z
  .object({
    event_name: z.enum(ANALYTICS_EVENTS),
    event_properties: properties.default({}),
    /** Browser, screen resolution and similar; tokens are never stored even when a client sends them. */
    user_properties: properties.default({}),
  })
  .refine((event) => utf8Bytes(event) <= ANALYTICS_LIMITS.eventBytes, {
    message: `An event is at most ${ANALYTICS_LIMITS.eventBytes} bytes`,
  });
export type AnalyticsEvent = z.input<typeof analyticsEvent>;

/** The size a batch of these events has on the wire, as the server measures it. */
export const analyticsBatchBytes = (events: readonly AnalyticsEvent[]) => utf8Bytes({ events });

export const analyticsBatch = z
  .object({ events: z.array(analyticsEvent).min(1).max(ANALYTICS_LIMITS.batchEvents) })
  .refine((batch) => utf8Bytes(batch) <= ANALYTICS_LIMITS.batchBytes, {
    message: `A batch is at most ${ANALYTICS_LIMITS.batchBytes} bytes`,
  });
export const analyticsAccepted = z.object({ accepted: z.number().int() });
