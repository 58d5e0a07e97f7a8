import fastifySwagger, { type SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerConfig } from '../config';
import { operationIdOf, pathUnder } from '../lib/operation-ids';
import { apiDocsPolicy } from './security-headers';

// The API reference (GET {apiBase}/docs, its document at {apiBase}/docs/json), generated from the same zod contract
// the console parses with. It passes Redocly's recommended rules (tests/server/api-reference.test.ts): every call has
// a stable operationId, the document names its server, and a nullable schema always has a type.

type JsonSchema = Record<string, unknown>;

/** A 200 answer that is a list: an array, or the `{ count, total, items }` page. */
function answersList(response: unknown): boolean {
  const ok = (response as Record<string, JsonSchema> | undefined)?.['200'];
  if (!ok) return false;
  const items = (ok.properties as Record<string, JsonSchema> | undefined)?.items;
  return ok.type === 'array' || items?.type === 'array';
}

/**
 * OpenAPI 3.0 has no null type: zod writes a nullable union as `{ anyOf: [...], nullable: true }`, which Redocly
 * (and stricter generators) refuse, a `nullable` needing a `type` beside it. The same values, written the 3.0 way:
 * each typed branch nullable.
 */
export function typedNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(typedNullables);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node).map(([key, value]) => [key, typedNullables(value)] as const);
  const schema: JsonSchema = Object.fromEntries(entries);
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(branches)) {
    const { nullable: _nullable, ...rest } = schema;
    const key = schema.anyOf ? 'anyOf' : 'oneOf';
    return { ...rest, [key]: branches.map((branch) => (branch.type ? { ...branch, nullable: true } : branch)) };
  }
  return schema;
}

/**
 * A 200 whose body is a file, as the reference shows it (the route sends bytes or a stream, which Fastify never
 * serialises, so the schema only documents the answer).
 */
export const fileAnswer = (description: string, mediaTypes: readonly string[]) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: z.string() }])),
});

/** Registers the document and its UI; call it before the routes, so every route is in it. */
export async function registerApiDocs(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const { apiBase, userActivityBase, analyticsBase } = config.runtime;
  const bases = [apiBase, userActivityBase, analyticsBase];
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Payments Ops Console API',
        description: 'Every call the console makes. Generated from the same zod contract the console parses with.',
        version: config.runtime.appVersion,
      },
      // The paths carry their base (apiBase, the user-activity and analytics bases): the server is this one.
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      const schema = transformed.schema as JsonSchema & { hide?: boolean; operationId?: string };
      if (schema.hide) return transformed;
      const method = [document.route.method].flat()[0]!;
      const path = pathUnder(document.url, bases).replace(/:(\w+)/g, '{$1}');
      const operationId =
        schema.operationId ?? operationIdOf({ method, path, answersList: answersList(schema.response) });
      return { ...transformed, schema: { ...schema, operationId } };
    },
    transformObject: (document) =>
      typedNullables(
        'openapiObject' in document ? document.openapiObject : document.swaggerObject,
      ) as ReturnType<SwaggerTransformObject>,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${apiBase}/docs`, transformStaticCSP: apiDocsPolicy });
}
