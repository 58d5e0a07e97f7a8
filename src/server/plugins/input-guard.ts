import { refusedTextFields, type TextKind } from '@domain/contract/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors';

// Control characters and lone surrogates are refused once, for every route, before validation: a hook on the root
// sees the query, the path parameters and the parsed body of every request, whether or not its route declares a
// schema for them, so no route can forget the check (a NUL byte used to reach PostgreSQL and answer 500, and so did a
// lone surrogate in a value written to a jsonb column).

/** The documented 400 (`form-not-validated`) naming each refused field with its reason. */
export function textRefused(fields: Record<string, string>): ApiError {
  return new ApiError(400, 'form-not-validated', 'Form not validated', { fields });
}

/** Query strings and path parameters are single-line values; bodies may hold tab, line feed and carriage return. */
const PARTS: readonly { read: (request: FastifyRequest) => unknown; kind: TextKind }[] = [
  { read: (request) => request.params, kind: 'line' },
  { read: (request) => request.query, kind: 'line' },
  { read: (request) => request.body, kind: 'text' },
];

/** Registers the check on the root instance; call it before any route is registered. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const fields: Record<string, string> = {};
    for (const part of PARTS) {
      for (const [path, problem] of Object.entries(refusedTextFields(part.read(request), part.kind))) {
        fields[path] ??= problem;
      }
    }
    if (Object.keys(fields).length > 0) throw textRefused(fields);
  });
}
