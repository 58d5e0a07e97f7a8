import { ANALYTICS_LIMITS, analyticsAccepted, analyticsBatch } from '@domain/contract/analytics';
import { errorBody } from '@domain/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { analyticsEvents } from '../../db/schema';
import { takeRateLimitsOrThrow } from '../../lib/rate-limit';

// Analytics events (spec 1, section 7): POST /event on the analytics base, batched by the console.

/** Keys that may carry credentials; a client might send its tokens as user properties, and they are never stored. */
const SECRET_KEY = /token|secret|password|passwd|authorization|cookie|session|api[-_]?key|bearer|jwt/i;

function withoutSecrets(properties: Record<string, string | number | boolean | null>) {
  return Object.fromEntries(Object.entries(properties).filter(([key]) => !SECRET_KEY.test(key)));
}

/**
 * Bodies beyond this are cut off (413) before they are parsed. Twice the batch cap, so a client that formats its JSON
 * still gets the contract's 400 with the reason, while a flood costs nothing.
 */
const BODY_LIMIT = 2 * ANALYTICS_LIMITS.batchBytes;

export const analyticsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, now }) => {
  app.post(
    '/event',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['analytics'],
        summary: 'Record a batch of analytics events for the signed-in user',
        body: analyticsBatch,
        response: { 202: analyticsAccepted, 400: errorBody, 401: errorBody, 413: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const { events } = request.body;
      // Every event of the batch counts against the session's minute; a batch that does not fit is refused whole.
      await takeRateLimitsOrThrow(
        db,
        [
          {
            bucket: 'analytics-session',
            subject: request.auth.sessionId,
            limit: ANALYTICS_LIMITS.eventsPerMinute,
            windowSeconds: 60,
          },
        ],
        { now: now(), cost: events.length, errorKey: 'too-many-requests' },
      );
      await db.insert(analyticsEvents).values(
        events.map((event) => ({
          userId: request.auth.userId,
          eventName: event.event_name,
          eventProperties: withoutSecrets(event.event_properties),
          userProperties: withoutSecrets(event.user_properties),
        })),
      );
      return reply.code(202).send({ accepted: events.length });
    },
  );
};
