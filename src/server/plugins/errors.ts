import { type ApiErrorBody, type ErrorKey, messageFor } from '@domain/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { integrityConflictOf } from '../lib/db-errors';

/** A failure the API reports on purpose: an HTTP status plus a catalogue key the console understands. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: ErrorKey,
    message?: string,
    readonly extra: Pick<ApiErrorBody, 'fields' | 'retryAfterSeconds' | 'items' | 'dependants'> = {},
  ) {
    super(message ?? messageFor(key).header);
  }
}

export const notFound = () => new ApiError(404, 'resource-not-found');
export const forbidden = () => new ApiError(403, 'resource-not-found');

/** Maps every failure to `{ statusCode, error, message, fields? }`; never leaks internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      const body: ApiErrorBody = {
        statusCode: error.statusCode,
        error: error.key,
        message: error.message,
        ...error.extra,
      };
      if (error.extra.retryAfterSeconds) reply.header('retry-after', String(error.extra.retryAfterSeconds));
      return reply.code(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_form';
        fields[path] ??= issue.message ?? 'Invalid value';
      }
      const body: ApiErrorBody = {
        statusCode: 400,
        error: 'form-not-validated',
        message: 'Form not validated',
        fields,
      };
      return reply.code(400).send(body);
    }
    if (isResponseSerializationError(error)) {
      // Where and what, never the value (an issue may carry the input it refused).
      const issues = error.cause.issues.map(({ path, code, message }) => ({ path, code, message }));
      request.log.error({ err: error, issues }, 'response does not match its contract');
      return reply.code(500).send({ statusCode: 500, error: 'server-error', message: 'Try again later' });
    }
    const conflict = integrityConflictOf(error);
    if (conflict) {
      // A race the database decided where no service answered it: the client can reload and try again.
      request.log.warn({ err: error, key: conflict }, 'integrity conflict');
      const body: ApiErrorBody = { statusCode: 409, error: conflict, message: messageFor(conflict).header };
      return reply.code(409).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ statusCode: 500, error: 'server-error', message: 'Try again later' });
    }
    // Fastify's own client errors (malformed JSON, payload too large, unsupported media type...).
    return reply.code(status).send({ statusCode: status, error: 'unexpected-error', message: error.message });
  });
}
