import { CACHE_BUSTER_PARAM } from '@domain/contract/common';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

// Query names a call does not take are refused (issue 23): a filter sent under a name the server does not know, say
// the spec's `creationDate` before it was accepted, used to be dropped without a word and the list answered
// unfiltered. One hook on the root compares every request's query names with those its route's querystring schema
// declares, the same names the API reference lists as the call's parameters, so every list added later gets the
// check without writing it. Routes outside the reference (hidden: the runtime config, health, static files) are
// left alone, and the console's cache buster is allowed everywhere.

/** A zod schema's definition, as far as the walk below reads it. */
interface SchemaDef {
  type: string;
  shape?: Record<string, unknown>;
  catchall?: { _zod: { def: SchemaDef } };
  in?: { _zod: { def: SchemaDef } };
  out?: { _zod: { def: SchemaDef } };
  innerType?: { _zod: { def: SchemaDef } };
  left?: { _zod: { def: SchemaDef } };
  right?: { _zod: { def: SchemaDef } };
  options?: { _zod: { def: SchemaDef } }[];
}

const defOf = (schema: unknown): SchemaDef | undefined =>
  (schema as { _zod?: { def?: SchemaDef } } | undefined)?._zod?.def;

/** Both sides' names, or undefined (any name) when either side takes any. */
function joined(sides: (ReadonlySet<string> | undefined)[]): ReadonlySet<string> | undefined {
  if (sides.some((side) => side === undefined)) return undefined;
  return new Set(sides.flatMap((side) => [...side!]));
}

/**
 * The names a zod query schema accepts in its input; undefined when it takes any name (a record, a loose object, a
 * shape this walk cannot see into), so such a route is never refused by mistake.
 */
export function queryNamesOf(schema: unknown): ReadonlySet<string> | undefined {
  const def = defOf(schema);
  switch (def?.type) {
    case 'object': {
      const catchall = defOf(def.catchall);
      if (catchall && catchall.type !== 'never') return undefined;
      return new Set(Object.keys(def.shape ?? {}));
    }
    case 'pipe':
      // z.preprocess(fn, schema) reads its names from the schema; a .transform() reads them from what it transforms.
      return defOf(def.in)?.type === 'transform' ? queryNamesOf(def.out) : queryNamesOf(def.in);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return queryNamesOf(def.innerType);
    case 'intersection':
      return joined([queryNamesOf(def.left), queryNamesOf(def.right)]);
    case 'union':
      return joined((def.options ?? []).map(queryNamesOf));
    default:
      return undefined;
  }
}

/** A route without a querystring schema takes no query names. */
const NO_NAMES: ReadonlySet<string> = new Set();

const namesBySchema = new WeakMap<object, ReadonlySet<string> | undefined>();

function acceptedNames(querystring: unknown): ReadonlySet<string> | undefined {
  if (!querystring || typeof querystring !== 'object') return NO_NAMES;
  if (!namesBySchema.has(querystring)) namesBySchema.set(querystring, queryNamesOf(querystring));
  return namesBySchema.get(querystring);
}

/** The field message: what is wrong, and what the call takes instead. */
export function unknownQueryNameMessage(accepted: ReadonlySet<string>): string {
  const names = [...accepted];
  return names.length === 0
    ? 'Unknown parameter: this call takes no query parameters'
    : `Unknown parameter: this call takes ${names.join(', ')}`;
}

/** Registers the check on the root instance; call it before any route is registered. */
export function registerQueryKeyGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema as { hide?: boolean; querystring?: unknown } | undefined;
    if (!schema || schema.hide) return;
    const accepted = acceptedNames(schema.querystring);
    if (!accepted) return;
    const unknown = Object.keys((request.query as object | undefined) ?? {}).filter(
      (name) => name !== CACHE_BUSTER_PARAM && !accepted.has(name),
    );
    if (unknown.length === 0) return;
    const message = unknownQueryNameMessage(accepted);
    throw new ApiError(400, 'form-not-validated', 'Form not validated', {
      fields: Object.fromEntries(unknown.map((name) => [name, message])),
    });
  });
}
