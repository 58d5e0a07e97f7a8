import { analyticsAccepted, analyticsBatch } from '@domain/contract/analytics';
import { errorBody } from '@domain/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { analyticsEvents } from '../../db/schema';

// Analytics events (spec 1, section 7): POST /event on the analytics base, batched by the console.

/** Keys that may carry credentials; a client might send its tokens as user properties, and they are never stored. */
const SECRET_KEY = /token|secret|password|passwd|authorization|cookie|session|api[-_]?key|bearer|jwt/i;

function withoutSecrets(properties: Record<string, string | number | boolean | null>) {
  return Object.fromEntries(Object.entries(properties).filter(([key]) => !SECRET_KEY.test(key)));
}

export const analyticsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/event',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Record a batch of analytics events for the signed-in user',
        body: analyticsBatch,
        response: { 202: analyticsAccepted, 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      const { events } = request.body;
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
