import type { FastifyRequest } from 'fastify';

// What the log may hold (issue 11): never a request body, a query string or a parameter value. Requests are logged
// by route pattern, errors by class, code and a bounded message: drizzle's query errors carry the SQL and its
// parameters in their message, stack and fields, and PostgreSQL quotes the offending value in some messages.

const MESSAGE_LIMIT = 200;
const STACK_FRAMES = 12;
/** Fields of PostgreSQL errors that name schema objects, never values. */
const SCHEMA_FIELDS = ['severity', 'table', 'column', 'constraint', 'routine'] as const;

/**
 * The request as the log shows it: the method and the route's pattern (`/api/account/:accountId/transaction`),
 * never the query string. A console page or an unknown path is logged by its first segment only ('/password/…'),
 * since console paths carry secrets such as a reset token.
 */
export function requestLogLine(request: FastifyRequest): { method: string; url: string; remoteAddress: string } {
  const pattern = request.routeOptions?.url;
  let url: string;
  if (pattern && pattern !== '/*') {
    url = pattern;
  } else {
    const path = request.url.split('?')[0] ?? '';
    const [, first = '', ...rest] = path.split('/');
    url = `/${first.slice(0, 40)}${rest.length > 0 ? '/…' : ''}`;
  }
  return { method: request.method, url, remoteAddress: request.ip };
}

/** Quoted values in a database message ('invalid input syntax for type uuid: "…"') are cut out. */
function boundedMessage(message: string): string {
  const cleaned = message.replace(/"[^"]*"/g, '"…"');
  return cleaned.length > MESSAGE_LIMIT ? `${cleaned.slice(0, MESSAGE_LIMIT)}…` : cleaned;
}

interface LoggableError {
  name?: string;
  message?: string;
  code?: unknown;
  statusCode?: unknown;
  stack?: string;
  cause?: unknown;
  constructor?: { name?: string };
}

/**
 * An error as the log shows it: class, code, status, a bounded message and the stack's frames. A query error is
 * logged as the database error it wraps (its own message is the SQL and the parameters); `query`, `params` and
 * `parameters` never appear.
 */
export function errorLogLine(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (error === null || typeof error !== 'object') return { type: typeof error, message: '', stack: '' };
  const outer = error as LoggableError;
  const wrapsQuery = 'query' in outer && 'params' in outer;
  const inner = (wrapsQuery && outer.cause && typeof outer.cause === 'object' ? outer.cause : outer) as LoggableError &
    Record<string, unknown>;
  const line: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: outer.constructor?.name ?? outer.name ?? 'Error',
    message: wrapsQuery && inner === outer ? 'Failed query' : boundedMessage(String(inner.message ?? '')),
    stack: '',
  };
  if (inner !== outer) line.causeType = inner.constructor?.name ?? inner.name ?? 'Error';
  if (typeof inner.code === 'string' || typeof inner.code === 'number') line.code = inner.code;
  if (typeof outer.statusCode === 'number') line.statusCode = outer.statusCode;
  for (const field of SCHEMA_FIELDS) {
    if (typeof inner[field] === 'string') line[field] = inner[field];
  }
  // The first line of a stack repeats the message; only the frames are kept.
  line.stack = (outer.stack ?? '')
    .split('\n')
    .filter((frame) => frame.trimStart().startsWith('at '))
    .slice(0, STACK_FRAMES)
    .map((frame) => frame.trim())
    .join('\n');
  return line;
}

/** The logger's serializers (Fastify passes its own request object to `req`; its `res` logs the status only). */
export const logSerializers = { req: requestLogLine, err: errorLogLine };
