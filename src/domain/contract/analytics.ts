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

/** A batch never holds more than this many events. */
export const ANALYTICS_BATCH_MAX = 50;

const properties = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

export const analyticsEvent = z.object({
  event_name: z.enum(ANALYTICS_EVENTS),
  event_properties: properties.default({}),
  /** Browser, screen resolution and similar; tokens are never stored even when a client sends them. */
  user_properties: properties.default({}),
});
export type AnalyticsEvent = z.input<typeof analyticsEvent>;

export const analyticsBatch = z.object({ events: z.array(analyticsEvent).min(1).max(ANALYTICS_BATCH_MAX) });
export const analyticsAccepted = z.object({ accepted: z.number().int() });
